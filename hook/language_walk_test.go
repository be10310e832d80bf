package hook

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"carnet/lang/langtest"
	"carnet/memstore"
	"carnet/tui/demo"
)

// foreign fails t on every line of text that holds a word of the other language than l.
func foreign(t *testing.T, l, what, text string) {
	t.Helper()
	for line := range strings.Lines(text) {
		if w := langtest.Foreign(l, line); len(w) > 0 {
			t.Errorf("%s, %s: %q in %q", l, what, w, strings.TrimSpace(line))
		}
	}
}

// Everything the hook hands the agent is in the workspace's language: the session's memory
// (at every budget, with its warnings and the other projects), the notice when memory cannot
// start, the gate's message.
func TestHookSpeaksTheWorkspaceLanguage(t *testing.T) {
	t.Parallel()
	for _, l := range []string{"fr", "en"} {
		dir := filepath.Join(t.TempDir(), "demo")
		opts := demo.Default(fixedNow())
		opts.Git, opts.Pending, opts.Lang = false, false, l
		if _, err := demo.Build(dir, opts); err != nil {
			t.Fatal(err)
		}
		cfg := filepath.Join(dir, memstore.ConfigFile)
		data, _ := os.ReadFile(cfg)
		os.WriteFile(cfg, []byte(strings.Replace(string(data), "[load]\n", "[load]\nnotes = [\"absente\"]\n", 1)), 0o644)
		w, err := memstore.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range w.Projects {
			for _, budget := range []int{30, 300, 2500, 20000} {
				ld, err := ComposeLoad(p, fixedNow(), budget, sessionStartChars)
				if err != nil {
					t.Fatal(err)
				}
				foreign(t, l, fmt.Sprintf("the load of %s at %d tokens", p.Name, budget), ld.Text)
				if budget == 2500 && len(ld.Warnings) == 0 && p.Name == "cmms_doc" {
					t.Errorf("%s: no warning to check (long memory over its limit, a missing note)", l)
				}
			}
		}
		// many other projects: the line that names a few of them
		ld, _ := ComposeLoad(w.Projects[0], fixedNow(), 20000, 0)
		ld.others = make([]string, 300)
		for i := range ld.others {
			ld.others[i] = fmt.Sprintf("service_%03d", i)
		}
		foreign(t, l, "the other projects", ld.othersLine(200))
		foreign(t, l, "the cannot-start notice", string(brokenNotice(l, errors.New("carnet.toml:3: unknown key \"langage\""))))
		edits := []string{"a.go", "b.go", "c.go", "d.go", "e.go", "f.go", "g.go", "h.go", "i.go", "j.go", "k.go", "l.go", "m.go"}
		foreign(t, l, "the gate", gateMessage(l, edits, ""))
		foreign(t, l, "the gate", gateMessage(l, edits[:2], "cmms_doc"))
	}
}
