package hook

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// The files a day's turns create and change are one "Fichiers créés" and one "Fichiers
// modifiés" bullet, in first-seen order, however many turns and bullets a turn needed; a
// file created then changed the same day is listed as created only.
func TestDayFilesMergeAcrossTurns(t *testing.T) {
	ws := testWorkspace(t)
	b := &transcripttest.Claude{}
	b.Prompt("Add the piece images")
	var pieces []string
	for i := range 14 {
		f := fmt.Sprintf("assets/pieces/piece%02d.svg", i)
		pieces = append(pieces, f)
		b.Use("m1", fmt.Sprintf("w%d", i), "Write", map[string]any{"file_path": filepath.Join(ws, f), "content": "<svg/>"})
		created(b, fmt.Sprintf("w%d", i))
	}
	b.Say("m2", "The pieces are in assets/pieces.")
	log := turnsLog(t, ws, b, func() {
		b.Prompt("Use them on the board")
		b.Use("m3", "w20", "Write", map[string]any{"file_path": filepath.Join(ws, "board.js"), "content": "draw()"})
		created(b, "w20")
		b.Use("m3", "e1", "Edit", map[string]any{"file_path": filepath.Join(ws, pieces[0]), "old_string": "<svg/>", "new_string": "<svg></svg>"})
		b.Result("e1", "ok", false)
		b.Use("m3", "e2", "Edit", map[string]any{"file_path": filepath.Join(ws, "index.html"), "old_string": "a", "new_string": "b"})
		b.Result("e2", "ok", false)
		b.Say("m4", "The board draws the pieces.")
	})
	created := "- Fichiers créés : " + strings.Join(pieces, ", ") + ", board.js\n"
	if !strings.Contains(log, created) || strings.Count(log, "Fichiers créés") != 1 {
		t.Errorf("want one created list %q:\n%s", created, log)
	}
	if !strings.Contains(log, "- Fichiers modifiés : index.html\n") || strings.Count(log, "Fichiers modifiés") != 1 {
		t.Errorf("want one changed list with index.html alone:\n%s", log)
	}
}

// created appends the result of Write call id that created its file.
func created(b *transcripttest.Claude, id string) {
	b.Add(map[string]any{"type": "user", "toolUseResult": map[string]any{"type": "create"},
		"message": map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result",
			"tool_use_id": id, "content": "File created successfully", "is_error": false}}}})
}
