package capture

import (
	"regexp"
	"strings"

	"carnet/hook/transcript"
)

// A deadline the session states ("Target deadline: 1 August 2026", "due by 2026-09-15") is
// a fact the project depends on for longer than the session: knowledge, in the session's
// own words. It takes a word of a deadline and a date in one sentence of the closing text.

// deadlineWords name a date something must be done by, in lower case.
var deadlineWords = []string{"deadline", "due by", "due on", "due date", "cutoff", "cut-off", "expires on", "expiry date",
	"date limite", "échéance", "au plus tard"}

// deadlineStems are deadlineWords without their first letter, whatever its case: most
// closing texts hold none, and are not lowered to look for them.
var deadlineStems = []string{"eadline", "ue by", "ue on", "ue date", "utoff", "ut-off", "xpires on", "xpiry date",
	"ate limite", "chéance", "u plus tard"}

// datePattern matches a calendar date: "1 August 2026", "August 1, 2026", "2026-08-01",
// "01/08/2026", "1er août 2026".
var datePattern = regexp.MustCompile(`(?i)\b(\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{2,4}|` +
	`\d{1,2}(st|nd|rd|th|er)? (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|janv|févr|fevr|mars|avr|mai|juin|juil|août|aout|sept|déc)[a-zéû]*\.? \d{4}|` +
	`(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(st|nd|rd|th)?,? \d{4})\b`)

// maxDeadlines bounds the deadlines taken from a turn.
const maxDeadlines = 2

// deadlines returns the sentences of the turn's closing text that state a deadline with its
// date.
func deadlines(t *transcript.Turn) []string {
	if t.Sidechain || !hasAny(t.Closing, deadlineStems) || strings.Contains(t.Closing, "<proposed_plan>") {
		return nil // most closing texts name no deadline: not split; a plan is read by plans
	}
	var out []string
	for l := range proseLines(t.Closing) {
		if strings.HasPrefix(l, "#") || strings.HasPrefix(l, "|") {
			continue
		}
		for _, s := range splitSentences(stripMarkup(stripItem(l))) {
			if len(out) < maxDeadlines && hasAny(strings.ToLower(s), deadlineWords) && datePattern.MatchString(s) {
				out = append(out, s)
			}
		}
	}
	return out
}
