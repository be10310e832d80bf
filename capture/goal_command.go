package capture

import (
	"slices"
	"strings"
	"unicode"

	"carnet/hook/transcript"
)

// reviewCommandGoal gives a bare slash command ("/dev:review", no arguments) whose answer
// is a review the work that review's heading names (reviewGoal): what the turn was for,
// when its to-do list did not say it (had is empty).
func reviewCommandGoal(t *transcript.Turn, had []string) []string {
	name := between(t.Prompt, "<command-name>", "</command-name>")
	if len(had) > 0 || name == "" || between(t.Prompt, "<command-args>", "</command-args>") != "" {
		return nil
	}
	for l := range strings.Lines(t.Closing) {
		s := strings.TrimSpace(l)
		if headingLevel(s) == 0 {
			continue
		}
		title := strings.TrimLeftFunc(stripMarkup(strings.TrimLeft(s, "# ")), func(r rune) bool { return !unicode.IsLetter(r) })
		if title == "" || !reviewWord.MatchString(title) {
			return nil // the answer's first heading says what it is
		}
		return []string{reviewGoal(title, t.Tools)}
	}
	return nil
}

// reportWords end a review's heading ("Code Review Report"): the document, not the work.
var reportWords = []string{"report", "summary", "results", "findings"}

// reviewGoal says a review's heading as the work it names ("Code Review Report": "Code
// review"), with what it covered, when its to-do list says so in a few words each ("Code
// review: security audit, performance review"): neither the heading nor the command.
func reviewGoal(title string, tools []*transcript.ToolUse) string {
	f := strings.Fields(title)
	for len(f) > 2 && slices.Contains(reportWords, strings.ToLower(f[len(f)-1])) {
		f = f[:len(f)-1]
	}
	g := upperFirst(strings.ToLower(strings.Join(f, " ")))
	var scope []string
	for _, td := range firstTodos(tools) {
		head, _, _ := strings.Cut(td.Content, " - ")
		if len(strings.Fields(head)) > maxScopeWords {
			return g
		}
		if lastWord(head) != "report" { // writing the report is not a part reviewed
			scope = append(scope, lowerFirst(head))
		}
	}
	if len(scope) < 2 {
		return g
	}
	return g + ": " + strings.Join(scope, ", ")
}

// maxScopeWords is how many words a to-do names a part of a review with at most.
const maxScopeWords = 4

// lastWord gives the last word of s in lower case.
func lastWord(s string) string {
	f := strings.Fields(strings.ToLower(s))
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

// firstTodos gives the turn's first TodoWrite list.
func firstTodos(tools []*transcript.ToolUse) []transcript.Todo {
	for _, u := range tools {
		if u.Name == "TodoWrite" && len(u.Todos) > 0 {
			return u.Todos
		}
	}
	return nil
}
