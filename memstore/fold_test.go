package memstore

import (
	"strings"
	"testing"
)

// A choice or a fact said again later in the day, with more or fewer words (a plan's
// version, then the write-up's), is one bullet: the more complete one, where the first was.
func TestMergeFoldsRestatedDecisions(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	now := Change{Writer: "hook", Now: day("2026-03-22")}
	first := Extraction{
		Decisions: []string{
			"Bots removed via 3-layer check: `user.type == Bot`, `[bot]` suffix, known-pattern list.",
			"No single composite as headline. We compute one for sorting, but the pillars are side by side and each has a leaderboard.",
			"Goodhart warning shown in-product. The dashboard is for asking better questions.",
		},
		Knowledge: []string{"No panic!() in production"},
	}
	if _, err := p.Merge(first, now); err != nil {
		t.Fatal(err)
	}
	second := Extraction{
		Decisions: []string{
			"Bots removed via 3-layer check: `user.type == \"Bot\"`, `[bot]` suffix, known-pattern list. Known-list alone misses new bots.",
			"No single composite as headline. The composite orders the cards.",
			"In-product Goodhart warning. A metric that becomes a target ceases to be a good measure.",
			"Serve the folder over HTTP instead of opening the file directly.",
		},
		Knowledge: []string{"The review found no `.unwrap()` or `panic!()` calls in production code; errors go through `Result` and `?`."},
	}
	res, err := p.Merge(second, now)
	if err != nil {
		t.Fatal(err)
	}
	want := `# Log session — 2026-03-22

## Connaissances acquises
- The review found no ` + "`.unwrap()` or `panic!()`" + ` calls in production code; errors go through ` + "`Result` and `?`" + `.

## Décisions prises
- Bots removed via 3-layer check: ` + "`user.type == \"Bot\"`, `[bot]`" + ` suffix, known-pattern list. Known-list alone misses new bots.
- No single composite as headline. We compute one for sorting, but the pillars are side by side and each has a leaderboard.
- In-product Goodhart warning. A metric that becomes a target ceases to be a good measure.
- Serve the folder over HTTP instead of opening the file directly.
`
	if got := readRel(t, p, p.LogPath("2026-03-22")); got != want {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
	if res.Duplicates != 1 || len(res.Added) != 4 {
		t.Errorf("added %d (%v), duplicates %d", len(res.Added), res.Added, res.Duplicates)
	}
}

// Two statements that share words but name other commands, numbers or versions stay two.
func TestSameStatementKeepsOtherFacts(t *testing.T) {
	t.Parallel()
	for _, c := range [][2]string{
		{"`npm run lint`: Run linter", "`npm run lint:fix`: Run linter and fix what it can"},
		{"Node 18 is required", "Node 20 is required for the fetch API in the build"},
		{"Use SQLite", "Use SQLite for tests and Postgres in production"},
		{"Plan A is cheaper than plan B.", "Plan B is cheaper than plan A."},
		{"Capture squares use radial gradients at each corner instead of full circles.",
			"Capture squares use inverted-slope gradients per corner to form arcs instead of solid corner fills."},
	} {
		if SameStatement(c[0], c[1]) || SameStatement(c[1], c[0]) {
			t.Errorf("%q and %q taken for one statement", c[0], c[1])
		}
	}
	if !SameStatement("No panic!() in production", "The review found no panic!() calls in production code") {
		t.Error("a headline restated in full was not recognised")
	}
}

// "X now uses Y" is the state of X: said again later in the day with another Y, the
// newer statement replaces the older.
func TestMergeNewerStateReplacesOlder(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	now := Change{Writer: "hook", Now: day("2026-03-22")}
	for _, d := range []string{
		"`styles.css`: capture squares now use radial gradients at each corner instead of full circles.",
		"Capture targets now use corner highlights instead of the green dot.",
		"`styles.css`: capture squares now use inverted-slope gradients per corner to form arcs instead of solid corner fills.",
	} {
		if _, err := p.Merge(Extraction{Decisions: []string{d}}, now); err != nil {
			t.Fatal(err)
		}
	}
	want := "# Log session — 2026-03-22\n\n## Décisions prises\n" +
		"- `styles.css`: capture squares now use inverted-slope gradients per corner to form arcs instead of solid corner fills.\n" +
		"- Capture targets now use corner highlights instead of the green dot.\n"
	if got := readRel(t, p, p.LogPath("2026-03-22")); got != want {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
}

// What a person or an agent writes on purpose is never folded into a bullet that says less:
// a restated choice from the CLI or MCP is written, and reported as similar.
func TestMergeOnPurposeKeepsRestatedDecisions(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	for _, w := range []string{"cli", "mcp:claude-code"} {
		now := Change{Writer: w, Now: day("2026-03-22")}
		first := "No single composite as headline " + w + ". We compute one for sorting."
		second := "No single composite as headline " + w + ". The composite orders the cards."
		for _, d := range []string{first, second} {
			if _, err := p.Merge(Extraction{Decisions: []string{d}}, now); err != nil {
				t.Fatal(err)
			}
		}
		got := readRel(t, p, p.LogPath("2026-03-22"))
		for _, d := range []string{first, second} {
			if !strings.Contains(got, "- "+d+"\n") && !strings.Contains(got, "- "+d+Marker("agent:claude-code")+"\n") {
				t.Errorf("%s: %q folded away:\n%s", w, d, got)
			}
		}
	}
}
