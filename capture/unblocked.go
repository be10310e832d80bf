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
			if vk.key == k.key || loose(vk.key) == loose(k.key) {
				if v.IsError {
					break
				}
				done[k.key] = true
				raw, vraw := strings.TrimSpace(u.Command), strings.TrimSpace(v.Command)
				switch {
				case raw != vraw && len(vraw) <= 100 && vk.key == k.key && strings.Contains(vraw, raw):
					c.add(memstore.KeyKnowledge, fmt.Sprintf(c.w.variant, raw, why, vraw))
				case len(between) > 0 && len(between) <= maxUnblocking:
					c.add(memstore.KeyKnowledge, fmt.Sprintf(c.w.unblocked, k.short, strings.Join(between, "` + `"), why))
				}
				break
			}
			if !v.IsError && vk.key != "" && !probe(v) && !slices.Contains(between, vk.short) {
				between = append(between, vk.short)
			}
		}
	}
}
