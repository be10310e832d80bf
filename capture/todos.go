package capture

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// Open items: what is still to do at the end of the turn, from the agent's own to-do list
// in its latest state (a later list replaces an earlier one; an item it marks done, or
// drops after work, is closed), the closing text's next-steps list (superseded the same
// way by the next one), and work left half done (a refused commit, a failed push, an
// interrupted turn).

// openStatus reports a to-do status still to do.
func openStatus(s string) bool { return s == "pending" || s == "in_progress" || s == "" }

// todosStep reads the agent's to-do lists (TodoWrite, update_plan, write_todos, todowrite:
// whole lists; TaskCreate/TaskUpdate: one numbered task a call).
func todosStep(c *turnCtx) {
	if c.t.Sidechain {
		return // a subagent's plan is its own
	}
	var last []transcript.Todo
	seen := false
	for _, u := range c.t.Tools {
		if u.Todos != nil && (!u.HasResult || !u.IsError) {
			last, seen = u.Todos, true
		}
	}
	if seen {
		c.replaceList(last)
	}
	c.tasks()
}

// replaceList makes list the session's: its open items are open, its done ones closed, and
// the previous list's open items it no longer has are closed after work, dropped without.
func (c *turnCtx) replaceList(list []transcript.Todo) {
	in := map[string]bool{}
	var open, done []string
	for _, td := range list {
		t := strings.TrimSpace(td.Content)
		if t == "" {
			continue
		}
		in[memstore.Normalize(t)] = true
		switch {
		case openStatus(td.Status):
			open = append(open, t)
		case td.Status == "completed":
			done = append(done, t)
		default: // cancelled, deleted
			c.drop(t)
		}
	}
	for _, td := range c.s.List {
		t := strings.TrimSpace(td.Content)
		if t == "" || in[memstore.Normalize(t)] || !openStatus(td.Status) {
			continue
		}
		if c.worked() {
			c.close(t)
		} else {
			c.drop(t)
		}
	}
	c.add(memstore.KeyNext, open...)
	c.close(done...)
	c.s.List = slices.Clone(list)
}

// tasks follows Claude Code's numbered tasks: TaskCreate opens one (its number comes with
// its result), TaskUpdate names it by number only.
func (c *turnCtx) tasks() {
	for _, u := range c.t.Tools {
		if u.Task == nil || u.Task.ID == "" || !u.HasResult || u.IsError {
			continue
		}
		if c.s.Tasks == nil {
			c.s.Tasks = map[string]task{}
		}
		tk := c.s.Tasks[u.Task.ID]
		if u.Task.Subject != "" {
			tk.Subject = u.Task.Subject
		}
		if u.Task.Status != "" {
			tk.Status = u.Task.Status
		}
		c.s.Tasks[u.Task.ID] = tk
		if tk.Subject == "" {
			continue
		}
		switch {
		case openStatus(tk.Status):
			c.add(memstore.KeyNext, tk.Subject)
		case tk.Status == "completed":
			c.close(tk.Subject)
		default:
			c.drop(tk.Subject)
		}
	}
}

// nextExpiry is the number of turns of work after which a closing text's next steps that no
// later closing named again are dropped: the work went on past them (done, or given up),
// and a morning that opens on them opens on what was done hours earlier.
const nextExpiry = 5

// closingNextStep writes the closing text's next-steps list; the session's previous list's
// items it no longer has are closed after work, dropped without; a list no closing gave
// again in nextExpiry turns of work is dropped.
func closingNextStep(c *turnCtx) {
	if c.t.Sidechain {
		return
	}
	var items []string
	for _, it := range c.closingAnnounced(cueNext) {
		if it = strings.TrimSpace(strings.TrimSuffix(it, ".")); it != "" && !narrates(it) && !isOffer(it) {
			items = append(items, it)
		}
	}
	if len(items) == 0 {
		if len(c.s.Next) > 0 && c.worked() {
			if c.s.NextAge++; c.s.NextAge >= nextExpiry {
				c.drop(c.s.Next...)
				c.s.Next, c.s.NextAge = nil, 0
			}
		}
		return
	}
	c.s.NextAge = 0
	in := map[string]bool{}
	for _, it := range items {
		in[memstore.Normalize(it)] = true
	}
	for _, old := range c.s.Next {
		if in[memstore.Normalize(old)] {
			continue
		}
		if c.worked() {
			c.close(old)
		} else {
			c.drop(old)
		}
	}
	c.add(memstore.KeyNext, items...)
	c.s.Next = c.s.Next[:0]
	for _, it := range items {
		if it = c.clean(memstore.KeyNext, it); it != "" {
			c.s.Next = append(c.s.Next, it)
		}
	}
}

// isOffer reports an item that offers to do something rather than names it ("Would you
// like me to add tests?"): a question.
func isOffer(it string) bool { return strings.HasSuffix(it, "?") || strings.HasSuffix(it, "？") }

// halfDoneStep writes work left half done: a commit or a push that failed and was not
// redone in the turn, a turn the user interrupted in the middle of changing files, a model
// call that failed. A later commit or push that goes through closes the first two.
func halfDoneStep(c *turnCtx) {
	if c.t.Sidechain {
		return
	}
	committed, pushed := c.refusedGit()
	if committed || pushed {
		var left []string
		for _, h := range c.s.Half {
			if committed && strings.HasPrefix(h, strings.SplitN(c.w.commitRefused, "%", 2)[0]) ||
				pushed && strings.HasPrefix(h, strings.SplitN(c.w.pushFailed, "%", 2)[0]) {
				c.close(h)
				continue
			}
			left = append(left, h)
		}
		c.s.Half = left
	}
	c.interrupted()
}

// refusedGit writes the turn's last refused commit and last failed push that nothing after
// them redid, and reports whether a commit and a push went through.
func (c *turnCtx) refusedGit() (committed, pushed bool) {
	refused, rejected := false, false
	for _, u := range slices.Backward(c.t.Tools) {
		if u.Name != "Bash" || !u.HasResult || c.fx.foreignDir(u.Command) {
			continue
		}
		okCommit := isCommit(u.Command) && (u.CommitHash != "" || !u.IsError)
		okPush := isPush(u.Command) && !u.IsError
		committed, pushed = committed || okCommit, pushed || okPush
		gone := okCommit || okPush || transcript.Refused(u.Output)
		switch {
		case gone:
		case isCommit(u.Command) && u.IsError && u.CommitHash == "" && !committed && !refused:
			c.half(fmt.Sprintf(c.w.commitRefused, cause(u)))
			refused = true // one bullet for the turn's last refusal
		case isPush(u.Command) && u.IsError && !pushed && !rejected:
			c.half(fmt.Sprintf(c.w.pushFailed, cause(u)))
			rejected = true
		}
	}
	return committed, pushed
}

// half writes one piece of half-done work, remembered so that a later success closes it.
func (c *turnCtx) half(text string) {
	text = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), ":"))
	if c.add(memstore.KeyNext, text) > 0 {
		c.s.Half = append(c.s.Half, c.clean(memstore.KeyNext, text))
	}
}

// apiFailures open a closing text that is the agent's runtime reporting a failed model call.
var apiFailures = []string{"API Error", "Provider API request failed", "Request timed out", "Request was aborted",
	"Stream idle timeout", "Overloaded"}

// interrupted writes a turn that stopped before its end: the user's abort, a failed model
// call, a session that ended in the middle of a turn (no closing text, or a call left
// without its result); changes left half made, when no open to-do says so, are to resume —
// a plan approved and not started, its steps.
func (c *turnCtx) interrupted() {
	t := c.t
	closing := strings.TrimSpace(t.Closing)
	apiFail := slices.ContainsFunc(apiFailures, func(p string) bool { return strings.HasPrefix(closing, p) })
	switch {
	case refusedByModel(t):
		return
	case apiFail:
		first, _, _ := strings.Cut(closing, "\n")
		c.add(memstore.KeyProblems, fmt.Sprintf(c.w.interrupted, transcript.ClipWords(first, 160)))
	case t.Interrupted && c.worked():
		c.add(memstore.KeyProblems, c.w.userStop)
	case t.SessionEnded && cut(t), openCall(t):
		c.add(memstore.KeyProblems, c.w.cutOff) // a turn that ends with a call left without its result was cut short
	default:
		return
	}
	goal := c.goal
	if title := planTitle(c.plan); title != "" {
		goal = title
	} else if tooShort(goal) && len(c.s.Goals) > 0 {
		goal = c.s.Goals[len(c.s.Goals)-1] // "Implement the plan.": the task it continues
	}
	if len(c.r.Next) == 0 && goal != "" && (c.worked() || t.SessionEnded || openCall(t)) {
		c.add(memstore.KeyNext, fmt.Sprintf(c.w.resume, clipGoal(goal)))
	}
}

// openCall reports a turn whose last call has no result: it stopped in the middle of it.
func openCall(t *transcript.Turn) bool { return len(t.Tools) > 0 && !t.Tools[len(t.Tools)-1].HasResult }

// cut reports a turn that stopped in the middle: tools called and no closing text, or its
// last call left without a result.
func cut(t *transcript.Turn) bool {
	if len(t.Tools) == 0 {
		return false
	}
	return strings.TrimSpace(t.Closing) == "" || openCall(t)
}

// endingStep writes, when the session ends, what it leaves open that no list says: the
// question its last answer asks the user (an offer to go on, a choice to make), and the
// session's tests, builds and linters still failing: the project's state, where another
// failed call (a script, a lookup) is only the agent's path to it and stays a problem.
func endingStep(c *turnCtx) {
	t := c.t
	if !t.SessionEnded || t.Sidechain {
		return
	}
	if q := lastQuestion(t.Closing); q != "" {
		c.add(memstore.KeyNext, fmt.Sprintf(c.w.unanswered, q))
	}
	for _, key := range slices.Sorted(maps.Keys(c.s.Failed)) {
		if parseLine(key).Checks() {
			c.add(memstore.KeyNext, fmt.Sprintf(c.w.stillFailing, c.s.Failed[key]))
		}
	}
}

// lastQuestion is the question a text ends with, when its last paragraph is one ("Would you
// like me to create these commits?"), or "".
func lastQuestion(text string) string {
	for _, raw := range slices.Backward(lines(text)) {
		l := strings.TrimSpace(stripMarkup(raw))
		if l == "" {
			continue
		}
		if !strings.HasSuffix(l, "?") && !strings.HasSuffix(l, "？") || len(contentWords(l)) < 4 && !hasWide(l) {
			return ""
		}
		ss := sentences(l)
		return clip(ss[len(ss)-1], maxItem)
	}
	return ""
}
