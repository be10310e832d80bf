package capture

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"carnet/hook/transcript"
	"carnet/memstore"
)

func applyWorkspace(t *testing.T, log string) *memstore.Project {
	t.Helper()
	root := t.TempDir()
	if _, err := memstore.Init(root, ""); err != nil {
		t.Fatal(err)
	}
	if log != "" {
		os.WriteFile(filepath.Join(root, "memory_sessions", "logs", "2026-03-22.md"), []byte(log), 0o644)
	}
	w, err := memstore.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	return w.Projects[0]
}

var day = time.Date(2026, 3, 22, 12, 0, 0, 0, time.UTC)

func apply(t *testing.T, p *memstore.Project, r Result) (Changes, string) {
	t.Helper()
	var ch Changes
	if _, err := p.Write(memstore.Change{Writer: "hook", Now: day}, func(tx *memstore.Tx) error {
		var err error
		ch, err = Apply(tx, r, &memstore.MergeResult{})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(p.WS.Abs(p.LogPath("2026-03-22")))
	return ch, string(data)
}

// The agent's note wins over capture's guess of the same subject: capture's bullet of an
// earlier turn goes, this turn's is not written; a person's bullet stays whatever it says.
func TestApplyYieldsToTheAgent(t *testing.T) {
	t.Parallel()
	p := applyWorkspace(t, "")
	var r Result
	r.Decisions = []string{"Stream the CSV rows one by one instead of loading the whole file"}
	if _, log := apply(t, p, r); !strings.Contains(log, "Stream the CSV rows") {
		t.Fatalf("capture's decision not written:\n%s", log)
	}
	if _, err := p.Merge(memstore.Extraction{Decisions: []string{"Stream the CSV rows: files reach 2 GB"}}, memstore.Change{Writer: "mcp:claude", Now: day}); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Merge(memstore.Extraction{Decisions: []string{"Stream the CSV rows, as the person says"}}, memstore.Change{Writer: "cli", Now: day}); err != nil {
		t.Fatal(err)
	}
	r.Decisions = []string{"Streaming the CSV rows instead of loading the file"}
	ch, log := apply(t, p, r)
	if strings.Contains(log, "one by one") || strings.Contains(log, "Streaming the CSV") || len(ch.Removed) != 1 {
		t.Errorf("capture's guesses stay beside the agent's note (%+v):\n%s", ch, log)
	}
	if !strings.Contains(log, "Stream the CSV rows: files reach 2 GB <!-- agent:claude -->") || !strings.Contains(log, "as the person says") {
		t.Errorf("the agent's or the person's bullet changed:\n%s", log)
	}
}

// The day's file lists take each turn's new files, in one list per kind, capture's own only.
func TestApplyFoldsFileLists(t *testing.T) {
	t.Parallel()
	p := applyWorkspace(t, "")
	var r Result
	r.Work = []string{"Files created: a.go", "Files changed: b.go"}
	apply(t, p, r)
	r.Work = []string{"Files created: c.go", "Files changed: a.go, d.go"}
	_, log := apply(t, p, r)
	if !strings.Contains(log, "- Files created: a.go, c.go\n- Files changed: b.go, d.go\n") {
		t.Errorf("file lists:\n%s", log)
	}
}

// Items dropped and failures fixed change only capture's own bullets.
func TestApplyDropsAndFixesOnlyItsOwn(t *testing.T) {
	t.Parallel()
	p := applyWorkspace(t, "# Log session — 2026-03-22\n\n## Problèmes rencontrés\n- `make` failed: no rule\n\n## À suivre\n- Deploy to staging\n")
	var r Result
	r.Next = []string{"Write the rows"}
	r.Problems = []string{"`go test` failed: boom"}
	apply(t, p, r)
	r = Result{Drop: []string{"Write the rows", "Deploy to staging"}, Fixed: []string{"`go test` failed: boom", "`make` failed: no rule"}}
	_, log := apply(t, p, r)
	if strings.Contains(log, "Write the rows") || !strings.Contains(log, "- Deploy to staging\n") {
		t.Errorf("drop:\n%s", log)
	}
	if !strings.Contains(log, "- fixed: `go test` failed: boom\n") || !strings.Contains(log, "- `make` failed: no rule\n") {
		t.Errorf("fixed:\n%s", log)
	}
}

// A file the shell wrote is one of the turn's files; a file removed later leaves the day's
// lists.
func TestApplyFilesWrittenAndRemoved(t *testing.T) {
	t.Parallel()
	p := applyWorkspace(t, "")
	apply(t, p, Capture(turn("split the app", "Done.", &transcript.ToolUse{Name: "Write", FilePath: "/repo/app.js", Created: true, HasResult: true},
		bash("1", "cat > src/ui.js <<'EOF'\nexport {}\nEOF", "", false)), &Session{}, "en"))
	_, log := apply(t, p, Capture(turn("remove the old app", "Done.", bash("2", "git rm app.js", "rm 'app.js'", false)), &Session{}, "en"))
	if strings.Contains(log, "app.js,") || strings.Contains(log, ": app.js") || !strings.Contains(log, "- Files changed: src/ui.js\n") {
		t.Errorf("file lists:\n%s", log)
	}
	// removed, then written anew in the same turn: it is there
	r := Capture(turn("regenerate the config", "Done.", bash("3", "rm -f config.yml", "", false),
		&transcript.ToolUse{Name: "Write", FilePath: "/repo/config.yml", Created: true, HasResult: true}), &Session{}, "en")
	if len(r.RemovedFiles) != 0 {
		t.Errorf("removed then written: removed %q", r.RemovedFiles)
	}
}

// A failure fixed later is marked in the wording's language: a reported error of an English
// log is "fixed:", a French failure "corrigé :".
func TestApplyMarksFixedInItsLanguage(t *testing.T) {
	t.Parallel()
	p := applyWorkspace(t, "")
	var r Result
	r.Problems = []string{"Error reported: ArgumentValidationError: extra field", "Échec de `make` : no rule", "Erreur signalée : ça plante",
		"`npm test` failed: 2 failing"}
	apply(t, p, r)
	_, log := apply(t, p, Result{Fixed: r.Problems})
	for _, want := range []string{"- fixed: Error reported: ArgumentValidationError", "- corrigé : Échec de `make`", "- corrigé : Erreur signalée",
		"- fixed: `npm test` failed: 2 failing"} {
		if !strings.Contains(log, want) {
			t.Errorf("want %q in:\n%s", want, log)
		}
	}
	// the same failure again, fixed again: said once
	apply(t, p, Result{Extraction: memstore.Extraction{Problems: r.Problems[3:]}})
	ch, log := apply(t, p, Result{Fixed: r.Problems[3:]})
	if strings.Count(log, "`npm test` failed: 2 failing") != 1 || len(ch.Removed) != 1 {
		t.Errorf("fixed twice (removed %q):\n%s", ch.Removed, log)
	}
}

// A moved file is gone from where it was: written then moved in one turn, it is listed under
// its new path only; moved in a later turn, its old path leaves the day's lists.
func TestApplyFilesMoved(t *testing.T) {
	t.Parallel()
	p := applyWorkspace(t, "")
	apply(t, p, Capture(turn("draft the notes", "Done.", &transcript.ToolUse{Name: "Write", FilePath: "/repo/notes.md", Created: true, HasResult: true},
		&transcript.ToolUse{Name: "Write", FilePath: "/repo/plan.md", Created: true, HasResult: true},
		bash("1", "mkdir -p docs && mv notes.md docs/", "", false)), &Session{}, "en"))
	_, log := apply(t, p, Capture(turn("file the plan", "Done.", bash("2", "git mv plan.md docs/plan.md", "", false)), &Session{}, "en"))
	if strings.Contains(log, " notes.md") || strings.Contains(log, " plan.md") || !strings.Contains(log, "docs/notes.md") || !strings.Contains(log, "docs/plan.md") {
		t.Errorf("file lists:\n%s", log)
	}
}

// A shell call in PowerShell (a Windows agent's) writes and removes files as its cmdlets
// say: Add-Content's file is changed, a file Remove-Item took out leaves the lists.
func TestApplyFilesPowerShell(t *testing.T) {
	t.Parallel()
	p := applyWorkspace(t, "")
	apply(t, p, Capture(turn("add the grid", "Done.", &transcript.ToolUse{Name: "Write", FilePath: "/repo/grid.gd", Created: true, HasResult: true}), &Session{}, "en"))
	_, log := apply(t, p, Capture(turn("drop the grid", "Done.", bash("1", `Remove-Item -LiteralPath "grid.gd" -Force; Add-Content -Path .gitignore -Value "`+"`"+`nbuild/"`, "", false)), &Session{}, "en"))
	if strings.Contains(log, "grid.gd") || !strings.Contains(log, "- Files changed: .gitignore\n") {
		t.Errorf("file lists:\n%s", log)
	}
}

// A file removed for good is listed as deleted: one the session found there (changed
// earlier, or never named), not one it created today (a helper), not a folder (a build's
// output), not a moved one; written again later, it is no longer deleted.
func TestApplyFilesDeleted(t *testing.T) {
	t.Parallel()
	p := applyWorkspace(t, "")
	apply(t, p, Capture(turn("fix the page", "Done.", edit("/repo/app/page.tsx"),
		&transcript.ToolUse{Name: "Write", FilePath: "/repo/tmp/probe.ts", Created: true, HasResult: true}), &Session{}, "en"))
	_, log := apply(t, p, Capture(turn("drop the old pages", "Done.",
		bash("1", "rm app/page.tsx app/legacy/list.tsx tmp/probe.ts .next/types/app/page.ts 'app/[id]/page.tsx' logs/*.log && rm -rf .next && mv notes.md docs/notes.md", "", false)), &Session{}, "en"))
	if !strings.Contains(log, "- Files deleted: app/[id]/page.tsx, app/legacy/list.tsx, app/page.tsx\n") || strings.Contains(log, ".log") ||
		strings.Contains(log, "probe.ts") || strings.Contains(log, ".next") || strings.Contains(log, "deleted: notes.md") || strings.Contains(log, "- Files changed: app/page.tsx") {
		t.Errorf("deleted:\n%s", log)
	}
	_, log = apply(t, p, Capture(turn("bring the list back", "Done.", &transcript.ToolUse{Name: "Write", FilePath: "/repo/app/legacy/list.tsx", Created: true, HasResult: true}), &Session{}, "en"))
	if !strings.Contains(log, "- Files deleted: app/[id]/page.tsx, app/page.tsx\n") || !strings.Contains(log, "- Files created: app/legacy/list.tsx\n") {
		t.Errorf("written again:\n%s", log)
	}
}

// A file deleted and written again is rewritten, not created: in one turn (an apply_patch's
// Delete File then Add File) or in a later turn of the session; one the session made, deleted
// and made again is created.
func TestFileDeletedThenWrittenIsChanged(t *testing.T) {
	t.Parallel()
	deleted := &transcript.ToolUse{Name: "Edit", FilePath: "/repo/README.md", Deleted: true, HasResult: true}
	added := &transcript.ToolUse{Name: "Write", FilePath: "/repo/README.md", Created: true, HasResult: true}
	r := Capture(turn("rewrite the readme", "Done.", deleted, added), &Session{}, "en")
	if want := []string{"Files changed: README.md"}; !slices.Equal(r.Work, want) {
		t.Errorf("one turn: work = %q, want %q", r.Work, want)
	}
	s := &Session{}
	Capture(turn("disable the middleware", "Done.", bash("1", "mv middleware.ts middleware.ts.backup", "", false)), s, "en")
	r = Capture(turn("write it again", "Done.", &transcript.ToolUse{Name: "Write", FilePath: "/repo/middleware.ts", Created: true, HasResult: true}), s, "en")
	if want := []string{"Files changed: middleware.ts"}; !slices.Equal(r.Work, want) {
		t.Errorf("later turn: work = %q, want %q", r.Work, want)
	}
	write := &transcript.ToolUse{Name: "Write", FilePath: "/repo/src/card.tsx", Created: true, HasResult: true}
	Capture(turn("add the card", "Done.", write), s, "en")
	Capture(turn("drop it", "Done.", bash("2", "rm src/card.tsx", "", false)), s, "en")
	if r = Capture(turn("bring it back", "Done.", write), s, "en"); !slices.Equal(r.Work, []string{"Files created: src/card.tsx"}) {
		t.Errorf("made again: work = %q", r.Work)
	}
}
