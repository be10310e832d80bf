//go:build linux

package main

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"carnet/hook/agentstest"
	"carnet/hook/transcript/transcripttest"
)

// The session's model extraction (issue 24 §5) end to end, for each back end: the real
// carnet binary captures a session's last turn at Stop with the heuristic, then at
// SessionEnd starts the model extraction in the background; the back end — the real claude,
// codex and gemini CLIs inside a loopback-only network namespace, or an OpenAI-compatible
// endpoint — is answered by the scripted model server: the extraction JSON (its bullets reach
// the log cleaned and marked as the model's), JSON cut short, or no answer at all (the
// [hook] timeout): in both failures the log stays byte for byte as the heuristic left it, and
// hook.log says why.

// modelCase is one answer of the scripted model and what carnet must make of it.
type modelCase struct {
	script  string // agentstest.Scripts
	timeout string // [hook] timeout
	why     string // in hook.log, when the log must stay as it was
}

var modelCases = []modelCase{
	{"session-extract", "120s", ""},
	{"session-malformed", "120s", "returned no extraction JSON"},
	{"session-hang", "8s", "no answer within 8s (the model's [hook] timeout)"},
}

// modelSessionFiles writes, in repo, a two-turn Claude Code session and the Stop and
// SessionEnd inputs of the hook for it.
func modelSessionFiles(t *testing.T, repo string) (stop, end string) {
	t.Helper()
	b := &transcripttest.Claude{}
	b.Add(map[string]any{"type": "user", "cwd": repo, "message": map[string]any{"role": "user", "content": "Cache the exchange rates"}})
	b.Add(map[string]any{"type": "assistant", "cwd": repo, "message": map[string]any{"id": "m1", "role": "assistant",
		"content": []any{map[string]any{"type": "tool_use", "id": "w1", "name": "Write", "input": map[string]any{"file_path": filepath.Join(repo, "rates.go")}}}}})
	b.Add(map[string]any{"type": "user", "cwd": repo, "message": map[string]any{"role": "user",
		"content": []any{map[string]any{"type": "tool_result", "tool_use_id": "w1", "content": "File created successfully"}}}})
	b.Add(map[string]any{"type": "assistant", "cwd": repo, "message": map[string]any{"id": "m2", "role": "assistant",
		"content": []any{map[string]any{"type": "text", "text": "Rates are cached in SQLite, in rates.go."}}}})
	tr := b.Write(t)
	dir := t.TempDir()
	stop, end = filepath.Join(dir, "stop.json"), filepath.Join(dir, "end.json")
	if err := os.WriteFile(stop, hookInput("Stop", tr, repo, nil), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(end, hookInput("SessionEnd", tr, repo, map[string]any{"reason": "prompt_input_exit"}), 0o644); err != nil {
		t.Fatal(err)
	}
	return stop, end
}

// modelConfig writes carnet.toml with the back end's [hook] lines.
func modelConfig(t *testing.T, repo, hook, timeout string) {
	t.Helper()
	cfg := "language = \"en\"\n[hook]\n" + hook + "timeout = \"" + timeout + "\"\n"
	if err := os.WriteFile(filepath.Join(repo, "carnet.toml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
}

// waitForExtraction is the shell loop that waits, inside the sandbox, for the background
// runs to be over: one has said so in hook.log, and none is pending (model/*.job) — at most
// two minutes.
func waitForExtraction(repo string) string {
	debug := filepath.Join(repo, "memory_sessions", "logs", ".debug")
	return fmt.Sprintf("i=0; until { grep -q 'model extraction' %q 2>/dev/null && ! ls %q/model/*.job >/dev/null 2>&1; } || [ $i -ge 600 ]; do sleep 0.2; i=$((i+1)); done",
		filepath.Join(debug, "hook.log"), debug)
}

// checkModelLog asserts what a case leaves: the model's bullets, cleaned and marked, after
// the heuristic's lines; or the heuristic's log unchanged and the reason in hook.log.
func checkModelLog(t *testing.T, repo, kind, before, after string, c modelCase) {
	t.Helper()
	hookLog, _ := os.ReadFile(filepath.Join(repo, "memory_sessions", "logs", ".debug", "hook.log"))
	if c.why != "" {
		if after != before {
			t.Errorf("the log changed:\n%s\nwas:\n%s", after, before)
		}
		if want := "model extraction (" + kind + ") failed, the log is unchanged: "; !strings.Contains(string(hookLog), want) || !strings.Contains(string(hookLog), c.why) {
			t.Errorf("hook.log does not say why (%q):\n%s", c.why, hookLog)
		}
		return
	}
	t.Logf("log:\n%s", after)
	marker := " <!-- model:" + kind + " -->\n"
	for _, want := range []string{"- Keep the rates in SQLite, because one file is enough: see rates.go" + marker,
		"- Expire rates after one hour" + marker, "- Cache the exchange rates\n", "[redacted]"} {
		if !strings.Contains(after, want) {
			t.Errorf("the log lacks %q:\n%s\nhook.log:\n%s", want, after, hookLog)
		}
	}
	if strings.Contains(after, "/home/dev") || strings.Contains(after, "ghp_") || strings.Contains(after, repo) {
		t.Errorf("the model's answer was not cleaned:\n%s", after)
	}
	for l := range strings.Lines(before) {
		if !strings.Contains(after, l) {
			t.Errorf("the heuristic's line %q is gone:\n%s", l, after)
		}
	}
	if !strings.Contains(string(hookLog), "model extraction ("+kind+"): 3 bullets added") {
		t.Errorf("hook.log:\n%s", hookLog)
	}
}

// modelCLI runs the cases against one agent CLI as the back end. env points the CLI at the
// scripted server; setup prepares its home.
func modelCLI(t *testing.T, cli string, env []string, setup func(a *agentRun)) {
	for _, c := range modelCases {
		t.Run(c.script, func(t *testing.T) {
			t.Parallel()
			a := newAgentRun(t, cli)
			a.run("carnet", "init")
			if setup != nil {
				setup(a)
			}
			modelConfig(t, a.repo, "extractor = \""+cli+"\"\n", c.timeout)
			stop, end := modelSessionFiles(t, a.repo)
			a.run("sh", "-c", "carnet --hook < "+stop)
			before := a.log()
			sh := a.cli
			a.cli = "/bin/sh" // the sandbox runs the hook, whose background run runs the CLI
			reqs := a.session(c.script, env, "-c", "carnet --hook < "+end+"; "+waitForExtraction(a.repo))
			a.cli = sh
			// A model that never answers may hold back the request with the session (Gemini
			// CLI first asks its router which model to use), or be killed before it sends one
			// on a loaded machine: only the answers are checked then.
			asked := c.script == "session-hang"
			for _, r := range reqs {
				asked = asked || strings.Contains(r.Body, "Cache the exchange rates") && strings.Contains(r.Body, "<session>")
			}
			if !asked {
				t.Errorf("%s sent no request with the session (%d requests)", cli, len(reqs))
			}
			checkModelLog(t, a.repo, cli, before, a.log(), c)
		})
	}
}

func TestModelExtractionClaude(t *testing.T) {
	t.Parallel()
	agentCLI(t, "claude")
	modelCLI(t, "claude", []string{fmt.Sprintf("ANTHROPIC_BASE_URL=http://127.0.0.1:%d", agentstest.Port), "ANTHROPIC_API_KEY=sk-ant-scripted",
		"DISABLE_TELEMETRY=1", "DISABLE_AUTOUPDATER=1", "DISABLE_ERROR_REPORTING=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "IS_SANDBOX=1"}, nil)
}

// codexScripted points Codex at the scripted server.
var codexScripted = fmt.Sprintf(`model = "gpt-5.5"
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
`, agentstest.Port)

func TestModelExtractionCodex(t *testing.T) {
	t.Parallel()
	agentCLI(t, "codex")
	modelCLI(t, "codex", nil, func(a *agentRun) {
		home := filepath.Join(a.home, ".codex")
		if err := os.MkdirAll(home, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(home, "config.toml"), []byte(codexScripted), 0o644); err != nil {
			t.Fatal(err)
		}
		a.env = append(a.env, "CODEX_HOME="+home, "SCRIPTED_API_KEY=scripted")
	})
}

func TestModelExtractionGemini(t *testing.T) {
	t.Parallel()
	agentCLI(t, "gemini")
	modelCLI(t, "gemini", []string{"GEMINI_API_KEY=scripted", fmt.Sprintf("GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:%d", agentstest.Port), "GEMINI_CLI_NO_RELAUNCH=true"}, geminiOffline)
}

// The OpenAI-compatible back end (Ollama, llama.cpp server, LM Studio) against the scripted
// server's chat-completions endpoint on 127.0.0.1.
func TestModelExtractionOpenAI(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	for _, c := range modelCases {
		t.Run(c.script, func(t *testing.T) {
			t.Parallel()
			srv := &agentstest.Server{Script: agentstest.Scripts[c.script]}
			hs := httptest.NewServer(srv)
			defer hs.Close()
			ws := hookWorkspace(t, "")
			modelConfig(t, ws, fmt.Sprintf("extractor = \"openai\"\nbase_url = %q\nmodel = \"scripted-1\"\napi_key_env = \"SCRIPTED_KEY\"\n", hs.URL+"/v1"), c.timeout)
			stop, end := modelSessionFiles(t, ws)
			read := func(p string) []byte {
				data, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				return data
			}
			env := []string{"SCRIPTED_KEY=sk-scripted"}
			if r := runCarnet(t, bin, read(stop), env, "--root", ws, "--hook"); r.code != 0 {
				t.Fatal(r)
			}
			before := todayLog(t, ws)
			if r := runCarnet(t, bin, read(end), env, "--root", ws, "--hook"); r.code != 0 || r.stdout != "" {
				t.Fatal(r)
			}
			hookLog := filepath.Join(ws, "memory_sessions", "logs", ".debug", "hook.log")
			if data, _ := os.ReadFile(hookLog); strings.Contains(string(data), "time limit") {
				t.Errorf("SessionEnd waited for the model:\n%s", data)
			}
			for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
				data, _ := os.ReadFile(hookLog)
				pending, _ := filepath.Glob(filepath.Join(filepath.Dir(hookLog), "model", "*.job"))
				if strings.Contains(string(data), "model extraction") && len(pending) == 0 {
					break
				}
			}
			asked := false
			for _, r := range srv.Requests() {
				asked = asked || r.Path == "/v1/chat/completions" && strings.Contains(r.Body, "Cache the exchange rates") && strings.Contains(r.Body, `"model":"scripted-1"`)
			}
			if !asked {
				t.Errorf("no chat completion asked with the session: %d requests", len(srv.Requests()))
			}
			checkModelLog(t, ws, "openai", before, todayLog(t, ws), c)
		})
	}
}

// A real agent session with its own CLI as the back end: at its end the agent runs the
// SessionEnd hook within its budget and exits; the extraction started in the background
// outlives it, runs the CLI again (whose own hooks do nothing, nested) and leaves the model's
// bullets next to the heuristic's. setup points the agent at the scripted server; command is
// the session's shell command line.
func agentModelExtraction(t *testing.T, cli string, install, env []string, setup func(a *agentRun), command func(cli string) string) {
	t.Helper()
	a := newAgentRun(t, cli)
	a.run("carnet", append([]string{"install", "--agent", cli}, install...)...)
	if setup != nil {
		setup(a)
	}
	cfg := filepath.Join(a.repo, "carnet.toml")
	data, err := os.ReadFile(cfg)
	if err != nil || !strings.Contains(string(data), "[hook]\n") {
		t.Fatalf("carnet.toml has no [hook] table: %v", err)
	}
	if err := os.WriteFile(cfg, []byte(strings.Replace(string(data), "[hook]\n", "[hook]\nextractor = \""+cli+"\"\ntimeout = \"120s\"\ngate = false\n", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	path := a.cli
	a.cli = "/bin/sh"
	reqs := a.session("work-extracted", env, "-c", command(path)+"; "+waitForExtraction(a.repo))
	a.cli = path
	asked := false
	for _, r := range reqs {
		asked = asked || strings.Contains(r.Body, `<session>\n`) && strings.Contains(r.Body, workPrompt)
	}
	log := a.log()
	debug := filepath.Join(a.repo, "memory_sessions", "logs", ".debug")
	hookLog, _ := os.ReadFile(filepath.Join(debug, "hook.log"))
	records, _ := os.ReadFile(filepath.Join(debug, "extractions.jsonl"))
	t.Logf("log:\n%s\nhook.log:\n%s", log, hookLog)
	if !asked {
		t.Errorf("no request with the session (%d requests)", len(reqs))
	}
	// One model call for the session, whether it ended at SessionEnd only or also compacted.
	if n := strings.Count(string(records), `"extractor":"model:`+cli+`"`); n != 1 {
		t.Errorf("%d model extractions, want one:\n%s", n, records)
	}
	marker := " <!-- model:" + cli + " -->\n"
	for _, want := range []string{"greeting.txt", "Keep the welcome text in greeting.txt",
		"- Keep the rates in SQLite, because one file is enough: see rates.go" + marker, "- Expire rates after one hour" + marker} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q", want)
		}
	}
	if !strings.Contains(string(hookLog), "model extraction ("+cli+"): 4 bullets added") {
		t.Errorf("hook.log:\n%s", hookLog)
	}
}

func TestAgentClaudeCodeModelExtraction(t *testing.T) {
	t.Parallel()
	env := []string{fmt.Sprintf("ANTHROPIC_BASE_URL=http://127.0.0.1:%d", agentstest.Port), "ANTHROPIC_API_KEY=sk-ant-scripted",
		"DISABLE_TELEMETRY=1", "DISABLE_AUTOUPDATER=1", "DISABLE_ERROR_REPORTING=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "IS_SANDBOX=1"}
	agentModelExtraction(t, "claude", nil, env, nil, func(cli string) string {
		return fmt.Sprintf("%q -p %q --output-format json --dangerously-skip-permissions", cli, workPrompt)
	})
}

func TestAgentCodexModelExtraction(t *testing.T) {
	t.Parallel()
	agentModelExtraction(t, "codex", []string{"--scope", "user"}, nil, func(a *agentRun) {
		home := filepath.Join(a.home, ".codex")
		old, _ := os.ReadFile(filepath.Join(home, "config.toml"))
		if err := os.WriteFile(filepath.Join(home, "config.toml"), append([]byte(codexScripted+"\n[features]\nhooks = true\nplugins = false\n\n"), old...), 0o644); err != nil {
			t.Fatal(err)
		}
		a.env = append(a.env, "CODEX_HOME="+home, "SCRIPTED_API_KEY=scripted")
	}, func(cli string) string {
		return fmt.Sprintf("%q exec --json --skip-git-repo-check --dangerously-bypass-approvals-and-sandbox --dangerously-bypass-hook-trust %q", cli, workPrompt)
	})
}

func TestAgentGeminiModelExtraction(t *testing.T) {
	t.Parallel()
	env := []string{"GEMINI_API_KEY=scripted", fmt.Sprintf("GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:%d", agentstest.Port), "GEMINI_CLI_NO_RELAUNCH=true"}
	agentModelExtraction(t, "gemini", nil, env, geminiOffline, func(cli string) string {
		return fmt.Sprintf("%q -p %q --yolo --skip-trust --output-format json", cli, workPrompt)
	})
}

// geminiOffline points Gemini CLI at the scripted server with an API key and no telemetry.
func geminiOffline(a *agentRun) {
	a.t.Helper()
	settings := `{"security":{"auth":{"selectedType":"gemini-api-key"},"folderTrust":{"enabled":false}},
"privacy":{"usageStatisticsEnabled":false},"telemetry":{"enabled":false},"general":{"disableAutoUpdate":true,"disableUpdateNag":true}}`
	if err := os.MkdirAll(filepath.Join(a.home, ".gemini"), 0o755); err != nil {
		a.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(a.home, ".gemini", "settings.json"), []byte(settings), 0o644); err != nil {
		a.t.Fatal(err)
	}
}
