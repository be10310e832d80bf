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
