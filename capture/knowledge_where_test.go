package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A status list that says where the work now lives ("Dashboard: https://…", "Repo:
// github.com/…") gives the addresses a colleague needs next time, whatever its heading.
// A local or preview address, a link with words around it and a file's status are not kept.
func TestWhereTheWorkLivesIsKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("fill in the URL and push")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/NOTES.md", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "Done.\n\n**Status:**\n- Dashboard: https://team-board.example.app/\n"+
		"- **Repo:** github.com/acme/team-board\n- App: http://localhost:8501/\n"+
		"- Preview site: https://pr-12.preview.example.app/\n"+
		"- NOTES.md: updated with the URL\n- Site: see https://acme.example for the old one\n")
	e := extractEN(t, b, "/home/dev/proj")
	for _, want := range []string{"Dashboard: https://team-board.example.app/", "Repo: github.com/acme/team-board"} {
		if !slices.Contains(e.Knowledge, want) {
			t.Errorf("knowledge = %q, want %q in it", e.Knowledge, want)
		}
	}
	if len(e.Knowledge) != 2 {
		t.Errorf("knowledge = %q, want only the two addresses", e.Knowledge)
	}
}

// A repository listed under "Artifacts" is kept once.
func TestWhereTheWorkLivesOnce(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Build the admin dashboard from the design")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/src/App.tsx", "content": "x"})
	b.Result("w1", "File created successfully at: /home/dev/proj/src/App.tsx", false)
	b.Say("m2", "The dashboard is implemented.\n\n**Artifacts:**\n*   **GitHub Repo:** [acme/dash](https://github.com/acme/dash)\n")
	e := extractEN(t, b, "/home/dev/proj")
	if want := []string{"GitHub Repo: [acme/dash](https://github.com/acme/dash)"}; !slices.Equal(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q", e.Knowledge, want)
	}
}
