package capture

import (
	"slices"
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// A prompt lists the parts to build in 2 to maxParts short lines after its first; a
// longer list, or a longer line, is pasted material, not a list of parts.
const (
	maxParts   = 10
	maxPartLen = 160
)

// partsLeft are, when the prompt of an interrupted turn lists the parts to build (one a
// line after the first: "MQTT client with topic subscriptions", "JWT authentication"),
// the heads of those no file it changed covers (see covers), joined; or "".
func partsLeft(t *transcript.Turn, w wording) string {
	parts := promptParts(t.Prompt)
	if parts == nil {
		return ""
	}
	var names []string
	for _, u := range t.Tools {
		if u.Edits() && u.FilePath != "" && (!u.HasResult || !u.IsError) {
			names = append(names, strings.FieldsFunc(strings.ToLower(u.FilePath), func(r rune) bool { return strings.ContainsRune("/\\._- ", r) })...)
		}
	}
	var left []string
	for _, p := range parts {
		if !covers(names, p) {
			head, _, _ := strings.Cut(p, ": ")
			left = append(left, head)
		}
	}
	return strings.Join(left, w.partsSep)
}

// promptParts are the lines of a prompt after its first, list marks aside, when they are
// 2 to maxParts short lines; else nil.
func promptParts(prompt string) []string {
	_, rest, _ := strings.Cut(strings.TrimSpace(prompt), "\n")
	var parts []string
	for l := range strings.Lines(rest) {
		p := stripItem(strings.TrimSpace(l))
		switch {
		case p == "":
		case len(parts) == maxParts || len(p) > maxPartLen:
			return nil
		default:
			parts = append(parts, p)
		}
	}
	if len(parts) < 2 {
		return nil
	}
	return parts
}

// covers reports whether the names in the changed files' paths cover a part: two of its
// words, or its one word, are names ("MQTT client …" and mqtt/client.py).
func covers(names []string, part string) bool {
	ws := memstore.ContentWords(memstore.Normalize(part))
	n := 0
	for _, w := range ws {
		if slices.Contains(names, w) {
			n++
		}
	}
	return n > 0 && n >= min(2, len(ws))
}
