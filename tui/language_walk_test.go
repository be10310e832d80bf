package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"carnet/lang/langtest"
	"carnet/tui/demo"
)

// walk drives the UI on a workspace in language l and checks, after each step, every line of
// the screen — header, body, status line and footer — for words of the other language.
type walk struct {
	*harness
	l, root string
	steps   int
}

// check looks at the screen; what names the step for the failure.
func (w *walk) check(what string) {
	w.t.Helper()
	w.steps++
	masks := commitTexts(w.t, w.root)
	for line := range strings.Lines(w.plain()) {
		line = maskCommits(line, masks)
		if found := langtest.Foreign(w.l, line); len(found) > 0 {
			w.t.Errorf("%s, %s: %q in %q", w.l, what, found, strings.TrimSpace(line))
		}
	}
}

// do presses keys, then checks the screen.
func (w *walk) do(what string, keys ...string) {
	w.t.Helper()
	w.press(keys...)
	w.check(what)
}

// help opens ? on the current screen, checks it, and closes it.
func (w *walk) help(what string) {
	w.t.Helper()
	w.do(what+" ?", "?")
	w.press("?")
}

// commitTexts are the lines of every commit message in the workspace: git's data, shown as
// they are (carnet writes them in English, as git's own wording), not the UI's words.
func commitTexts(t testing.TB, root string) []string {
	t.Helper()
	var out []string
	for l := range strings.Lines(git(t.(*testing.T), root, "log", "--all", "--format=%B")) {
		l = strings.TrimSpace(l)
		if _, after, ok := strings.Cut(l, "): "); ok && strings.HasPrefix(l, "memory(") {
			out = append(out, l, after)
		} else if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// maskCommits blanks in line what it shows of commit messages: each time the longest
// beginning of one of them (8 characters at least; a list cuts a long message with "…").
func maskCommits(line string, masks []string) string {
	for {
		best := ""
		for _, m := range masks {
			r := []rune(m)
			for n := len(r); n >= 8 && n > len([]rune(best)); n-- {
				if p := string(r[:n]); strings.Contains(line, p) {
					best = p
					break
				}
			}
		}
		if best == "" {
			return line
		}
		blank := strings.Repeat(" ", len([]rune(best)))
		if strings.Contains(line, best+"…") {
			best, blank = best+"…", blank+" "
		}
		line = strings.Replace(line, best, blank, 1)
	}
}

// Every screen of the UI, its footer, its ? page, its questions and its status lines, speak
// the workspace's language: French for a French workspace, English for an English one, with
// no word of the other ("archivé" in English, "moves them to Finalisé", "open items" in
// French).
func TestUISpeaksTheWorkspaceLanguage(t *testing.T) {
	t.Parallel()
	for _, l := range []string{"fr", "en"} {
		t.Run(l, func(t *testing.T) {
			t.Parallel()
			root := filepath.Join(t.TempDir(), "workspace")
			opts := demo.Default(testNow)
			opts.Days, opts.Archived, opts.Lang = 34, 3, l
			if _, err := demo.Build(root, opts); err != nil {
				t.Fatal(err)
			}
			w := &walk{harness: newHarnessIn(t, root, true, ""), l: l, root: root}
			w.check("the project list")
			w.help("the project list")
			w.do("the project list, j", "j")
			w.do("the filter being typed", "/")
			w.typeText("mob")
			w.check("the filter typed")
			w.do("the filter kept", "enter")
			w.press("esc", "/", "esc")
			w.do("esc on the first screen", "esc")

			w.do("a project", "enter")
			w.help("a project")
			for range 4 {
				w.do("a project, moving down", "j")
			}
			w.do("the archives shown", "a")
			w.do("the archives hidden", "a")
			w.do("open items", "o")
			w.help("open items")
			w.do("an item ticked", "space")
			w.do("leaving with a tick", "esc")
			w.do("staying", "n")
			w.do("the ticks applied", "enter")
			w.do("undo", "u")
			w.do("nothing left to undo", "u", "u")
			w.do("an item's text edited", "r")
			w.do("the edit cancelled", "esc")
			w.do("an item dropped?", "d")
			w.do("not dropped", "n")
			w.do("back to the project", "esc")

			w.do("the timeline", "t")
			w.help("the timeline")
			w.do("a commit", "j")
			w.do("the diff focused", "tab")
			w.do("the uncommitted changes committed", "tab", "g", "C")
			w.press("esc")

			w.do("the project again", "g", "j")
			w.do("curate the long memory", "g", "c")
			w.help("curate")
			w.do("a bullet's text edited", "r")
			w.press("esc")
			w.do("a bullet to add", "a")
			w.typeText(map[string]string{"fr": "Un fait de plus", "en": "One more fact"}[l])
			w.do("the bullet added", "enter")
			w.do("delete?", "d")
			w.do("not deleted", "n")
			w.do("already in long memory", "m")
			w.do("copied", "y")
			w.press("esc")
			for range 6 {
				w.press("j")
			}
			w.do("curate a log", "c")
			w.do("a bullet moved to long memory", "j", "m")
			w.press("esc")
			w.do("the pager", "enter")
			w.help("the pager")
			w.press("esc")

			w.do("the promotion review", "p")
			w.help("the promotion review")
			w.do("a change rejected", "space")
			w.do("every change rejected", "R")
			w.do("nothing to apply", "w")
			w.do("every change accepted", "A")
			w.do("the hunks focused", "tab")
			w.do("a hunk rejected", "space")
			w.do("the next hunk", "n")
			w.do("nothing to force", "F")
			w.do("the plan applied", "w")
			w.do("the promotion reviewed again", "p")
			w.press("esc")

			w.do("search", "s")
			w.typeText(map[string]string{"fr": "rondes d'inspection", "en": "inspection rounds"}[l])
			w.check("search typed")
			w.do("the results", "enter")
			w.help("the results")
			w.do("a hit opened", "enter")
			w.do("the next hit", "n")
			w.do("copy a path", "y")
			w.press("esc", "esc", "esc", "esc")
			w.do("the home screen again", "g")

			w.send(windowSize(30, 8))
			if found := langtest.Foreign(l, strings.ReplaceAll(w.plain(), "\n", "")); len(found) > 0 { // one sentence, cut at 30 cells
				t.Errorf("%s, a terminal too small: %q in %q", l, found, w.plain())
			}
			w.send(windowSize(120, 40))

			// the empty state and the failure screen
			empty := t.TempDir()
			os.WriteFile(filepath.Join(empty, "carnet.toml"), []byte("language = \""+l+"\"\n"), 0o644)
			e := &walk{harness: newHarnessIn(t, empty, true, ""), l: l, root: root}
			e.check("no memory yet")
			e.help("no memory yet")
			bad := t.TempDir()
			os.WriteFile(filepath.Join(bad, "carnet.toml"), []byte("language = \""+l+"\"\nlangage = 1\n"), 0o644)
			f := &walk{harness: newHarnessIn(t, bad, true, l), l: l, root: root}
			f.check("the workspace cannot open")
			if w.steps < 60 {
				t.Errorf("only %d screens looked at", w.steps)
			}
		})
	}
}
