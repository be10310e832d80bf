package capture

import (
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// didVerbs are the verbs a closing text says the work with ("I've implemented …"), each
// with the imperative a goal asks it with.
var didVerbs = map[string]string{"implemented": "Implement", "added": "Add", "fixed": "Fix", "created": "Create",
	"built": "Build", "written": "Write", "updated": "Update", "refactored": "Refactor"}

// didOpeners open the closing line that says what the turn did, before its verb.
var didOpeners = []string{"i've ", "i have "}

// didAdverbs may stand between the opener and the verb ("I've successfully implemented").
var didAdverbs = []string{"successfully ", "now ", "just "}

// Bounds of the search: the closing's first lines, and an object of a few words.
const (
	maxDidLines = 4
	minDidWords = 3
)

// didGoal gives a question the turn answered by changing files ("what is the simplest path
// to this?") the goal the closing text says it did ("I've implemented a manual refresh
// of …": "Implement a manual refresh of …"): the question led to that task.
func didGoal(e *memstore.Extraction, t *transcript.Turn, changed bool) {
	if !changed || len(e.Goal) != 1 || !strings.ContainsAny(e.Goal[0], "?？") {
		return
	}
	if g := didHeadline(t.Closing); g != "" {
		e.Goal[0] = clipGoal(g)
	}
}

// didHeadline finds, in the first lines of a closing text, the one that says "I've
// <verb> <what>", and gives "<Verb> <what>" up to the end of its first clause.
func didHeadline(closing string) string {
	n := 0
	for line := range strings.Lines(closing) {
		s := strings.Trim(strings.TrimSpace(line), "*")
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if n++; n > maxDidLines {
			return ""
		}
		if g := didClause(s); g != "" {
			return g
		}
	}
	return ""
}

// didClause reads one line "I've [successfully] <verb> <what>[:.]" as "<Verb> <what>".
func didClause(s string) string {
	rest, ok := cutFold(s, didOpeners)
	if !ok {
		return ""
	}
	rest, _ = cutFold(rest, didAdverbs)
	verb, obj, _ := strings.Cut(rest, " ")
	imp, ok := didVerbs[strings.ToLower(verb)]
	if !ok {
		return ""
	}
	if i := strings.IndexAny(obj, ":;"); i >= 0 {
		obj = obj[:i]
	}
	if i := strings.Index(obj, ". "); i >= 0 {
		obj = obj[:i]
	}
	obj = strings.TrimRight(strings.TrimSpace(obj), ".!")
	if len(strings.Fields(obj)) < minDidWords {
		return ""
	}
	return imp + " " + obj
}

// cutFold cuts from s the first of prefixes it opens with, whatever their case.
func cutFold(s string, prefixes []string) (string, bool) {
	for _, p := range prefixes {
		if len(s) >= len(p) && strings.EqualFold(s[:len(p)], p) {
			return s[len(p):], true
		}
	}
	return s, false
}
