package transcript

import (
	"carnet/hook/transcript/transcripttest"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestStoresMemory(t *testing.T) {
	t.Parallel()
	for cmd, want := range map[string]bool{
		`carnet add --section decisions "x"`:    true,
		`carnet -p api add -s travail x`:        true,
		`/usr/local/bin/carnet done fix parser`: true,
		`cd sub && carnet done "x"`:             true,
		`carnet load`:                           false,
		`echo carnet`:                           false,
		`git add carnet.go`:                     false,
		`echo "carnet add x" >> notes.md`:       false,
		`carnet --root /w -p api done "x"`:      true,
		`bash -lc 'carnet add -s decisions x'`:  true,
		`carnet search add`:                     false,
	} {
		if got := storesMemory(&ToolUse{Name: "Bash", Command: cmd}); got != want {
			t.Errorf("storesMemory(%q) = %v", cmd, got)
		}
	}
	if !storesMemory(&ToolUse{Name: "mcp__carnet__memory_write"}) || storesMemory(&ToolUse{Name: "mcp__carnet__memory_read"}) {
		t.Error("MCP tools")
	}
}

// TestReadActivity: a Claude Code transcript's tool calls, edits and memory writes after an
// offset; a file shorter than the offset (replaced) is read from its start.
func TestReadActivity(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("fix it").Use("m1", "t1", "Read", map[string]any{"file_path": "/p/a.go"}).
		Use("m1", "t2", "Edit", map[string]any{"file_path": "/p/a.go"}).
		Use("m2", "t3", "NotebookEdit", map[string]any{"notebook_path": "/p/n.ipynb"}).
		Use("m2", "t4", "Edit", map[string]any{"file_path": "/p/a.go"})
	path := b.Write(t)
	act, size, err := ReadActivity(path, 0)
	if err != nil || act.Tools != 4 || act.Stores != 0 || !slices.Equal(act.Edits, []string{"/p/n.ipynb", "/p/a.go"}) {
		t.Fatalf("%+v %v", act, err)
	}
	if st, _ := os.Stat(path); size != st.Size() {
		t.Errorf("size %d, want %d", size, st.Size())
	}
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"type":"assistant","message":{"id":"m3","role":"assistant","content":[{"type":"tool_use","id":"t5","name":"Bash","input":{"command":"carnet add -s decisions x"}}]}}` + "\n")
	f.Close()
	if act, _, err := ReadActivity(path, size); err != nil || act.Tools != 1 || act.Stores != 1 || len(act.Edits) != 0 {
		t.Errorf("after the offset: %+v %v", act, err)
	}
	if act, _, err := ReadActivity(path, 1<<40); err != nil || act.Tools != 5 {
		t.Errorf("replaced file: %+v %v", act, err)
	}
	if _, _, err := ReadActivity(filepath.Join(t.TempDir(), "missing.jsonl"), 0); err == nil {
		t.Error("a missing transcript read")
	}
}

// A Claude Code session that changes files from its shell (a heredoc, sed -i, rm) did work
// the gate counts, as Codex's does; a file under /tmp and a read-only command are none. A
// relative path names a file of the line's own folder.
func TestReadActivityCountsShellWrites(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("fix it").
		Add(map[string]any{"type": "assistant", "cwd": "/p/web", "message": map[string]any{"id": "m1", "role": "assistant",
			"content": []any{map[string]any{"type": "tool_use", "id": "t1", "name": "Bash",
				"input": map[string]any{"command": "cat > notes.md <<'EOF'\nhi\nEOF"}}}}}).
		Use("m2", "t2", "Bash", map[string]any{"command": "sed -i 's/a/b/' /p/a.go && rm /p/old.go"}).
		Use("m3", "t3", "Bash", map[string]any{"command": "go test ./... > /tmp/out.txt; grep -n x /p/a.go"})
	act, _, err := ReadActivity(b.Write(t), 0)
	if err != nil || act.Tools != 3 || !slices.Equal(act.Edits, []string{"/p/web/notes.md", "/p/a.go", "/p/old.go"}) {
		t.Fatalf("%+v %v", act, err)
	}
}
