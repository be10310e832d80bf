package capture

import (
	"fmt"
	"slices"
	"strings"

	"carnet/memstore"
)

// maxUnblocking bounds the commands between a failure and the run that went through for
// one of them to be what unblocked it.
const maxUnblocking = 2

// unblockedStep writes what the turn shows about making a command work: the same program
// run another way that went through (`a-sdlc` failed, `uv run a-sdlc` worked), or the same
// command going through after one or two other commands and no change to the files (it
// only worked after `pip install scipy`).
func unblockedStep(c *turnCtx) {
	tools := c.t.Tools
	done := map[string]bool{}
	for i, u := range tools {
		if u.Name != "Bash" || !realFailure(u) {
			continue
		}
		k := c.callCommand(u)
		why := cause(u)
		if k.key == "" || why == "" || done[k.key] {
			continue
		}
		var between []string
		for _, v := range tools[i+1:] {
			if v.Edits() {
				break // a change to the files: what it fixed is the change, not a command
			}
			if v.Name != "Bash" || !v.HasResult {
				continue
			}
			vk := c.callCommand(v)
			if sameRun(k, vk) {
				if v.IsError {
					break
				}
				done[k.key] = true
				raw, vraw := strings.TrimSpace(u.Command), strings.TrimSpace(v.Command)
				switch {
				case raw != vraw && len(vraw) <= 100 && vk.key == k.key && strings.Contains(vraw, raw):
					c.add(memstore.KeyKnowledge, fmt.Sprintf(c.w.variant, raw, why, vraw))
				case len(between) > 0 && len(between) <= maxUnblocking:
					c.add(memstore.KeyKnowledge, fmt.Sprintf(c.w.unblocked, runName(k), strings.Join(between, "` + `"), why))
				}
				break
			}
			if !v.IsError && vk.key != "" && !probe(v) && !slices.Contains(between, vk.short) {
				between = append(between, vk.short)
			}
		}
	}
}

// sameRun reports a later command v that runs the failed command k again: the same
// command, or one of its kind step for step (git push, then git push origin main; a chain
// again with another commit message).
func sameRun(k, v command) bool {
	return v.key == k.key || len(v.parts) == len(k.parts) && slices.Equal(looseParts(v), looseParts(k))
}

// looseParts are a command's steps, each by its kind (loose).
func looseParts(k command) []string {
	out := make([]string, len(k.parts))
	for i, p := range k.parts {
		out[i] = loose(p)
	}
	return out
}

// runName names a command that went through: a chain by all its steps (which of them had
// failed, its output does not say), by their kinds when it is long.
func runName(k command) string {
	if len(k.parts) < 2 || len(k.key) <= 80 {
		return k.short
	}
	return strings.Join(looseParts(k), " && ")
}
