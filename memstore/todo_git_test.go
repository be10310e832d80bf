package memstore

import "testing"

// A to-do that only asks to commit and push is done by the push that went through, not by
// a commit alone nor by a command that only names push in its text.
func TestShownDoneGitSteps(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		item     string
		evidence []string
		want     bool
	}{
		{"commit + push", []string{"git pull --rebase origin main && git push origin main"}, true},
		{"Commit and push the changes", []string{"git push"}, true},
		{"commit + push", []string{"git add a.go && git commit -m 'x'"}, false},
		{"commit + push", []string{"echo git push"}, false},
		{"commit", []string{"git add a.go && git commit -m 'x'"}, true},
		{"push the release notes", []string{"git push"}, false},
	} {
		if got := ShownDone(c.item, c.evidence); got != c.want {
			t.Errorf("ShownDone(%q, %q) = %v, want %v", c.item, c.evidence, got, c.want)
		}
	}
}

// A to-do that asks to update the one file it names is done by an edit of that file, and
// not by an edit of another file; a to-do with more to it than the file is not a file step.
func TestShownDoneFileUpdate(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		item     string
		evidence []string
		want     bool
	}{
		{"更新 `NOTES.md` — 填入網址", []string{EditedPrefix + "NOTES.md"}, true},
		{"Update `docs/notes.md` with the URL", []string{EditedPrefix + "notes.md"}, true},
		{"Update `docs/notes.md` with the URL", []string{EditedPrefix + "README.md"}, false},
		{"Update `notes.md` and `README.md`", []string{EditedPrefix + "notes.md"}, false},
		{"Update `go test` in CI", []string{EditedPrefix + "go test"}, false},
	} {
		if got := ShownDone(c.item, c.evidence); got != c.want {
			t.Errorf("ShownDone(%q, %q) = %v, want %v", c.item, c.evidence, got, c.want)
		}
	}
}
