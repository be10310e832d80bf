package memstore

import "strings"

// thenWords join a later step to a command to run ("Run `npx convex dev`, then test the
// page"): running the command does only the first step.
var thenWords = []string{" then ", ",then ", " puis ", " ensuite "}

// laterStep reports a "Run `…`" to-do that names another step after its command: the
// command run is no evidence that the whole item was done.
func laterStep(item string) bool {
	low := strings.ToLower(afterCommand(item))
	for _, w := range thenWords {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}
