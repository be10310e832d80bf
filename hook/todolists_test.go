package hook

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A TodoWrite list of a later turn replaces the session's earlier one: an item it no
// longer has is no longer open; the items it keeps or adds are; another session's list
// replaces nothing of this one's.
func TestLaterTodoListReplacesTheSessionsEarlierOne(t *testing.T) {
	ws := testWorkspace(t)
	sessions := map[string]*transcripttest.Claude{"s1": {Session: "s1"}, "s2": {Session: "s2"}}
	paths := map[string]string{}
	turn := func(session, prompt string, items ...string) {
		t.Helper()
		b := sessions[session]
		b.Prompt(prompt)
		var list []map[string]any
		for _, it := range items {
			list = append(list, map[string]any{"content": it, "status": "pending"})
		}
		b.Use("m1", "t1", "TodoWrite", map[string]any{"todos": list})
		b.Result("t1", "Todos have been modified successfully", false)
		b.Say("m2", "Planned.")
		if paths[session] == "" {
			paths[session] = b.Write(t)
		} else if err := os.WriteFile(paths[session], []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		in, _ := json.Marshal(map[string]any{"hook_event_name": "Stop", "session_id": session, "transcript_path": paths[session], "cwd": ws})
		if code := Run(Env{Root: ws, Stdin: bytes.NewReader(in), Now: fixedNow, Getenv: func(string) string { return "" }}); code != 0 {
			t.Fatalf("code %d", code)
		}
	}
	turn("s1", "Build the dashboard", "Fetch the repository data", "Draw the charts")
	turn("s2", "Plan the export", "Write the CSV export")
	turn("s1", "Change of plan: charts first, then the legend", "Draw the charts", "Add the legend")
	data, err := os.ReadFile(filepath.Join(ws, "memory_sessions", "logs", "2026-03-22.md"))
	if err != nil {
		t.Fatal(err)
	}
	log := string(data)
	open, done, _ := strings.Cut(log, "## Finalisé")
	if !strings.Contains(done, "Fetch the repository data") || strings.Contains(open, "Fetch the repository data") {
		t.Errorf("the item the new list dropped is still open:\n%s", log)
	}
	for _, still := range []string{"- Draw the charts", "- Add the legend", "- Write the CSV export"} {
		if !strings.Contains(open, still) {
			t.Errorf("%q is no longer open:\n%s", still, log)
		}
	}
}

// A next step a closing text suggests is closed by the later turn that does it (here, runs
// its command); the turn that suggested it does not close it.
func TestLaterTurnThatRunsTheSuggestedCommandClosesIt(t *testing.T) {
	ws := testWorkspace(t)
	b := &transcripttest.Claude{}
	stop := func(path string) { t.Helper(); stopHook(t, ws, path) }
	b.Prompt("go on")
	b.Use("m0", "b0", "Bash", map[string]any{"command": "node --version"})
	b.Result("b0", "v20.1.0", false)
	b.Say("m0", "Node 20.")
	path := b.Write(t)
	stop(path) // work done that closes nothing writes nothing
	if _, err := os.Stat(filepath.Join(ws, "memory_sessions", "logs", "2026-03-22.md")); err == nil {
		t.Fatal("a turn with nothing to remember wrote a log")
	}
	b.Prompt("Add the orders table")
	b.Use("m1", "b1", "Bash", map[string]any{"command": "npm run migrate:new orders"})
	b.Result("b1", "created", false)
	b.Say("m2", "Added the migration.\n\nNext steps:\n- Run `npm run migrate` to apply the schema to the local database")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	stop(path)
	log := func() string {
		data, err := os.ReadFile(filepath.Join(ws, "memory_sessions", "logs", "2026-03-22.md"))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	if open, _, _ := strings.Cut(log(), "## Finalisé"); !strings.Contains(open, "- Run `npm run migrate`") {
		t.Fatalf("the suggestion is not open:\n%s", log())
	}
	b.Prompt("go on")
	b.Use("m3", "b2", "Bash", map[string]any{"command": "npm run migrate"})
	b.Result("b2", "applied 1 migration", false)
	b.Say("m4", "The table is there.")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	stop(path)
	open, done, _ := strings.Cut(log(), "## Finalisé")
	if strings.Contains(open, "npm run migrate`") || !strings.Contains(done, "Run `npm run migrate`") {
		t.Errorf("the suggestion done later is still open:\n%s", log())
	}
}
