package extract

import (
	"slices"
	"strings"
)

// A closing text that names the root cause under its own heading ("### Root Cause",
// "**Root cause:** …") and then replaces one thing by another ("Changed `A` → `B`")
// states the choice the turn made and its reason: "Changed `A` → `B` because <the root
// cause's first sentence>". A replacement said on several lines is one choice; one with no
// root cause named is the work of the turn.

// maxRootCauseChoices bounds the replacements kept from one text.
const maxRootCauseChoices = 2

// rootCauseChoices returns the replacements closing makes after naming their root cause.
func rootCauseChoices(closing string) []string {
	if !strings.Contains(closing, "→") || !strings.Contains(strings.ToLower(closing), "root cause") {
		return nil
	}
	var reason string
	var out []string
	inCause := false
	for l := range strings.Lines(closing) {
		line := strings.TrimSpace(l)
		if rest, ok := causeHeading(line); ok {
			inCause = true
			line = rest
		} else if strings.HasPrefix(line, "#") {
			inCause = false
			continue
		}
		if inCause && reason == "" && line != "" {
			reason = rootCauseSentence(line)
			continue
		}
		if reason == "" {
			continue
		}
		if c, ok := codeReplacement(line); ok && !slices.Contains(out, c) && len(out) < maxRootCauseChoices {
			out = append(out, c)
		}
	}
	for i, c := range out {
		out[i] = "Changed " + c + " because " + causeOpener(reason) + "."
	}
	return out
}

// causeHeading reports a line that heads the root cause, and the text that follows the
// heading on the same line ("**Root cause:** the key expired").
func causeHeading(line string) (string, bool) {
	if !strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "**") {
		return "", false
	}
	rest, ok := cutFold(strings.TrimLeft(line, "#* "), []string{"root cause"})
	if !ok {
		return "", false
	}
	return strings.TrimSpace(strings.TrimLeft(rest, "s*: ")), true
}

// rootCauseSentence returns the first sentence of a line, without its final period.
func rootCauseSentence(line string) string {
	if i := strings.Index(line, ". "); i > 0 {
		line = line[:i]
	}
	return strings.TrimSuffix(strings.TrimSpace(line), ".")
}

// codeReplacement returns "`A` → `B`" when line replaces one code span by another.
func codeReplacement(line string) (string, bool) {
	before, after, ok := strings.Cut(line, "` → `")
	if !ok {
		return "", false
	}
	i := strings.LastIndexByte(before, '`')
	j := strings.IndexByte(after, '`')
	if i < 0 || j < 0 {
		return "", false
	}
	return before[i:] + "` → `" + after[:j+1], true
}

// causeOpener lowers a sentence's opening article or pronoun ("The registry …"), not a
// name ("GitHub …").
func causeOpener(s string) string {
	first, _, _ := strings.Cut(s, " ")
	if slices.Contains([]string{"The", "This", "A", "An", "It", "Its", "Our", "Your"}, first) {
		return strings.ToLower(first) + s[len(first):]
	}
	return s
}
