package hook

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"carnet/hook/transcript/transcripttest"
)

// modelWorkspace is a workspace whose extractor is a command back end running script (sh):
// the prompts it gets are appended to <ws>/prompts, one "=== call" line before each.
func modelWorkspace(t *testing.T, script, extra string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("shell scripts")
	}
	ws := testWorkspace(t)
	p := filepath.Join(t.TempDir(), "model.sh")
	body := "#!/bin/sh\necho '=== call' >> \"" + ws + "/prompts\"\ncat >> \"" + ws + "/prompts\"\n" + script + "\n"
	if err := writeExec(p, []byte(body)); err != nil {
		t.Fatal(err)
	}
	cfg := "language = \"en\"\n[hook]\ngate = false\nextractor = \"command\"\ncommand = [\"" + p + "\"]\n" + extra
	if err := os.WriteFile(filepath.Join(ws, "carnet.toml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return ws
}

// modelSession writes a two-turn Claude Code session in ws.
func modelSession(t *testing.T, ws string) (*transcripttest.Claude, string) {
	t.Helper()
	b := &transcripttest.Claude{}
	b.Prompt("Cache the exchange rates")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": filepath.Join(ws, "rates.go"), "content": "package rates\n"})
	b.Result("w1", "File created successfully", false)
	b.Say("m2", "Rates are cached in rates.go.")
	b.Prompt("Now commit it")
	b.Use("m3", "c1", "Bash", map[string]any{"command": "git commit -am 'rates: cache them'"})
	b.Result("c1", "[main abc1234] rates: cache them", false)
	b.Say("m4", "Committed.")
	return b, b.Write(t)
}

func hookEvent(t *testing.T, ws, event, path string, env map[string]string) int {
	t.Helper()
	in, _ := json.Marshal(map[string]any{"hook_event_name": event, "session_id": "s1", "transcript_path": path, "cwd": ws})
	return Run(Env{Root: ws, Stdin: bytes.NewReader(in), Now: fixedNow, Getenv: func(k string) string { return env[k] }})
}

// modelJob runs the background run of a session's model extraction in this process, as the
// detached carnet does.
func modelJob(t *testing.T, ws, event, path string) {
	t.Helper()
	if code := hookEvent(t, ws, event, path, map[string]string{ModelJobEnv: "1"}); code != 0 {
		t.Fatalf("code %d", code)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, _ := os.ReadFile(path)
	return string(data)
}

func logOf(t *testing.T, ws string) string {
	return readFile(t, filepath.Join(ws, "memory_sessions", "logs", "2026-03-22.md"))
}

func hookLogOf(t *testing.T, ws string) string {
	return readFile(t, filepath.Join(ws, "memory_sessions", "logs", ".debug", HookLogFile))
}

const modelAnswer = `echo '{"decisions":["Keep the rates in SQLite, because one file is enough"],"connaissances":["The rates API answers in EUR only"],` +
	`"a_suivre":["Expire rates after one hour"],"travail":["Commit abc1234: rates: cache them."],"projets":["root"]}'`

func TestModelJobMergesMarkedBullets(t *testing.T) {
	t.Parallel()
	ws := modelWorkspace(t, modelAnswer, "")
	b, path := modelSession(t, ws)
	if code := hookEvent(t, ws, "Stop", path, nil); code != 0 {
		t.Fatal(code)
	}
	if readFile(t, filepath.Join(ws, "prompts")) != "" {
		t.Fatal("a Stop asked the model: the session's extraction is one call per session")
	}
	before := logOf(t, ws)
	if !strings.Contains(before, "- Commit abc1234: rates: cache them\n") {
		t.Fatalf("the heuristic wrote nothing:\n%s", before)
	}

	modelJob(t, ws, "SessionEnd", path)
	log := logOf(t, ws)
	t.Logf("log:\n%s", log)
	for _, want := range []string{"- Keep the rates in SQLite, because one file is enough <!-- model:command -->\n",
		"- The rates API answers in EUR only <!-- model:command -->\n", "- Expire rates after one hour <!-- model:command -->\n"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q", want)
		}
	}
	// The heuristic's lines are all still there, and a bullet it already wrote (the commit)
	// is not written again.
	for l := range strings.Lines(before) {
		if !strings.Contains(log, l) {
			t.Errorf("the heuristic's line %q is gone", l)
		}
	}
	if strings.Contains(log, "cache them. <!--") {
		t.Errorf("a bullet the log already had was written again:\n%s", log)
	}
	prompts := readFile(t, filepath.Join(ws, "prompts"))
	if strings.Count(prompts, "=== call") != 1 || !strings.Contains(prompts, "USER: Cache the exchange rates") || !strings.Contains(prompts, "USER: Now commit it") {
		t.Errorf("prompts:\n%s", prompts)
	}
	if hl := hookLogOf(t, ws); !strings.Contains(hl, "model extraction (command): 3 bullets added, 0 open items ticked from 2 turns") {
		t.Errorf("hook.log:\n%s", hl)
	}
	rec := readFile(t, filepath.Join(ws, "memory_sessions", "logs", ".debug", ExtractionsFile))
	if !strings.Contains(rec, `"extractor":"model:command"`) || !strings.Contains(rec, `"added":3`) {
		t.Errorf("extractions.jsonl:\n%s", rec)
	}

	// Nothing new since: no call, nothing written.
	modelJob(t, ws, "SessionEnd", path)
	if n := strings.Count(readFile(t, filepath.Join(ws, "prompts")), "=== call"); n != 1 || logOf(t, ws) != log {
		t.Errorf("%d calls; log:\n%s", n, logOf(t, ws))
	}

	// A turn after it (the session went on after a compaction): only that turn is sent.
	b.Prompt("Add a test for the cache")
	b.Say("m5", "Added rates_test.go.")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	modelJob(t, ws, "PreCompact", path)
	prompts = readFile(t, filepath.Join(ws, "prompts"))
	last := prompts[strings.LastIndex(prompts, "=== call"):]
	if strings.Count(prompts, "=== call") != 2 || !strings.Contains(last, "Add a test for the cache") || strings.Contains(last, "Cache the exchange rates") {
		t.Errorf("second call:\n%s", last)
	}
}

// A back end that fails, answers no JSON or does not answer in time leaves the log as the
// heuristic wrote it, byte for byte, and hook.log says why.
func TestModelJobFailureLeavesTheLogAsItWas(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, script, extra, why string
	}{
		{"fails", "echo 'model overloaded' >&2; exit 3", "", "exit status 3: model overloaded"},
		{"malformed", `echo 'Here you go: {"objectif": ["cut short"'`, "", "command returned no extraction JSON"},
		{"timeout", "exec sleep 30", "timeout = \"1s\"\n", "no answer within 1s (the model's [hook] timeout)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ws := modelWorkspace(t, c.script, c.extra)
			_, path := modelSession(t, ws)
			if code := hookEvent(t, ws, "Stop", path, nil); code != 0 {
				t.Fatal(code)
			}
			before := logOf(t, ws)
			modelJob(t, ws, "SessionEnd", path)
			if after := logOf(t, ws); after != before {
				t.Errorf("the log changed:\n%s\nwas:\n%s", after, before)
			}
			hl := hookLogOf(t, ws)
			if !strings.Contains(hl, "model extraction (command) failed, the log is unchanged: ") || !strings.Contains(hl, c.why) {
				t.Errorf("hook.log:\n%s", hl)
			}
			// The session is not marked read: the next extraction tries it again.
			if _, err := os.Stat(filepath.Join(ws, "memory_sessions", "logs", ".debug", "model", "s1.json")); err == nil {
				t.Error("the failed extraction advanced the session's cursor")
			}
		})
	}
}

// At SessionEnd the hook starts the extraction in the background: the same program, --root
// and --hook, ModelJobEnv set, the hook input on its stdin; it does not wait for it.
func TestSessionEndStartsTheExtractionInTheBackground(t *testing.T) {
	t.Parallel()
	ws := modelWorkspace(t, modelAnswer, "")
	_, path := modelSession(t, ws)
	// The fake carnet writes what it got only once the test lets it (the file go exists): a
	// hook that waited for it would reach its time limit, which hook.log would say.
	out := filepath.Join(t.TempDir(), "job")
	self := filepath.Join(t.TempDir(), "carnet")
	script := "#!/bin/sh\n{ echo \"$@\"; echo \"job=$" + ModelJobEnv + "\"; cat; echo; } > \"" + out + ".tmp\"\n" +
		"while [ ! -e \"" + out + ".go\" ]; do sleep 0.05; done\nmv \"" + out + ".tmp\" \"" + out + "\"\n"
	if err := writeExec(self, []byte(script)); err != nil {
		t.Fatal(err)
	}
	in, _ := json.Marshal(map[string]any{"hook_event_name": "SessionEnd", "session_id": "s1", "transcript_path": path, "cwd": ws, "reason": "exit"})
	if code := Run(Env{Root: ws, Stdin: bytes.NewReader(in), Now: fixedNow, Self: self, Getenv: func(string) string { return "" }}); code != 0 {
		t.Fatal(code)
	}
	if hl := hookLogOf(t, ws); strings.Contains(hl, "time limit") {
		t.Errorf("SessionEnd waited for the background run:\n%s", hl)
	}
	if err := os.WriteFile(out+".go", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var got string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline) && got == ""; time.Sleep(50 * time.Millisecond) {
		got = readFile(t, out)
	}
	lines := strings.Split(got, "\n")
	mark, _ := strings.CutPrefix(lines[min(1, len(lines)-1)], "job=")
	if len(lines) < 3 || lines[0] != "--root "+ws+" --hook" || jobMark(mark) == "" || !strings.HasPrefix(mark, "model/s1.") {
		t.Fatalf("the background run got:\n%s", got)
	}
	// Its pending mark is there until it ends (this fake one never removes it).
	if _, err := os.Stat(filepath.Join(ws, "memory_sessions", "logs", ".debug", filepath.FromSlash(mark))); err != nil {
		t.Errorf("no pending mark: %v", err)
	}
	var job map[string]string
	if err := json.Unmarshal([]byte(lines[2]), &job); err != nil || job["hook_event_name"] != "SessionEnd" || job["transcript_path"] != path || job["session_id"] != "s1" {
		t.Errorf("its input: %q %v", lines[2], err)
	}
	if !strings.Contains(logOf(t, ws), "rates: cache them") {
		t.Error("the heuristic did not capture the last turn at SessionEnd")
	}
}

// per_turn keeps the older way: the model at every Stop, none at SessionEnd.
func TestPerTurnAsksAtEveryStop(t *testing.T) {
	t.Parallel()
	ws := modelWorkspace(t, modelAnswer, "per_turn = true\n")
	_, path := modelSession(t, ws)
	if code := hookEvent(t, ws, "Stop", path, nil); code != 0 {
		t.Fatal(code)
	}
	if n := strings.Count(readFile(t, filepath.Join(ws, "prompts")), "=== call"); n != 1 || !strings.Contains(logOf(t, ws), "Keep the rates in SQLite") {
		t.Errorf("%d calls; log:\n%s", n, logOf(t, ws))
	}
	modelJob(t, ws, "SessionEnd", path)
	if n := strings.Count(readFile(t, filepath.Join(ws, "prompts")), "=== call"); n != 1 {
		t.Errorf("%d calls: per_turn also asked at the session's end", n)
	}
}

// A background run removes its pending mark when it ends, whatever happened.
func TestModelJobRemovesItsMark(t *testing.T) {
	t.Parallel()
	ws := modelWorkspace(t, "exit 1", "")
	_, path := modelSession(t, ws)
	mark := "model/s1.42.job"
	file := filepath.Join(ws, "memory_sessions", "logs", ".debug", "model", "s1.42.job")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code := hookEvent(t, ws, "SessionEnd", path, map[string]string{ModelJobEnv: mark}); code != 0 {
		t.Fatal(code)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("the mark is still there: %v", err)
	}
	for _, bad := range []string{"1", "../write.lock", "model/../../x.job", "model/.job", "gate/s1.json"} {
		if jobMark(bad) != "" {
			t.Errorf("%q taken for a mark", bad)
		}
	}
}

// Gemini CLI fires an "auto" PreCompress before every model request: the extraction starts
// at a manual /compress only (and at SessionEnd); Claude Code's and Codex's PreCompact, which
// compact, start it either way.
func TestPreCompressStartsTheExtractionOnlyWhenManual(t *testing.T) {
	t.Parallel()
	self := filepath.Join(t.TempDir(), "carnet")
	if err := writeExec(self, []byte("#!/bin/sh\ncat > /dev/null\n")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		event, trigger string
		starts         bool
	}{{"PreCompress", "auto", false}, {"PreCompress", "manual", true}, {"PreCompact", "auto", true}} {
		ws := modelWorkspace(t, modelAnswer, "")
		_, path := modelSession(t, ws)
		in, _ := json.Marshal(map[string]any{"hook_event_name": c.event, "trigger": c.trigger, "session_id": "s1", "transcript_path": path, "cwd": ws})
		if code := Run(Env{Root: ws, Stdin: bytes.NewReader(in), Now: fixedNow, Self: self, Getenv: func(string) string { return "" }}); code != 0 {
			t.Fatal(code)
		}
		marks, _ := filepath.Glob(filepath.Join(ws, "memory_sessions", "logs", ".debug", "model", "*.job"))
		if started := len(marks) == 1; started != c.starts {
			t.Errorf("%s %s: started %v, want %v", c.event, c.trigger, started, c.starts)
		}
	}
}

// writeExec writes an executable with no fork under way: a parallel test's child would hold
// the file open for writing and its exec fail with "text file busy".
func writeExec(p string, data []byte) error {
	syscall.ForkLock.Lock()
	defer syscall.ForkLock.Unlock()
	return os.WriteFile(p, data, 0o755)
}
