package memstore

import (
	"slices"
	"strings"
)

// A "Run `x`, then test the page at `/p`" to-do is two steps (see laterStep). When `x` ran
// and another open item is the later step (it names the same backquoted `/p`), running
// the command was all this item still held: it is done, the other item keeps the test.

// carriedRun reports whether item is a "Run `…`, then …" to-do whose command the evidence
// shows run and whose later step another of the open items names (a backquoted span of
// the later step in that item's text). open lists the open items lazily: it is only read
// for such a to-do.
func carriedRun(item string, evidence []string, open func() []OpenItem) bool {
	cmd := runCommand(item)
	if cmd == "" || !laterStep(item) ||
		!ranCommand(cmd, evidence) {
		return false
	}
	spans := codeSpans(afterCommand(item))
	return len(spans) > 0 && slices.ContainsFunc(open(), func(o OpenItem) bool {
		if o.Text == item {
			return false
		}
		for s := range codeSpans(o.Text) {
			if spans[s] {
				return true
			}
		}
		return false
	})
}

// afterCommand is what a to-do says after its first backquoted span.
func afterCommand(item string) string {
	_, rest, _ := strings.Cut(item, "`")
	_, rest, _ = strings.Cut(rest, "`")
	return rest
}
