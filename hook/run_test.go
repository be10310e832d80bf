package hook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"carnet/hook/transcript/transcripttest"
	"carnet/llm"
	"carnet/memstore"
)

func testWorkspace(t *testing.T) string {
	t.Helper()
	ws := t.TempDir()
	if _, err := memstore.Init(ws, ""); err != nil {
		t.Fatal(err)
	}
	return ws
}

// testProject is the one project of a fresh workspace.
func testProject(t *testing.T) *memstore.Project {
	t.Helper()
	w, err := memstore.Open(testWorkspace(t))
	if err != nil {
		t.Fatal(err)
	}
	return w.Projects[0]
}

func fixedNow() time.Time { return time.Date(2026, 3, 22, 12, 0, 0, 0, time.UTC) }

// stopHook runs the hook on a Stop of session s1 over the transcript at path, in ws,
// failing the test unless it exits 0 (or blocks at the gate, which runs after the capture).
func stopHook(t *testing.T, ws, path string) {
	t.Helper()
	in, _ := json.Marshal(map[string]any{"hook_event_name": "Stop", "session_id": "s1", "transcript_path": path, "cwd": ws})
	if code := Run(Env{Root: ws, Stdin: bytes.NewReader(in), Now: fixedNow, Getenv: func(string) string { return "" }}); code != 0 && code != GateExit {
		t.Fatalf("code %d", code)
	}
}

// blockingReader never returns, like a stdin nobody closes.
type blockingReader struct{ ch chan struct{} }

func (b blockingReader) Read([]byte) (int, error) { <-b.ch; return 0, io.EOF }

func TestRunKeepsItsTimeLimit(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	// Never unblocked: the abandoned read would otherwise go on to log into the workspace
	// while the test removes it. In the real process, Run's return ends it.
	block := blockingReader{make(chan struct{})}
	var stdout bytes.Buffer
	code := Run(Env{Root: ws, Stdin: block, Stdout: &stdout, Now: fixedNow, Limit: 200 * time.Millisecond, Getenv: func(string) string { return "" }})
	if code != 0 || stdout.Len() != 0 {
		t.Errorf("code %d stdout %q", code, stdout.String())
	}
	data, _ := os.ReadFile(filepath.Join(ws, "memory_sessions", "logs", ".debug", HookLogFile))
	if !strings.Contains(string(data), "time limit reached") || strings.Count(string(data), "\n") != 1 {
		t.Errorf("hook.log = %q", data)
	}
}

func TestRunNestedDoesNothing(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	code := Run(Env{Root: ws, Stdin: strings.NewReader("garbage"), Getenv: func(k string) string {
		if k == llm.NestedEnv {
			return "1"
		}
		return ""
	}})
	if _, err := os.Stat(filepath.Join(ws, "memory_sessions", "logs", ".debug")); code != 0 || err == nil {
		t.Errorf("code %d, debug folder exists: %v", code, err == nil)
	}
}

func TestRunWithoutMemoryLayout(t *testing.T) {
	t.Parallel()
	ws := t.TempDir()
	var stderr bytes.Buffer
	in := fmt.Sprintf(`{"hook_event_name":"Stop","transcript_path":"x","cwd":%q}`, ws)
	code := Run(Env{Root: ws, Stdin: strings.NewReader(in), Stderr: &stderr, Getenv: func(string) string { return "" }})
	if code != 0 || !strings.Contains(stderr.String(), "run carnet init") {
		t.Errorf("code %d stderr %q", code, stderr.String())
	}
	if ents, _ := os.ReadDir(ws); len(ents) != 0 {
		t.Errorf("the hook created files in a workspace without memory: %v", ents)
	}
}

// A carnet.toml broken by hand turns memory off; at SessionStart the agent is told why, so
// that the user hears of it. The other events stay silent.
func TestSessionStartTellsWhyMemoryIsOff(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	if err := os.WriteFile(filepath.Join(ws, memstore.ConfigFile), []byte("[hook]\ngate = \"yes\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, event := range []string{EventSessionStart, EventStop} {
		var stdout bytes.Buffer
		in := fmt.Sprintf(`{"hook_event_name":%q,"transcript_path":"x","cwd":%q}`, event, ws)
		code := Run(Env{Root: ws, Stdin: strings.NewReader(in), Stdout: &stdout, Now: fixedNow, Getenv: func(string) string { return "" }})
		if code != 0 {
			t.Fatalf("%s: exit %d", event, code)
		}
		if event == EventStop {
			if stdout.Len() != 0 {
				t.Errorf("Stop printed %q", stdout.String())
			}
			continue
		}
		var out struct {
			HookSpecificOutput struct {
				HookEventName     string `json:"hookEventName"`
				AdditionalContext string `json:"additionalContext"`
			} `json:"hookSpecificOutput"`
		}
		if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
			t.Fatalf("SessionStart output %q: %v", stdout.String(), err)
		}
		if c := out.HookSpecificOutput.AdditionalContext; out.HookSpecificOutput.HookEventName != EventSessionStart ||
			!strings.Contains(c, "carnet.toml:2: hook.gate: want true or false") || !strings.Contains(c, "tell the user") {
			t.Errorf("SessionStart context %q", c)
		}
	}
}

func TestComposeLoadRespectsSessionStartLimit(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	w, _ := memstore.Open(ws)
	p := w.Projects[0]
	var sb strings.Builder
	sb.WriteString("# Log session — 2026-03-22\n\n## Connaissances acquises\n")
	for i := range 400 {
		fmt.Fprintf(&sb, "- Fait numéro %d : une phrase accentuée, élégante et assez longue pour peser.\n", i)
	}
	sb.WriteString("\n## À suivre\n- Le point ouvert qui compte\n")
	os.WriteFile(p.WS.Abs(p.LogPath("2026-03-22")), []byte(sb.String()), 0o644)
	l, err := ComposeLoad(p, fixedNow(), 1_000_000, sessionStartChars)
	if err != nil {
		t.Fatal(err)
	}
	if n := utf8.RuneCountInString(l.Text); n > SessionStartMax || !strings.Contains(l.Text, "Le point ouvert qui compte") {
		t.Errorf("%d characters; open item kept: %v", n, strings.Contains(l.Text, "Le point ouvert"))
	}
	// The oversized section is trimmed bullet by bullet, its oldest first.
	if strings.Contains(l.Text, "Fait numéro 0 ") {
		t.Error("a section larger than the limit was cut in")
	}
	if !strings.Contains(l.Explain(), "left out") {
		t.Errorf("explain: %s", l.Explain())
	}
}

func TestSessionStartOutputIsJSON(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	w, _ := memstore.Open(ws)
	os.WriteFile(w.Abs(w.Projects[0].LogPath("2026-03-22")), []byte("# Log session — 2026-03-22\n\n## Objectif\n- Tester <html> & \"quotes\"\n"), 0o644)
	var stdout bytes.Buffer
	in := fmt.Sprintf(`{"hook_event_name":"SessionStart","source":"startup","cwd":%q}`, ws)
	if code := Run(Env{Root: ws, Stdin: strings.NewReader(in), Stdout: &stdout, Now: fixedNow, Getenv: func(string) string { return "" }}); code != 0 {
		t.Fatal(code)
	}
	var out struct {
		H struct {
			Event string `json:"hookEventName"`
			Ctx   string `json:"additionalContext"`
		} `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil || out.H.Event != "SessionStart" || !strings.Contains(out.H.Ctx, `Tester <html> & "quotes"`) {
		t.Errorf("%v %q", err, stdout.String())
	}
}

func TestLogLineIsOneLine(t *testing.T) {
	t.Parallel()
	if l := logLine(fixedNow(), "", "", "two\nlines\x00 and \xff"); strings.Count(string(l), "\n") != 1 || !utf8.Valid(l) {
		t.Errorf("logLine = %q", l)
	}
}

// turnsLog captures the transcript b holds with a Stop, then, for each of more (which adds
// a turn to b), writes the transcript again and captures again; it returns the day's log.
func turnsLog(t *testing.T, ws string, b *transcripttest.Claude, more ...func()) string {
	t.Helper()
	path := b.Write(t)
	stopHook(t, ws, path)
	for _, add := range more {
		add()
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		stopHook(t, ws, path)
	}
	data, err := os.ReadFile(filepath.Join(ws, "memory_sessions", "logs", "2026-03-22.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// A carnet.toml that does not load stops the capture, and the hook says why in the log of
// the memory folder it would have written to, not only on stderr, which an agent does not
// show for a hook that exits 0; no memory is written.
func TestBadConfigIsLoggedWhereTheMemoryIs(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	cfg := filepath.Join(ws, "carnet.toml")
	os.WriteFile(cfg, []byte("[hook]\ngate = true\nlanguage = \"en\"\n"), 0o644) // language under [hook]: unknown there
	b := &transcripttest.Claude{}
	b.Prompt("Add a footer")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": filepath.Join(ws, "footer.html")})
	b.Result("e1", "ok", false)
	b.Say("m2", "Added.")
	var stderr bytes.Buffer
	in, _ := json.Marshal(map[string]any{"hook_event_name": "Stop", "session_id": "s1", "transcript_path": b.Write(t), "cwd": ws})
	if code := Run(Env{Root: ws, Stdin: bytes.NewReader(in), Stderr: &stderr, Now: fixedNow, Getenv: func(string) string { return "" }}); code != 0 {
		t.Fatalf("code %d", code)
	}
	data, err := os.ReadFile(filepath.Join(ws, "memory_sessions", "logs", ".debug", HookLogFile))
	if err != nil || !strings.Contains(string(data), "carnet.toml:3") || stderr.Len() != 0 {
		t.Errorf("hook.log %q (%v), stderr %q", data, err, stderr.String())
	}
	if log := readLog(t, ws); log != "" {
		t.Errorf("a log written with a carnet.toml that does not load:\n%s", log)
	}
}
