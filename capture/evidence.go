package capture

import (
	"fmt"
	"slices"
	"strings"

	"carnet/memstore"
)

// Proof apart from guesses: a fact the turn learned carries what shows it true when the
// turn has it — a command that failed and then went through, the commit made after it —
// and a change that did not fix a failure is recorded as tried, never as knowledge.

// evidenceStep marks the turn's facts verified by the command the turn fixed (and the
// commit that followed), and records as tried the changes after which a command failed
// again the same way.
func evidenceStep(c *turnCtx) {
	proof := c.proof()
	if proof != "" {
		for i, k := range c.r.Knowledge {
			if !strings.Contains(k, strings.TrimSpace(strings.SplitN(c.w.verified, "%", 2)[0])) {
				c.r.Knowledge[i] = k + fmt.Sprintf(c.w.verified, proof)
			}
		}
		for i, b := range c.r.Steps {
			if b.Key == memstore.KeyKnowledge && !strings.HasSuffix(b.Text, ")") {
				c.r.Steps[i].Text = b.Text + fmt.Sprintf(c.w.verified, proof)
			}
		}
	}
	c.tried()
}

// proof is what shows the turn's work right: the last command that failed in the turn (or
// earlier in the session) and then went through, and the commit made after it; "" when
// the turn has no such command.
func (c *turnCtx) proof() string {
	failed := map[string]bool{}
	for key := range c.s.Failed {
		failed[key] = true
	}
	for _, f := range c.r.Fixed {
		failed[f] = true
	}
	cmd, at := "", -1
	for i, u := range c.t.Tools {
		if u.Name != "Bash" || !u.HasResult {
			continue
		}
		k := c.callCommand(u)
		switch {
		case k.key == "":
		case realFailure(u):
			failed[k.key] = true
		case !u.IsError && failed[k.key]:
			cmd, at = k.short, i
		}
	}
	if len(c.r.Fixed) > 0 && cmd == "" {
		for i, u := range c.t.Tools { // a failure of an earlier turn, fixed now
			if k := c.callCommand(u); u.Name == "Bash" && u.HasResult && !u.IsError && slices.ContainsFunc(c.r.Fixed, func(f string) bool { return strings.Contains(f, "`"+k.short+"`") }) {
				cmd, at = k.short, i
			}
		}
	}
	if cmd == "" {
		return ""
	}
	parts := []string{"`" + cmd + "` ok"}
	for _, u := range c.t.Tools[at+1:] {
		if u.CommitHash != "" {
			parts = append(parts, "commit "+u.CommitHash)
		}
	}
	return strings.Join(parts, ", ")
}

// tried records the files changed between two failures of one command with the same cause:
// what was tried and did not help.
func (c *turnCtx) tried() {
	type fail struct {
		at    int
		cause string
	}
	last := map[string]fail{}
	for i, u := range c.t.Tools {
		k := c.callCommand(u)
		if k.key == "" {
			continue
		}
		if !realFailure(u) {
			if u.HasResult && !u.IsError {
				delete(last, k.key)
			}
			continue
		}
		why := cause(u)
		if prev, ok := last[k.key]; ok && prev.cause == why && why != "" {
			if files := c.editedBetween(prev.at, i); len(files) > 0 && !c.fixedLater(i, k) {
				c.add(memstore.KeyProblems, fmt.Sprintf(c.w.tried, strings.Join(files, ", "), k.short, why))
			}
		}
		last[k.key] = fail{i, why}
	}
}

// editedBetween lists the project's files changed by the calls after from and before to.
func (c *turnCtx) editedBetween(from, to int) []string {
	var out []string
	for _, u := range c.t.Tools[from+1 : to] {
		if !u.Edits() || u.FilePath == "" || u.HasResult && u.IsError {
			continue
		}
		if p, inside := c.fx.Rel(u.FilePath); inside && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// fixedLater reports the command going through after call i.
func (c *turnCtx) fixedLater(i int, k command) bool {
	f := fixes{}
	for _, u := range c.t.Tools[i+1:] {
		if u.HasResult && !u.IsError {
			f.add(u, c.callCommand(u))
		}
	}
	return f.fixed(k)
}

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
