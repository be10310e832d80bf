package capture

import (
	"fmt"
	"slices"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
)

// A subagent that runs in a subfolder of the session's folder still writes the session's
// files: each keeps its path from the folder the session started in; a file of a folder
// outside it is not the project's.
func TestSubagentFilesKeepTheSessionFolder(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Add(map[string]any{"type": "user", "cwd": "/Users/ann/demo", "message": map[string]any{"role": "user", "content": "Create a todo app"}})
	side := func(cwd string, v map[string]any) {
		v["cwd"], v["isSidechain"] = cwd, true
		b.Add(v)
	}
	side("/Users/ann/demo/app", map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": "Write the components"}})
	for i, p := range []string{"/Users/ann/demo/components/Item.tsx", "/Users/ann/demo/app/src/page.tsx", "/Users/ann/elsewhere/x.ts"} {
		id := fmt.Sprint("w", i)
		side("/Users/ann/demo/app", map[string]any{"type": "assistant", "message": map[string]any{"id": "m" + id, "role": "assistant",
			"content": []any{map[string]any{"type": "tool_use", "id": id, "name": "Write", "input": map[string]any{"file_path": p}}}}})
		side("/Users/ann/demo/app", map[string]any{"type": "user", "toolUseResult": map[string]any{"type": "create"}, "message": map[string]any{"role": "user",
			"content": []any{map[string]any{"type": "tool_result", "tool_use_id": id, "content": "File created successfully"}}}})
	}
	side("/Users/ann/demo/app", map[string]any{"type": "assistant", "message": map[string]any{"id": "m9", "role": "assistant",
		"content": []any{map[string]any{"type": "text", "text": "Components written."}}}})
	tr := read(t, b.Write(t), transcript.ReadOptions{Sidechain: true})
	tr.Root = "/tmp/replay"
	e := Heuristic{Language: "en"}.extract(tr)
	if want := []string{"Files created: components/Item.tsx, app/src/page.tsx"}; !slices.Equal(e.Work, want) {
		t.Errorf("work = %q, want %q", e.Work, want)
	}
}

// A helper script written then removed in the same turn is not one of the files created.
func TestFileWrittenThenRemovedIsNotCreated(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Pack the sources and push them")
	for _, p := range []string{"/home/dev/proj/src/App.tsx", "/home/dev/proj/pack.py"} {
		b.Use("m1", "w"+p, "Write", map[string]any{"file_path": p})
		b.Add(map[string]any{"type": "user", "toolUseResult": map[string]any{"type": "create"}, "message": map[string]any{"role": "user",
			"content": []any{map[string]any{"type": "tool_result", "tool_use_id": "w" + p, "content": "File created successfully"}}}})
	}
	bash(b, "b1", "python pack.py > packed.json", "", false)
	bash(b, "b2", "rm pack.py packed.json", "", false)
	b.Say("m2", "Pushed.")
	if e := extractEN(t, b, "/home/dev/proj"); !slices.Equal(e.Work, []string{"Files created: src/App.tsx"}) {
		t.Errorf("work = %q", e.Work)
	}
}
