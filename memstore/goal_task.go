package memstore

import (
	"regexp"
	"slices"
	"strings"
)

// requestWords are the words any request is written with ("make it so", "should", "now"):
// two prompts sharing them are not on the same task.
var requestWords = set(strings.Fields(`i me my we our us you your it its they them he she let let's lets now want wants need needs
	should would could can will make made sure also just please so then than there here this these those not no yes
	do does did don't doesn't didn't have has had get go more less some any all other way like same new very still again
	currently current when what which where why how who if but instead only too even first next last one thing things
	try take use using add change update remove keep show see look work working fix`))

// taskWords are a goal's words that name its subject: content words, plurals folded,
// without the words of any request.
func taskWords(goal string) []string {
	var out []string
	for _, w := range stems(goal) {
		if !requestWords[w] && len(w) > 2 {
			out = append(out, w)
		}
	}
	return out
}

// SameTask reports whether a goal goes on with the task of the goal just before it, in
// other words: both name the same file, or, when the new goal asks no question and names no
// other file and no other number, both open on the same subject ("The cooldown should start at the top" after
// "The cooldown should go clockwise"), or share subject words: three that are a third of
// the shorter one's, or two that are half of them.
func SameTask(prev, next string) bool {
	a, b := subjectWords(prev), subjectWords(next)
	shared, otherFile := 0, false
	for _, w := range b {
		file := strings.ContainsAny(w, "./")
		switch {
		case !slices.ContainsFunc(a, func(x string) bool { return sameStem(x, w) }):
			otherFile = otherFile || file
		case file:
			return true // the same file: the same task
		default:
			shared++
		}
	}
	if otherFile || newNumber(prev, next) || strings.ContainsAny(next, "?？") { // a question asks something new
		return false
	}
	sameSubject := len(a) > 0 && len(b) > 0 && len(a[0]) >= 5 && a[0] == b[0]
	fewer := min(len(a), len(b))
	return shared >= 3 && shared*3 >= fewer || shared >= 2 && shared*2 >= fewer || sameSubject
}

// sameStem reports two words with one the start of the other ("highlight", "highlighted"),
// four letters at least.
func sameStem(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return a == b || len(a) >= 4 && strings.HasPrefix(b, a)
}

// handedPlan opens a goal that is a plan the user hands over: it always names a task of its
// own. A plan's title the agent drew up ("Plan : …") is the task of the prompt that asked
// for it when it shares its subject.
const handedPlan = "Implement the following plan:"

// goesOn reports a goal that goes on with the task of the last of had.
func goesOn(had []string, goal string) bool {
	if len(had) == 0 || strings.HasPrefix(goal, handedPlan) {
		return false
	}
	return SameTask(had[len(had)-1], goal)
}

// subjectWords are a goal's task words without its first word, the verb of an imperative
// ("Create the login page": login, page); "The cooldown should …" keeps cooldown.
func subjectWords(goal string) []string {
	w := taskWords(goal)
	f := strings.Fields(Normalize(goal))
	if len(w) > 0 && len(f) > 0 && slices.Equal(stems(f[0]), w[:1]) {
		return w[1:]
	}
	return w
}

// measure finds a quantity that tunes something ("3%", "12px", "200 ms"), not an item's number.
var measure = regexp.MustCompile(`\d+(\.\d+)?\s*(%|(px|ms|em|rem|pt|dp)\b)`)

// newNumber reports a number of next that prev does not have ("Goal number 2" after "Goal
// number 1"): another item, another task.
func newNumber(prev, next string) bool {
	had := set(ContentWords(Normalize(prev)))
	next = measure.ReplaceAllString(next, " ")
	return slices.ContainsFunc(ContentWords(Normalize(next)), func(w string) bool {
		return !had[w] && strings.ContainsAny(w, "0123456789") && !strings.ContainsAny(w, "./")
	})
}
