package capture

import (
	"strings"

	"carnet/hook/transcript"
)

// A user who says what holds for every one of a kind ("Any piece with a ready cooldown can
// be moved.", "Make it so each piece has a cooldown of 10 seconds as soon as you move
// it.") sets a rule of what is built, in their own words: a decision. A report about all
// of them ("Every page is broken", "Each test has failed") is no rule.

// quantifiers open, in lower case, a sentence about every one of a kind.
var quantifiers = map[string]bool{"each": true, "every": true, "any": true}

// ruleVerbs say, in lower case, what a rule allows, requires or gives.
var ruleVerbs = []string{" can ", " cannot ", " can't ", " must ", " mustn't ", " should ", " shouldn't ", " has ",
	" have ", " gets ", " starts "}

// notRules say, in lower case, that a sentence about all of a kind reports a state or a
// failure, or asks.
var notRules = []string{" has been ", " have been ", " fail", " broken", " error", " wrong", " crash", " bug",
	"n't work", " not work", " i ", " me ", "every time", "each time"}

// quantifiedRules returns the prompt's rules about every one of a kind, at most
// maxReasons, with a capital and a full stop; none for a subagent, whose prompt is the
// main agent's.
func quantifiedRules(t *transcript.Turn) []string {
	if t.Sidechain || !strings.Contains(t.Prompt, "ach ") && !strings.Contains(t.Prompt, "ny ") && !strings.Contains(t.Prompt, "very ") {
		return nil
	}
	return promptChoices(t.Prompt, quantifiedRule)
}

// quantifiedRule returns sentence s as a rule, without its "Make it so" and up to its first
// full stop, when it opens with one of quantifiers and holds one of ruleVerbs.
func quantifiedRule(s string) (string, bool) {
	s = strings.TrimLeft(s, "\"'“ ")
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimRight(s, ".!\"'” ")
	low := strings.ToLower(s)
	for _, p := range []string{"make it so that ", "make it so "} {
		if strings.HasPrefix(low, p) {
			s, low = s[len(p):], low[len(p):]
			break
		}
	}
	q, _, _ := strings.Cut(low, " ")
	low = " " + low + " "
	if !quantifiers[q] || !hasAny(low, ruleVerbs) || hasAny(low, notRules) || strings.HasSuffix(s, "?") || len(s) > maxBullet {
		return "", false
	}
	return upperFirst(s) + ".", true
}
