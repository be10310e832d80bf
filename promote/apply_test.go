package promote

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gitState is what a dry run or a refused apply must leave untouched.
func (w *ws) gitState(t *testing.T) string {
	return w.git(t, "rev-parse", "HEAD") + w.git(t, "status", "--porcelain") + w.git(t, "ls-files", "-s")
}

func TestApplyOneCommitOnlyMemoryPaths(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	ninetyDays(t, w)
	w.write(t, lmRel, genLongMemory("cmms_doc", 450, 1))
	w.write(t, "src/app.go", "package app\n")
	w.write(t, "README.md", "# app\n")
	w.gitInit(t)

	// the user's own work in progress: a staged new file, a staged edit, an unstaged edit
	w.write(t, "src/new.go", "package app // staged\n")
	w.write(t, "src/app.go", "package app // staged edit\n")
	w.git(t, "add", "src/new.go", "src/app.go")
	w.write(t, "src/app.go", "package app // staged edit, then more unstaged\n")
	w.write(t, "README.md", "# app, unstaged\n")
	stagedBefore := w.git(t, "diff", "--cached")
	unstagedBefore := w.git(t, "diff")
	head := strings.TrimSpace(w.git(t, "rev-parse", "HEAD"))

	pl, err := Compute(w.p, Options{}, testNow)
	must(t, err)
	res, err := Apply(w.p, pl, testNow)
	must(t, err)
	if res.Commit == "" || res.Skipped != "" {
		t.Fatalf("no commit: %+v", res)
	}

	// one new commit on top of HEAD
	if got := strings.TrimSpace(w.git(t, "rev-parse", "HEAD~1")); got != head {
		t.Fatalf("HEAD~1 is %s, want %s", got, head)
	}
	if got := strings.TrimSpace(w.git(t, "rev-parse", "HEAD")); got != res.Commit {
		t.Fatalf("HEAD %s, result %s", got, res.Commit)
	}
	msg := strings.TrimSpace(w.git(t, "log", "-1", "--format=%s"))
	if want := fmt.Sprintf("memory(cmms_doc): promote: archived 59 logs, carried 18 open items, added 119 facts, long memory %d → %d lines", pl.LinesBefore, pl.LinesAfter); msg != want || pl.LinesAfter > 300 {
		t.Errorf("message %q", msg)
	}
	if msg != res.Message {
		t.Errorf("commit message %q, result %q", msg, res.Message)
	}

	// only memory paths, the archives as renames
	renames, others := 0, 0
	for l := range strings.SplitSeq(strings.TrimSpace(w.git(t, "show", "-M", "--name-status", "--format=", "HEAD")), "\n") {
		f := strings.Split(l, "\t")
		switch {
		case f[0] == "R100" && strings.HasPrefix(f[1], "memory_sessions/logs/2") && strings.HasPrefix(f[2], "memory_sessions/logs/archives/"):
			renames++
		case f[0] == "M" && (f[1] == lmRel || f[1] == logRel(0)):
			others++
		default:
			t.Errorf("unexpected in the commit: %q", l)
		}
	}
	if renames != 59 || others != 2 {
		t.Errorf("%d renames, %d modified", renames, others)
	}
	// git log --follow finds an archived log's history
	if got := w.git(t, "log", "--follow", "--format=%s", "--", archiveRel(60)); !strings.Contains(got, "initial") {
		t.Errorf("--follow lost the history:\n%s", got)
	}

	// the user's changes are untouched
	if got := w.git(t, "diff", "--cached"); got != stagedBefore {
		t.Errorf("staged changes differ:\n%s\nwant:\n%s", got, stagedBefore)
	}
	if got := w.git(t, "diff"); got != unstagedBefore {
		t.Errorf("unstaged changes differ:\n%s", got)
	}
	status := w.git(t, "status", "--porcelain")
	for _, want := range []string{"A  src/new.go", "MM src/app.go", " M README.md"} {
		if !strings.Contains(status, want+"\n") {
			t.Errorf("status lacks %q:\n%s", want, status)
		}
	}
	if strings.Contains(status, "memory_sessions") {
		t.Errorf("memory left uncommitted:\n%s", status)
	}

	// the files are what the plan showed
	if got := w.read(t, lmRel); got != string(pl.longMem.Content()) {
		t.Error("long memory differs from the plan")
	}
	if w.exists(logRel(31)) || !w.exists(archiveRel(31)) || !w.exists(logRel(30)) {
		t.Error("archive set on disk")
	}

	// a second promote right after proposes nothing
	w.reopen(t)
	again, err := Compute(w.p, Options{}, testNow)
	must(t, err)
	if !again.Empty() {
		t.Errorf("second plan: %s", again.Summary())
		for _, c := range again.Changes {
			t.Log(c.Diff)
		}
	}
}

func TestApplyAcceptedHunksOnly(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	w.write(t, logRel(0), genLog(0))
	for n := 30; n < 40; n++ {
		w.write(t, logRel(n), genLog(n))
	}
	base := genLongMemory("cmms_doc", 60, 1)
	w.write(t, lmRel, base)
	w.gitInit(t)
	pl, err := Compute(w.p, Options{}, testNow)
	must(t, err)
	// keep the log of 33 days ago where it is; drop its facts and its carried item
	for _, c := range pl.Changes {
		switch {
		case c.Kind == Move && c.From == logRel(33):
			c.SetAccepted(false)
		case c.Kind != Move:
			for _, h := range c.Hunks {
				if body := strings.Join(h.Lines, "\n"); strings.Contains(body, "+- "+logFact(33)) || strings.Contains(body, "+- "+openItem(33)) {
					h.Accepted = false
				}
			}
		}
	}
	res, err := Apply(w.p, pl, testNow)
	must(t, err)
	if !w.exists(logRel(33)) || w.exists(archiveRel(33)) || !w.exists(archiveRel(34)) {
		t.Error("the rejected move happened, or another did not")
	}
	lm := w.read(t, lmRel)
	if strings.Contains(lm, logFact(33)) || strings.Contains(lm, day(33)) || !strings.Contains(lm, logFact(34)) {
		t.Errorf("long memory:\n%s", lm)
	}
	today := w.read(t, logRel(0))
	if strings.Contains(today, openItem(33)) || !strings.Contains(today, openItem(36)) {
		t.Errorf("today's log:\n%s", today)
	}
	if !strings.Contains(res.Message, "archived 8 logs, carried 2 open items, added 16 facts") {
		t.Errorf("message %q", res.Message)
	}
	if st := w.git(t, "status", "--porcelain"); st != "" {
		t.Errorf("left uncommitted:\n%s", st)
	}
}

func TestApplyRefusesStalePlan(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		touch func(t *testing.T, w *ws)
		path  string
	}{
		{"long memory edited", func(t *testing.T, w *ws) {
			w.write(t, lmRel, w.read(t, lmRel)+"- written by the hook meanwhile\n")
		}, lmRel},
		{"today's log edited", func(t *testing.T, w *ws) {
			w.write(t, logRel(0), w.read(t, logRel(0))+"- more\n")
		}, logRel(0)},
		{"old log edited", func(t *testing.T, w *ws) {
			w.write(t, logRel(35), w.read(t, logRel(35))+"- late note\n")
		}, logRel(35)},
		{"old log gone", func(t *testing.T, w *ws) {
			must(t, os.Remove(filepath.Join(w.root, logRel(35))))
		}, logRel(35)},
		{"archive appeared", func(t *testing.T, w *ws) {
			w.write(t, archiveRel(35), "x\n")
		}, archiveRel(35)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWS(t)
			w.write(t, logRel(0), genLog(0))
			for n := 30; n < 40; n++ {
				w.write(t, logRel(n), genLog(n))
			}
			w.write(t, lmRel, genLongMemory("cmms_doc", 60, 1))
			w.gitInit(t)
			pl, err := Compute(w.p, Options{}, testNow)
			must(t, err)
			tc.touch(t, w)
			before := w.gitState(t)
			lm := w.read(t, lmRel)
			_, err = Apply(w.p, pl, testNow)
			var se *StaleError
			if !errors.As(err, &se) || se.Path != tc.path {
				t.Fatalf("err %v, want a StaleError on %s", err, tc.path)
			}
			if !strings.Contains(err.Error(), "compute a new plan") {
				t.Errorf("error %q", err)
			}
			if w.gitState(t) != before || w.read(t, lmRel) != lm || !w.exists(logRel(31)) {
				t.Error("a refused apply changed something")
			}
		})
	}
}

func TestApplyRefusesGuardedPlan(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	base := genLongMemory("cmms_doc", 450, 1)
	w.write(t, lmRel, base)
	w.gitInit(t)
	pl, err := Compute(w.p, Options{Condenser: &halfCondenser{}}, testNow)
	must(t, err)
	before := w.gitState(t)
	if _, err := Apply(w.p, pl, testNow); err == nil || pl.Refused == nil || !errors.Is(err, pl.Refused) {
		t.Fatalf("Apply took a refused plan: %v", err)
	}
	if w.read(t, lmRel) != base || w.gitState(t) != before {
		t.Fatal("a refused plan wrote")
	}
}

func TestApplyGuardsTheSelection(t *testing.T) {
	t.Parallel()
	// a forced plan may drop facts; an unforced one whose accepted hunks drop too many is refused
	w := newWS(t)
	lm := "# M\n\n## 2024-01-01\n- Fait un.\n- Fait deux.\n- Fait trois.\n- Fait quatre.\n"
	w.write(t, lmRel, lm)
	pl := &Plan{Project: w.p.Name, where: projectKey(w.p)}
	pl.longMem = newEdit(lmRel, []byte(lm), true, []byte("# M\n\n## 2024-01-01\n- Fait un.\n"), "", nil)
	pl.Changes = []*Change{pl.longMem}
	var ge *GuardError
	if _, err := Apply(w.p, pl, testNow); !errors.As(err, &ge) || len(ge.Lost) != 3 {
		t.Fatalf("err %v", err)
	}
	pl.Options.Force = true
	res, err := Apply(w.p, pl, testNow)
	must(t, err)
	if res.Skipped != "not a git repository" || w.read(t, lmRel) != "# M\n\n## 2024-01-01\n- Fait un.\n" {
		t.Errorf("forced: %+v\n%s", res, w.read(t, lmRel))
	}
}

func TestApplyNothingAccepted(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	w.write(t, logRel(40), genLog(40))
	pl, err := Compute(w.p, Options{}, testNow)
	must(t, err)
	for _, c := range pl.Changes {
		c.SetAccepted(false)
	}
	if _, err := Apply(w.p, pl, testNow); !errors.Is(err, ErrNothingAccepted) {
		t.Fatalf("err %v", err)
	}
	if !w.exists(logRel(40)) {
		t.Fatal("moved anyway")
	}
}

func TestApplyDetachedHeadWritesWithoutCommit(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	w.write(t, logRel(40), genLog(40))
	w.gitInit(t)
	w.git(t, "checkout", "-q", "--detach")
	head := w.git(t, "rev-parse", "HEAD")
	pl, err := Compute(w.p, Options{}, testNow)
	must(t, err)
	res, err := Apply(w.p, pl, testNow)
	must(t, err)
	if res.Commit != "" || res.Skipped != "detached HEAD" || w.git(t, "rev-parse", "HEAD") != head || !w.exists(archiveRel(40)) {
		t.Fatalf("%+v", res)
	}
}

func TestSecondPromoteProposesNothingEvenWhenStillOver(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	w.write(t, logRel(0), genLog(0))
	for n := 31; n < 70; n++ {
		w.write(t, logRel(n), genLog(n))
	}
	w.write(t, lmRel, genLongMemory("cmms_doc", 30, 1))
	pl, err := Compute(w.p, Options{MaxLines: 20}, testNow)
	must(t, err)
	if pl.LinesAfter <= 20 || len(pl.Notes) != 1 || !strings.Contains(pl.Notes[0], "over its 20-line limit") {
		t.Fatalf("expected a plan still over its limit: %s, notes %q", pl.Summary(), pl.Notes)
	}
	res, err := Apply(w.p, pl, testNow)
	must(t, err)
	if res.Skipped != "not a git repository" || !strings.Contains(res.Message, "carried 13 open items, added 78 facts") {
		t.Errorf("%+v", res)
	}
	again, err := Compute(w.p, Options{MaxLines: 20}, testNow)
	must(t, err)
	if !again.Empty() {
		t.Errorf("second plan: %s\n%s", again.Summary(), again.Changes[0].Diff)
	}
}
