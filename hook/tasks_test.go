package hook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A task created in one turn and completed by number in a later turn is ticked: the hook
// remembers, per session, the subject of each task number TaskCreate gave.
func TestTaskUpdateOfAnEarlierTurnClosesItsTodo(t *testing.T) {
	ws := testWorkspace(t)
	b := &transcripttest.Claude{}
	b.Prompt("Build the dashboard")
	for i, s := range []string{"Fetch the repository data", "Deploy the dashboard"} {
		id := fmt.Sprint("tc", i)
		b.Use("m1", id, "TaskCreate", map[string]any{"subject": s, "description": "long text", "activeForm": "doing"})
		b.Result(id, fmt.Sprintf("Task #%d created successfully: %s", i+1, s), false)
	}
	b.Say("m2", "Tasks set up.")
	path := b.Write(t)
	stop := func(session string) {
		t.Helper()
		in, _ := json.Marshal(map[string]any{"hook_event_name": "Stop", "session_id": session, "transcript_path": path, "cwd": ws})
		if code := Run(Env{Root: ws, Stdin: bytes.NewReader(in), Now: fixedNow, Getenv: func(string) string { return "" }}); code != 0 {
			t.Fatalf("code %d", code)
		}
	}
	stop("s1")
	b.Prompt("go on")
	b.Use("m3", "tu1", "TaskUpdate", map[string]any{"taskId": "1", "status": "completed"})
	b.Result("tu1", "Updated task #1 status", false)
	b.Say("m4", "Data fetched.")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	stop("s1")
	data, err := os.ReadFile(filepath.Join(ws, "memory_sessions", "logs", "2026-03-22.md"))
	if err != nil {
		t.Fatal(err)
	}
	log := string(data)
	open, done, _ := strings.Cut(log, "## Finalisé")
	if !strings.Contains(done, "Fetch the repository data") || strings.Contains(open, "- Fetch the repository data") {
		t.Errorf("task 1 not ticked:\n%s", log)
	}
	if !strings.Contains(open, "- Deploy the dashboard") {
		t.Errorf("task 2 no longer open:\n%s", log)
	}
}

// Task numbers are per session: another session's "#1" is not this one's.
func TestTaskNumbersArePerSession(t *testing.T) {
	t.Parallel()
	dir := testProject(t)
	tasks := sessionTasks{"1": "Fetch the data"}
	if err := tasks.save(dir, "s1"); err != nil {
		t.Fatal(err)
	}
	if got := loadSessionTasks(dir, "s1"); got["1"] != "Fetch the data" {
		t.Errorf("s1 = %v", got)
	}
	if got := loadSessionTasks(dir, "s2"); len(got) != 0 {
		t.Errorf("s2 = %v, want none", got)
	}
}
