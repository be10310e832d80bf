package capture

import (
	"strings"

	"carnet/hook/transcript"
)

// "Updated `mcp.rs:1019` to use "uninitialized" instead of "unknown" for clarity" is the
// work done (styleOnly), unless the turn, on reaching that file, judged what it found
// acceptable and said why ("This is actually a reasonable use case since it's just for
// logging/display purposes, but we can make it more explicit"): then the small change is
// all that judgement left to do, and the record that the flagged code was kept. The
// change is kept with the judgement as its why.

// keptJudgements say, in lower case, that what the turn found is acceptable as it is.
var keptJudgements = []string{"a reasonable ", "an acceptable ", "a legitimate ", "a valid "}

// keptWhys join, in lower case, the judgement to its why.
var keptWhys = []string{" since ", " because "}

// keptOpeners open, in lower case, a judgement sentence; they are cut from the why.
var keptOpeners = []string{"this is actually ", "this is ", "it's actually ", "it's ", "that is actually ", "that's actually ", "that's "}

// judgedChanges returns decisions with each change told only "for clarity" joined to the
// judgement a text of the turn made on the file it names, when there is one.
func judgedChanges(decisions []string, t *transcript.Turn) []string {
	for i, d := range decisions {
		if !styleOnly(d) {
			continue
		}
		if why := judgementOn(backtickedFile(d), t.Texts); why != "" && len(d)+len(why)+4 <= maxBullet {
			decisions[i] = d + " — " + why + "."
		}
	}
	return decisions
}

// backtickedFile returns the file name a change names first in backticks ("mcp.rs" for
// `mcp.rs:1019`), or "" when it names none.
func backtickedFile(s string) string {
	_, rest, ok := strings.Cut(s, "`")
	name, _, closed := strings.Cut(rest, "`")
	name, _, _ = strings.Cut(name, ":")
	if !ok || !closed || !strings.Contains(name, ".") || strings.ContainsAny(name, " ()") {
		return ""
	}
	return name
}

// judgementOn returns the why of the judgement ("a reasonable use case since …") a text
// makes when it, or the text just before it, names file.
func judgementOn(file string, texts []string) string {
	if file == "" {
		return ""
	}
	for i, text := range texts {
		if !strings.Contains(text, file) && (i == 0 || !strings.Contains(texts[i-1], file)) {
			continue
		}
		for _, s := range plainSentences(text) {
			if why := judgement(s); why != "" {
				return why
			}
		}
	}
	return ""
}

// judgement returns the sentence's acceptable-as-is judgement with its why, up to a
// ", but", or "" when the sentence makes none.
func judgement(s string) string {
	low := strings.ToLower(s)
	if !hasAny(low, keptJudgements) || !hasAny(low, keptWhys) {
		return ""
	}
	s, _, _ = strings.Cut(s, ", but ")
	s = strings.TrimSpace(s)
	if rest, ok := cutFold(s, keptOpeners); ok {
		return rest
	}
	return ""
}
