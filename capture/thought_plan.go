package capture

import (
	"strings"

	"carnet/hook/transcript"
)

// A thought also states a choice as the plan the turn then carries out: "I'll … use
// `<img>` tags instead of inline SVG icons", "I'll update export_session to delete the old
// file before running to avoid stale data" (Codex's reasoning summaries say most choices
// so). Such a sentence is a choice only when it weighs one way against another or says
// why, the turn changed files, and it is no look around (reading, checking, running).

// planRoots are the lower-case words a planned choice holds; a thought without any is not
// split into sentences.
var planRoots = []string{"instead of", "rather than", "and instead", " to avoid ", " so that ", " because "}

// planOpeners open, in the first person, what the agent is about to do.
var planOpeners = []string{"i'll ", "i will ", "i'm going to ", "i am going to ", "i plan to ", "i'm planning to ", "we'll "}

// planLooks are the moves of a plan that change nothing in the project.
var planLooks = []string{"check", "look", "read ", "inspect", "verify", "search", "review", "run ", "test", "explain",
	"mention", "note ", "respond", "answer", "tell ", "summar", "ask ", "confirm", "report", "investigat", "explor"}

// plannedChoices returns, from the thinking of a turn that changed files, the plans
// stated with a contrast or a reason (see planRoots), at most n, each without its
// first-person opener ("Update the board rendering to use `<img>` tags instead of …").
func plannedChoices(t *transcript.Turn, n int) []string {
	if n <= 0 || t.Sidechain || len(t.Thoughts) == 0 || !changedFiles(t) {
		return nil
	}
	var tools, out []string
	for _, th := range t.Thoughts {
		if !hasAny(th, planRoots) {
			continue
		}
		if tools == nil {
			tools = toolNames(t.Tools)
		}
		for line := range strings.Lines(th) {
			for _, s := range splitSentences(stripMarkup(strings.TrimSpace(line))) {
				if c := plannedChoice(s, tools); c != "" && len(out) < n && borneOut(t, c) {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// plannedChoice is sentence s as a planned choice without its opener, or "".
func plannedChoice(s string, tools []string) string {
	low := strings.ToLower(s)
	for _, o := range planOpeners {
		if !strings.HasPrefix(low, o) {
			continue
		}
		rest, lowRest := s[len(o):], low[len(o):]
		if !hasAny(" "+lowRest, planRoots) || hasAny(lowRest, planLooks) || hasAny(" "+lowRest+" ", thoughtMoves) || hasAny(lowRest, tools) {
			return ""
		}
		rest = choiceClause(rest)
		if workStep(rest) || len(rest) > maxBullet || len(rest) < 30 || strings.HasSuffix(rest, "?") {
			return ""
		}
		return upperFirst(rest)
	}
	return ""
}

// changedFiles reports a turn that edited or wrote a file.
func changedFiles(t *transcript.Turn) bool {
	for _, u := range t.Tools {
		if u.FilePath != "" && u.Edits() && !u.IsError {
			return true
		}
	}
	return false
}

// choiceClause is, of a plan listing several steps ("design the shapes, store them under
// assets/, and update the rendering to use img tags instead of inline SVG"), the step
// that holds the contrast or the reason, when it says enough alone; the plan otherwise.
func choiceClause(plan string) string {
	for c := range strings.SplitSeq(plan, ", ") {
		c = strings.TrimPrefix(c, "and ")
		if hasAny(" "+strings.ToLower(c)+" ", planRoots) {
			if len(c) < 40 || c == plan {
				return plan
			}
			return strings.TrimSuffix(c, ".") + "."
		}
	}
	return plan
}
