package hook

import (
	"carnet/capture"
	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// gateAt is a check of session s at minute m of session time (wall clock m minutes later too).
func gateAt(s, tr string, m int) gateCheck {
	t0 := time.Date(2026, 3, 22, 9, 0, 0, 0, time.UTC)
	at := t0.Add(time.Duration(m) * time.Minute)
	return gateCheck{Session: s, Transcript: tr, Fix: transcript.NewPathFixer("/repo"), Every: 20 * time.Minute, Now: at, SessionTime: at}
}

// The window: substantial work (three files, or a commit with an edit) that recorded
// nothing blocks once; the agent's answer, a small edit, a record and the time since the
// last block each let the stop pass.
func TestCheckGateWindow(t *testing.T) {
	t.Parallel()
	p := testProject(t)
	tr := filepath.Join(t.TempDir(), "rollout.jsonl")
	r := &transcripttest.Rollout{}
	step := func(m int, why string, mod func(*gateCheck)) GateResult {
		t.Helper()
		r.Write(t, tr)
		c := gateAt("s1", tr, m)
		if mod != nil {
			mod(&c)
		}
		res, err := checkGate(p, c)
		if err != nil {
			t.Fatal(err)
		}
		if why == "block" {
			if !res.Block {
				t.Fatalf("minute %d: passed (%s), want a block", m, res.Why)
			}
		} else if res.Block || res.Why != why {
			t.Fatalf("minute %d: block=%v why=%q, want %q", m, res.Block, res.Why, why)
		}
		return res
	}
	r.Shell("ls").Patch("/repo/pkg/a.go")
	step(1, "no substantial work", nil)
	r.Patch("/repo/pkg/b.go").Shell("go test ./...").Patch("/repo/pkg/a.go")
	step(2, "no substantial work", nil) // two distinct files
	r.Patch("/repo/pkg/c.go")
	res := step(3, "block", nil)
	if !reflect.DeepEqual(res.Edits, []string{"pkg/a.go", "pkg/b.go", "pkg/c.go"}) || !strings.Contains(res.Message, "pkg/a.go, pkg/b.go, pkg/c.go") {
		t.Fatalf("%+v", res)
	}
	// The agent's answer (stop_hook_active), then Gemini's retry (the prompt is the message).
	r.Patch("/repo/pkg/d.go", "/repo/pkg/e.go", "/repo/pkg/f.go")
	step(4, "the agent's answer to a block", func(c *gateCheck) { c.Answer = true })
	step(5, "blocked less than gate_every ago", nil)
	r.Patch("/repo/pkg/g.go")
	step(6, "the agent's answer to a block", func(c *gateCheck) { c.Prompt = res.Message })
	// Still within gate_every of the block: no second block, however much work.
	step(15, "blocked less than gate_every ago", nil)
	// gate_every later, the window (everything since the block) blocks again.
	r.Shell("true")
	res = step(24, "block", nil)
	if len(res.Edits) != 4 {
		t.Fatalf("the window since the last block: %v", res.Edits)
	}
	// A record opens a new window: a small edit after it passes, a commit with an edit blocks.
	r.Shell(`carnet add -s decisions "Keep a.go small, because it is read at startup"`)
	step(50, "recorded", nil)
	r.Patch("/repo/pkg/h.go")
	step(51, "no substantial work", nil)
	r.Shell("git commit -qam 'pkg: h'")
	res = step(75, "block", nil)
	if !reflect.DeepEqual(res.Edits, []string{"pkg/h.go"}) {
		t.Fatalf("commit window: %v", res.Edits)
	}
	step(76, "the agent's answer to a block", func(c *gateCheck) { c.Answer = true })
	// An interrupted turn never blocks; `carnet add --nothing` (the mark) counts as a record.
	r.Patch("/repo/x.go", "/repo/y.go", "/repo/z.go")
	step(100, "interrupted", func(c *gateCheck) { c.Interrupted = true })
	if err := p.MarkRecorded(gateAt("", "", 101).Now); err != nil {
		t.Fatal(err)
	}
	step(102, "recorded", nil)
	// No transcript: nothing to judge.
	if res, err := checkGate(p, gateAt("s2", "", 0)); err != nil || res.Block {
		t.Fatalf("no transcript: %+v %v", res, err)
	}
}

// Memory writes through the MCP tools count under every agent's naming of them.
func TestCheckGateMCPNames(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"carnet__memory_add", "mcp__carnet__memory_done"} {
		p := testProject(t)
		tr := filepath.Join(t.TempDir(), "rollout.jsonl")
		r := &transcripttest.Rollout{}
		r.Patch("/repo/a.go", "/repo/b.go", "/repo/c.go").Call(name, "")
		r.Write(t, tr)
		if res, _ := checkGate(p, gateAt("s", tr, 0)); res.Block || res.Why != "recorded" {
			t.Errorf("%s: %+v", name, res)
		}
	}
	b := &transcripttest.Claude{}
	b.Prompt("Split the parser")
	for i, f := range []string{"a.go", "b.go", "c.go"} {
		b.Use("m1", "w"+string(rune('0'+i)), "Edit", map[string]any{"file_path": "/repo/" + f})
	}
	b.Use("m2", "n1", "mcp__carnet__memory_add", map[string]any{"section": "decisions", "bullets": []string{"x"}})
	if res, _ := checkGate(testProject(t), gateAt("s", b.Write(t), 0)); res.Block || res.Why != "recorded" {
		t.Errorf("Claude Code's mcp__carnet__memory_add: %+v", res)
	}
}

// The message is short (≤ 600 characters, whatever the files and the project), in the
// memory's language, names the files and gives the command for "nothing worth keeping".
func TestGateMessageSize(t *testing.T) {
	t.Parallel()
	var many []string
	for i := range 40 {
		many = append(many, "internal/some/rather/long/package/path/file_number_"+string(rune('a'+i%26))+".go")
	}
	for _, lang := range []string{"en", "fr"} {
		for _, files := range [][]string{{"a.go"}, many} {
			for _, project := range []string{"", "billing-service", strings.Repeat("p", 40)} {
				msg := gateMessage(lang, files, project)
				if n := utf8.RuneCountInString(msg); n > gateMessageMax {
					t.Errorf("%s, %d files, project %q: %d characters:\n%s", lang, len(files), project, n, msg)
				}
				if len(project) < 40 && !strings.Contains(msg, path.Dir(files[0])) || !strings.Contains(msg, transcript.GateMark) || !transcript.IsGatePrompt(msg) {
					t.Errorf("%s: %s", lang, msg)
				}
				if project == "billing-service" && !strings.Contains(msg, "carnet add -p "+project+" -s decisions") ||
					project != "" && !strings.Contains(msg, "-p "+project) {
					t.Errorf("%s: no -p: %s", lang, msg)
				}
			}
		}
	}
	if fr := gateMessage("fr", []string{"a.go"}, ""); !strings.Contains(fr, "décision, et pourquoi") || !strings.Contains(fr, "-s a_suivre") {
		t.Errorf("French: %s", fr)
	}
	if got := gateFiles(many[:3], gateFilesMax); got != strings.Join(many[:3], ", ") && !strings.HasPrefix(got, "3 files: internal/some/rather/long/package/path/ (3)") {
		t.Errorf("grouped: %s", got)
	}
	if got := gateFiles([]string{"a/x.go", "b/y.go", "a/z.go"}, gateFilesMax); got != "a/x.go, b/y.go, a/z.go" {
		t.Errorf("short list: %s", got)
	}
	if en := gateMessage("en", []string{"a.go"}, ""); !strings.Contains(en, "decision, and why") || !strings.Contains(en, "carnet done") {
		t.Errorf("English: %s", en)
	}
}

// The gate's and the task record's state files live in the debug folder, which a clone can
// bring as a link (it is not the user's): a planted link is refused, nothing is written
// where it points, and the hook goes on.
func TestHookStateRefusesPlantedLinks(t *testing.T) {
	t.Parallel()
	p := testProject(t)
	if err := p.MakeDebugDir(); err != nil {
		t.Fatal(err)
	}
	elsewhere := t.TempDir()
	for _, dir := range []string{"gate", "sessions"} {
		if err := os.Symlink(elsewhere, p.WS.Abs(path.Join(p.DebugDir(), dir))); err != nil {
			t.Fatal(err)
		}
	}
	tr := filepath.Join(t.TempDir(), "rollout.jsonl")
	r := &transcripttest.Rollout{}
	r.Shell("ls").Patch("/repo/pkg/a.go").Shell("go test ./...")
	r.Write(t, tr)
	if _, err := checkGate(p, gateAt("s1", tr, 0)); err == nil {
		t.Error("the gate wrote its state through a link")
	}
	if err := p.WriteState(sessionPath("s1"), (&capture.Session{Next: []string{"Fetch the data"}}).Bytes()); err == nil {
		t.Error("the session state was written through a link")
	}
	if err := p.MarkRecorded(time.Now()); err == nil {
		t.Error("the record mark was written through a link")
	}
	if ents, _ := os.ReadDir(elsewhere); len(ents) != 0 {
		t.Errorf("written where the link points: %v", ents)
	}
}
