package capture

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// prNumber finds a pull request's number in gh's URL or in a GitHub API answer.
var prNumber = regexp.MustCompile(`/pull/(\d+)|"number":\s*(\d+)`)

// pullRequests names the pull requests the turn opened or merged, with gh or the GitHub MCP
// tools; a call that failed opened nothing.
func pullRequests(tools []*transcript.ToolUse, w wording) []string {
	var out []string
	for _, u := range tools {
		if !u.HasResult || u.IsError {
			continue
		}
		switch {
		case createsPR(u):
			num := "#" + firstGroup(prNumber.FindStringSubmatch(u.Output))
			if num == "#" {
				continue
			}
			title := u.Subject
			if title == "" {
				title = flagValue(u.Command, "--title", "-t")
			}
			if title == "" {
				out = append(out, fmt.Sprintf(w.prOpenedBare, num))
			} else {
				out = append(out, fmt.Sprintf(w.prOpened, num, title))
			}
		case strings.HasSuffix(u.Name, "merge_pull_request") && u.PullNumber != "":
			out = append(out, fmt.Sprintf(w.prMerged, "#"+u.PullNumber))
		case u.Name == "Bash" && strings.Contains(u.Command, "gh pr merge"):
			if num := ghPRArg(u.Command, "merge"); num != "" {
				out = append(out, fmt.Sprintf(w.prMerged, num))
			}
		}
	}
	return out
}

func firstGroup(m []string) string {
	for _, g := range m[min(1, len(m)):] {
		if g != "" {
			return g
		}
	}
	return ""
}

// ghPRArg reads the pull request a `gh pr <verb> N` command names ("#N"), or "".
// createsPR reports a call that opens a pull request (gh or the GitHub MCP tool).
func createsPR(u *transcript.ToolUse) bool {
	return strings.HasSuffix(u.Name, "create_pull_request") || u.Name == "Bash" && strings.Contains(u.Command, "gh pr create")
}

func ghPRArg(cmd, verb string) string {
	_, rest, _ := strings.Cut(cmd, "gh pr "+verb)
	for f := range strings.FieldsSeq(rest) {
		if f == "&&" || f == "|" || f == ";" {
			break
		}
		if n := strings.TrimPrefix(f, "#"); n != "" && strings.Trim(n, "0123456789") == "" {
			return "#" + n
		}
		if m := prNumber.FindStringSubmatch(f); m != nil {
			return "#" + firstGroup(m)
		}
	}
	return ""
}

// flagValue reads a quoted or bare flag value (--title "x") from a command line.
func flagValue(cmd string, flags ...string) string {
	for _, fl := range flags {
		_, after, ok := strings.Cut(cmd, " "+fl+" ")
		if !ok {
			continue
		}
		v := strings.TrimLeft(after, " ")
		if v == "" {
			continue
		}
		if q := v[0]; q == '"' || q == '\'' {
			v, _, _ = strings.Cut(v[1:], string(q))
		} else {
			v = strings.Fields(v)[0]
		}
		return strings.TrimSpace(v)
	}
	return ""
}

// apiFailures open a closing text that is the agent's runtime reporting a failed model call,
// not the assistant's answer.
var apiFailures = []string{"API Error", "Provider API request failed", "Request timed out", "Request was aborted",
	"Stream idle timeout", "Overloaded", "Claude AI usage limit reached"}

// interruption records a turn that stopped before its end: the user's abort, or a failed
// model call; half-done work (no open to-do says it) is left to resume.
func interruption(e *memstore.Extraction, t *transcript.Turn, fx PathFixer, goal string, w wording) {
	stopped := t.Interrupted
	closing := strings.TrimSpace(t.Closing)
	apiFail := false
	for _, p := range apiFailures {
		apiFail = apiFail || strings.HasPrefix(closing, p)
	}
	switch {
	case refused(t):
		return // the model declined the prompt: the user says it again, nothing of the project failed
	case apiFail:
		e.Problems = append(e.Problems, fmt.Sprintf(w.interrupted, firstSentences(closing)))
	case stopped && !idleStop(t): // stopped before anything changed: nothing failed
		e.Problems = append(e.Problems, w.userStop)
	default:
		return
	}
	if len(e.Next) == 0 && goal != "" && !t.Sidechain && slices.ContainsFunc(t.Tools, (*transcript.ToolUse).Edits) {
		e.Next = append(e.Next, resumeTodo(t, fx, goal, w))
	}
}

// firstSentences joins the first two lines of a runtime message ("Provider API request
// failed." "Request timed out."), bounded.
func firstSentences(s string) string {
	var parts []string
	for l := range strings.Lines(s) {
		if t := strings.TrimSpace(l); t != "" && !strings.HasSuffix(t, ":") && len(parts) < 2 {
			parts = append(parts, t)
		}
	}
	first, _, _ := strings.Cut(strings.Join(parts, " "), ". Please")
	return transcript.ClipWords(first, 160)
}

// isReview reports a turn whose closing text reviews or audits code: the problems it lists
// are findings about the code, not failures met in the session.
func isReview(t *transcript.Turn) bool {
	if request, _, _ := strings.Cut(t.Prompt, "\n\n"); reviewWord.MatchString(request) {
		return true // the request's own paragraph, not a word deep in what it pastes
	}
	for l := range strings.Lines(t.Closing) {
		tl := strings.TrimSpace(l)
		if headingLevel(tl) == 0 && !strings.HasPrefix(tl, "**") {
			continue
		}
		if reviewWord.MatchString(tl) {
			return true
		}
	}
	return false
}

// reviewWord finds a review, an audit or an assessment named as a word ("Code Review",
// "reviewed"), not inside another ("/preview/configure").
var reviewWord = regexp.MustCompile(`(?i)\b(review|audit|assessment)`)

// Plans: what a plan says is decided once the user accepts it (ExitPlanMode that went
// through, Codex's <proposed_plan>, a prompt "Implement the following plan:").
const planPrompt = "Implement the following plan:"

// plans adds the title of the plans of the turn as a goal, and the choices and facts their
// sections state (under "Approach", "Decisions", "Root cause"…).
func plans(e *memstore.Extraction, t *transcript.Turn, w wording) {
	if t.Sidechain {
		return
	}
	var texts []string
	for _, u := range t.Tools {
		if u.Name == "ExitPlanMode" && u.Plan != "" && u.HasResult && !u.IsError {
			texts = append(texts, u.Plan)
		}
	}
	if p := between(t.Closing, "<proposed_plan>", "</proposed_plan>"); p != "" {
		texts = append(texts, p)
		e.Next = append(e.Next, planSteps(p)...)
	}
	promptPlan := false
	if rest, ok := strings.CutPrefix(strings.TrimSpace(t.Prompt), planPrompt); ok {
		texts, promptPlan = append(texts, rest), true
	}
	titled, planned := len(texts), len(texts) // the documents after them are no plans
	if promptPlan {
		titled-- // the prompt's plan gave the goal already
	}
	if isAnswer(strings.TrimSpace(t.Prompt)) {
		titled = 0 // a plan drawn up after the user's answer refines the task under way
	}
	for _, u := range t.Tools { // Markdown written: a spec, a design note, a README's "Approach"
		if u.Doc != "" && u.HasResult && !u.IsError {
			texts = append(texts, u.Doc)
		}
	}
	decisions := 0
	for i, p := range texts {
		if title := planTitle(p); title != "" && i < titled {
			e.Goal = append(e.Goal, fmt.Sprintf(w.plan, title))
		}
		items := labelledIn(p, planWords, true)
		d := foldStack(items[memstore.KeyDecisions])
		if i < planned {
			d = append(d, planSettings(p)...)
		}
		d = d[:min(len(d), maxPlanDecisions-decisions)]
		decisions += len(d)
		e.Add(memstore.KeyDecisions, d...)
		e.Add(memstore.KeyKnowledge, items[memstore.KeyKnowledge]...)
	}
}

// maxPlanDecisions bounds the choices a turn's plans and documents give.
const maxPlanDecisions = 6

// planTitle is a plan's first heading, without "Plan:".
func planTitle(p string) string {
	for l := range strings.Lines(p) {
		t := strings.TrimSpace(l)
		if headingLevel(t) == 0 {
			continue
		}
		t = stripMarkup(strings.TrimSpace(strings.TrimLeft(t, "#")))
		for _, pre := range []string{"Plan:", "Plan :", "Implementation Plan:", "Plan -", "Plan —"} {
			t = strings.TrimSpace(strings.TrimPrefix(t, pre))
		}
		return t
	}
	return ""
}
