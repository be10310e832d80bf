package capture

import (
	"slices"
	"strings"

	"carnet/hook/transcript"
)

// checkAsks ask the agent to establish a fact rather than to change the code.
var checkAsks = []string{"make sure", "confirm", "verify", "double-check", "check that", "check whether", "check if"}

// checkedFinding returns, when the prompt asks to make sure of something about code it
// names ("make sure the unwrap calls are only in test code"), the first labelled finding
// of the closing text that names that code ("**Proper test practices** - tests correctly
// use `unwrap()` for assertions"), without its label: what the check established.
func checkedFinding(t *transcript.Turn) []string {
	if t.Sidechain || !strings.Contains(t.Closing, "** - ") {
		return nil // a finding is written "**Label** - statement"
	}
	prompt := strings.ToLower(t.Prompt)
	if !hasAny(prompt, checkAsks) {
		return nil
	}
	asked := strings.FieldsFunc(prompt, func(r rune) bool { return !isWordRune(r) })
	for l := range proseLines(t.Closing) {
		label, finding, ok := strings.Cut(l, "** - ")
		if !ok || !isListItem(label) || !namesAsked(finding, asked) {
			continue
		}
		return []string{upperFirst(strings.TrimSpace(finding))}
	}
	return nil
}

// namesAsked reports a text whose code spans name a word of the prompt (`unwrap()` for
// "unwrap").
func namesAsked(s string, asked []string) bool {
	spans := strings.Split(s, "`")
	for i := 1; i < len(spans); i += 2 {
		name := strings.ToLower(strings.TrimLeft(strings.TrimRight(spans[i], "()!"), "."))
		if slices.Contains(asked, name) {
			return true
		}
	}
	return false
}

func isWordRune(r rune) bool {
	return r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z'
}
