package promote

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"carnet/memstore"
	"carnet/memstore/gitrepo/difflines"
)

func TestHunkRejectionLeavesThatPartAsItWas(t *testing.T) {
	t.Parallel()
	var base, after strings.Builder
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&base, "line %d\n", i)
		switch i {
		case 5:
			after.WriteString("line 5 changed\n")
		case 20:
			after.WriteString("line 20\nline 20bis\n")
		case 35: // removed
		default:
			fmt.Fprintf(&after, "line %d\n", i)
		}
	}
	c := newEdit("f.md", []byte(base.String()), true, []byte(after.String()), "", nil)
	if len(c.Hunks) != 3 {
		t.Fatalf("%d hunks", len(c.Hunks))
	}
	wantHeaders := []string{"@@ -2,7 +2,7 @@", "@@ -18,6 +18,7 @@", "@@ -32,7 +33,6 @@"}
	for i, h := range c.Hunks {
		if h.Header != wantHeaders[i] {
			t.Errorf("hunk %d header %q, want %q", i, h.Header, wantHeaders[i])
		}
	}
	if string(c.Content()) != after.String() {
		t.Fatal("all hunks accepted should give the plan's result")
	}
	for i := range c.Hunks {
		c.SetAccepted(true)
		c.Hunks[i].Accepted = false
		got := string(c.Content())
		switch i {
		case 0:
			if !strings.Contains(got, "\nline 5\n") || !strings.Contains(got, "line 20bis") || strings.Contains(got, "line 35\n") {
				t.Errorf("rejecting hunk 0:\n%s", got)
			}
		case 1:
			if strings.Contains(got, "line 20bis") || !strings.Contains(got, "line 5 changed") {
				t.Errorf("rejecting hunk 1:\n%s", got)
			}
		case 2:
			if !strings.Contains(got, "\nline 35\n") || !strings.Contains(got, "line 20bis") {
				t.Errorf("rejecting hunk 2:\n%s", got)
			}
		}
	}
	c.SetAccepted(false)
	if string(c.Content()) != base.String() || c.Selected() {
		t.Error("a rejected change should leave the file as it was")
	}
	c.Accepted = true
	if c.Selected() {
		t.Error("a change whose hunks are all rejected is not selected")
	}
}

func TestPlanHunksPerLog(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	w.write(t, logRel(0), genLog(0))
	for n := 30; n < 40; n++ {
		w.write(t, logRel(n), genLog(n))
	}
	base := genLongMemory("cmms_doc", 60, 1)
	w.write(t, lmRel, base)
	pl, err := Compute(w.p, Options{}, testNow)
	must(t, err)

	// long memory: one hunk per log (9 of them); reject the one of 36 days ago
	lm := pl.longMem
	for i, h := range lm.Hunks {
		if strings.Contains(strings.Join(h.Lines, "\n"), logFact(36)) {
			lm.Hunks[i].Accepted = false
		}
	}
	got := string(lm.Content())
	if strings.Contains(got, day(36)) || strings.Contains(got, logFact(36)) || !strings.HasPrefix(got, base) {
		t.Errorf("rejected hunk applied:\n%s", tail(got, 30))
	}
	for n := 31; n < 40; n++ {
		if n != 36 && !strings.Contains(got, "\n## "+day(n)+"\n- "+logFact(n)+"\n- "+logDecision(n)+"\n") {
			t.Errorf("day %d missing", n)
		}
	}
	if memstore.CountLines([]byte(got)) != memstore.CountLines([]byte(base))+8*4 {
		t.Errorf("%d lines", memstore.CountLines([]byte(got)))
	}

	// today's log: one hunk per archived log with open items (39, 36, 33)
	today := pl.today
	if len(today.Hunks) != 3 {
		t.Fatalf("today's log: %d hunks", len(today.Hunks))
	}
	today.Hunks[1].Accepted = false
	open := openBullets(mustParse(today.Content()))
	if strings.Join(open, "|") != openItem(0)+"|"+memstore.CarriedText(openItem(39), day(39), "fr")+"|"+memstore.CarriedText(openItem(33), day(33), "fr") {
		t.Errorf("open items %q", open)
	}
}

func TestSplitInsert(t *testing.T) {
	t.Parallel()
	labels := map[string]string{"a1": "A", "a2": "A", "b1": "B", "c1": "C"}
	for _, tc := range []struct {
		name string
		in   string
		want []string
	}{
		{"sections, blank first", "\n## A\n- a1\n- a2\n\n## B\n- b1\n", []string{"\n## A\n- a1\n- a2\n", "\n## B\n- b1\n"}},
		{"sections, blank last", "## A\n- a1\n\n## B\n- b1\n\n", []string{"## A\n- a1\n\n", "## B\n- b1\n\n"}},
		{"bullets under an existing heading", "- a1\n- a2\n- b1\n- c1\n", []string{"- a1\n- a2\n", "- b1\n", "- c1\n"}},
		{"bullets under a new heading stay with it", "\n## À suivre\n- a1\n- b1\n", []string{"\n## À suivre\n- a1\n- b1\n"}},
		{"unlabelled lines", "- x\n- y\n", []string{"- x\n- y\n"}},
	} {
		var got []string
		for _, c := range splitInsert(slices.Collect(strings.Lines(tc.in)), labels) {
			got = append(got, strings.Join(c, ""))
		}
		if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestRenderDiff(t *testing.T) {
	t.Parallel()
	c := newEdit("m/long_memory.md", []byte("# M\n\n## 2024-01-01\n- old\n"), true, []byte("# M\n\n## 2024-01-01\n- new fact with a long text\n"), "", nil)
	plain := RenderDiff(c, false, 0)
	want := "diff --git a/m/long_memory.md b/m/long_memory.md\n--- a/m/long_memory.md\n+++ b/m/long_memory.md\n@@ -1,4 +1,4 @@\n # M\n \n ## 2024-01-01\n-- old\n+- new fact with a long text\n"
	if plain != want {
		t.Errorf("plain:\n%s\nwant:\n%s", plain, want)
	}
	if strings.Contains(plain, "\x1b") {
		t.Error("escape codes in plain output")
	}
	colored := RenderDiff(c, true, 0)
	if ansi.Strip(colored) != plain {
		t.Errorf("colored output is not the plain one with styles:\n%q", colored)
	}
	for k, s := range map[difflines.Kind]string{difflines.Deleted: "-- old", difflines.Added: "+- new fact with a long text",
		difflines.HunkHead: "@@ -1,4 +1,4 @@", difflines.Meta: "diff --git a/m/long_memory.md b/m/long_memory.md"} {
		if styled := diffStyles[k].Render(s); styled == s || !strings.Contains(colored, styled+"\n") {
			t.Errorf("colored output lacks %q styled:\n%q", s, colored)
		}
	}
	tab := newEdit("m/long_memory.md", []byte("# M\n"), true, []byte("# M\n-\ttabbed\n"), "", nil)
	if ansi.Strip(RenderDiff(tab, true, 0)) != RenderDiff(tab, false, 0) {
		t.Errorf("a tab changed in color:\n%q", RenderDiff(tab, true, 0))
	}
	if got := RenderDiff(c, false, 12); !strings.Contains(got, "+- new fact…\n") {
		t.Errorf("width 12:\n%s", got)
	}
	mv := newMove("m/logs/2024-01-01.md", "m/logs/archives/2024-01-01.md", []byte("x\n"), "")
	if got := RenderDiff(mv, false, 0); got != "diff --git a/m/logs/2024-01-01.md b/m/logs/archives/2024-01-01.md\nsimilarity index 100%\nrename from m/logs/2024-01-01.md\nrename to m/logs/archives/2024-01-01.md\n" {
		t.Errorf("move:\n%s", got)
	}
}

func TestNoFinalNewlineInDiff(t *testing.T) {
	t.Parallel()
	c := newEdit("f.md", []byte("a\nb"), true, []byte("a\nb\n- c\n"), "", nil)
	if len(c.Hunks) != 1 || string(c.Content()) != "a\nb\n- c\n" {
		t.Fatalf("%d hunks, %q", len(c.Hunks), c.Content())
	}
	if !strings.Contains(c.Diff, "-b\n\\ No newline at end of file\n+b\n") {
		t.Errorf("diff:\n%s", c.Diff)
	}
}
