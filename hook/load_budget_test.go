package hook

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"carnet/memstore"
	"carnet/tui/demo"
)

// demoProject is a project of the sample workspace `carnet demo` builds (without git): real
// sizes, a long memory over its limit, weeks of logs and open items.
func demoProject(t *testing.T, name string) *memstore.Project {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "demo")
	opts := demo.Default(fixedNow())
	opts.Git, opts.Pending = false, false
	if _, err := demo.Build(dir, opts); err != nil {
		t.Fatal(err)
	}
	w, err := memstore.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := w.Project(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The load never goes over its budget: not by one token (the demo's cmms_doc took 2501 of
// 2500), whatever the budget, in the CLI's load as in SessionStart's (whose text has its own
// bound in characters too).
func TestLoadNeverExceedsItsBudget(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"cmms_doc", "competitors"} {
		p := demoProject(t, name)
		for budget := 20; budget <= 3200; budget += 13 {
			for _, maxChars := range []int{0, sessionStartChars} {
				l, err := ComposeLoad(p, fixedNow(), budget, maxChars)
				if err != nil {
					t.Fatal(err)
				}
				if l.Tokens > budget || Tokens(l.Text) != l.Tokens {
					t.Fatalf("%s, budget %d: the load says %d tokens and is %d:\n%s", name, budget, l.Tokens, Tokens(l.Text), l.Explain())
				}
				if maxChars > 0 && utf8.RuneCountInString(l.Text) > maxChars {
					t.Fatalf("%s, budget %d: %d characters, over SessionStart's %d", name, budget, utf8.RuneCountInString(l.Text), maxChars)
				}
				sum := Tokens(l.head)
				for _, part := range l.Parts {
					sum += part.Tokens
				}
				if l.Tokens > 0 && sum < l.Tokens-len(l.Parts)-1 {
					t.Fatalf("%s, budget %d: --explain's parts add up to %d of %d tokens:\n%s", name, budget, sum, l.Tokens, l.Explain())
				}
			}
		}
	}
	l, err := ComposeLoad(demoProject(t, "cmms_doc"), fixedNow(), 2500, 0)
	if err != nil {
		t.Fatal(err)
	}
	if first, _, _ := strings.Cut(l.Explain(), "\n"); !strings.Contains(first, " of 2500 tokens used") || l.Tokens > 2500 || l.Tokens < 2400 {
		t.Errorf("the demo's load: %s (%d tokens)", first, l.Tokens)
	}
}

// manyProjects makes a workspace of n projects, each a memory_sessions/ folder found by
// discovery, and writes memory into the first one: a long memory, a log of today with open
// items, and about how many tokens of it.
func manyProjects(t *testing.T, n int) *memstore.Project {
	t.Helper()
	root := t.TempDir()
	for i := range n {
		if _, err := memstore.InitFolder(root, fmt.Sprintf("services/service-%03d-with-a-long-name/memory_sessions", i)); err != nil {
			t.Fatal(err)
		}
	}
	w, err := memstore.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Projects) != n {
		t.Fatalf("%d projects, want %d", len(w.Projects), n)
	}
	p := w.Projects[0]
	os.WriteFile(w.Abs(p.LongMemoryPath()), []byte("# Mémoire long terme — "+p.Name+"\n\n## 2026-03-01\n- Le service parle à la base par un pool de 10 connexions.\n"), 0o644)
	os.WriteFile(w.Abs(p.LogPath("2026-03-22")), []byte("# Log session — 2026-03-22\n\n## Décisions prises\n- Garder le pool à 10 connexions, la base en refuse au-delà.\n\n## À suivre\n- Mesurer la latence du pool sous charge.\n- Documenter la limite de connexions.\n"), 0o644)
	return p
}

// The "other projects with a memory" line takes at most a tenth of the budget and never
// pushes the memory out: 400 projects made it 632 tokens, and from a folder of 365 memory
// folders `carnet load` found nothing that fitted in 2500 tokens for about 110 of memory.
func TestLoadOtherProjectsTakeASmallShare(t *testing.T) {
	t.Parallel()
	for _, n := range []int{365, 400} {
		p := manyProjects(t, n)
		for _, budget := range []int{2500, 800, 300} {
			l, err := ComposeLoad(p, fixedNow(), budget, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"Mesurer la latence du pool sous charge.", "Documenter la limite de connexions.", "Garder le pool à 10 connexions", "pool de 10 connexions"} {
				if !strings.Contains(l.Text, want) {
					t.Errorf("%d projects, budget %d: the memory lacks %q:\n%s", n, budget, want, l.Explain())
				}
			}
			others := ""
			for line := range strings.Lines(l.Text) {
				if strings.HasPrefix(line, "Autres projets") {
					others = line
				}
			}
			if others == "" {
				t.Errorf("%d projects, budget %d: no line names the other projects:\n%s", n, budget, l.Text)
			} else if got := Tokens(others); got > budget/10 {
				t.Errorf("%d projects, budget %d: the other projects take %d tokens, over a tenth of the budget:\n%s", n, budget, got, others)
			} else if !strings.Contains(others, fmt.Sprint(n-1)) {
				t.Errorf("%d projects: the line does not say how many others there are: %s", n, others)
			}
			if l.Tokens > budget {
				t.Errorf("%d projects, budget %d: %d tokens", n, budget, l.Tokens)
			}
		}
	}
}

// A tiny budget still carries the first open item, and stays within itself.
func TestLoadTinyBudgetKeepsTheFirstOpenItem(t *testing.T) {
	t.Parallel()
	p := demoProject(t, "cmms_doc")
	full, err := ComposeLoad(p, fixedNow(), 2500, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(full.Text, "## À suivre (ouverts)\n\n- ")
	if !ok {
		t.Fatalf("no open items in the demo's load:\n%s", full.Text)
	}
	first, _, _ := strings.Cut(after, "\n")
	for _, budget := range []int{25, 40, 60, 100} {
		l, err := ComposeLoad(p, fixedNow(), budget, 0)
		if err != nil {
			t.Fatal(err)
		}
		if l.Tokens > budget {
			t.Errorf("budget %d: %d tokens:\n%s", budget, l.Tokens, l.Text)
		}
		text := first
		if budget < 40 { // too short for the whole item: its beginning, cut at a word
			text = first[:20]
		}
		if !strings.Contains(l.Text, text) {
			t.Errorf("budget %d: the first open item %q is not in the load:\n%s", budget, first, l.Text)
		}
	}
}
