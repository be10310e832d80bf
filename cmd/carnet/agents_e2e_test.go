//go:build linux

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"carnet/hook/agentstest"
	"carnet/hook/transcript/transcripttest"
)

// The real agent CLIs (Claude Code, Codex, Gemini CLI, OpenCode), end to end: `carnet install
// --agent X` in a fresh repository, a scripted session (agentstest.Scripts["work"]) run by the
// real CLI against the scripted model server inside a loopback-only network namespace, then a
// second session whose first request must carry the memory the first one left, then the Stop
// gate. scripts/install-agents.sh installs the CLIs.

// agentCLI finds an agent's CLI in PATH or in the cache folder scripts/install-agents.sh
// fills, or skips the test with one line.
func agentCLI(t *testing.T, name string) string {
	t.Helper()
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	dir := os.Getenv("CARNET_AGENTS_DIR")
	if dir == "" {
		home, _ := os.UserHomeDir()
		dir = filepath.Join(home, ".cache", "carnet-agents")
	}
	p := filepath.Join(dir, "node_modules", ".bin", name)
	if _, err := os.Stat(p); err != nil {
		skipAgent(t, name, "%s is not installed: run scripts/install-agents.sh", name)
	}
	return p
}

// agentRun is one agent's throw-away world: HOME, repository, carnet on PATH.
type agentRun struct {
	t          *testing.T
	cli        string
	home, repo string
	env        []string
	sandbox    string // the test binary as carnet-agent-sandbox
}

func newAgentRun(t *testing.T, name string) *agentRun {
	t.Helper()
	cli := agentCLI(t, name)
	if _, err := exec.LookPath("unshare"); err != nil {
		skipAgent(t, name, "unshare is missing: the agents run only inside a loopback-only network namespace")
	}
	if err := exec.Command("unshare", "-n", "true").Run(); err != nil {
		skipAgent(t, name, "no network namespace here (unshare -n: %v): the agents run only inside one", err)
	}
	bin := carnetBin(t)
	sandbox := filepath.Join(filepath.Dir(bin), "carnet-agent-sandbox")
	if err := os.Symlink(bin, sandbox); err != nil {
		t.Fatal(err)
	}
	a := &agentRun{t: t, cli: cli, home: t.TempDir(), repo: filepath.Join(t.TempDir(), "shop"), sandbox: sandbox}
	a.env = append(cleanEnv(), "HOME="+a.home, "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+filepath.Dir(cli)+string(os.PathListSeparator)+os.Getenv("PATH"),
		"GIT_AUTHOR_NAME=Test", "GIT_AUTHOR_EMAIL=test@example.com", "GIT_COMMITTER_NAME=Test", "GIT_COMMITTER_EMAIL=test@example.com",
		"XDG_CONFIG_HOME="+filepath.Join(a.home, ".config"), "XDG_DATA_HOME="+filepath.Join(a.home, ".local", "share"), "NO_COLOR=1",
		"LC_ALL=C.UTF-8") // the sessions are in English, and carnet install takes the language from the locale (the last value of a key wins)
	if err := os.MkdirAll(a.repo, 0o755); err != nil {
		t.Fatal(err)
	}
	// Codex runs the model's commands in a login shell, whose /etc/profile resets PATH: the
	// agent finds carnet (the gate asks it to run carnet add) through ~/.profile, as a user would.
	if err := os.WriteFile(filepath.Join(a.home, ".profile"), []byte("PATH=\""+filepath.Dir(bin)+":$PATH\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a.run("git", "init", "-q", "-b", "main")
	a.run("git", "commit", "-q", "--allow-empty", "-m", "start")
	return a
}

// run runs a command in the repository with the world's environment; it must succeed.
func (a *agentRun) run(name string, args ...string) string {
	a.t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = a.repo, a.env
	out, err := cmd.CombinedOutput()
	if err != nil {
		a.t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// session runs the CLI (args after the CLI's name) on a script inside the sandbox and
// returns the requests the model server received.
func (a *agentRun) session(script string, env []string, args ...string) []agentstest.Request {
	a.t.Helper()
	got, _ := a.sandboxed(script, env, args...)
	return got
}

// sessionOutput is session, returning what the CLI printed on its standard output.
func (a *agentRun) sessionOutput(script string, env []string, args ...string) string {
	a.t.Helper()
	_, out := a.sandboxed(script, env, args...)
	return out
}

func (a *agentRun) sandboxed(script string, env []string, args ...string) ([]agentstest.Request, string) {
	a.t.Helper()
	reqs := filepath.Join(a.t.TempDir(), "requests.json")
	argv := append([]string{"-n", a.sandbox, script, a.repo, reqs, a.cli}, args...)
	cmd := exec.Command("unshare", argv...)
	cmd.Dir, cmd.Env = a.repo, append(append([]string{}, a.env...), env...)
	if tr := os.Getenv("CARNET_AGENTS_TRACE"); tr != "" {
		cmd.Env = append(cmd.Env, "CARNET_AGENTS_TRACE="+tr)
	}
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err != nil {
		a.t.Logf("%s session %s: %v\n%s%s", filepath.Base(a.cli), script, err, stdout.String(), stderr.String())
	}
	data, rerr := os.ReadFile(reqs)
	if rerr != nil {
		a.t.Fatalf("%s did not run: %v\n%s%s", filepath.Base(a.cli), rerr, stdout.String(), stderr.String())
	}
	var got []agentstest.Request
	if err := json.Unmarshal(data, &got); err != nil {
		a.t.Fatal(err)
	}
	return got, stdout.String()
}

// record copies the session file glob finds (the only one so far) to the transcript fixtures
// when CARNET_RECORD_AGENTS names their folder (scripts/record-agents.sh).
func (a *agentRun) record(glob, name string) {
	a.t.Helper()
	dir := os.Getenv("CARNET_RECORD_AGENTS")
	if dir == "" {
		return
	}
	matches, _ := filepath.Glob(glob)
	if len(matches) != 1 {
		a.t.Fatalf("recording %s: %d files match %s", name, len(matches), glob)
	}
	data, err := os.ReadFile(matches[0])
	if err != nil {
		a.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		a.t.Fatal(err)
	}
}

// log is today's memory log of the repository.
func (a *agentRun) log() string {
	a.t.Helper()
	matches, _ := filepath.Glob(filepath.Join(a.repo, "memory_sessions", "logs", "*.md"))
	if len(matches) == 0 {
		hookLog, _ := os.ReadFile(filepath.Join(a.repo, "memory_sessions", "logs", ".debug", "hook.log"))
		a.t.Fatalf("no log written; hook.log:\n%s", hookLog)
	}
	data, err := os.ReadFile(matches[len(matches)-1])
	if err != nil {
		a.t.Fatal(err)
	}
	return string(data)
}

// checkWork asserts what the "work" script must leave in the log, and that the recall
// session's first request to the model carried it.
func (a *agentRun) checkWork(recall []agentstest.Request) {
	a.t.Helper()
	log := a.log()
	a.t.Logf("log:\n%s", log)
	// The goal is the prompt's, or the name the agent had the model give the session.
	if !strings.Contains(log, "Add a greeting") && !strings.Contains(log, agentstest.WorkTitle) {
		a.t.Errorf("the log has no goal of the session:\n%s", log)
	}
	for _, want := range []string{"greeting.txt", "make check", "No rule to make target",
		"greeting: add the welcome text", "Keep the welcome text in greeting.txt", "Translate the greeting into German"} {
		if !strings.Contains(log, want) {
			a.t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
	hookLog, _ := os.ReadFile(filepath.Join(a.repo, "memory_sessions", "logs", ".debug", "hook.log"))
	if strings.Contains(string(hookLog), "no turn found") {
		a.t.Errorf("hook.log:\n%s", hookLog)
	}
	if strings.Contains(log, a.repo) {
		a.t.Errorf("the log holds absolute paths:\n%s", log)
	}
	for _, r := range recall {
		if strings.Contains(r.Body, "What did we do") { // the session's own request, not a side one
			if !strings.Contains(r.Body, "Translate the greeting into German") || !strings.Contains(r.Body, "Session memory — shop") {
				a.t.Errorf("the second session did not receive the memory: %s", clip(r.Body))
			}
			return
		}
	}
	a.t.Errorf("the second session sent no request with its prompt (%d requests)", len(recall))
}

// gateCLI says how to run an agent's CLI for the gate's loop: a new session on a prompt, and
// the last session resumed with a new prompt (nil when the CLI cannot, with why).
type gateCLI struct {
	env      []string
	prompt   func(p string) []string
	resume   func(p string) []string
	noResume string
	// run replaces session for the CLIs whose gate needs more than one command (OpenCode).
	run func(a *agentRun, script string, args []string) []agentstest.Request
}

// gateBlocks is how many times the gate blocked in the repository, all sessions together.
func (a *agentRun) gateBlocks() int {
	states, _ := filepath.Glob(filepath.Join(a.repo, "memory_sessions", "logs", ".debug", "gate", "*.json"))
	blocks := 0
	for _, s := range states {
		var st struct{ Blocks int }
		data, _ := os.ReadFile(s)
		_ = json.Unmarshal(data, &st)
		blocks += st.Blocks
	}
	return blocks
}

// gateLoop runs the Stop gate's loop, on by default: a session that edits three files and
// commits is sent back once (the message reaches the model once), records a decision, a
// lesson and a next step (script: with carnet add, or with the MCP tool), and its next stop
// passes; the session resumed for a one-file edit passes; the next session's first request
// starts with the notes; a session that only reads never blocks. No bullet holds the
// gate's message.
func (a *agentRun) gateLoop(c gateCLI, script string) {
	a.t.Helper()
	if data, _ := os.ReadFile(filepath.Join(a.repo, "carnet.toml")); strings.Contains(string(data), "\ngate = false") {
		a.t.Fatal("carnet install turned the gate off")
	}
	session := func(script string, args []string) []agentstest.Request {
		if c.run != nil {
			return c.run(a, script, args)
		}
		return a.session(script, c.env, args...)
	}
	const mark = "carnet add --nothing"
	before := a.gateBlocks()
	var last string
	for _, r := range session(script, c.prompt(agentstest.GateWorkPrompt)) {
		if strings.Contains(r.Body, mark) {
			last = r.Body
		}
	}
	if n := a.gateBlocks() - before; n != 1 {
		hookLog, _ := os.ReadFile(filepath.Join(a.repo, "memory_sessions", "logs", ".debug", "hook.log"))
		states, _ := filepath.Glob(filepath.Join(a.repo, "memory_sessions", "logs", ".debug", "gate", "*.json"))
		for _, st := range states {
			data, _ := os.ReadFile(st)
			a.t.Logf("%s: %s", filepath.Base(st), data)
		}
		a.t.Fatalf("the gate blocked %d times, want once; hook.log:\n%s", n, hookLog)
	}
	if n := strings.Count(last, mark); n != 1 {
		a.t.Errorf("the gate's message reached the model %d times in the last request, want once", n)
	}
	log := a.log()
	for _, want := range []string{agentstest.GateDecision, agentstest.GateLesson, agentstest.GateNext} {
		if !strings.Contains(log, want) {
			a.t.Errorf("the log lacks the agent's note %q:\n%s", want, log)
		}
	}
	checkNoGateText := func() {
		a.t.Helper()
		if log := a.log(); strings.Contains(log, mark) || strings.Contains(log, "recorded nothing") || strings.Contains(log, "hook_prompt") {
			a.t.Errorf("a bullet holds the gate's message:\n%s", log)
		}
	}
	checkNoGateText()
	a.t.Log("gate: the work session was sent back once and recorded its notes")
	if c.resume != nil {
		session(script, c.resume(agentstest.GateTypoPrompt))
		a.t.Log("gate: the resumed session ran")
		if data, _ := os.ReadFile(filepath.Join(a.repo, "hello-en.txt")); string(data) != "Hello!\n" {
			a.t.Errorf("the resumed session did not edit hello-en.txt: %q", data)
		}
		if n := a.gateBlocks() - before; n != 1 {
			a.t.Errorf("a one-file edit after the notes was blocked (%d blocks in all)", n)
		}
	} else {
		a.t.Logf("no one-file edit in the same session: %s", c.noResume)
	}
	recall := a.session("recall", c.env, c.prompt("What did we do last time?")...)
	found := false
	for _, r := range recall {
		if !strings.Contains(r.Body, "What did we do") {
			continue
		}
		found = true
		for _, want := range []string{agentstest.GateDecision, agentstest.GateLesson, agentstest.GateNext} {
			if !strings.Contains(r.Body, want) {
				a.t.Errorf("the next session did not start with the note %q: %s", want, clip(r.Body))
			}
		}
		// The agent's notes lead: the open item, then its decision, then the rest (the goal).
		if next, dec, goal := strings.Index(r.Body, agentstest.GateNext), strings.Index(r.Body, agentstest.GateDecision),
			strings.Index(r.Body, agentstest.GateWorkPrompt); next > dec || goal >= 0 && dec > goal {
			a.t.Errorf("the agent's notes do not lead the memory (open item at %d, decision at %d, goal at %d): %s", next, dec, goal, clip(r.Body[max(0, next-1500):]))
		}
		break
	}
	if !found {
		a.t.Errorf("the next session sent no request with its prompt (%d requests)", len(recall))
	}
	session(script, c.prompt(agentstest.GateReadPrompt))
	if n := a.gateBlocks() - before; n != 1 {
		a.t.Errorf("a session that only reads was blocked (%d blocks in all)", n)
	}
	checkNoGateText()
}

// staleYesterday gives the repository a file committed three days ago, a log of yesterday
// that says one thing about that file and one about nothing in particular, and a commit of
// today that deletes the file: what yesterday's log says of it is stale.
func (a *agentRun) staleYesterday() {
	a.t.Helper()
	day := func(n int) string { return time.Now().AddDate(0, 0, -n).Format(time.DateOnly) }
	if err := os.WriteFile(filepath.Join(a.repo, "legacy.js"), []byte("function oldGreeting() {}\n"), 0o644); err != nil {
		a.t.Fatal(err)
	}
	a.run("git", "add", "legacy.js")
	a.run("env", "GIT_AUTHOR_DATE="+day(3)+"T10:00:00", "GIT_COMMITTER_DATE="+day(3)+"T10:00:00", "git", "commit", "-q", "-m", "legacy greeting")
	log := "# Log session — " + day(1) + "\n\n## Connaissances acquises\n- `legacy.js` lit l'ancien format des salutations.\n- Les salutations restent courtes, une ligne chacune.\n"
	if err := os.WriteFile(filepath.Join(a.repo, "memory_sessions", "logs", day(1)+".md"), []byte(log), 0o644); err != nil {
		a.t.Fatal(err)
	}
	a.run("git", "rm", "-q", "legacy.js")
	a.run("git", "commit", "-q", "-m", "drop the legacy greeting")
}

// checkStale asserts that the session's first request carried yesterday's log without the
// bullet about the file deleted since.
func (a *agentRun) checkStale(recall []agentstest.Request) {
	a.t.Helper()
	for _, r := range recall {
		if strings.Contains(r.Body, "What did we do") {
			if !strings.Contains(r.Body, "Les salutations restent courtes") {
				a.t.Errorf("the second session did not receive yesterday's log: %s", clip(r.Body))
			}
			if strings.Contains(r.Body, "ancien format des salutations") {
				hookLog, _ := os.ReadFile(filepath.Join(a.repo, "memory_sessions", "logs", ".debug", "hook.log"))
				a.t.Errorf("the bullet about the deleted legacy.js reached the session: %s\nhook.log:\n%s", clip(r.Body), hookLog)
			}
			return
		}
	}
	a.t.Errorf("the second session sent no request with its prompt (%d requests)", len(recall))
}

func clip(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "…"
	}
	return s
}

const workPrompt = "Add a greeting file and commit it"

func TestAgentClaudeCode(t *testing.T) {
	t.Parallel()
	a := newAgentRun(t, "claude")
	a.run("carnet", "install", "--agent", "claude")
	env := []string{fmt.Sprintf("ANTHROPIC_BASE_URL=http://127.0.0.1:%d", agentstest.Port), "ANTHROPIC_API_KEY=sk-ant-scripted",
		"DISABLE_TELEMETRY=1", "DISABLE_AUTOUPDATER=1", "DISABLE_ERROR_REPORTING=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "IS_SANDBOX=1"}
	flags := []string{"--output-format", "json", "--dangerously-skip-permissions"}
	a.session("work", env, append([]string{"-p", workPrompt}, flags...)...)
	a.record(filepath.Join(a.home, ".claude", "projects", "*", "*.jsonl"), "claude-code-2.1.328_work.jsonl")
	a.staleYesterday()
	recall := a.session("recall", env, append([]string{"-p", "What did we do last time?"}, flags...)...)
	a.checkWork(recall)
	a.checkStale(recall)
	a.gateLoop(claudeGate(env, flags), "gate")
}

// claudeEnv and claudeFlags run Claude Code against the scripted server.
var (
	claudeEnv = []string{fmt.Sprintf("ANTHROPIC_BASE_URL=http://127.0.0.1:%d", agentstest.Port), "ANTHROPIC_API_KEY=sk-ant-scripted",
		"DISABLE_TELEMETRY=1", "DISABLE_AUTOUPDATER=1", "DISABLE_ERROR_REPORTING=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "IS_SANDBOX=1"}
	claudeFlags = []string{"--output-format", "json", "--dangerously-skip-permissions"}
)

func claudeGate(env, flags []string) gateCLI {
	return gateCLI{env: env,
		prompt: func(p string) []string { return append([]string{"-p", p}, flags...) },
		resume: func(p string) []string { return append([]string{"-p", p, "--continue"}, flags...) }}
}

// TestAgentClaudeGateMCP is the gate's loop with the notes recorded through carnet's MCP
// server (mcp__carnet__memory_add) instead of the shell.
func TestAgentClaudeGateMCP(t *testing.T) {
	t.Parallel()
	a := newAgentRun(t, "claude")
	a.run("carnet", "install", "--agent", "claude")
	// The project's .mcp.json servers run unasked only when the settings say so.
	if err := os.WriteFile(filepath.Join(a.repo, ".claude", "settings.local.json"), []byte(`{"enableAllProjectMcpServers": true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	a.gateLoop(claudeGate(claudeEnv, claudeFlags), "gate-mcp")
}

// TestAgentClaudeExtractor runs carnet's per-turn claude extractor (per_turn) with the real claude CLI, whose
// model (the scripted server) answers the extraction prompt: what it returns reaches the log
// through the same cleaning as the heuristic's (no absolute path, no token).
func TestAgentClaudeExtractor(t *testing.T) {
	a := newAgentRun(t, "claude")
	a.run("carnet", "init")
	if err := os.WriteFile(filepath.Join(a.repo, "carnet.toml"), []byte("language = \"en\"\n[hook]\nextractor = \"claude\"\nper_turn = true\ntimeout = \"90s\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b := &transcripttest.Claude{}
	b.Add(map[string]any{"type": "user", "cwd": a.repo, "message": map[string]any{"role": "user", "content": "Cache the exchange rates"}})
	b.Add(map[string]any{"type": "assistant", "cwd": a.repo, "message": map[string]any{"id": "m1", "role": "assistant",
		"content": []any{map[string]any{"type": "tool_use", "id": "w1", "name": "Write", "input": map[string]any{"file_path": filepath.Join(a.repo, "rates.go")}}}}})
	b.Add(map[string]any{"type": "assistant", "cwd": a.repo, "message": map[string]any{"id": "m2", "role": "assistant",
		"content": []any{map[string]any{"type": "text", "text": "Rates are cached in SQLite."}}}})
	in := filepath.Join(t.TempDir(), "stop.json")
	if err := os.WriteFile(in, hookInput("Stop", b.Write(t), a.repo, nil), 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{fmt.Sprintf("ANTHROPIC_BASE_URL=http://127.0.0.1:%d", agentstest.Port), "ANTHROPIC_API_KEY=sk-ant-scripted",
		"DISABLE_TELEMETRY=1", "DISABLE_AUTOUPDATER=1", "DISABLE_ERROR_REPORTING=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "IS_SANDBOX=1"}
	claude := a.cli
	a.cli = "/bin/sh" // the sandbox runs the hook, which runs claude
	reqs := a.session("extract", env, "-c", "carnet --hook < "+in)
	a.cli = claude
	asked := false
	for _, r := range reqs {
		asked = asked || strings.Contains(r.Body, "Cache the exchange rates") && strings.Contains(r.Body, "<exchange>")
	}
	if !asked {
		t.Errorf("claude sent no request with the turn (%d requests)", len(reqs))
	}
	log := a.log()
	hookLog, _ := os.ReadFile(filepath.Join(a.repo, "memory_sessions", "logs", ".debug", "hook.log"))
	if strings.Contains(string(hookLog), "heuristic used") {
		t.Fatalf("the extractor fell back on the heuristic:\n%s", hookLog)
	}
	for _, want := range []string{"Keep the rates in SQLite, because one file is enough: see rates.go", "Expire rates after one hour", "[redacted]"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, "/home/dev") || strings.Contains(log, "ghp_") {
		t.Errorf("the model's output was not cleaned:\n%s", log)
	}
}

func TestAgentCodex(t *testing.T) {
	t.Parallel()
	a := newAgentRun(t, "codex")
	a.run("carnet", "install", "--agent", "codex", "--scope", "user")
	codexHome := filepath.Join(a.home, ".codex")
	cfg := fmt.Sprintf(`model = "gpt-5.5"
model_provider = "scripted"
approval_policy = "never"
sandbox_mode = "danger-full-access"

[model_providers.scripted]
name = "scripted"
base_url = "http://127.0.0.1:%d/v1"
env_key = "SCRIPTED_API_KEY"
wire_api = "responses"
request_max_retries = 0
stream_max_retries = 0

[analytics]
enabled = false

[features]
hooks = true
plugins = false
code_mode = true
code_mode_only = true

`, agentstest.Port)
	old, _ := os.ReadFile(filepath.Join(codexHome, "config.toml"))
	if err := os.WriteFile(filepath.Join(codexHome, "config.toml"), append([]byte(cfg), old...), 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{"CODEX_HOME=" + codexHome, "SCRIPTED_API_KEY=scripted"}
	flags := []string{"exec", "--json", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox", "--dangerously-bypass-hook-trust"}
	a.session("work", env, append(flags, workPrompt)...)
	a.record(filepath.Join(codexHome, "sessions", "*", "*", "*", "*.jsonl"), "codex-0.169.0_code-mode_work.jsonl")
	recall := a.session("recall", env, append(flags, "What did we do last time?")...)
	a.checkWork(recall)
	a.gateLoop(gateCLI{env: env,
		prompt: func(p string) []string { return append(slices.Clone(flags), p) },
		resume: func(p string) []string { return append(append(slices.Clone(flags), "resume", "--last"), p) }}, "gate")
}

func TestAgentGemini(t *testing.T) {
	t.Parallel()
	a := newAgentRun(t, "gemini")
	a.run("carnet", "install", "--agent", "gemini")
	settings := `{"security":{"auth":{"selectedType":"gemini-api-key"},"folderTrust":{"enabled":false}},
"privacy":{"usageStatisticsEnabled":false},"telemetry":{"enabled":false},"general":{"disableAutoUpdate":true,"disableUpdateNag":true}}`
	if err := os.MkdirAll(filepath.Join(a.home, ".gemini"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(a.home, ".gemini", "settings.json"), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{"GEMINI_API_KEY=scripted", fmt.Sprintf("GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:%d", agentstest.Port), "GEMINI_CLI_NO_RELAUNCH=true"}
	flags := []string{"--yolo", "--skip-trust", "--output-format", "json"}
	a.session("work", env, append([]string{"-p", workPrompt}, flags...)...)
	a.record(filepath.Join(a.home, ".gemini", "tmp", "*", "chats", "session-*"), "gemini-cli-0.61.0_work.jsonl")
	recall := a.session("recall", env, append([]string{"-p", "What did we do last time?"}, flags...)...)
	a.checkWork(recall)
	a.gateLoop(gateCLI{env: env,
		prompt: func(p string) []string { return append([]string{"-p", p}, flags...) },
		resume: func(p string) []string { return append([]string{"-p", p, "--resume", "latest"}, flags...) }}, "gate")
}

func TestAgentOpenCode(t *testing.T) {
	a := newAgentRun(t, "opencode")
	a.run("carnet", "install", "--agent", "opencode")
	a.openCodeOffline()
	env := []string{"OPENCODE_DISABLE_MODELS_FETCH=1", "OPENCODE_DISABLE_AUTOUPDATE=1", "OPENCODE_DISABLE_SHARE=1",
		"OPENCODE_DISABLE_DEFAULT_PLUGINS=1", "OPENCODE_DISABLE_LSP_DOWNLOAD=1"}
	flags := []string{"run", "--format", "json"}
	out := a.sessionOutput("work", env, append(flags, workPrompt)...)
	if dir := os.Getenv("CARNET_RECORD_AGENTS"); dir != "" {
		var first struct{ SessionID string }
		_ = json.Unmarshal([]byte(strings.SplitN(out, "\n", 2)[0]), &first)
		export := a.sessionOutput("recall", env, "export", first.SessionID)
		if err := os.WriteFile(filepath.Join(dir, "opencode-1.18.33_work.json"), []byte(export[strings.Index(export, "{"):]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	recall := a.session("recall", env, append(flags, "What did we do last time?")...)
	a.checkWork(recall)
	// OpenCode has the model name the session: that name is the goal of the task the first
	// prompt asked for, in its place.
	if log := a.log(); !strings.Contains(log, "## Goal\n- "+agentstest.WorkTitle+"\n") || strings.Contains(log, "Add a greeting") {
		t.Errorf("the session's name is not its goal:\n%s", log)
	}
	// The plugin sends a blocked session back with client.session.prompt, which OpenCode's TUI
	// and server run; `opencode run` alone exits as soon as the session is first idle, before
	// it: the gate's sessions run on `opencode serve`, attached to.
	a.gateLoop(gateCLI{env: env,
		prompt: func(p string) []string { return append(slices.Clone(flags), p) },
		resume: func(p string) []string { return append(slices.Clone(flags), "--continue", p) },
		run:    openCodeServed(env)}, "gate")
}

// openCodeServe runs `opencode serve` in the sandbox, the session on it (opencode run
// --attach "$@"), then waits until no gate block is pending (the plugin's re-prompt has run
// and stopped again) before it ends the server.
const openCodeServe = `opencode="$1"; shift
"$opencode" serve --hostname 127.0.0.1 --port 4097 >/dev/null 2>&1 & pid=$!
for i in $(seq 150); do (exec 3<>/dev/tcp/127.0.0.1/4097) 2>/dev/null && break; sleep 0.2; done
run="$1"; shift
"$opencode" "$run" --attach http://127.0.0.1:4097 "$@"
sleep 4
for i in $(seq 300); do
  grep -qs '"pending":true' memory_sessions/logs/.debug/gate/*.json || break
  sleep 0.2
done
sleep 3
kill $pid; wait $pid 2>/dev/null
exit 0
`

// openCodeServed runs a gate session of OpenCode on its server (openCodeServe).
func openCodeServed(env []string) func(a *agentRun, script string, args []string) []agentstest.Request {
	return func(a *agentRun, script string, args []string) []agentstest.Request {
		a.t.Helper()
		cli := a.cli
		a.cli = "/bin/bash"
		defer func() { a.cli = cli }()
		return a.session(script, env, append([]string{"-c", openCodeServe, "bash", cli}, args...)...)
	}
}

// openCodeOffline points OpenCode at the scripted server (a provider in the repository's
// opencode.json, next to the MCP entry carnet wrote) and keeps it from running npm: it
// installs @opencode-ai/plugin in every config folder that has no node_modules and lock file
// listing it, retrying for about 70 s offline. Carnet's plugin imports nothing, so an empty
// package will do.
func (a *agentRun) openCodeOffline() {
	a.t.Helper()
	path := filepath.Join(a.repo, "opencode.json")
	data, err := os.ReadFile(path)
	if err != nil {
		a.t.Fatal(err)
	}
	var cfg map[string]any
	if err := json.Unmarshal(data, &cfg); err != nil {
		a.t.Fatal(err)
	}
	cfg["provider"] = map[string]any{"scripted": map[string]any{"npm": "@ai-sdk/openai-compatible", "name": "Scripted",
		"options": map[string]any{"baseURL": fmt.Sprintf("http://127.0.0.1:%d/v1", agentstest.Port), "apiKey": "scripted"},
		"models":  map[string]any{"scripted-1": map[string]any{"name": "Scripted", "tool_call": true}}}}
	cfg["model"], cfg["small_model"] = "scripted/scripted-1", "scripted/scripted-1"
	cfg["permission"] = map[string]any{"edit": "allow", "bash": "allow"}
	cfg["autoupdate"], cfg["share"] = false, "disabled"
	data, _ = json.MarshalIndent(cfg, "", "  ")
	files := map[string]string{"opencode.json": string(data)}
	for _, dir := range []string{filepath.Join(a.repo, ".opencode"), filepath.Join(a.home, ".config", "opencode")} {
		files[filepath.Join(dir, "package.json")] = `{"dependencies":{"@opencode-ai/plugin":"1.18.33"}}`
		files[filepath.Join(dir, "package-lock.json")] = `{"lockfileVersion":3,"requires":true,"packages":{"":{"dependencies":{"@opencode-ai/plugin":"1.18.33"}},"node_modules/@opencode-ai/plugin":{"version":"1.18.33"}}}`
		files[filepath.Join(dir, "node_modules", "@opencode-ai", "plugin", "package.json")] = `{"name":"@opencode-ai/plugin","version":"1.18.33"}`
	}
	for name, content := range files {
		if !filepath.IsAbs(name) {
			name = filepath.Join(a.repo, name)
		}
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			a.t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			a.t.Fatal(err)
		}
	}
}
