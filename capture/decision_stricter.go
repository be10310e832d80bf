package capture

import (
	"strings"

	"carnet/hook/transcript"
)

// "There's already a clippy step but it's not strict enough", then, a text or two later,
// "Let me create a CI workflow that enforces strict clippy checks": the turn chose to
// build its own thing over the one it found, and said why. The choice is kept as
// "Created <what> — <why>". A change whose only why is clarity or readability ("Updated
// X to use "a" instead of "b" for clarity") is the work done, not a choice.

// buildPasts are the steps that build something new, with their past tense.
var buildPasts = map[string]string{"create": "Created", "add": "Added", "write": "Wrote", "build": "Built", "introduce": "Introduced"}

// stepOpeners open a step the assistant announces.
var stepOpeners = []string{"Let me ", "Now let me ", "I'll ", "Now I'll ", "Let's ", "Now let's "}

// stricterWindow is how many texts after the finding the step that builds may come.
const stricterWindow = 2

// stricterChoices returns the thing the turn built after finding the one it had not
// enough, with that finding as its why.
func stricterChoices(t *transcript.Turn) []string {
	if t.Sidechain {
		return nil
	}
	for i, text := range t.Texts {
		if !strings.Contains(text, " enough") || !strings.Contains(text, "already") {
			continue
		}
		ss := plainSentences(text)
		for j, s := range ss {
			if !notEnough(s) {
				continue
			}
			later := ss[j+1:]
			for _, next := range t.Texts[i+1 : min(len(t.Texts), i+1+stricterWindow)] {
				later = append(later, plainSentences(next)...)
			}
			for _, step := range later {
				if built, ok := builtStep(step); ok {
					return []string{built + " — " + dropInterjection(s) + "."}
				}
			}
		}
	}
	return nil
}

// notEnough reports a sentence that finds a thing already there but not good enough.
func notEnough(s string) bool {
	low := strings.ToLower(s)
	before, after, ok := strings.Cut(low, " but ")
	return ok && strings.Contains(before, "already") && strings.Contains(after, "not ") && strings.HasSuffix(after, " enough")
}

// builtStep returns an announced step that builds something ("Let me create a workflow
// that …"), told as done ("Created a workflow that …").
func builtStep(s string) (string, bool) {
	rest, ok := cutFold(s, stepOpeners)
	if !ok {
		return "", false
	}
	rest = strings.TrimPrefix(rest, "also ")
	verb, obj, _ := strings.Cut(rest, " ")
	past, ok := buildPasts[verb]
	if !ok || obj == "" {
		return "", false
	}
	return past + " " + obj, true
}

// dropInterjection cuts a one-word opener ("Good, there's …").
func dropInterjection(s string) string {
	if head, rest, ok := strings.Cut(s, ", "); ok && !strings.Contains(head, " ") {
		return rest
	}
	return s
}

// plainSentences splits text outside its code blocks into its sentences (splitSentences),
// each without its final ".", ":" or "!".
func plainSentences(text string) []string {
	var out []string
	for l := range proseLines(text) {
		for _, s := range splitSentences(l) {
			if s = strings.TrimRight(s, ".:!"); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

// styleOnly reports a change whose only why is clarity or readability: the work done.
func styleOnly(s string) bool {
	first, _, _ := strings.Cut(s, " ")
	low := " " + strings.TrimSuffix(strings.ToLower(s), ".")
	return isActionVerb(first) && (strings.HasSuffix(low, " for clarity") || strings.HasSuffix(low, " for readability")) &&
		!hasAny(low+" ", purposeMarkers) && !strings.Contains(low, " so ")
}
