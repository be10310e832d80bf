package capture

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// Open items: what is still to do at the end of the turn, from the agent's own to-do list and
// the closing text's next steps, each in its latest state (a later list supersedes an
// earlier one), and work left half done (a refused commit, a failed push, a cut turn).

// openStatus reports a to-do status still to do.
func openStatus(s string) bool { return s == "pending" || s == "in_progress" || s == "" }

// todosStep reads the agent's to-do lists (TodoWrite, update_plan, write_todos, todowrite:
// whole lists; TaskCreate/TaskUpdate: one numbered task a call). The agent's list holds
// until the agent changes it: turns of work that leave it alone do not age it (its items
// are often the session's plan, worked one per several turns).
func todosStep(c *turnCtx) {
	if c.t.Sidechain {
		return
	}
	last := -1
	for i, u := range c.t.Tools {
		if u.Todos != nil && (!u.HasResult || !u.IsError) {
			last = i
		}
	}
	if last >= 0 {
		if newList(c.s.List, c.t.Tools[last].Todos) && len(c.s.Next) > 0 {
			c.drop(c.s.Next...) // the agent's new plan takes over from an earlier closing's next steps
			c.s.Next, c.s.NextAge = nil, 0
		}
		c.replaceList(c.t.Tools[last].Todos, c.workedPast(last))
	}
	c.tasks()
}

// workedPast reports a turn that went on past its call i (a later call went through) and
// ended on a closing text that asks nothing: what the agent had in progress then is done,
// though it did not come back to tick it.
func (c *turnCtx) workedPast(i int) bool {
	end := strings.TrimRight(strings.TrimSpace(c.t.Closing), "*_ ")
	if c.t.Interrupted || openCall(c.t) || end == "" || apiFailed(end) || isOffer(end) {
		return false
	}
	return slices.ContainsFunc(c.t.Tools[i+1:], func(u *transcript.ToolUse) bool {
		return u.Todos == nil && u.Task == nil && u.HasResult && !u.IsError
	})
}

// replaceList makes list the session's: its open items are open (in progress and worked
// past: done), its done ones closed. Of the previous list's open items it no longer has,
// the ones in progress are superseded; the ones never started are dropped, done or not
// being the agent's to say (a new plan, a list written again after a compaction).
func (c *turnCtx) replaceList(list []transcript.Todo, past bool) {
	list = slices.Clone(list)
	var all, open, done []string
	for i, td := range list {
		t := strings.TrimSpace(td.Content)
		if past && td.Status == "in_progress" {
			list[i].Status = "completed"
		}
		switch all = append(all, t); {
		case t == "":
		case openStatus(list[i].Status):
			open = append(open, t)
		case list[i].Status == "completed":
			done = append(done, t)
		default: // cancelled, deleted
			c.drop(t)
		}
	}
	old, unstarted := started(c.s.List)
	c.drop(gone(unstarted, all)...)
	c.supersede(old, all)
	c.add(memstore.KeyNext, open...)
	c.close(done...)
	c.s.List = list
}

// started splits a list's open items into the ones in progress and the ones not yet started.
func started(list []transcript.Todo) (inProgress, pending []string) {
	for _, td := range list {
		switch t := strings.TrimSpace(td.Content); {
		case t == "" || !openStatus(td.Status):
		case td.Status == "in_progress":
			inProgress = append(inProgress, t)
		default:
			pending = append(pending, t)
		}
	}
	return inProgress, pending
}

// gone is the items of old that now no longer has, by their normalized text.
func gone(old, now []string) []string {
	kept := make(map[string]bool, len(now))
	for _, n := range now {
		kept[memstore.Normalize(n)] = true
	}
	return slices.DeleteFunc(slices.Clone(old), func(o string) bool { return kept[memstore.Normalize(o)] })
}

// supersede ends the open items old of a list that now no longer has: closed after work, dropped without.
func (c *turnCtx) supersede(old, now []string) {
	if g := gone(old, now); c.worked() {
		c.close(g...)
	} else {
		c.drop(g...)
	}
}

// tasks follows Claude Code's numbered tasks: TaskCreate opens one (its number comes with
// its result), TaskUpdate names it by number only.
func (c *turnCtx) tasks() {
	for i, u := range c.t.Tools {
		if u.Task == nil || u.Task.ID == "" || !u.HasResult || u.IsError {
			continue
		}
		if c.s.Tasks == nil {
			c.s.Tasks = map[string]task{}
		}
		tk := c.s.Tasks[u.Task.ID]
		tk.Subject, tk.Status = cmp.Or(u.Task.Subject, tk.Subject), cmp.Or(u.Task.Status, tk.Status)
		if tk.Status == "in_progress" && c.workedPast(i) {
			tk.Status = "completed"
		}
		c.s.Tasks[u.Task.ID] = tk
		switch {
		case tk.Subject == "":
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

// expired counts the turns of work that left a list untouched and reports the one that
// reaches nextExpiry: the list no longer holds. A turn read again after the Stop gate
// blocked it is the turn already counted.
func (c *turnCtx) expired(age *int, touched bool) bool {
	if touched {
		*age = 0
	} else if c.worked() && !c.t.AnswersBlock {
		*age++
	}
	return *age >= nextExpiry
}

// closingNextStep writes the closing text's next-steps list; the session's previous list's
// items it no longer has are dropped, neither open nor done: what a closing text leaves out
// does not say it was done (a step for the user the plan moved past); a list no closing gave
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
	if c.expired(&c.s.NextAge, len(items) > 0) {
		c.drop(c.s.Next...)
		c.s.Next, c.s.NextAge = nil, 0
	}
	if len(items) == 0 {
		return
	}
	c.drop(gone(c.s.Next, items)...) // left out of the new list: not done for all that
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
// call that failed. A later commit or push that goes through takes the first two back; the
// next turn of work gone to its end takes the work to resume back, on that task or on the
// one the user turned to instead: the interruption is behind the session.
func halfDoneStep(c *turnCtx) {
	if c.t.Sidechain {
		return
	}
	lastCommit, pushed := c.refusedGit()
	committed := lastCommit >= 0
	resumed := c.worked() && !c.t.Interrupted && !cut(c.t) && strings.TrimSpace(c.t.Closing) != "" && !apiFailed(c.t.Closing)
	c.s.Half = slices.DeleteFunc(c.s.Half, func(h string) bool {
		redone := committed && opens(h, c.w.commitRefused) || pushed && opens(h, c.w.pushFailed) || resumed && opens(h, c.w.resume)
		if redone {
			c.drop(h) // the retry's own bullets say it went through: a ticked "to redo" would say it twice
		}
		return redone
	})
	c.interrupted()
	c.sinceCommit(lastCommit)
}

// sinceCommit follows the files the session changed after its last commit: a commit that
// went through here (its call last, -1 for none) takes the ones changed before it, and the
// open item that named them.
func (c *turnCtx) sinceCommit(last int) {
	if last >= 0 {
		c.s.Committed, c.s.Uncommitted = true, nil // the open item that named them goes at the turn's end (endingStep)
	}
	files := slices.SortedFunc(maps.Keys(c.changedAt), func(a, b string) int { return cmp.Or(c.changedAt[a]-c.changedAt[b], strings.Compare(a, b)) })
	for _, f := range files {
		if c.changedAt[f] > last && fileName(f) && !slices.Contains(c.s.Uncommitted, f) {
			c.s.Uncommitted = append(c.s.Uncommitted, f)
		}
	}
}

// refusedGit writes the turn's last refused commit and last failed push that nothing after
// them redid, and reports the call of the last commit that went through (-1 for none) and
// whether a push did.
func (c *turnCtx) refusedGit() (lastCommit int, pushed bool) {
	refused, rejected := false, false
	lastCommit = -1
	for i, u := range slices.Backward(c.t.Tools) {
		if u.Name != "Bash" || !u.HasResult || foreignDir(c.fx, u.Command) {
			continue
		}
		okCommit := isCommit(u.Command) && (u.CommitHash != "" || !u.IsError)
		okPush := isPush(u.Command) && !u.IsError
		if okCommit && lastCommit < 0 {
			lastCommit = i
		}
		pushed = pushed || okPush
		switch {
		case okCommit || okPush || transcript.Refused(u.Output):
		case isCommit(u.Command) && u.IsError && u.CommitHash == "" && lastCommit < 0 && !refused:
			c.half(fmt.Sprintf(c.w.commitRefused, cause(u)))
			refused = true // one bullet for the turn's last refusal
		case isPush(u.Command) && u.IsError && !pushed && !rejected:
			c.half(fmt.Sprintf(c.w.pushFailed, cause(u)))
			rejected = true
		}
	}
	return lastCommit, pushed
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

// apiFailed reports a closing text that is the runtime's report of a failed model call.
func apiFailed(closing string) bool {
	return slices.ContainsFunc(apiFailures, func(p string) bool { return strings.HasPrefix(strings.TrimSpace(closing), p) })
}

// interrupted writes a turn that stopped before its end: the user's abort, a failed model
// call, a session that ended in the middle of a turn (cut); changes left half made, when
// no open to-do says so, are to resume — a plan approved and not started, its steps. None
// is a problem: the user chose to stop, and a model call that failed (an outage, an
// overload) says nothing of the project.
func (c *turnCtx) interrupted() {
	t := c.t
	switch {
	case apiFailed(t.Closing), t.Interrupted && c.worked(), t.SessionEnded && cut(t), openCall(t):
		// cut short: where the work stands (its work to resume)
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
		c.half(clip(fmt.Sprintf(c.w.resume, clipGoal(goal))+stoppedAt(t), maxItem))
	}
}

// stoppedAt is what the agent said it was doing when the turn stopped, after " — ": the
// last paragraph of the text it wrote before the call the turn stopped in or after ("I'll
// refresh the draft, then the proof files."), when it says more than "On it.", or "".
func stoppedAt(t *transcript.Turn) string {
	if !cut(t) && !t.Interrupted || apiFailed(t.Closing) {
		return ""
	}
	var para []string
	for _, l := range lines(t.Closing) {
		if l = strings.TrimSpace(l); l == "" {
			para = nil
		} else if _, _, _, h := headingText(l); !h && !strings.HasPrefix(l, "|") {
			para = append(para, stripMarkup(l))
		}
	}
	if p := strings.Join(para, " "); !tooShort(p) {
		return " — " + p
	}
	return ""
}

// openCall reports a turn whose last call has no result: it stopped in the middle of it.
func openCall(t *transcript.Turn) bool { return len(t.Tools) > 0 && !t.Tools[len(t.Tools)-1].HasResult }

// cut reports a turn that stopped in the middle: tools called and no closing text, its
// last call left without a result, or a result the agent never answered (its text is what
// it said before that call).
func cut(t *transcript.Turn) bool {
	return len(t.Tools) > 0 && (strings.TrimSpace(t.Closing) == "" || openCall(t) || t.EndsOnResult)
}

// endingStep writes what the session leaves open that no list says, as it stands after the
// turn: the question its last answer asks the user (an offer to go on, a choice to make) and,
// in a session that commits its work, the files it changed after its last commit. These it
// keeps current after every turn, not only when the session ends: OpenCode and Codex before
// its SessionEnd hook say nothing of an end, nor does a terminal closed on a session. What the
// last turn left open and this one no longer does (the user answered the question, a commit
// took the files) is dropped; the agent's answer to a Stop hook's block answers no question
// of the user's, which stays. When the session ends, it adds the session's tests, builds and
// linters still failing, by their command (the failure's line under Problems says why): the
// project's state, where another failed call (a script, a lookup) is only the agent's path to
// it and stays a problem. Those wait for the end: a check that failed is often passed later
// under another command line, which a turn's failures cannot tell.
func endingStep(c *turnCtx) {
	if c.t.Sidechain {
		return
	}
	var open []string
	if c.t.AnswersBlock { // its closing answers the gate: the user's question stands
		open = slices.DeleteFunc(slices.Clone(c.s.Ending), func(it string) bool { return !opens(it, c.w.unanswered) })
	} else if q := lastQuestion(c.t.Closing); q != "" {
		open = append(open, fmt.Sprintf(c.w.unanswered, q))
	}
	if c.t.SessionEnded {
		for _, key := range slices.Sorted(maps.Keys(c.s.Failed)) {
			if short := parseCommandKey(key).short; short != "" && parseLine(key).Checks() {
				open = append(open, fmt.Sprintf(c.w.stillFailing, "`"+short+"`")) // its error line is under Problems
			}
		}
	}
	if c.s.Committed && len(c.s.Uncommitted) > 0 { // a session that commits its work and left some of it out: every file, by name
		open = append(open, FileListBullets(c.w.uncommitted, c.s.Uncommitted)...)
	}
	var now []string
	for _, it := range open {
		it = c.clean(memstore.KeyNext, it)
		if it != "" && (slices.Contains(c.s.Ending, it) || c.add(memstore.KeyNext, it) > 0) {
			now = append(now, it)
		}
	}
	c.drop(gone(c.s.Ending, now)...)
	c.s.Ending = now
}

// lastQuestion is the question a text ends with, when its last paragraph is one ("Would you
// like me to create these commits?"), or "". A question of its own right after a list that
// no next-steps heading opened offers that list: its items go with it.
func lastQuestion(text string) string {
	ls := slices.DeleteFunc(lines(text), func(l string) bool { return strings.TrimSpace(l) == "" })
	if len(ls) == 0 || !isOffer(strings.TrimSpace(stripMarkup(ls[len(ls)-1]))) {
		return ""
	}
	l, parts := strings.TrimSpace(stripMarkup(ls[len(ls)-1])), outline(text)
	ss := sentences(l)
	_, _, _, after := listItem(ls[max(0, len(ls)-2)])
	if _, _, _, in := listItem(ls[len(ls)-1]); after && !in && len(ss) == 1 && len(parts) > 0 {
		if p := parts[len(parts)-1]; len(p.items) > 0 && p.kind != cueNext {
			return clip(l+" — "+strings.Join(p.items, "; "), maxItem)
		}
	}
	if len(contentWords(l)) < 4 && !hasWide(l) {
		return ""
	}
	return clip(ss[len(ss)-1], maxItem)
}

// newList reports a to-do list with an item the previous list did not have: a new plan,
// not the same one ticked on.
func newList(prev, list []transcript.Todo) bool {
	had := make([]string, len(prev))
	for i, td := range prev {
		had[i] = memstore.Normalize(td.Content)
	}
	return slices.ContainsFunc(list, func(td transcript.Todo) bool {
		return strings.TrimSpace(td.Content) != "" && !slices.Contains(had, memstore.Normalize(td.Content))
	})
}
