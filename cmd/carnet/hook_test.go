package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"carnet/memstore"
)

// These tests run the real binary: the test binary doubles as carnet (see TestMain), reached
// through a link named carnet, with the hook JSON on stdin and a temp git workspace.

const hookDay = "2026-03-22"

var fixtureDir = filepath.Join("..", "..", "hook", "transcript", "testdata", "transcripts")

func fixturePath(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join(fixtureDir, name))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("fixture %s: %v", name, err)
	}
	return p
}

// carnetBin returns a path that runs this test binary as carnet.
func carnetBin(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "carnet")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	if err := os.Symlink(exe, bin); err != nil {
		t.Skipf("cannot link the test binary: %v", err)
	}
	return bin
}

// hookWorkspace makes a git workspace with carnet's layout; config is carnet.toml's content.
func hookWorkspace(t *testing.T, config string) string {
	t.Helper()
	ws := t.TempDir()
	if _, err := exec.LookPath("git"); err == nil {
		exec.Command("git", "init", "-q", ws).Run()
	}
	if _, err := memstore.Init(ws, ""); err != nil {
		t.Fatal(err)
	}
	if config != "" {
		os.WriteFile(filepath.Join(ws, "carnet.toml"), []byte(config), 0o644)
	}
	return ws
}

type hookRun struct {
	code           int
	stdout, stderr string
}

func runCarnet(t *testing.T, bin string, stdin []byte, env []string, args ...string) hookRun {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	cmd.Env = append(cleanEnv(), "CARNET_NOW="+hookDay)
	cmd.Env = append(cmd.Env, env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	ee := &exec.ExitError{}
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return hookRun{code, out.String(), errb.String()}
}

func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "CLAUDE_PROJECT_DIR=") || strings.HasPrefix(kv, "CARNET_") || agentVar(kv) {
			continue
		}
		env = append(env, kv)
	}
	return env
}

// agentVar reports a variable an agent sets for its commands: a test run inside an agent's
// shell must not mark what it adds as that agent's note.
func agentVar(kv string) bool {
	for _, p := range []string{"CLAUDECODE=", "CODEX_THREAD_ID=", "CODEX_SANDBOX", "GEMINI_CLI=", "OPENCODE="} {
		if strings.HasPrefix(kv, p) {
			return true
		}
	}
	return false
}

func hookInput(event, transcript, cwd string, extra map[string]any) []byte {
	m := map[string]any{"session_id": "sess-1", "hook_event_name": event, "cwd": cwd}
	if transcript != "" {
		m["transcript_path"] = transcript
	}
	maps.Copy(m, extra)
	data, _ := json.Marshal(m)
	return data
}

func todayLog(t *testing.T, ws string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(ws, "memory_sessions", "logs", hookDay+".md"))
	if err != nil {
		t.Fatalf("today's log: %v", err)
	}
	return string(data)
}

func TestHookEveryFixture(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	cases := []struct {
		file, event string
		extra       map[string]any
		want        []string
		not         []string
	}{
		{"claude-code-2.1.328_heavy.jsonl", "Stop", nil,
			[]string{"## Objectif\n- Add a multiply function to calc.sh, with a test, and commit it.\n",
				"- Fichiers modifiés : calc.sh, test_calc.sh\n",
				"- Commit 2d46428 : calc: add multiply with its test\n",
				"- corrigé : Échec de `sh test_calc.sh` : test_calc.sh: 2: add: not found\n"}, // "sh test_calc.sh && echo 'all tests pass'" went through after it
			[]string{"/tmp/", "all tests pass"}},
		{"claude-code-2.1.328_hello.jsonl", "Stop",
			map[string]any{"last_assistant_message": "Created hello.sh.\n\nNext steps:\n- Add a test for hello.sh"},
			[]string{"- Write a shell script called hello.sh that prints \"Hello world\" and run it.\n",
				"- Fichiers créés : hello.sh\n", "## À suivre\n- Add a test for hello.sh\n"},
			[]string{"/tmp/"}},
		{"claude-code-2.1.328_denied.jsonl", "PreCompact", map[string]any{"trigger": "manual"},
			[]string{"## Objectif\n- The server does not start\n"},
			[]string{"Problèmes", "requires approval"}},
		{"claude-code-2.1.328_delegate.jsonl", "SessionEnd", map[string]any{"reason": "prompt_input_exit"},
			[]string{"- Which shell scripts does this repository have?\n"},
			[]string{"task-notification", "Survey the shell scripts", "/tmp/"}},
		{"claude-code-2.1.328_compact.jsonl", "Stop", nil,
			[]string{"- Mark the multiply placeholder in calc.sh with issue 12.\n", "- Fichiers modifiés : calc.sh\n"},
			[]string{"This session is being continued", "Stop hook feedback", "<summary>"}},
		// A subagent that only read files leaves nothing: its prompt is the main agent's
		// delegation, not the session's goal.
		{"claude-code-2.1.328_delegate_subagent.jsonl", "SubagentStop", nil,
			nil, []string{"Survey the shell scripts", "EISDIR", "/tmp/"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			ws := hookWorkspace(t, "")
			p := fixturePath(t, c.file)
			extra := c.extra
			if c.event == "SubagentStop" {
				extra = map[string]any{"agent_id": "a1528062d5397e697", "agent_transcript_path": p}
				p = filepath.Join(t.TempDir(), "main.jsonl") // the main transcript is not read
			}
			r := runCarnet(t, bin, hookInput(c.event, p, ws, extra), nil, "--root", ws, "--hook")
			if gated := r.code == 2 && strings.Contains(r.stderr, "carnet add --nothing"); r.code != 0 && !gated || r.stdout != "" {
				t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr) // the gate may send a session of real work back
			}
			if c.want == nil {
				if data, err := os.ReadFile(filepath.Join(ws, "memory_sessions", "logs", hookDay+".md")); err == nil {
					for _, n := range c.not {
						if strings.Contains(string(data), n) {
							t.Errorf("log holds %q:\n%s", n, data)
						}
					}
				}
				return
			}
			log := todayLog(t, ws)
			for _, w := range c.want {
				if !strings.Contains(log, w) {
					t.Errorf("log lacks %q:\n%s", w, log)
				}
			}
			for _, n := range c.not {
				if strings.Contains(log, n) {
					t.Errorf("log holds %q:\n%s", n, log)
				}
			}
			if !strings.HasPrefix(log, "# ") {
				t.Errorf("log has no title:\n%s", log)
			}
			debug, err := os.ReadFile(filepath.Join(ws, "memory_sessions", "logs", ".debug", "extractions.jsonl"))
			if err != nil || !json.Valid(bytes.TrimSpace(bytes.Split(debug, []byte("\n"))[0])) {
				t.Errorf("raw extraction not recorded: %v %q", err, debug)
			}
			if hl, _ := os.ReadFile(filepath.Join(ws, "memory_sessions", "logs", ".debug", "hook.log")); len(hl) > 0 {
				t.Errorf("hook.log: %s", hl)
			}
			// The same turn again adds nothing: the log keeps its bytes.
			runCarnet(t, bin, hookInput(c.event, p, ws, extra), nil, "--root", ws, "--hook")
			if again := todayLog(t, ws); again != log {
				t.Errorf("second run changed the log:\n%s", again)
			}
		})
	}
}

// memorySnapshot reads every memory file (logs and long memory), debug folder aside.
func memorySnapshot(t *testing.T, ws string) map[string]string {
	t.Helper()
	out := map[string]string{}
	root := filepath.Join(ws, "memory_sessions")
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && d.Name() == ".debug" {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			data, _ := os.ReadFile(p)
			out[p] = string(data)
		}
		return nil
	})
	return out
}

func hookLogLines(ws string) []string {
	data, _ := os.ReadFile(filepath.Join(ws, "memory_sessions", "logs", ".debug", "hook.log"))
	s := strings.TrimRight(string(data), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func TestHookBadInputs(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	good := fixturePath(t, "claude-code-2.1.328_hello.jsonl")
	type tc struct {
		name  string
		stdin func(ws, dir string) []byte
		want  string // in the hook.log line
	}
	write := func(dir, name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cases := []tc{
		{"empty stdin", func(ws, dir string) []byte { return nil }, "hook input is empty"},
		{"not JSON", func(ws, dir string) []byte { return []byte("hello, hook") }, "not a JSON object"},
		{"binary garbage on stdin", func(ws, dir string) []byte { return []byte{0, 0xff, 0xfe, 0x13, 0x37, '{'} }, "not a JSON object"},
		{"no transcript path", func(ws, dir string) []byte { return hookInput("Stop", "", ws, nil) }, "no transcript path"},
		{"missing transcript", func(ws, dir string) []byte {
			return hookInput("Stop", filepath.Join(dir, "gone.jsonl"), ws, nil)
		}, "no such file"},
		{"a directory instead of a file", func(ws, dir string) []byte { return hookInput("Stop", dir, ws, nil) }, "not a regular file"},
		{"binary garbage transcript", func(ws, dir string) []byte {
			g := make([]byte, 1<<16)
			for i := range g {
				g[i] = byte(i*7 + i/13)
			}
			return hookInput("Stop", write(dir, "garbage.jsonl", g), ws, nil)
		}, "no turn found"},
		{"a 50 MB single line", func(ws, dir string) []byte {
			line := append([]byte(`{"type":"user","message":{"role":"user","content":"`), bytes.Repeat([]byte("z"), 50<<20)...)
			line = append(line, `"}}`...)
			return hookInput("Stop", write(dir, "huge.jsonl", line), ws, nil)
		}, "no turn found"},
		{"a half-written last line", func(ws, dir string) []byte {
			return hookInput("Stop", write(dir, "half.jsonl", []byte(`{"type":"user","message":{"role":"user","content":"Add a ca`)), ws, nil)
		}, "no turn found"},
		{"invalid UTF-8", func(ws, dir string) []byte {
			return hookInput("Stop", write(dir, "latin1.jsonl", []byte("\xe9t\xe9 \xff\xfe\xfd caf\xe9\n\xc3\x28\xa0\xa1\n")), ws, nil)
		}, "no turn found"},
		{"invalid UTF-8 on stdin", func(ws, dir string) []byte { return []byte("\xff\xfe{\"hook_event_name\":\"Stop\"}") }, "not a JSON object"},
		{"no hook_event_name", func(ws, dir string) []byte { return []byte(`{"session_id":"x"}`) }, "no hook_event_name"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ws := hookWorkspace(t, "")
			// Some memory already there, which must stay byte-identical.
			runCarnet(t, bin, hookInput("Stop", good, ws, nil), nil, "--root", ws, "--hook")
			before := memorySnapshot(t, ws)
			r := runCarnet(t, bin, c.stdin(ws, t.TempDir()), []string{"CLAUDE_PROJECT_DIR=" + ws}, "--hook")
			if r.code != 0 || r.stdout != "" {
				t.Errorf("exit %d stdout %q stderr %q", r.code, r.stdout, r.stderr)
			}
			after := memorySnapshot(t, ws)
			if fmt.Sprint(before) != fmt.Sprint(after) {
				t.Errorf("memory changed:\nbefore %v\nafter  %v", before, after)
			}
			lines := hookLogLines(ws)
			if len(lines) != 1 || !strings.Contains(lines[0], c.want) {
				t.Errorf("hook.log = %q, want one line with %q", lines, c.want)
			}
		})
	}
}

func TestHookDoesNothingWhenAsked(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	good := fixturePath(t, "claude-code-2.1.328_heavy.jsonl")
	for name, run := range map[string]func(ws string) hookRun{
		"nested run": func(ws string) hookRun {
			return runCarnet(t, bin, hookInput("Stop", good, ws, nil), []string{"CARNET_NESTED=1"}, "--root", ws, "--hook")
		},
	} {
		t.Run(name, func(t *testing.T) {
			ws := hookWorkspace(t, "")
			r := run(ws)
			if r.code != 0 || r.stdout != "" || r.stderr != "" {
				t.Errorf("%+v", r)
			}
			if _, err := os.Stat(filepath.Join(ws, "memory_sessions", "logs", hookDay+".md")); err == nil {
				t.Error("a log was written")
			}
			if _, err := os.Stat(filepath.Join(ws, "memory_sessions", "logs", ".debug")); err == nil {
				t.Error("the debug folder was touched")
			}
		})
	}
}

// TestHookStopHookActiveCaptures: after a Stop hook blocked, the agent's further work is
// captured, but the gate does not block a second time and the same turn is not written twice.
func TestHookStopHookActiveCaptures(t *testing.T) {
	bin := carnetBin(t)
	good := fixturePath(t, "claude-code-2.1.328_heavy.jsonl")
	ws := hookWorkspace(t, "[hook]\ngate = true\n")
	in := hookInput("Stop", good, ws, map[string]any{"stop_hook_active": true})
	r := runCarnet(t, bin, in, nil, "--root", ws, "--hook")
	if r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Fatalf("stop_hook_active blocked or failed: %+v", r)
	}
	log := todayLog(t, ws)
	if !strings.Contains(log, "## ") {
		t.Fatalf("stop_hook_active captured nothing:\n%s", log)
	}
	if r := runCarnet(t, bin, in, nil, "--root", ws, "--hook"); r.code != 0 || r.stderr != "" {
		t.Fatalf("second stop_hook_active: %+v", r)
	}
	if again := todayLog(t, ws); again != log {
		t.Errorf("the same turn was written twice:\n%s\n---\n%s", log, again)
	}
}

func TestHookConcurrentProcesses(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := hookWorkspace(t, "")
	dir := t.TempDir()
	const n = 30
	var wg sync.WaitGroup
	results := make([]hookRun, n)
	for i := range n {
		tr := fmt.Sprintf(`{"type":"user","cwd":%q,"message":{"role":"user","content":"Goal number %d of the day"}}
{"type":"assistant","message":{"id":"m%d","role":"assistant","content":[{"type":"text","text":"Decision: choice number %d stands.\nNext: follow-up number %d"}]}}
`, ws, i, i, i, i)
		p := filepath.Join(dir, fmt.Sprintf("t%d.jsonl", i))
		os.WriteFile(p, []byte(tr), 0o644)
		wg.Add(1)
		go func(i int, p string) {
			defer wg.Done()
			in := hookInput("Stop", p, ws, map[string]any{"session_id": fmt.Sprintf("s%d", i)})
			results[i] = runCarnet(t, bin, in, nil, "--root", ws, "--hook")
		}(i, p)
	}
	wg.Wait()
	for i, r := range results {
		if r.code != 0 {
			t.Errorf("process %d: %+v", i, r)
		}
	}
	log := todayLog(t, ws)
	for i := range n {
		for _, b := range []string{
			fmt.Sprintf("- Goal number %d of the day\n", i),
			fmt.Sprintf("- choice number %d stands.\n", i),
			fmt.Sprintf("- follow-up number %d\n", i),
		} {
			if c := strings.Count(log, b); c != 1 {
				t.Errorf("%q present %d times", b, c)
			}
		}
	}
	if lines := hookLogLines(ws); len(lines) > 0 {
		t.Errorf("hook.log: %q", lines)
	}
}

func TestHookSessionStart(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := hookWorkspace(t, "")
	mem := filepath.Join(ws, "memory_sessions")
	// A long memory near its limit and a busy log: more than 10,000 characters in all.
	var lm strings.Builder
	lm.WriteString("# Mémoire long terme — root\n")
	for d := 1; d <= 28; d++ {
		fmt.Fprintf(&lm, "\n## 2026-02-%02d\n", d)
		for i := range 10 {
			fmt.Fprintf(&lm, "- Fait durable numéro %d du %d février, avec assez de mots pour peser.\n", i, d)
		}
	}
	os.WriteFile(filepath.Join(mem, "long_memory.md"), []byte(lm.String()), 0o644)
	os.WriteFile(filepath.Join(mem, "logs", "2026-03-01.md"), []byte("# Log session — 2026-03-01\n\n## À suivre\n- Vieux point ouvert\n- ✅ fermé\n"), 0o644)
	os.WriteFile(filepath.Join(mem, "logs", hookDay+".md"), []byte("# Log session — "+hookDay+"\n\n## Objectif\n- Objectif du jour\n\n## À suivre\n- Point du jour\n"), 0o644)

	r := runCarnet(t, bin, hookInput("SessionStart", "", ws, map[string]any{"source": "startup"}), nil, "--root", ws, "--hook")
	if r.code != 0 {
		t.Fatalf("%+v", r)
	}
	var out struct {
		HookSpecificOutput struct {
			HookEventName     string `json:"hookEventName"`
			AdditionalContext string `json:"additionalContext"`
		} `json:"hookSpecificOutput"`
	}
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&out); err != nil {
		t.Fatalf("stdout is not the expected JSON: %v\n%s", err, r.stdout)
	}
	ctx := out.HookSpecificOutput.AdditionalContext
	if out.HookSpecificOutput.HookEventName != "SessionStart" || ctx == "" {
		t.Fatalf("%+v", out)
	}
	if n := utf8.RuneCountInString(ctx); n > 10000 {
		t.Errorf("additionalContext has %d characters", n)
	}
	for _, want := range []string{"Objectif du jour", "Point du jour", "Vieux point ouvert (2026-03-01)", "### 2026-02-28\n"} {
		if !strings.Contains(ctx, want) {
			t.Errorf("context lacks %q", want)
		}
	}
	if strings.Contains(ctx, "### 2026-02-01\n") || strings.Contains(ctx, "fermé") {
		t.Error("the oldest long-memory section (or a ticked item) should have been left out")
	}

	// An empty memory prints nothing at all.
	empty := hookWorkspace(t, "")
	r = runCarnet(t, bin, hookInput("SessionStart", "", empty, nil), nil, "--root", empty, "--hook")
	if r.code != 0 || r.stdout != "" {
		t.Errorf("empty memory: %+v", r)
	}
}

func TestHookGate(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := hookWorkspace(t, "") // the gate is on by default
	tr := filepath.Join(t.TempDir(), "s.jsonl")
	appendLines := func(lines ...string) {
		f, err := os.OpenFile(tr, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range lines {
			f.WriteString(l + "\n")
		}
		f.Close()
	}
	// at is a timestamp m minutes into the session: the gate counts session time from them.
	at := func(m int) string {
		return time.Date(2026, 3, 22, 10, 0, 0, 0, time.UTC).Add(time.Duration(m) * time.Minute).Format(time.RFC3339)
	}
	n := 0
	use := func(m int, name string, input map[string]any) string {
		n++
		in, _ := json.Marshal(input)
		return fmt.Sprintf(`{"type":"assistant","timestamp":%q,"message":{"id":"m%d","role":"assistant","content":[{"type":"tool_use","id":"t%d","name":%q,"input":%s}]}}`, at(m), n, n, name, in)
	}
	prompt := func(m int, text string) string {
		return fmt.Sprintf(`{"type":"user","timestamp":%q,"message":{"role":"user","content":%q}}`, at(m), text)
	}
	edit := func(m int, file string) string {
		return use(m, "Edit", map[string]any{"file_path": filepath.Join(ws, file)})
	}
	stop := func() hookRun {
		return runCarnet(t, bin, hookInput("Stop", tr, ws, nil), nil, "--root", ws, "--hook")
	}
	pass := func(what string) {
		t.Helper()
		if r := stop(); r.code != 0 {
			t.Fatalf("%s: blocked: %+v", what, r)
		}
	}

	// One file edited is not substantial work.
	appendLines(prompt(0, "Tweak the README"), edit(1, "README.md"))
	pass("one file")
	// Three files in all since the session started, nothing recorded: blocked, with instructions.
	appendLines(prompt(2, "Refactor the parser"), use(3, "Read", map[string]any{"file_path": filepath.Join(ws, "parser.go")}),
		edit(4, "parser.go"), edit(5, "lexer.go"), use(6, "Bash", map[string]any{"command": "go test ./..."}))
	r := stop()
	if r.code != 2 || !strings.Contains(r.stderr, "README.md, parser.go, lexer.go") || !strings.Contains(r.stderr, `carnet add -s decisions`) ||
		!strings.Contains(r.stderr, "carnet add --nothing") || r.stdout != "" {
		t.Fatalf("gate: %+v", r)
	}
	if strings.Contains(r.stderr, ws) {
		t.Errorf("gate message shows absolute paths: %s", r.stderr)
	}
	// Claude continues with stop_hook_active: the work is captured, but not sent back again.
	appendLines(edit(7, "a.go"), edit(7, "b.go"), edit(7, "c.go"))
	if r := runCarnet(t, bin, hookInput("Stop", tr, ws, map[string]any{"stop_hook_active": true}), nil, "--root", ws, "--hook"); r.code != 0 || r.stderr != "" {
		t.Fatalf("stop_hook_active: %+v", r)
	}
	// The agent records memory: passes, and a small edit after it passes too.
	appendLines(use(8, "Bash", map[string]any{"command": `carnet add --section decisions "Parser reads from the end"`}))
	pass("after carnet add")
	pass("nothing new")
	appendLines(prompt(9, "Fix a typo"), edit(10, "parser.go"))
	pass("a small edit after the notes")
	// Three more files, but within gate_every (20 minutes) of the block: passes; later, blocks.
	appendLines(prompt(11, "Split the lexer"), edit(12, "lexer.go"), edit(13, "token.go"))
	pass("within gate_every of the block")
	appendLines(prompt(30, "Add the scanner"), edit(31, "scanner.go"))
	if r := stop(); r.code != 2 || !strings.Contains(r.stderr, "parser.go, lexer.go, token.go, scanner.go") {
		t.Fatalf("second block: %+v", r)
	}
	// An MCP write counts as memory too; so does carnet add --nothing, run outside the transcript.
	appendLines(prompt(60, "Write the docs"), edit(61, "doc.go"), edit(61, "x.go"), edit(62, "y.go"), use(63, "mcp__carnet__memory_add", map[string]any{"section": "travail"}))
	pass("after an MCP write")
	appendLines(prompt(90, "More"), edit(91, "d.go"), edit(91, "e.go"), edit(92, "f.go"))
	if r := runCarnet(t, bin, nil, nil, "--root", ws, "add", "--nothing"); r.code != 0 {
		t.Fatalf("add --nothing: %+v", r)
	}
	pass("after carnet add --nothing")
	// With gate = false, the same situation passes.
	os.WriteFile(filepath.Join(ws, "carnet.toml"), []byte("[hook]\ngate = false\n"), 0o644)
	appendLines(prompt(120, "Again"), edit(121, "g.go"), edit(121, "h.go"), edit(122, "i.go"))
	pass("gate off")
	if lines := hookLogLines(ws); len(lines) > 0 {
		t.Errorf("hook.log: %q", lines)
	}
}

func TestHookRoutesByFile(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := hookWorkspace(t, "")
	for _, d := range []string{"services/api", "services/web"} {
		if _, err := memstore.Init(ws, d); err != nil {
			t.Fatal(err)
		}
	}
	tr := filepath.Join(t.TempDir(), "s.jsonl")
	lines := []string{
		`{"type":"user","message":{"role":"user","content":"Add pagination to the API"}}`,
		fmt.Sprintf(`{"type":"assistant","message":{"id":"m1","role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Edit","input":{"file_path":%q}}]}}`, filepath.Join(ws, "services/api/list.go")),
		`{"type":"assistant","message":{"id":"m2","role":"assistant","content":[{"type":"text","text":"Done."}]}}`,
	}
	os.WriteFile(tr, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	r := runCarnet(t, bin, hookInput("Stop", tr, ws, nil), nil, "--root", ws, "--hook")
	if r.code != 0 {
		t.Fatal(r)
	}
	api, err := os.ReadFile(filepath.Join(ws, "services/api/memory_sessions/logs", hookDay+".md"))
	if err != nil || !strings.Contains(string(api), "Fichiers modifiés : services/api/list.go") {
		t.Errorf("api log: %v\n%s", err, api)
	}
	var others []string
	for _, p := range []string{"memory_sessions/logs", "services/web/memory_sessions/logs"} {
		if _, err := os.Stat(filepath.Join(ws, p, hookDay+".md")); err == nil {
			others = append(others, p)
		}
	}
	sort.Strings(others)
	if len(others) > 0 {
		t.Errorf("memory leaked into %v", others)
	}
}

func TestHookAutocommit(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	bin := carnetBin(t)
	ws := hookWorkspace(t, "[hook]\nautocommit = true\n")
	gitEnv := []string{"GIT_AUTHOR_NAME=T", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=T", "GIT_COMMITTER_EMAIL=t@example.com"}
	git := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-C", ws}, args...)...)
		cmd.Env = append(os.Environ(), gitEnv...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	os.WriteFile(filepath.Join(ws, "README.md"), []byte("hi\n"), 0o644)
	git("add", "README.md")
	git("commit", "-q", "-m", "init")
	os.WriteFile(filepath.Join(ws, "staged.txt"), []byte("user's work\n"), 0o644)
	git("add", "staged.txt")

	r := runCarnet(t, bin, hookInput("Stop", fixturePath(t, "claude-code-2.1.328_heavy.jsonl"), ws, nil), gitEnv, "--root", ws, "--hook")
	if r.code != 0 && r.code != 2 { // the gate runs after the capture and its commit
		t.Fatal(r)
	}
	files := git("show", "--name-only", "--format=%s%n%(trailers:key=Carnet-Writer,valueonly)", "HEAD")
	if !regexp.MustCompile(`^memory\(root\): \d+ bullets from the hook\nhook\n`).MatchString(files) || !strings.Contains(files, "memory_sessions/logs/"+hookDay+".md") || strings.Contains(files, "staged.txt") {
		t.Errorf("commit:\n%s", files)
	}
	if st := git("status", "--porcelain", "staged.txt"); !strings.HasPrefix(st, "A ") {
		t.Errorf("the user's staged file is no longer staged: %q", st)
	}
}

func TestHookKeepsSecretsOut(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := hookWorkspace(t, "")
	tr := filepath.Join(t.TempDir(), "s.jsonl")
	os.WriteFile(tr, []byte(`{"type":"user","message":{"role":"user","content":"Deploy with api_key=sk-live-4eC39HqLyjWDarjtT1zdp7dc please"}}
{"type":"assistant","message":{"id":"m1","role":"assistant","content":[{"type":"text","text":"Decision: use the staging token ghp_1234567890abcdefghijklmnopqrstuvwxyzAB for now.\nDecision: deploy on Fridays only."}]}}
`), 0o644)
	if r := runCarnet(t, bin, hookInput("Stop", tr, ws, nil), nil, "--root", ws, "--hook"); r.code != 0 {
		t.Fatal(r)
	}
	log := todayLog(t, ws)
	if strings.Contains(log, "sk-live") || strings.Contains(log, "ghp_") || !strings.Contains(log, "- deploy on Fridays only.\n") {
		t.Errorf("log:\n%s", log)
	}
}

func TestHookModelExtractorsThroughTheBinary(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("shell scripts")
	}
	bin := carnetBin(t)
	good := fixturePath(t, "claude-code-2.1.328_hello.jsonl")
	fake := t.TempDir()
	// A fake claude that, like the real one, would run carnet's hooks of its own session:
	// the guard variable must make that nested hook do nothing.
	script := fmt.Sprintf(`#!/bin/sh
cat > /dev/null
printf '{"hook_event_name":"Stop","transcript_path":"%s","cwd":"%s"}' | %s --root "$WS" --hook
case "$MODE" in
  ok) echo '{"objectif":["Say hello from a script"],"connaissances":["The model extractor ran"],"projets":["root"]}' ;;
  garbage) echo 'sorry, no JSON today' ;;
  hang) sleep 60 ;;
esac
`, good, "$WS", bin)
	writeExec(filepath.Join(fake, "claude"), []byte(script))
	path := fake + string(os.PathListSeparator) + os.Getenv("PATH")
	for _, mode := range []string{"ok", "garbage", "hang"} {
		t.Run(mode, func(t *testing.T) {
			// Only the hanging model waits for the time limit; the others get a generous one,
			// so that a slow, shared machine cannot turn their success into a timeout.
			timeout := "30s"
			if mode == "hang" {
				timeout = "1s"
			}
			ws := hookWorkspace(t, "[hook]\nextractor = \"claude\"\nper_turn = true\ncommand = [\"claude\", \"-p\"]\ntimeout = \""+timeout+"\"\n")
			r := runCarnet(t, bin, hookInput("Stop", good, ws, nil), []string{"PATH=" + path, "MODE=" + mode, "WS=" + ws}, "--root", ws, "--hook")
			if r.code != 0 || r.stdout != "" {
				t.Fatal(r)
			}
			log := todayLog(t, ws)
			lines := hookLogLines(ws)
			if mode == "ok" {
				if !strings.Contains(log, "- The model extractor ran\n") || strings.Contains(log, "Fichiers créés") || len(lines) != 0 {
					t.Errorf("log:\n%s\nhook.log %q", log, lines)
				}
			} else {
				// Fallback: the heuristic's memory, and one line saying why.
				if !strings.Contains(log, "- Fichiers créés : hello.sh\n") || len(lines) != 1 || !strings.Contains(lines[0], "heuristic used") {
					t.Errorf("log:\n%s\nhook.log %q", log, lines)
				}
			}
			// The nested hook wrote nothing: the only extraction recorded is the outer one.
			debug, _ := os.ReadFile(filepath.Join(ws, "memory_sessions", "logs", ".debug", "extractions.jsonl"))
			if n := strings.Count(string(debug), "\n"); n != 1 {
				t.Errorf("%d extraction records:\n%s", n, debug)
			}
		})
	}
}

func TestHookFindsTheWorkspaceFromTheInputCwd(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	bin := carnetBin(t)
	ws := hookWorkspace(t, "")
	sub := filepath.Join(ws, "src", "deep")
	os.MkdirAll(sub, 0o755)
	// No --root, no $CLAUDE_PROJECT_DIR: the git top-level of the hook input's cwd.
	r := runCarnet(t, bin, hookInput("Stop", fixturePath(t, "claude-code-2.1.328_hello.jsonl"), sub, nil), nil, "--hook")
	if r.code != 0 {
		t.Fatal(r)
	}
	if !strings.Contains(todayLog(t, ws), "Fichiers créés : hello.sh") {
		t.Error("nothing captured in the workspace of the input's cwd")
	}
}

// TestHookGateCodex runs the gate on Codex Stop payloads whose transcript_path is a rollout
// file: apply_patch edits and no memory block (exit 2), `carnet add` or a carnet MCP call
// lets the stop through, and a null transcript_path passes.
func TestHookGateCodex(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := hookWorkspace(t, "")
	n := 0
	clock := 0 // minutes of session time: each line is written at it
	line := func(typ string, payload map[string]any) string {
		ts := time.Date(2026, 3, 22, 10, clock, 0, 0, time.UTC).Format(time.RFC3339)
		b, _ := json.Marshal(map[string]any{"timestamp": ts, "type": typ, "payload": payload})
		return string(b)
	}
	prompt := func(text string) []string {
		return []string{
			line("response_item", map[string]any{"type": "message", "role": "user", "content": []any{map[string]any{"type": "input_text", "text": text}}}),
			line("event_msg", map[string]any{"type": "user_message", "message": text}),
		}
	}
	shell := func(cmd string) []string {
		n++
		id := fmt.Sprintf("call_%d", n)
		args, _ := json.Marshal(map[string]any{"command": []string{"bash", "-lc", cmd}, "workdir": ws})
		return []string{
			line("response_item", map[string]any{"type": "function_call", "name": "shell", "arguments": string(args), "call_id": id}),
			line("response_item", map[string]any{"type": "function_call_output", "call_id": id, "output": `{"output":"ok\n","metadata":{"exit_code":0}}`}),
		}
	}
	patch := func(file string) []string {
		n++
		id := fmt.Sprintf("call_%d", n)
		return []string{
			line("response_item", map[string]any{"type": "custom_tool_call", "status": "completed", "name": "apply_patch", "call_id": id,
				"input": "*** Begin Patch\n*** Update File: " + file + "\n@@\n-a\n+b\n*** End Patch\n"}),
			line("response_item", map[string]any{"type": "custom_tool_call_output", "call_id": id, "output": `{"output":"Success.","metadata":{"exit_code":0}}`}),
		}
	}
	answer := func(text string) []string {
		return []string{
			line("response_item", map[string]any{"type": "message", "role": "assistant", "content": []any{map[string]any{"type": "output_text", "text": text}}}),
			line("event_msg", map[string]any{"type": "task_complete", "last_agent_message": text}),
		}
	}
	newRollout := func() string {
		p := filepath.Join(t.TempDir(), "rollout-2026-03-22T10-00-00-0199-codex.jsonl")
		os.WriteFile(p, []byte(line("session_meta", map[string]any{"id": "0199-codex", "cwd": ws, "originator": "codex_cli_rs"})+"\n"), 0o644)
		return p
	}
	appendTo := func(p string, groups ...[]string) {
		f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range groups {
			for _, l := range g {
				f.WriteString(l + "\n")
			}
		}
		f.Close()
	}
	stop := func(session, rollout string) hookRun {
		m := map[string]any{"session_id": session, "turn_id": "turn-1", "transcript_path": rollout, "cwd": ws, "hook_event_name": "Stop",
			"model": "gpt-5-codex", "permission_mode": "default", "stop_hook_active": false, "last_assistant_message": "Done."}
		if rollout == "" {
			m["transcript_path"] = nil
		}
		data, _ := json.Marshal(m)
		return runCarnet(t, bin, data, nil, "--root", ws, "--hook")
	}

	// Three files through apply_patch, nothing recorded: blocked, with instructions.
	ro := newRollout()
	appendTo(ro, prompt("Refactor the parser"), shell("rg parse"), patch(filepath.Join(ws, "parser.go")), patch("lexer.go"), patch("token.go"), shell("go test ./..."), answer("Done."))
	r := stop("codex-1", ro)
	if r.code != 2 || !strings.Contains(r.stderr, "parser.go, lexer.go, token.go") || !strings.Contains(r.stderr, "carnet add -s decisions") || r.stdout != "" {
		t.Fatalf("gate: %+v", r)
	}
	if strings.Contains(r.stderr, ws) {
		t.Errorf("gate message shows absolute paths: %s", r.stderr)
	}
	// Codex continues with the message as the next prompt, wrapped in <hook_prompt>; the agent
	// records memory: passes, and the message is no goal.
	appendTo(ro, prompt(`<hook_prompt hook_run_id="stop:0:/home/dev/.codex/hooks.json">`+r.stderr+`</hook_prompt>`),
		shell(`carnet add --section decisions "The parser reads from the end"`), answer("Recorded."))
	if r := stop("codex-1", ro); r.code != 0 {
		t.Fatalf("after carnet add: %+v", r)
	}
	if log := todayLog(t, ws); strings.Contains(log, "hook_prompt") || strings.Contains(log, "recorded nothing") {
		t.Errorf("the gate's message reached the log:\n%s", log)
	}
	// A shell command that writes a file counts as an edit, a commit as substantial work.
	clock = 30
	appendTo(ro, prompt("Add a note"), shell("echo 'x > y' > notes.md"), shell("git commit -qam notes"), answer("Done."))
	if r := stop("codex-1", ro); r.code != 2 || !strings.Contains(r.stderr, "notes.md") || strings.Contains(r.stderr, "parser.go") {
		t.Fatalf("shell write and a commit: %+v", r)
	}
	// A carnet MCP call counts as a record.
	clock = 60
	appendTo(ro, prompt("More notes"), patch("a.md"), patch("b.md"), patch("c.md"), []string{line("response_item", map[string]any{"type": "function_call", "name": "mcp__carnet__memory_add",
		"arguments": `{"section":"connaissances","text":"notes.md holds the notes"}`, "call_id": "call_mcp"})}, answer("Recorded."))
	if r := stop("codex-1", ro); r.code != 0 {
		t.Fatalf("after an MCP write: %+v", r)
	}

	// Edits and a carnet done in the same turns: passes.
	ro2 := newRollout()
	appendTo(ro2, prompt("Fix the lexer"), shell("go test ./..."), patch("lexer.go"), patch("a.go"), patch("b.go"), shell(`carnet done "fix the lexer"`), answer("Fixed."))
	if r := stop("codex-2", ro2); r.code != 0 {
		t.Fatalf("edits with carnet done: %+v", r)
	}
	// One file edited is not substantial work.
	ro3 := newRollout()
	appendTo(ro3, prompt("Tweak the README"), patch("README.md"), answer("Tweaked."))
	if r := stop("codex-3", ro3); r.code != 0 {
		t.Fatalf("one file: %+v", r)
	}
	// No transcript: the gate cannot judge, and says nothing.
	if r := stop("codex-4", ""); r.code != 0 || r.stderr != "" {
		t.Fatalf("null transcript_path: %+v", r)
	}
	if lines := hookLogLines(ws); len(lines) > 0 {
		t.Errorf("hook.log: %q", lines)
	}
}

// TestHookSessionStartPrunesState: at SessionStart the hook removes the per-session state no
// session wrote for 30 days, keeps the recent state, and neither follows nor removes a link.
func TestHookSessionStartPrunesState(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := hookWorkspace(t, "")
	debug := filepath.Join(ws, "memory_sessions", "logs", ".debug")
	outside := filepath.Join(t.TempDir(), "precious.json")
	os.WriteFile(outside, []byte("{}"), 0o644)
	old := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)     // 80 days before hookDay
	recent := time.Date(2026, 3, 20, 0, 0, 0, 0, time.UTC) // 2 days before
	files := map[string]time.Time{"gate/old.json": old, "sessions/old.json": old, "sessions/new.json": recent, "gate/new.json": recent}
	for name, when := range files {
		p := filepath.Join(debug, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("{}"), 0o644)
		os.Chtimes(p, when, when)
	}
	os.Chtimes(outside, old, old)
	if err := os.Symlink(outside, filepath.Join(debug, "gate", "link.json")); err != nil {
		t.Fatal(err)
	}
	r := runCarnet(t, bin, hookInput("SessionStart", "", ws, map[string]any{"source": "startup"}), nil, "--root", ws, "--hook")
	if r.code != 0 {
		t.Fatalf("%+v", r)
	}
	for name, when := range files {
		_, err := os.Stat(filepath.Join(debug, name))
		if gone := os.IsNotExist(err); gone != when.Equal(old) {
			t.Errorf("%s: removed %v, want %v (%v)", name, gone, when.Equal(old), err)
		}
	}
	if _, err := os.Lstat(filepath.Join(debug, "gate", "link.json")); err != nil {
		t.Errorf("the link was removed: %v", err)
	}
	if _, err := os.Stat(outside); err != nil {
		t.Errorf("the link's target was removed: %v", err)
	}
}

// writeExec writes an executable with no fork under way: a parallel test's child would hold
// the file open for writing and its exec fail with "text file busy".
func writeExec(p string, data []byte) error {
	syscall.ForkLock.Lock()
	defer syscall.ForkLock.Unlock()
	return os.WriteFile(p, data, 0o755)
}
