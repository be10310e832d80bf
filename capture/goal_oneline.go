package capture

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// oneTask reduces a goal to the line that names its task: a link to an issue or a pull
// request as its number (linkRefs), the task after a label ("Target: …", labelledTask),
// the first sentence when it states the task and the next ones explain it (firstTask).
func oneTask(g string) string {
	return firstTask(labelledTask(linkRefs(g)))
}

// taskOpeners open a sentence that states a task, besides requestOpeners ("I want to make
// a chess variant …", "Let's split app.js …").
var taskOpeners = []string{"i want to ", "i'd like to ", "i would like to ", "we need to ", "now i want to ", "let's ", "lets ",
	"now let's ", "now, let's ", "make ", "create ", "build ", "write ", "split ", "break down ", "refactor ", "rewrite ",
	"rename ", "move ", "je veux ", "on va "}

// statesTask reports a sentence that opens with a request or a task.
func statesTask(s string) bool {
	_, ok := cutFold(s, taskOpeners)
	return ok || isRequestSentence(s)
}

// firstTask gives, of a goal of several sentences, the first one when it states the task
// in a few words at least: what follows explains it ("Any piece with a ready cooldown can
// be moved."), a colleague's summary line does not.
func firstTask(g string) string {
	ss := splitSentences(g)
	if len(ss) < 2 || strings.HasSuffix(ss[0], "?") {
		return g
	}
	first := strings.TrimRight(ss[0], ".!")
	if len(strings.Fields(first)) < minRequestWords || !statesTask(first) {
		return g
	}
	return first + firstStep(ss[1:]) // "But first, let's make …" (goal_first.go)
}

// taskLabels announce, in a prompt, the task in a few words ("fastapi-gateway - Target:
// Production-ready REST → MQTT bridge").
var taskLabels = []string{"Target:", "Goal:", "Objective:", "Task:", "Objectif :", "Objectif:", "Цель:", "Задача:"}

// minLabelledWords is how many words the text after a label needs to state a task.
const minLabelledWords = 3

// labelledTask gives, of a goal that names its task after one of taskLabels, that task's
// first sentence, with the project's name when one stands right before the label; a goal
// that states a task before the label stays as it is.
func labelledTask(g string) string {
	for _, l := range taskLabels {
		i := strings.Index(g, l)
		if i < 0 || i > 0 && g[i-1] != ' ' {
			continue
		}
		before, task := strings.TrimSpace(g[:i]), strings.TrimSpace(g[i+len(l):])
		task = strings.TrimRight(splitSentences(task)[0], ".")
		if len(strings.Fields(task)) < minLabelledWords || slices.ContainsFunc(splitSentences(before), statesTask) {
			return g
		}
		if name := projectName(before); name != "" {
			return upperFirst(task) + " (" + name + ")"
		}
		return upperFirst(task)
	}
	return g
}

// projectName gives the last word of the text before a label when it is a repository's or
// a package's name ("fastapi-mqtt-gateway -"): one ASCII word with a dash, an underscore, a
// dot or a slash in it.
func projectName(before string) string {
	f := strings.Fields(strings.TrimRight(before, " -–—:,"))
	if len(f) == 0 {
		return ""
	}
	w := f[len(f)-1]
	if !strings.ContainsAny(w, "-_./") || strings.ContainsAny(w, "()[]{}\"'") || utf8.RuneCountInString(w) != len(w) {
		return ""
	}
	return strings.TrimRight(w, ".")
}

// issueLink is a link to a GitHub issue or pull request, with what follows its number
// ("#issuecomment-…").
var issueLink = regexp.MustCompile(`https?://github\.com/[\w.-]+/[\w.-]+/(issues|pull)/(\d+)\S*`)

// refOpeners open a goal that names what it follows before the request ("as per <link> take
// Phase 2 to PR").
var refOpeners = []string{"as per ", "per ", "according to "}

// linkRefs writes a goal's links to GitHub issues and pull requests as "issue #N" and "PR
// #N", and puts a request a reference opens first: "Take Phase 2 to PR (issue #377)".
func linkRefs(g string) string {
	if strings.Contains(g, "github.com/") {
		g = issueLink.ReplaceAllStringFunc(g, func(u string) string {
			m := issueLink.FindStringSubmatch(u)
			if m[1] == "pull" {
				return "PR #" + m[2]
			}
			return "issue #" + m[2]
		})
	}
	rest, ok := cutFold(g, refOpeners)
	if !ok {
		return g
	}
	f := strings.Fields(rest)
	n := 0
	switch {
	case len(f) > 1 && (f[0] == "issue" || f[0] == "PR") && strings.HasPrefix(f[1], "#"):
		n = 2
	case len(f) > 0 && strings.Contains(f[0], "://"):
		n = 1
	}
	if n == 0 || len(f)-n < minRequestWords {
		return g
	}
	ref := strings.TrimRight(strings.Join(f[:n], " "), ",:;")
	return upperFirst(strings.TrimLeft(strings.Join(f[n:], " "), ",:;- ")) + " (" + ref + ")"
}
