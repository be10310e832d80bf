package capture

import (
	"strings"
	"unicode/utf8"

	"carnet/hook/transcript"
)

// acknowledgements open a reply that takes what the user reports ("OK —", "You're right,"),
// lower case, followed by a space, a dash or a comma.
var acknowledgements = []string{"ok", "okay", "got it", "you're right", "you are right", "good catch", "makes sense",
	"understood", "d'accord", "compris", "vous avez raison", "tu as raison", "好", "了解", "明白", "收到"}

// ackedExplanation returns the sentence that follows an acknowledgement opening the first
// text of a turn that answers no question: the user reported what they
// saw ("I can open it in a private window"), the agent took it and explains why ("The host
// redirects clients without JavaScript to a login page, but browsers get the app"). An
// acknowledgement that says what the agent will do next ("OK — I'll push") explains
// nothing.
func ackedExplanation(t *transcript.Turn) []string {
	p := strings.TrimSpace(t.Prompt)
	if t.Sidechain || strings.HasSuffix(p, "?") || strings.HasSuffix(p, "？") {
		return nil
	}
	reply := t.Closing
	if len(t.Texts) > 0 {
		reply = t.Texts[0]
	}
	first, _, _ := strings.Cut(strings.TrimSpace(reply), "\n")
	if !opensWithAck(first) {
		return nil // most replies open otherwise: not split
	}
	var ss []string
	for _, s := range splitSentences(stripMarkup(first)) {
		ss = append(ss, splitCJK(s)...)
	}
	if len(ss) < 2 || !isAcknowledgement(ss[0]) {
		return nil
	}
	low := strings.ToLower(ss[1])
	if !keepSentence(ss[1]) || hasAny(low, announcers) ||
		strings.HasPrefix(low, "then ") || strings.HasPrefix(low, "now ") || strings.HasPrefix(low, "next") {
		return nil
	}
	return ss[1:2]
}

// isAcknowledgement reports a sentence that opens with one of acknowledgements.
func isAcknowledgement(s string) bool {
	low := strings.ToLower(s)
	for _, a := range acknowledgements {
		rest, ok := strings.CutPrefix(low, a)
		if r, _ := utf8.DecodeRuneInString(rest); ok && (rest == "" || strings.ContainsRune(" ,.!—-–，", r)) {
			return !hasAny(low, announcers)
		}
	}
	return false
}

// opensWithAck reports text that opens with one of acknowledgements, whatever its case,
// without copying it.
func opensWithAck(text string) bool {
	_, ok := cutFold(text, acknowledgements)
	return ok
}
