package memstore

import (
	"slices"
	"strings"
)

// discussWords ask the agent to analyse or talk a task over rather than do it.
var discussWords = []string{"discuss", "propose", "brainstorm", "ideas", "討論", "讨论", "分析", "想法", "discuter", "discutons", "proposer"}

// firstWords put the talk before the work ("first", "before implementing", "先 … 再").
var firstWords = []string{"first", "before", "先", "d'abord", "avant"}

// asksDiscussionFirst reports a goal that asks to analyse or discuss before any work ("read
// doc.md, propose ideas first, we discuss before implementing"): it says how the session
// starts, not what it is for.
func asksDiscussionFirst(goal string) bool {
	g := fold(goal)
	has := func(w string) bool { return strings.Contains(g, w) }
	return slices.ContainsFunc(discussWords, has) && slices.ContainsFunc(firstWords, has)
}

// discussLed replaces the day's last goal, when it asks to discuss first (see
// asksDiscussionFirst), by the one goal of a turn that changed files: the discussion led to
// that task, which names what the day did. It gives the goals left to add.
func (tx *Tx) discussLed(today *Doc, goals, work []string, path string, res *MergeResult) []string {
	if len(goals) != 1 || len(work) == 0 {
		return goals
	}
	last := lastGoal(today)
	text := tx.CleanBullet(goals[0])
	if last == nil || !asksDiscussionFirst(last.Text) || text == "" || !tx.guard(KeyGoal, text) {
		return goals
	}
	return replaceGoal(today, *last, text, path, res)
}
