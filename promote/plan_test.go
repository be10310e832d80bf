package promote

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"carnet/memstore"
)

const sharedFact = "Les chemins en mémoire sont relatifs à la racine du workspace."

// ninetyDays writes logs for today and the 89 days before, with duplicates planted:
//   - the log of 3 days ago also has the open item of 33 days ago (so it is not carried);
//   - the log of 40 days ago learned reworded(2), which long memory already says;
//   - the logs of 50 and 60 days ago both learned sharedFact (proposed once);
//   - the log of 45 days ago restates logFact(70) (proposed once, from the older log).
func ninetyDays(t testing.TB, w *ws) {
	for n := range 90 {
		var extra []string
		switch n {
		case 40:
			extra = []string{reworded(2)}
		case 50, 60:
			extra = []string{sharedFact}
		case 45:
			extra = []string{strings.ToUpper(logFact(70)[:1]) + strings.TrimSuffix(logFact(70)[1:], ".") + " !"}
		}
		content := genLog(n, extra...)
		if n == 3 {
			content = strings.Replace(content, "- "+openItem(3)+"\n", "- "+openItem(3)+"\n- "+openItem(33)+"\n", 1)
		}
		w.write(t, logRel(n), content)
	}
}

func TestPlanNinetyDays(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		lines int
	}{{"120 lines", 120}, {"300 lines", 300}, {"450 lines", 450}} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWS(t)
			ninetyDays(t, w)
			lm := genLongMemory("cmms_doc", tc.lines, 1)
			if tc.lines == 450 {
				// near-duplicates inside long memory itself
				lm += fmt.Sprintf("\n## %s\n- %s\n- %s\n- Une règle propre à cette section.\n", day(100), reworded(3), reworded(10))
			}
			w.write(t, lmRel, lm)
			base := w.read(t, lmRel)

			pl, err := Compute(w.p, Options{}, testNow)
			must(t, err)
			if pl.Refused != nil {
				t.Fatalf("refused: %v", pl.Refused)
			}

			// archive: every log dated more than 30 days ago, oldest first, as moves
			var want []string
			for n := 89; n > 30; n-- {
				want = append(want, day(n))
			}
			if !slices.Equal(pl.Archived, want) {
				t.Fatalf("archived %v,\nwant %v", pl.Archived, want)
			}
			moves := 0
			for _, c := range pl.Changes {
				if c.Kind == Move {
					moves++
					if !strings.HasPrefix(c.Path, "memory_sessions/logs/archives/") || c.Hunks != nil {
						t.Errorf("bad move %+v", c)
					}
				}
			}
			if moves != 59 {
				t.Errorf("%d moves, want 59", moves)
			}

			// carried: the open items of archived logs, except the one still open 3 days ago
			var carried []string
			for _, it := range pl.Carried {
				carried = append(carried, it.Text)
			}
			var wantCarried []string
			for n := 87; n > 30; n-- {
				if n%3 == 0 && n != 33 {
					wantCarried = append(wantCarried, openItem(n))
				}
			}
			if !slices.Equal(carried, wantCarried) {
				t.Errorf("carried %q,\nwant %q", carried, wantCarried)
			}
			today := pl.today
			if today == nil || today.Kind != Modify || today.Path != logRel(0) {
				t.Fatalf("today's log change: %+v", today)
			}
			open := openBullets(memstore.ParseDoc(today.Content()))
			wantOpen := []string{openItem(0)}
			for _, c := range wantCarried { // each says the day it was first written
				n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(c, "Vérifier la migration m"), " en préproduction"))
				wantOpen = append(wantOpen, memstore.CarriedText(c, day(n), "fr"))
			}
			if !slices.Equal(open, wantOpen) {
				t.Errorf("today's open items %q", open)
			}

			// consolidation: each learning and decision once, nothing long memory already says
			facts := map[string]int{}
			for _, f := range pl.Facts {
				facts[f.Text]++
			}
			for n := 31; n < 90; n++ {
				if facts[logFact(n)] != 1 || facts[logDecision(n)] != 1 {
					t.Errorf("day %d: facts %d/%d", n, facts[logFact(n)], facts[logDecision(n)])
				}
			}
			if facts[sharedFact] != 1 || len(pl.Facts) != 59*2+1 || pl.Known != 3 {
				t.Errorf("%d facts (%d shared), %d known; want 119, 1, 3", len(pl.Facts), facts[sharedFact], pl.Known)
			}

			after := string(pl.longMem.Content())
			if n := memstore.CountLines([]byte(after)); n > 300 || n != pl.LinesAfter {
				t.Errorf("long memory has %d lines (plan says %d), limit 300", n, pl.LinesAfter)
			}
			if tc.lines == 120 && (len(pl.Merges) > 0 || pl.Joined > 0) {
				t.Errorf("120 lines + 59 short sections fit by folding alone: %s", pl.Summary())
			}
			if tc.lines == 450 && len(pl.Merges) != 2 {
				t.Errorf("merges %+v, want the 2 planted near-duplicates", pl.Merges)
			}
			if tc.lines > 120 && len(pl.Folded) == 0 {
				t.Errorf("nothing folded")
			}

			// no fact disappears without being merged into another
			var all []string
			for _, b := range memstore.ParseDoc([]byte(base)).AllBullets() {
				all = append(all, b.Bullet.Text)
			}
			for _, f := range pl.Facts {
				all = append(all, f.Text)
			}
			kept := memstore.ParseDoc([]byte(after)).AllBullets()
			same := map[string]bool{}
			for _, b := range kept {
				same[b.Bullet.Text] = true
			}
			for _, f := range all {
				if !same[f] && !said(f, kept) {
					t.Errorf("fact lost: %q", f)
				}
			}
			if len(pl.Lost) != 0 {
				t.Errorf("plan reports lost facts: %q", pl.Lost)
			}

			// new facts sit under the date of their log; the newest section is never condensed
			if !strings.HasSuffix(after, "\n## "+day(31)+"\n- "+logFact(31)+"\n- "+logDecision(31)+"\n") {
				t.Errorf("new facts not under their log's date:\n%s", tail(after, 10))
			}
			t.Log(pl.Summary())
		})
	}
}

// said reports whether some bullet says f: a near-duplicate of it, or a bullet holding it.
func said(f string, bullets []memstore.SectionBullet) bool {
	n := memstore.Normalize(f)
	for _, b := range bullets {
		if memstore.Similar(f, b.Bullet.Text) || strings.Contains(memstore.Normalize(b.Bullet.Text), n) {
			return true
		}
		for part := range strings.SplitSeq(b.Bullet.Text, "; ") { // a joined bullet
			if memstore.Similar(f, part) {
				return true
			}
		}
	}
	return false
}

func tail(s string, n int) string {
	l := strings.Split(s, "\n")
	if len(l) > n {
		l = l[len(l)-n:]
	}
	return strings.Join(l, "\n")
}

func TestPlanUnderLimitOnlyAdds(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	for n := 30; n < 40; n++ {
		w.write(t, logRel(n), genLog(n))
	}
	base := genLongMemory("cmms_doc", 120, 1)
	w.write(t, lmRel, base)
	pl, err := Compute(w.p, Options{}, testNow)
	must(t, err)
	after := string(pl.longMem.Content())
	var want strings.Builder
	for n := 39; n > 30; n-- {
		fmt.Fprintf(&want, "\n## %s\n- %s\n- %s\n", day(n), logFact(n), logDecision(n))
	}
	if after != base+want.String() {
		t.Errorf("long memory under its limit should only gain dated sections at its end:\n%s", tail(after, 12))
	}
	// one hunk per archived log, each standing alone
	if n := len(pl.longMem.Hunks); n != 9 {
		t.Fatalf("%d hunks, want 9", n)
	}
	for i, h := range pl.longMem.Hunks {
		if h.Added != 4 || h.Removed != 0 || h.Lines[len(h.Lines)-1] != "+- "+logDecision(39-i) {
			t.Errorf("hunk %d: %s\n%s", i, h.Header, strings.Join(h.Lines, "\n"))
		}
	}
	if pl.Folded != nil || pl.Merges != nil {
		t.Errorf("condensed under the limit: %s", pl.Summary())
	}
}

func TestPlanNothingToDo(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	for n := range 10 {
		w.write(t, logRel(n), genLog(n))
	}
	w.write(t, lmRel, genLongMemory("cmms_doc", 100, 1))
	pl, err := Compute(w.p, Options{}, testNow)
	must(t, err)
	if !pl.Empty() || pl.Summary() != "nothing to promote" {
		t.Fatalf("plan %q with %d changes", pl.Summary(), len(pl.Changes))
	}
}

func TestPlanEmptyProject(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	pl, err := Compute(w.p, Options{}, testNow)
	must(t, err)
	if !pl.Empty() {
		t.Fatalf("plan on an empty project: %s", pl.Summary())
	}
}

func TestPlanCreatesTodayAndLongMemory(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	w.write(t, logRel(40), genLog(42)) // an open item, a learning, a decision
	pl, err := Compute(w.p, Options{}, testNow)
	must(t, err)
	if len(pl.Changes) != 3 {
		t.Fatalf("changes: %d (%s)", len(pl.Changes), pl.Summary())
	}
	if c := pl.Changes[1]; c.Kind != Create || c.Path != logRel(0) {
		t.Errorf("today's log: %v %s", c.Kind, c.Path)
	}
	wantToday := "# Log session — " + day(0) + "\n\n## À suivre\n- " + openItem(42) + " (ouvert depuis le " + day(40) + ")\n"
	if got := string(pl.Changes[1].Content()); got != wantToday {
		t.Errorf("today's log:\n%s\nwant:\n%s", got, wantToday)
	}
	wantLM := "# Mémoire long terme — cmms_doc\n\n## " + day(40) + "\n- " + logFact(42) + "\n- " + logDecision(42) + "\n"
	if c := pl.Changes[2]; c.Kind != Create || string(c.Content()) != wantLM {
		t.Errorf("long memory %v:\n%s", c.Kind, c.Content())
	}
	if !strings.HasPrefix(pl.Changes[2].Diff, "diff --git a/"+lmRel+" b/"+lmRel+"\nnew file mode 100644\n--- /dev/null\n+++ b/"+lmRel+"\n@@ -0,0 +1,5 @@\n") {
		t.Errorf("diff:\n%s", pl.Changes[2].Diff)
	}
	if s := pl.Summary(); s != "archive 1 log (1 open item carried), add 2 facts to long memory, long memory 0 → 5 lines" {
		t.Errorf("summary %q", s)
	}
}

// A carried open item takes the lines nested under it (sub-steps, notes) into today's log.
func TestPlanCarriesNestedLines(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	w.write(t, logRel(40), "# Log session — "+day(40)+"\n\n## À suivre\n- "+openItem(40)+"\n  - sur la base de test d'abord\n  voir le ticket 42\n- "+openItem(41)+"\n")
	pl, err := Compute(w.p, Options{}, testNow)
	must(t, err)
	since := " (ouvert depuis le " + day(40) + ")"
	want := "# Log session — " + day(0) + "\n\n## À suivre\n- " + openItem(40) + since + "\n  - sur la base de test d'abord\n  voir le ticket 42\n- " + openItem(41) + since + "\n"
	if got := string(pl.Changes[1].Content()); got != want {
		t.Errorf("today's log:\n%s\nwant:\n%s", got, want)
	}
}

func TestPlanOptions(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	for n := range 20 {
		w.write(t, logRel(n), genLog(n))
	}
	pl, err := Compute(w.p, Options{Days: 10}, testNow)
	must(t, err)
	if len(pl.Archived) != 9 || pl.Archived[len(pl.Archived)-1] != day(11) {
		t.Errorf("--days 10 archived %v", pl.Archived)
	}
	pl, err = Compute(w.p, Options{Recent: true}, testNow)
	must(t, err)
	if len(pl.Archived) != 0 || len(pl.Facts) != 40 {
		t.Errorf("recent: %d archived, %d facts", len(pl.Archived), len(pl.Facts))
	}
	// the configured defaults
	w.write(t, "carnet.toml", "[projects]\ncmms_doc = \"memory_sessions\"\n[promote]\narchive_after_days = 5\nlong_memory_max_lines = 50\n")
	w.reopen(t)
	w.write(t, lmRel, genLongMemory("cmms_doc", 60, 1))
	pl, err = Compute(w.p, Options{}, testNow)
	must(t, err)
	if pl.Options.Days != 5 || pl.Options.MaxLines != 50 || len(pl.Archived) != 14 || pl.LinesAfter > 50 {
		t.Errorf("config: %+v, %d archived, %d lines", pl.Options, len(pl.Archived), pl.LinesAfter)
	}
}

func TestPlanArchiveClashStaysInPlace(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	w.write(t, logRel(40), genLog(40))
	w.write(t, archiveRel(40), "# an older copy\n")
	w.write(t, logRel(41), genLog(41))
	pl, err := Compute(w.p, Options{}, testNow)
	must(t, err)
	if !slices.Equal(pl.Archived, []string{day(41)}) || len(pl.Notes) != 1 || !strings.Contains(pl.Notes[0], "already exists") {
		t.Errorf("archived %v, notes %q", pl.Archived, pl.Notes)
	}
}

func TestPlanLeavesSecretsOut(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	w.write(t, logRel(40), "# Log session — "+day(40)+"\n\n## Connaissances acquises\n- Le token de prod est ghp_abcdefghijklmnopqrstuvwxyz0123456789\n- Un vrai fait.\n")
	pl, err := Compute(w.p, Options{}, testNow)
	must(t, err)
	if len(pl.Facts) != 1 || pl.Facts[0].Text != "Un vrai fait." || len(pl.Notes) != 1 {
		t.Errorf("facts %+v notes %q", pl.Facts, pl.Notes)
	}
	if strings.Contains(strings.Join(pl.Notes, ""), "ghp_") {
		t.Errorf("a note quotes the secret: %q", pl.Notes)
	}
}

func TestPlanEnglish(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	w.write(t, "carnet.toml", "language = \"en\"\n[projects]\ncmms_doc = \"memory_sessions\"\n")
	w.reopen(t)
	w.write(t, logRel(40), "# Session log — "+day(40)+"\n\n## Learnings\n- A fact.\n\n## Next steps\n- A step.\n")
	pl, err := Compute(w.p, Options{}, testNow)
	must(t, err)
	if got := string(pl.Changes[1].Content()); got != "# Session log — "+day(0)+"\n\n## Next steps\n- A step. (open since "+day(40)+")\n" {
		t.Errorf("today:\n%s", got)
	}
	if got := string(pl.Changes[2].Content()); !strings.HasPrefix(got, "# Long-term memory — cmms_doc\n") {
		t.Errorf("long memory:\n%s", got)
	}
}

// A carried open item keeps the day it was first written: its text says since when it is
// open, before its weight, once however often it is carried; OpenItems reports that day.
func TestPlanCarriedKeepsFirstDate(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	w.write(t, logRel(38), "# Log session — "+day(38)+"\n\n## À suivre\n- Vérifier l'export sous Windows. !7 #export\n")
	pl, err := Compute(w.p, Options{}, testNow)
	must(t, err)
	want := "# Log session — " + day(0) + "\n\n## À suivre\n- Vérifier l'export sous Windows. (ouvert depuis le " + day(38) + ") !7 #export\n"
	if got := string(pl.Changes[1].Content()); got != want {
		t.Fatalf("today's log:\n%s\nwant:\n%s", got, want)
	}
	_, err = Apply(w.p, pl, testNow)
	must(t, err)
	items, err := w.p.OpenItems()
	must(t, err)
	if len(items) != 1 || items[0].Date != day(0) || items[0].First() != day(38) {
		t.Fatalf("open items: %+v", items)
	}

	// carried again, 40 days on: still the first day, said once
	later := testNow.AddDate(0, 0, 40)
	pl, err = Compute(w.p, Options{}, later)
	must(t, err)
	if got := string(pl.Changes[1].Content()); !strings.HasSuffix(got, "\n- Vérifier l'export sous Windows. (ouvert depuis le "+day(38)+") !7 #export\n") {
		t.Errorf("carried twice:\n%s", got)
	}
}

// Each bullet long memory loses says why: a duplicate names the line it stays at, a fact
// folded or joined names where it went.
func TestPlanSaysWhyALineGoes(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	w.write(t, lmRel, "# M\n\n## 2025-01-01\n- le hook tourne dans le dossier temporaire !\n- Autre fait 1.\n\n## 2025-01-02\n- Le hook tourne dans un dossier temporaire\n- Autre fait 2.\n")
	pl, err := Compute(w.p, Options{MaxLines: 8}, testNow)
	must(t, err)
	lm := pl.longMem
	if lm == nil {
		t.Fatalf("no long-memory change: %s", pl.Summary())
	}
	after := strings.Split(string(lm.Content()), "\n")
	if after[6] != "- le hook tourne dans le dossier temporaire !" {
		t.Fatalf("line 7 of the result: %q\n%s", after[6], lm.Content())
	}
	want := map[string]string{
		"- Le hook tourne dans un dossier temporaire":   "duplicate of line 7, kept",
		"- le hook tourne dans le dossier temporaire !": "moved to line 7, where its duplicate was",
	}
	for line, why := range want {
		if got := lm.Why[line]; got != why {
			t.Errorf("why %q goes: %q, want %q", line, got, why)
		}
	}

	// folded and joined
	var b strings.Builder
	b.WriteString("# M\n")
	for d := 1; d <= 4; d++ {
		fmt.Fprintf(&b, "\n## 2024-01-0%d\n", d)
		for i := range 3 {
			fmt.Fprintf(&b, "- Fait %d.%d.\n", d, i)
		}
	}
	w.write(t, lmRel, b.String())
	pl, err = Compute(w.p, Options{MaxLines: 10}, testNow)
	must(t, err)
	why := pl.longMem.Why
	if !strings.HasPrefix(why["## 2024-01-02"], "folded into line 3: ## Condensé") {
		t.Errorf("a folded heading: %q (%v)", why["## 2024-01-02"], why)
	}
	if !strings.HasPrefix(why["- Fait 1.1."], "joined into line ") {
		t.Errorf("a joined fact: %q (%v)", why["- Fait 1.1."], why)
	}
}
