package capture

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxGoalTodos is the longest to-do list a goal is made of (todoGoal).
const maxGoalTodos = 3

// minCommandTaskWords is how many words a slash command's arguments need to say a task
// ("/orchestrator create a todo app") rather than name a target ("/review main.go").
const minCommandTaskWords = 3

// commandTask gives the goal of a slash command whose arguments say the task in words: the
// task first, the command after it ("Create a todo app (/orchestrator)"); "" otherwise.
func commandTask(name, args string) string {
	f := strings.Fields(args)
	if len(f) < minCommandTaskWords || strings.ContainsAny(args, "\n<>") {
		return ""
	}
	r, _ := utf8.DecodeRuneInString(args)
	if !unicode.IsLetter(r) {
		return ""
	}
	return upperFirst(strings.Join(f, " ")) + " (" + name + ")"
}

// isPlanLabel reports a label that announces a pasted plan ("Implement the following plan:"):
// the plan's title (planTitle) is then the goal.
func isPlanLabel(label string) bool {
	return strings.HasSuffix(strings.ToLower(strings.TrimSuffix(label, ":")), "plan")
}

// handOffOpeners open a closing clause that says who should do the work rather than what it
// is ("otherwise lets get the code agent checking", "then use the review agent").
var handOffOpeners = []string{"otherwise", "then", "and", "lets", "let's", "use", "get", "ask", "have", "spawn", "launch", "delegate"}

// agentWords name the agents a hand-off gives the work to.
var agentWords = []string{"agent", "agents", "subagent", "subagents", "sub-agent", "sub-agents"}

// clauseBreaks separate a goal's closing clause from the request.
var clauseBreaks = []string{"—", " – ", " - ", "; ", ", "}

// dropHandOff cuts from a goal its closing clause when that clause hands the work to other
// agents: orchestration, not the task.
func dropHandOff(g string) string {
	if !strings.Contains(g, "agent") && !strings.Contains(g, "Agent") {
		return g
	}
	if i := strings.LastIndex(g, " @"); i > 0 && isHandOffMention(g[:i], g[i+2:]) {
		g = g[:strings.LastIndex(g[:i], " ")] // "… take it to PR with @agent-orchestrator"
	}
	for _, sep := range clauseBreaks {
		i := strings.LastIndex(g, sep)
		if i <= 0 {
			continue
		}
		if isHandOff(g[i+len(sep):]) {
			return strings.TrimRight(g[:i], " ,;")
		}
	}
	return g
}

// isHandOff reports a clause that opens with a handOffOpeners word and names an agent.
func isHandOff(clause string) bool {
	f := strings.Fields(strings.ToLower(clause))
	if len(f) == 0 || !slices.Contains(handOffOpeners, strings.Trim(f[0], ",.:")) {
		return false
	}
	return slices.ContainsFunc(f, func(w string) bool { return slices.Contains(agentWords, strings.Trim(w, ",.:;!?'’")) })
}

// mentionOpeners introduce, at the end of a goal, the agent it is handed to ("with
// @agent-orchestrator").
var mentionOpeners = []string{"with", "using", "via", "through", "by"}

// isHandOffMention reports a goal that ends with one @mention of an agent after a
// mentionOpeners word.
func isHandOffMention(before, mention string) bool {
	if strings.ContainsAny(mention, " \t") || !strings.Contains(strings.ToLower(mention), "agent") {
		return false
	}
	f := strings.Fields(before)
	return len(f) > 1 && slices.Contains(mentionOpeners, strings.ToLower(f[len(f)-1]))
}
