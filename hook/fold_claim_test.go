package hook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A write-up that lists again, in fewer words, a change an earlier turn of the day reported
// (same lines of the same file) leaves one work bullet, the more complete; the change of
// other lines stays.
func TestRestatedWorkFolds(t *testing.T) {
	ws := testWorkspace(t)
	b := &transcripttest.Claude{}
	b.Prompt("Add the retry settings to the schema")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": filepath.Join(ws, "api/schema.ts"), "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	full := "Added 3 retry fields to `api/schema.ts` in the `jobs.settings` validator (lines 120-123)"
	b.Say("m2", "## Report\n\n**Changes made:**\n- "+full+"\n")
	other := "Added 3 retry fields to `settingsSchema` validator (lines 40-43)"
	log := turnsLog(t, ws, b, func() {
		b.Prompt("Saving still fails with a validation error")
		b.Use("m3", "e2", "Edit", map[string]any{"file_path": filepath.Join(ws, "api/jobs.ts"), "old_string": "a", "new_string": "b"})
		b.Result("e2", "ok", false)
		b.Say("m4", "### Changes Made\n\n**File 1: `api/schema.ts`**\n- Added 3 retry fields to the jobs schema (lines 120-123)\n\n**File 2: `api/jobs.ts`**\n- "+other+"\n")
	})
	if strings.Count(log, "(lines 120-123)") != 1 || !strings.Contains(log, "- "+full+"\n") || !strings.Contains(log, "- "+other+"\n") {
		t.Errorf("want the change of lines 120-123 once, in full, and the other change:\n%s", log)
	}
}

// A caveat the agent notes again in each turn's write-up, in other words about the same
// export, is one fact of the day: the most complete.
func TestRestatedNoteFolds(t *testing.T) {
	ws := testWorkspace(t)
	notes := []string{
		"Note: For complete replies, ensure `glab` CLI is available so `merge-requests.json` can be generated; otherwise replies may be empty because events.json contains only user comments.",
		"Note: if the Glab CLI export fails and only `events.json` is available, the file will contain only user comments because bot replies aren't stored there.",
		"Note: Your checkout lacks bot replies because the `glab` CLI export isn't returning them.",
	}
	b := &transcripttest.Claude{}
	path := ""
	for i, n := range notes {
		b.Prompt("Export the review threads, take " + string(rune('1'+i)))
		b.Use("m1", "e"+string(rune('1'+i)), "Edit", map[string]any{"file_path": filepath.Join(ws, "export.py"), "old_string": "a", "new_string": "b"})
		b.Result("e"+string(rune('1'+i)), "ok", false)
		b.Say("m2", "Updated the export script.\n\n"+n)
		if path == "" {
			path = b.Write(t)
		} else if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		stopHook(t, ws, path)
	}
	data, err := os.ReadFile(filepath.Join(ws, "memory_sessions", "logs", "2026-03-22.md"))
	if err != nil {
		t.Fatal(err)
	}
	log := string(data)
	if strings.Count(log, "- Note: ") != 1 || !strings.Contains(log, "- "+notes[1]+"\n") {
		t.Errorf("want one note, the second:\n%s", log)
	}
}
