package memimport

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"carnet/promote"
)

var testNow = time.Date(2026, 3, 22, 15, 0, 0, 0, time.UTC)

// Fixture lays out, from testdata (files written in each tool's format for these tests), a
// workspace named shop with CLAUDE.md and AGENTS.md, a home with Claude Code's auto memory of
// the workspace where Claude Code puts it and Codex's memories, and an engram export.
type Fixture struct {
	Root, Home, Engram string
}

// NewFixture builds it under dir.
func NewFixture(t testing.TB, dir string) Fixture {
	t.Helper()
	f := Fixture{Root: filepath.Join(dir, "shop"), Home: filepath.Join(dir, "home")}
	copyInto(t, "testdata/workspace", f.Root, "")
	copyInto(t, "testdata/claude/memory", filepath.Join(f.Home, ".claude", "projects", ClaudeProjectKey(f.Root), "memory"), "")
	copyInto(t, "testdata/codex", filepath.Join(f.Home, ".codex", "memories"), f.Root)
	f.Engram = filepath.Join(dir, "engram-export.json")
	data, err := os.ReadFile("testdata/engram-export.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f.Engram, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// copyInto copies the files of src into dst, $ROOT replaced by root.
func copyInto(t testing.TB, src, dst, root string) {
	t.Helper()
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		data = []byte(strings.ReplaceAll(string(data), "$ROOT", root))
		if err := os.WriteFile(filepath.Join(dst, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func readAll(t *testing.T, o Options) map[string]Read {
	t.Helper()
	reads, err := ReadAll(o)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]Read{}
	for _, r := range reads {
		m[r.Source] = r
	}
	return m
}

func texts(items []promote.ImportItem, dest string) []string {
	var out []string
	for _, it := range items {
		if it.Dest == dest {
			out = append(out, it.Text)
		}
	}
	return out
}

func TestReadClaude(t *testing.T) {
	t.Parallel()
	f := NewFixture(t, t.TempDir())
	r := readAll(t, Options{Root: f.Root, Home: f.Home, Now: testNow, Only: []string{SourceClaude}})[SourceClaude]
	facts := texts(r.Items, promote.ToLongMemory)
	want := []string{
		"Integration tests run against the Postgres started by `make db`; a mocked database hid a broken migration in March. <!-- agent:claude -->",
		"The staging deploy takes about four minutes because it rebuilds the images. <!-- agent:claude -->",
	}
	if !slices.Equal(facts, want) {
		t.Fatalf("facts:\n%q\nwant\n%q", facts, want)
	}
	var notes []*promote.ImportNote
	for _, it := range r.Items {
		if it.Dest == promote.ToNote {
			notes = append(notes, it.Note)
		}
	}
	if len(notes) != 2 || notes[0].Slug != "release-train" || notes[1].Slug != "who-i-work-with" {
		t.Fatalf("notes: %+v", notes)
	}
	if notes[0].Input.Sensitive != nil || !strings.Contains(*notes[0].Input.Body, "3. The tag is pushed") || !slices.Equal(notes[0].Input.Tags, []string{"claude-code", "project"}) {
		t.Fatalf("the project memory's note: %+v", notes[0].Input)
	}
	if s := notes[1].Input.Sensitive; s == nil || !*s {
		t.Fatal("a user memory is not a sensitive note")
	}
	if len(r.Left) != 1 || !strings.Contains(r.Left[0], "3 pointers") {
		t.Fatalf("left: %q", r.Left)
	}
	// not there: said, not an error, unless asked for
	reads := readAll(t, Options{Root: f.Root, Home: t.TempDir(), Now: testNow})
	if !strings.Contains(reads[SourceClaude].Missing, "no auto memory of Claude Code") {
		t.Fatalf("missing: %+v", reads[SourceClaude])
	}
	if _, err := ReadAll(Options{Root: f.Root, Home: t.TempDir(), Only: []string{SourceClaude}}); err == nil {
		t.Fatal("--only claude without its memory is not an error")
	}
}

func TestReadInstructionsKeepsFactsOnly(t *testing.T) {
	t.Parallel()
	f := NewFixture(t, t.TempDir())
	r := readAll(t, Options{Root: f.Root, Home: f.Home, Now: testNow, Only: []string{SourceInstructions}})[SourceInstructions]
	got := texts(r.Items, promote.ToLongMemory)
	want := []string{
		"The API is a Go service in `cmd/api`; the storefront is a React app in `web/`.",
		"Orders go through a Kafka topic, `orders.v2`, before they reach billing.",
		"The image service times out on files over 20 MB.",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("facts:\n%q\nwant\n%q", got, want)
	}
	if r.Where != "CLAUDE.md, AGENTS.md" || len(r.Left) != 2 {
		t.Fatalf("where %q, left %q", r.Where, r.Left)
	}
}

func TestReadCodexThisWorkspaceOnly(t *testing.T) {
	t.Parallel()
	f := NewFixture(t, t.TempDir())
	r := readAll(t, Options{Root: f.Root, Home: f.Home, Now: testNow, Only: []string{SourceCodex}})[SourceCodex]
	got := texts(r.Items, promote.ToLongMemory)
	want := []string{
		`when a test is flaky, the user asked: "find the race, do not add a retry" -> fix the cause, never add retries <!-- agent:codex -->`,
		"The checkout test waits for the `cart-ready` event; the race was a missing await in `useCart`. <!-- agent:codex -->",
		"Raising the Playwright timeout hid the race for a day -> look for an unawaited promise first <!-- agent:codex -->",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("facts:\n%q\nwant\n%q", got, want)
	}
	if len(r.Left) != 1 || !strings.Contains(r.Left[0], "1 task group of other folders") {
		t.Fatalf("left: %q", r.Left)
	}
}

func TestReadEngram(t *testing.T) {
	t.Parallel()
	f := NewFixture(t, t.TempDir())
	r := readAll(t, Options{Root: f.Root, Home: f.Home, Now: testNow, Engram: f.Engram, Only: []string{SourceEngram}})[SourceEngram]
	if len(r.Items) != 3 {
		t.Fatalf("items: %+v", r.Items)
	}
	dec := r.Items[0]
	if dec.Dest != promote.ToToday || dec.Key != "decisions" || dec.Text != "Orders are idempotent by their cart id" ||
		!slices.Equal(dec.Body, []string{"  **What**: the order endpoint dedups on cart id", "  **Why**: double clicks made two orders", "  (engram #1, decision, 2026-03-01)"}) {
		t.Fatalf("the decision: %+v", dec)
	}
	if fix := r.Items[1]; fix.Key != "connaissances" || !slices.Equal(fix.Body, []string{"  (engram #2, bugfix, 2026-03-02)"}) {
		t.Fatalf("the bugfix (content = title): %+v", fix)
	}
	left := strings.Join(r.Left, "\n")
	for _, w := range []string{"1 observation deleted", "1 observation of other projects", "1 observation personal", "1 observation session summaries and activity records", "2 sessions and prompts"} {
		if !strings.Contains(left, w) {
			t.Errorf("left lacks %q:\n%s", w, left)
		}
	}
	bad := filepath.Join(t.TempDir(), "x.json")
	if err := os.WriteFile(bad, []byte(`{"a": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadAll(Options{Root: f.Root, Engram: bad, Only: []string{SourceEngram}}); err == nil || !strings.Contains(err.Error(), "not an engram export") {
		t.Fatalf("a JSON that is no export: %v", err)
	}
}
