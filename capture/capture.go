// Package capture turns what an agent did in one turn into memory: the bullets of the
// extraction JSON of SPEC §1 (memstore.Extraction), and the few changes of capture's own
// earlier bullets that the turn makes true (an open item done, a failure fixed).
//
// It reads structure first — the prompt, the files edited, the commits, the calls that
// failed and their error lines, the agent's own to-do list in its latest state, the lists
// of the closing text — and words only through the per-language cue tables (cues.go). Its
// steps run in the one order the pipeline below declares, each bullet tagged with the step
// that wrote it (for the debug log and the firing table). It asks no model: the model
// extractors (hook/model) are the other way to fill the same JSON.
package capture

import (
	"slices"
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// The budgets of one turn: what capture writes is memory, not a dump.
const (
	maxGoal      = 200 // characters of a goal
	maxItem      = 300 // characters of an item read from a list
	maxFailures  = 5   // failure bullets a turn writes
	maxOpen      = 12  // open items a turn writes
	maxDecisions = 4   // decisions a turn writes
	maxKnowledge = 4   // facts a turn writes
	maxFileList  = 900 // characters of one file-list bullet (a longer list takes more bullets)
)

// budget is how many bullets of a section one turn writes.
var budget = map[string]int{
	memstore.KeyGoal: 2, memstore.KeyProblems: maxFailures, memstore.KeyNext: maxOpen,
	memstore.KeyDecisions: maxDecisions, memstore.KeyKnowledge: maxKnowledge,
}

// step is one stage of the pipeline: id names it in the debug log.
type step struct {
	id  string
	run func(c *turnCtx)
}

// pipeline is every step, in the order they run: the structural ones first, so that a
// budget is spent on structure before words.
var pipeline = []step{
	{"goal", goalStep},               // the prompt: one line per distinct task
	{"plan", planStep},               // an accepted plan: its title, its stated choices
	{"title", titleStep},             // the session's name, as the agent gave it: its first task
	{"files", filesStep},             // files created and changed, by folder
	{"commits", commitsStep},         // commits made, with their subject
	{"repos", reposStep},             // repositories created
	{"pulls", pullsStep},             // pull requests opened and merged
	{"failures", failuresStep},       // failed commands and their error line, fixed or not
	{"reported", reportedStep},       // an error the user pasted into the prompt
	{"todos", todosStep},             // the agent's own to-do list, in its latest state
	{"next", closingNextStep},        // the closing text's next-steps list
	{"halfdone", halfDoneStep},       // a refused commit or push, an interrupted turn
	{"ending", endingStep},           // at the session's end: its last question, its failures still open
	{"headed", closingHeaded},        // the closing text's decisions and lessons lists
	{"reasons", reasonedChoicesStep}, // "X instead of Y, because Z" in the closing text
	{"unblocked", unblockedStep},     // a failing command and what made it, or a variant of it, work (its own proof)
	{"commands", commandsStep},       // the tests, builds, linters and server that went through
}

// Bullet is one bullet a step wrote.
type Bullet struct {
	Step string `json:"step"`
	Key  string `json:"key"`
	Text string `json:"text"`
}

// Result is what capture makes of a turn.
type Result struct {
	memstore.Extraction
	// Close lists open items the turn finished, as their text says: they are ticked (the
	// storage ticks only capture's own and an agent's). Drop lists open items capture wrote
	// that no longer hold (a plan that changed): they are removed unticked.
	Close, Drop []string
	// Fixed lists failure bullets of earlier turns (their text) that the turn fixed;
	// Replaced maps a bullet of an earlier turn (a failure, the commands that went through)
	// to the one that now takes its place, with its section.
	Fixed    []string
	Replaced map[string]Bullet
	// Asked is the turn's request, when the turn did work, and the subjects of its commits:
	// open items they name are done.
	Asked string
	Shown []string
	// RemovedFiles are the files the turn removed: they leave the day's file lists.
	RemovedFiles []string
	// Steps says which step wrote each bullet.
	Steps []Bullet
}

// Capture runs the pipeline over one turn (guarded: its secrets are already redacted) with
// the session's state s, which it updates for the next turn.
func Capture(t *transcript.Turn, s *Session, lang string) Result {
	c := &turnCtx{t: t, s: s, w: wordingFor(lang), fx: transcript.TurnFixer(t)}
	if !t.Sidechain {
		// A state from before Began was kept already remembers goals: not the first turn.
		c.first, s.Began = !s.Began && len(s.Goals) == 0, true
	}
	if !t.HasActivity() {
		return c.r // nothing happened: a prompt with no answer is not memory
	}
	for _, st := range pipeline {
		c.step = st.id
		st.run(c)
	}
	if c.worked() && c.goal != "" {
		c.r.Asked = c.goal
	}
	for _, u := range t.Tools {
		if u.CommitSubject != "" && (u.CommitHash != "" || !u.IsError) {
			c.r.Shown = append(c.r.Shown, u.CommitSubject)
		}
	}
	return c.r
}

// turnCtx is the state of one run of the pipeline.
type turnCtx struct {
	t     *transcript.Turn
	s     *Session
	w     wording
	fx    transcript.PathFixer
	r     Result
	step  string
	first bool   // the session's first turn
	goal  string // the request the goal step read, written or not
	para  string // the paragraph of the prompt it was read from (its later asks: withAsks)
	plan  string // the plan the turn carries out (approved in it, or just before)
	// changedAt maps the project's files the turn wrote or removed to the last call that did
	changedAt map[string]int

	closing []part // the closing text's outline, once read (closingAnnounced)
}

// add writes bullets of section key for the current step, within the turn's budget,
// each cleaned (clean.go); it returns how many it kept.
func (c *turnCtx) add(key string, items ...string) int {
	n := 0
	for _, it := range items {
		text := c.clean(key, it)
		if text == "" || c.has(key, text) {
			continue
		}
		if max, ok := budget[key]; ok && len(c.r.Field(key)) >= max {
			break
		}
		c.r.Add(key, text)
		c.r.Steps = append(c.r.Steps, Bullet{Step: c.step, Key: key, Text: text})
		n++
	}
	return n
}

// unwrite takes back a bullet the turn wrote under key.
func (c *turnCtx) unwrite(key, text string) {
	c.r.Set(key, slices.DeleteFunc(slices.Clone(c.r.Field(key)), func(s string) bool { return s == text }))
	c.r.Steps = slices.DeleteFunc(c.r.Steps, func(b Bullet) bool { return b.Key == key && b.Text == text })
}

// has reports whether the turn already wrote text under key (the same once normalised).
func (c *turnCtx) has(key, text string) bool {
	n := memstore.Normalize(text)
	return slices.ContainsFunc(c.r.Field(key), func(s string) bool { return memstore.Normalize(s) == n })
}

// close records open items the turn finished (the storage decides which it may tick).
func (c *turnCtx) close(items ...string) {
	for _, it := range items {
		if it = strings.TrimSpace(it); it != "" && !slices.Contains(c.r.Close, it) {
			c.r.Close = append(c.r.Close, it)
			c.r.Steps = append(c.r.Steps, Bullet{Step: c.step, Key: memstore.KeyNextDone, Text: it})
		}
	}
}

// drop records open items of capture's that no longer hold.
func (c *turnCtx) drop(items ...string) {
	for _, it := range items {
		if it = strings.TrimSpace(it); it != "" && !slices.Contains(c.r.Drop, it) {
			c.r.Drop = append(c.r.Drop, it)
			c.r.Steps = append(c.r.Steps, Bullet{Step: c.step, Key: "dropped", Text: it})
		}
	}
}

// worked reports whether the turn changed the project: files edited or a commit made.
func (c *turnCtx) worked() bool {
	for _, u := range c.t.Tools {
		if (u.Edits() && !(u.HasResult && u.IsError)) || u.CommitHash != "" {
			return true
		}
	}
	return false
}

// Empty reports a result that changes nothing: no bullet, and nothing of earlier turns'
// closed, dropped, fixed or rewritten.
func (r *Result) Empty() bool {
	return r.Extraction.Empty() && len(r.Close) == 0 && len(r.Drop) == 0 && len(r.Fixed) == 0 &&
		len(r.Replaced) == 0 && r.Asked == "" && len(r.Shown) == 0 && len(r.RemovedFiles) == 0
}
