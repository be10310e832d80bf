package memstore

import (
	"errors"
	"slices"
	"strings"
)

// Open to-dos close themselves when a later exchange shows them done in other words: the
// to-do a closing text suggested is later a completed TodoWrite item, a commit, a line of
// work done, a command that ran. The match is strict: a wrong close hides work still to do.

// minShown and shownShare bound a match by words: one line of evidence holds 80 % of the
// item's subject words, three at least.
const (
	minShown   = 3
	shownShare = 80
)

// runVerbs open a to-do that is a command to run ("Run `npx convex dev` to deploy …").
var runVerbs = []string{"run", "execute", "rerun", "re-run", "lancer", "exécuter", "relancer"}

// todoWords are the words a suggestion is worded with, not its subject.
var todoWords = set(strings.Fields(`consider adding possibly maybe optionally where possible ensure`))

// ShownDone reports whether the evidence of an exchange (see Extraction.Evidence) shows
// the open item done: the command a "Run `…`" item names was run (whole words of a line of
// evidence: "make" is not "cmake") and the item names no later step (see laterStep), or
// one line of evidence has most of the item's subject
// words (see minShown), one word the start of the other ("warn", "warning"). A command to
// run in CI is done when the pipeline runs it (see putInCI). A to-do that only asks to
// commit or push is done when that git command ran (see gitStep); one that asks to update
// a file it names, when that file was edited (see fileStep).
func ShownDone(item string, evidence []string) bool {
	if cmd := gitStep(item); cmd != "" {
		return gitStepDone(cmd, evidence)
	}
	if name := fileStep(item); name != "" {
		return fileStepDone(name, evidence)
	}
	if cmd := runCommand(item); cmd != "" && !laterStep(item) {
		if inCI(item) {
			return slices.ContainsFunc(evidence, func(e string) bool { return putInCI(cmd, e) })
		}
		return ranCommand(cmd, evidence)
	}
	want := slices.DeleteFunc(subjectWords(item), func(w string) bool { return todoWords[w] })
	if len(want) < minShown {
		return false
	}
	for _, e := range evidence {
		have := taskWords(e)
		n := 0
		for _, w := range want {
			if slices.ContainsFunc(have, func(h string) bool { return sameStem(h, w) }) {
				n++
			}
		}
		if n >= minShown && n*100 >= len(want)*shownShare {
			return true
		}
	}
	return false
}

// runCommand is the command a to-do asks to run, its first backquoted span, or "".
func runCommand(item string) string {
	verb, rest, _ := strings.Cut(strings.TrimSpace(item), " ")
	if !slices.Contains(runVerbs, strings.ToLower(verb)) {
		return ""
	}
	_, rest, ok := strings.Cut(rest, "`")
	cmd, _, closed := strings.Cut(rest, "`")
	if !ok || !closed {
		return ""
	}
	return squeeze(cmd)
}

// squeeze puts one space between a text's fields.
func squeeze(s string) string { return strings.Join(strings.Fields(s), " ") }

// shownLogs bounds the logs whose open items an exchange's evidence may close: the recent
// ones, read at every turn.
const shownLogs = 30

// closeShownDone ticks the open items of the recent logs the evidence shows done, except those the same
// exchange opened (fresh): a turn's suggestion is not done by the work it reports.
func (tx *Tx) closeShownDone(evidence, fresh []string, res *MergeResult) error {
	if len(evidence) == 0 {
		return nil
	}
	var open []OpenItem
	opened := func() []OpenItem {
		if open == nil {
			open, _ = tx.openItems(shownLogs) // read again only for a "Run `…`, then …" item; an error leaves it open
		}
		return open
	}
	return tx.closeOpen(fresh, res, func(it OpenItem) bool {
		return ShownDone(it.Text, evidence) || carriedRun(it.Text, evidence, opened)
	})
}

// closeOpen ticks the open items of the recent logs done says are done, except those the
// same exchange opened (fresh), and records each as ticked.
func (tx *Tx) closeOpen(fresh []string, res *MergeResult, done func(it OpenItem) bool) error {
	items, err := tx.openItems(shownLogs)
	if err != nil {
		return err
	}
	for _, it := range items {
		if slices.ContainsFunc(fresh, func(f string) bool { return Similar(f, it.Text) }) || !done(it) {
			continue
		}
		if err := tx.TickItem(it); errors.Is(err, ErrProtected) {
			continue
		} else if err != nil {
			return err
		}
		res.Ticked = append(res.Ticked, Item{Key: KeyDone, Text: it.Text, Path: it.Path})
	}
	return nil
}

// ranCommand reports a line of evidence that runs cmd as a whole word sequence.
func ranCommand(cmd string, evidence []string) bool {
	return slices.ContainsFunc(evidence, func(e string) bool { return strings.Contains(" "+squeeze(e)+" ", " "+cmd+" ") })
}
