package capture

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// Heuristic extracts memory from the turn's own structure, with no model and no network:
// the prompt, files edited, failed commands, commits, TodoWrite lists, labelled statements of
// the closing text and "OK-done" lines from the user.
type Heuristic struct {
	Language string // "fr" (default) or "en": wording of the bullets it composes
}

// Limits that keep the heuristic's output to memory, not a dump.
const (
	maxGoal     = 200
	maxFailures = 5
	maxTodos    = 10
)

type wording struct {
	lang, commit, commitNoHash, failed, failedBare, fixed                           string
	prOpened, prOpenedBare, prMerged, interrupted, userStop, resume, plan, proposal string
	resumeAt, resumeLeft, partsSep, unblocked                                       string
	layout                                                                          string // a module layout chosen (decision_layout.go)
}

var wordings = map[string]wording{
	"fr": {lang: "fr", commit: "Commit %s : %s", commitNoHash: "Commit : %s",
		failed: "Échec de `%s` : %s", failedBare: "Échec de `%s`", fixed: memstore.FixedPrefix["fr"],
		prOpened: "PR %s ouverte : %s", prOpenedBare: "PR %s ouverte", prMerged: "PR %s fusionnée",
		interrupted: "Tour interrompu : %s", userStop: "Tour interrompu par l'utilisateur", resume: "Reprendre le travail interrompu : %s", plan: "Plan : %s",
		proposal:   "Proposition restée sans réponse : %s",
		resumeAt:   "Reprendre le travail interrompu (dernier fichier modifié : %s)",
		resumeLeft: "Reprendre le travail interrompu, reste à construire : %s", partsSep: " ; ",
		unblocked: "`%s` n'est passé qu'après `%s` (avant : %s)", layout: "Découpage en modules : %s"},
	"en": {lang: "en", commit: "Commit %s: %s", commitNoHash: "Commit: %s",
		failed: "`%s` failed: %s", failedBare: "`%s` failed", fixed: memstore.FixedPrefix["en"],
		prOpened: "Opened PR %s: %s", prOpenedBare: "Opened PR %s", prMerged: "Merged PR %s",
		interrupted: "Turn interrupted: %s", userStop: "Turn interrupted by the user", resume: "Resume the interrupted work: %s", plan: "Plan: %s",
		proposal:   "Unanswered proposal: %s",
		resumeAt:   "Resume the interrupted work (last file changed: %s)",
		resumeLeft: "Resume the interrupted work, left to build: %s", partsSep: "; ",
		unblocked: "`%s` only went through after `%s` (before: %s)", layout: "Module layout: %s"},
}

// Extract implements Extractor.
func (h Heuristic) Extract(_ context.Context, t *transcript.Turn) (memstore.Extraction, []byte, error) {
	e := h.extract(guardTurn(t))
	raw, _ := json.Marshal(e)
	return e, raw, nil
}

func (h Heuristic) extract(t *transcript.Turn) memstore.Extraction {
	w, ok := wordings[h.Language]
	if !ok {
		w = wordings["fr"]
	}
	fx := TurnFixer(t)
	var e memstore.Extraction
	if !t.HasActivity() {
		return e // nothing happened: a prompt with no answer is not memory
	}

	goal, done := splitPrompt(t.Prompt)
	if goal != "" && !t.Sidechain && !refused(t) { // a subagent's prompt is a delegation, not the session's goal
		e.Goal = append(e.Goal, clipGoal(fx.scrub(goal)))
	}
	e.NextDone = append(e.NextDone, done...)
	e.Work = append(e.Work, fileBullets(t, fx, w)...)
	commits, problems := commandBullets(t.Tools, fx, w)
	e.Work = append(e.Work, commits...)
	e.Work = append(e.Work, apiCommits(t.Tools, w)...)
	e.Work = append(e.Work, pullRequests(t.Tools, w)...)
	e.Problems = append(e.Problems, problems...)
	changed := len(e.Work) > 0
	e.Problems = append(e.Problems, toolFailures(t.Tools, w, maxFailures-len(problems))...)
	if r := reportedError(t, w); r != "" {
		e.Problems = append(e.Problems, r)
	}
	if !t.Sidechain { // a subagent's to-dos are its own plan, not the project's
		open, closed := todoState(t.Tools)
		e.Next = append(e.Next, open...)
		e.NextDone = append(e.NextDone, closed...)
		if goal == "" {
			e.Goal = append(e.Goal, todoGoal(t.Tools)...) // "ok go", "/review": the plan says what the turn was for
			e.Goal = append(e.Goal, readmeGoal(t, e.Goal)...)
			e.Goal = append(e.Goal, reviewCommandGoal(t, e.Goal)...)
			e.Goal = append(e.Goal, approvedGoal(t, e.Goal)...)
			e.Goal = append(e.Goal, failureGoal(t, e.Goal)...)
		}
	}
	interruption(&e, t, fx, goal, w)
	didGoal(&e, t, changed)
	unfinished(&e, t, w)
	unanswered(&e, t, w)
	statements(&e, t)
	e.Add(memstore.KeyKnowledge, unblocked(t.Tools, w)...)
	plans(&e, t, w)
	e.Add(memstore.KeyDecisions, answeredChoices(t)...)
	e.Add(memstore.KeyDecisions, statedRules(t)...)
	e.Add(memstore.KeyDecisions, quantifiedRules(t)...)
	e.Add(memstore.KeyDecisions, leftOutChoices(t)...)
	e.Add(memstore.KeyDecisions, statedEffects(t)...)
	e.Add(memstore.KeyDecisions, goBackChoices(t)...)
	e.Add(memstore.KeyDecisions, approachSummary(t)...)
	e.Add(memstore.KeyDecisions, changePurposes(t)...)
	e.Add(memstore.KeyDecisions, madeToFit(t)...)
	e.Add(memstore.KeyDecisions, stricterChoices(t)...)
	e.Add(memstore.KeyDecisions, pivotChoices(t)...)
	e.Add(memstore.KeyDecisions, moduleLayout(t, w)...)
	usage(&e, t)
	e.Add(memstore.KeyKnowledge, scaffolded(t.Closing)...)
	e.Add(memstore.KeyKnowledge, workHomes(t.Closing)...)
	e.Add(memstore.KeyKnowledge, weightings(t)...)
	foldSeenConventions(&e)
	e.NextDone = append(e.NextDone, doneStatements(t, e.Next)...)
	e = clean(e, fx)
	e.Knowledge = oneFactEach(e.Knowledge)
	e.Decisions = judgedChanges(e.Decisions, t)
	e.Decisions = slices.DeleteFunc(e.Decisions, notAChoice) // the work done, not a choice
	askOnly(&e, changed)
	return e
}

// statements adds what the assistant stated under a label in its closing text, then the
// sentences of the turn that give a choice or a cause. A subagent reports to the main
// agent: its suggestions, choices and findings are not the project's until that agent
// acts on them; a review's findings are the code's problems, not the session's.
func statements(e *memstore.Extraction, t *transcript.Turn) {
	review := isReview(t)
	for key, items := range labelled(t.Closing) {
		switch {
		case t.Sidechain && key != memstore.KeyKnowledge && key != memstore.KeyWork:
			continue
		case key == memstore.KeyProblems && review:
			continue
		case key == memstore.KeyKnowledge && slices.ContainsFunc(items, isPassing):
			items = slices.DeleteFunc(slices.Clone(items), isPassing)
		}
		e.Add(key, items...)
	}
	decisions, knowledge := reasons(t)
	decisions = withMerits(decisions, t.Closing)
	if !review { // a review's "instead of" is a recommendation, not a choice made
		e.Add(memstore.KeyDecisions, decisions...)
		thought := thoughtDecisions(t, maxReasons-len(decisions))
		e.Add(memstore.KeyDecisions, thought...)
		e.Add(memstore.KeyDecisions, plannedChoices(t, maxReasons-len(decisions)-len(thought))...)
	}
	e.Add(memstore.KeyKnowledge, knowledge...)
	e.Add(memstore.KeyKnowledge, answer(t)...)
	e.Add(memstore.KeyKnowledge, deadlines(t)...)
	e.Add(memstore.KeyKnowledge, causeChainStart(t)...)
	e.Add(memstore.KeyKnowledge, checkedFinding(t)...)
	addStatedKnowledge(e, t)
}

// fileBullets names the files edited or written in the turn, relative to the workspace.
func fileBullets(t *transcript.Turn, fx PathFixer, w wording) []string {
	var created, modified []string
	seen := map[string]bool{}
	removed := removedAfter(t, fx)
	for i, u := range t.Tools {
		if !u.Edits() || u.FilePath == "" || (u.HasResult && u.IsError) {
			continue
		}
		p, inside := fx.Rel(u.FilePath)
		if !inside || p == "" || p == "." || seen[p] {
			continue
		}
		if r, ok := removed[p]; ok && r > i && u.Created {
			continue // a helper written then removed: not one of the turn's files
		}
		seen[p] = true
		if u.Name == "Write" && u.Created {
			created = append(created, p)
		} else {
			modified = append(modified, p)
		}
	}
	lists := memstore.FileLists[w.lang]
	return append(memstore.FileBullets(lists[0], created), memstore.FileBullets(lists[1], modified)...)
}

// commandBullets reads the shell calls: commits made (also when a push chained after
// them failed), and commands that really failed with their cause, marked fixed when the
// same command succeeded later in the turn.
func commandBullets(tools []*transcript.ToolUse, fx PathFixer, w wording) (commits, problems []string) {
	seenCmd, lints := map[string]bool{}, lintAt{}
	for i, u := range tools {
		if u.Name != "Bash" || u.Command == "" || fx.foreignDir(u.Command) {
			continue // another repository's commits and failures are not this project's
		}
		cmd := shortCommand(u.Command)
		if n := requestName(u.Command); n != "" && isStatusLine(causeLine(u.Output)) {
			cmd = n // the request, whatever options printed its status
		}
		pushFailed := false
		if c := commitBullet(u, w); c != "" {
			commits = append(commits, c)
			if !u.IsError {
				continue
			}
			cmd = pushCommand(u.Command, cmd) // the commit was made: what failed came after it
			pushFailed = cmd == pushOnly
		}
		if !u.IsError || !isRealFailure(u) || len(problems) >= maxFailures || cdSlip(tools[:i], u) || throwawayRun(tools, i) {
			continue
		}
		if cmd == "" {
			continue
		}
		again := seenCmd[cmd]
		seenCmd[cmd] = true
		cause := shortURLs(causeLine(u.Output))
		if again && !newCause(problems, cause) {
			continue // the same failure again
		}
		b := fmt.Sprintf(w.failedBare, cmd)
		if cause != "" {
			b = fmt.Sprintf(w.failed, cmd, cause)
		}
		if fixedLater(tools[i+1:], u.Command, u.CommitHash == "") || pushFailed && pushedLater(tools[i+1:]) ||
			rerunFixed(tools[i+1:], u.Command, cause) || chainFixedLater(tools[i+1:], u) || replacedLater(tools[i+1:], u.Command) {
			b = w.fixed + b + runnerFix(tools[i+1:], u.Command, w)
		}
		if again {
			failedAgain(problems, fmt.Sprintf(w.failedBare, cmd), b, w.fixed)
		} else if at := lints.place(u.Command, problems); at < len(problems) {
			problems[at] = b // the linter's pass, in the state it ended in
		} else {
			problems = append(problems, b)
		}
	}
	return commits, problems
}

// maxSucceeded bounds the commands a turn reports as gone through.
const maxSucceeded = 100

// Succeeded names, as a failure bullet would, the shell commands of this project and the
// MCP tools whose last call in the turn went through: they fix the same commands' failures
// of earlier turns (memstore.Extraction.Succeeded), whatever the extractor.
func Succeeded(t *transcript.Turn) []string {
	fx := TurnFixer(t)
	last := map[string]bool{}
	var order []string
	for _, u := range t.Tools {
		if u.Name != "Bash" || u.Command == "" || !u.HasResult || fx.foreignDir(u.Command) || strings.Contains(u.Command, "<<") {
			continue // a here-document is its script: "python - <<EOF" names every script alike
		}
		cmd := shortCommand(u.Command)
		for _, c := range chainedToo(slices.Compact([]string{cmd, unrun(cmd), requestName(u.Command), hookedCommit(u)}), u) { // run through its runner, it fixes the bare command
			if skipsHooks(u.Command) && strings.Contains(c, "git commit") {
				continue // a commit past the hooks fixes nothing they refused
			}
			if _, seen := last[c]; !seen {
				order = append(order, c)
			}
			last[c] = !u.IsError && !pipedBuildError(u) // an unguarded turn: hook/run.go calls it on the raw turn
		}
		if pushed(u) { // fixes a "git push" failure, whatever else the call ran
			if _, seen := last[pushOnly]; !seen {
				order = append(order, pushOnly)
			}
			last[pushOnly] = true
		}
	}
	var out []string
	for _, c := range order {
		if last[c] && c != "" && len(out) < maxSucceeded {
			out = append(out, c)
		}
	}
	return append(out, mcpSucceeded(t.Tools)...)
}

// commitBullet names the commit a shell call made, or "".
func commitBullet(u *transcript.ToolUse, w wording) string {
	if !u.HasResult || !strings.Contains(u.Command, "git commit") || (u.IsError && u.CommitHash == "") {
		return ""
	}
	subject := u.CommitSubject
	if subject == "" {
		subject = commitMessage(u.Command)
	}
	switch {
	case subject == "":
		return ""
	case u.CommitHash != "":
		return fmt.Sprintf(w.commit, u.CommitHash, subject)
	}
	return fmt.Sprintf(w.commitNoHash, subject)
}

// fixedLater reports whether the same command (its part before any pipe) succeeded in a
// later call of the turn; a refused commit is fixed by any later commit that went through.
func fixedLater(later []*transcript.ToolUse, cmd string, uncommitted bool) bool {
	k := commandKey(cmd)
	commit := uncommitted && strings.Contains(cmd, "git commit")
	for _, u := range later {
		if u.Name != "Bash" || !u.HasResult {
			continue
		}
		if !u.IsError && commandKey(u.Command) == k || commit && u.CommitHash != "" && !skipsHooks(u.Command) {
			return true
		}
	}
	return false
}

// pushCommand names what failed in a call whose commit went through: the push chained
// after it, when there is one.
func pushCommand(full, short string) string {
	if strings.Contains(full, "git push") {
		return pushOnly
	}
	return short
}

func commandKey(cmd string) string {
	cmd, _, _ = strings.Cut(cmd, "|")
	cmd = strings.ReplaceAll(cmd, "2>&1", "")
	cmd = strings.ReplaceAll(cmd, " --fix", "")
	return unrun(strings.Join(strings.Fields(cmd), " "))
}

// todoState reads the to-do lists of the turn (TodoWrite, or TaskCreate/TaskUpdate): the
// latest state's open items, and the items completed or dropped since an earlier list.
func todoState(tools []*transcript.ToolUse) (open, closed []string) {
	var lists [][]transcript.Todo
	for _, u := range tools {
		if u.Name == "TodoWrite" && u.Todos != nil {
			lists = append(lists, u.Todos)
		}
	}
	if tasks := taskList(tools); len(tasks) > 0 {
		lists = append(lists, tasks)
	}
	if len(lists) == 0 {
		return nil, nil
	}
	last := lists[len(lists)-1]
	inLast := map[string]bool{}
	for _, td := range last {
		c := strings.TrimSpace(td.Content)
		if c == "" {
			continue
		}
		inLast[c] = true
		switch {
		case td.Status == "completed" || td.Status == "deleted":
			closed = append(closed, c)
		case len(open) < maxTodos:
			open = append(open, c)
		}
	}
	for _, l := range lists[:len(lists)-1] {
		for _, td := range l {
			if c := strings.TrimSpace(td.Content); c != "" && !inLast[c] && !slices.Contains(closed, c) {
				closed = append(closed, c)
			}
		}
	}
	return open, closed
}

// todoGoal states what a turn whose prompt says nothing ("ok, go", a bare slash command)
// was for: its first to-do list, when the whole list fits in a goal (maxGoalTodos).
func todoGoal(tools []*transcript.ToolUse) []string {
	var items []string
	for _, td := range turnTodos(tools) {
		items = append(items, td.Content)
	}
	if len(items) == 0 || len(items) > maxGoalTodos {
		return nil // the first steps of a longer list are not what the turn was for
	}
	return []string{strings.Join(items, "; ")}
}

// turnTodos is the turn's to-do list: its tasks (TaskCreate/TaskUpdate) in their latest
// state, else its first TodoWrite list.
func turnTodos(tools []*transcript.ToolUse) []transcript.Todo {
	if tasks := taskList(tools); len(tasks) > 0 {
		return tasks
	}
	return firstTodos(tools)
}

// taskList replays Claude Code's TaskCreate and TaskUpdate calls of the turn into one list
// in its latest state (the reader gives each call's task, TaskCreate's number from its result;
// the hook names a task an earlier turn created).
func taskList(tools []*transcript.ToolUse) []transcript.Todo {
	var list []transcript.Todo
	byID := map[string]int{}
	for _, u := range tools {
		if u.Task == nil || !u.HasResult || u.IsError {
			continue
		}
		switch {
		case u.Name == "TaskCreate" && u.Task.Subject != "":
			if u.Task.ID != "" {
				byID[u.Task.ID] = len(list)
			}
			list = append(list, transcript.Todo{Content: u.Task.Subject, Status: "pending"})
		case u.Name == "TaskUpdate" && u.Task.Status != "":
			i, ok := byID[u.Task.ID]
			switch {
			case ok:
				list[i].Status = u.Task.Status
			case u.Task.Subject != "" && u.Task.ID != "":
				byID[u.Task.ID] = len(list)
				list = append(list, transcript.Todo{Content: u.Task.Subject, Status: u.Task.Status})
			}
		}
	}
	return list
}

// splitPrompt turns the user's prompt into a goal (one line, bounded) and the items the
// user ticked with "OK-done <item>" lines.
func splitPrompt(prompt string) (goal string, done []string) {
	var rest []string
	for line := range strings.Lines(prompt) {
		t := strings.TrimSpace(line)
		if len(t) > 8 && strings.EqualFold(t[:7], "ok-done") && (t[7] == ' ' || t[7] == ':') {
			if item := strings.TrimSpace(strings.TrimLeft(t[7:], ": ")); item != "" {
				done = append(done, item)
			}
			continue
		}
		rest = append(rest, line)
	}
	return goalText(strings.Join(rest, "")), done
}

// goalOf reduces a prompt to one bounded line (see goalText).
func goalOf(p string) string { return clipGoal(goalText(p)) }

// goalText reduces a prompt to one line: slash commands become "/name args" (a bare one
// gives "", one on a file named after its task "Task words"); notifications from the agent's runtime, acknowledgements ("ok", "continue"),
// answers to the agent ("yes, or we could …", "1: …"), bare git instructions ("commit and push"),
// a link with a remark, pasted logs and empty text give ""; a plan keeps its title.
func goalText(p string) string {
	p = strings.TrimSpace(p)
	if p == "" || strings.HasPrefix(p, "<task-notification>") || strings.HasPrefix(p, "<system-reminder>") {
		return ""
	}
	if strings.Contains(p, "<command-name>") {
		name := between(p, "<command-name>", "</command-name>")
		args := between(p, "<command-args>", "</command-args>")
		if name == "" || args == "" {
			return ""
		}
		p = name + " " + args
		if task := slugTask(args); task != "" {
			p = upperFirst(task) // the command and its file say how, not what
		} else if task := commandTask(name, args); task != "" {
			p = task
		}
	}
	p = strings.Map(dropBoxDrawing, p) // a terminal's frame pasted with the prompt
	if isFollowUp(p) || isApproval(p) || isAnswer(p) || isRephrase(p) || isNumberedAnswer(p) {
		return ""
	}
	p = dropPreamble(dropThinkWords(firstParagraph(p)))
	if isAck(p) || isStatusQuestion(p) || isHousekeeping(p) || isURLReply(p) {
		return ""
	}
	return oneTask(pauseSemicolon(dropPlea(dropChatter(dropHandOff(p)))))
}

// thinkWords ask the agent to think longer ("ultrathink"): they are not the task.
var thinkWords = []string{"ultrathink", "megathink"}

// dropThinkWords removes thinkWords from a one-line goal.
func dropThinkWords(p string) string {
	if !strings.Contains(strings.ToLower(p), "think") {
		return p
	}
	f := slices.DeleteFunc(strings.Fields(p), func(w string) bool {
		return slices.Contains(thinkWords, strings.Trim(strings.ToLower(w), ".,:;!"))
	})
	return strings.Join(f, " ")
}

// rolePreambles open a sentence that casts the agent ("You are an expert frontend
// engineer.") rather than saying what to do.
var rolePreambles = []string{"you are a ", "you are an ", "you're a ", "you're an ", "act as a ", "act as an ",
	"tu es un ", "tu es une ", "vous êtes un ", "vous êtes une "}

// dropPreamble removes from the start of a goal, when a request follows it, a sentence
// that casts the agent ("You are an expert …") or only thanks or acknowledges ("Thanks!").
func dropPreamble(p string) string {
	ss := splitSentences(p)
	if len(ss) < 2 {
		return p
	}
	low := strings.ToLower(ss[0])
	if !isAckWord(strings.Trim(fold(ss[0]), " .!?")) && !slices.ContainsFunc(rolePreambles, func(r string) bool { return strings.HasPrefix(low, r) }) {
		return p
	}
	return strings.Join(ss[1:], " ")
}

func between(s, a, b string) string {
	_, s, ok := strings.Cut(s, a)
	if !ok {
		return ""
	}
	s, _, _ = strings.Cut(s, b)
	return strings.TrimSpace(s)
}

// dropBoxDrawing removes the box-drawing characters of a terminal frame (│ ─ ╭).
func dropBoxDrawing(r rune) rune {
	if r >= 0x2500 && r <= 0x257F {
		return -1
	}
	return r
}

// approvals, after a "yes"/"ok", accept what the assistant proposed: the task is the
// proposal's (its plan, its to-dos), not the prompt's words.
var approvals = []string{"let's do", "lets do", "do them", "do it", "go ahead", "implement it", "proceed", "merge", "sounds good", "vas-y", "on y va"}

// isApproval reports a prompt that accepts the last proposal ("yes, I agree, let's do them",
// "ok merge", "Implement the plan.").
func isApproval(p string) bool {
	f := strings.Trim(fold(p), " .!")
	if f == "implement the plan" || f == "implement this plan" || f == "execute the plan" {
		return true
	}
	if len(f) > 80 {
		return false
	}
	ack := false
	for _, w := range []string{"yes", "ok", "okay", "sure", "oui", "agreed", "great", "perfect"} {
		if rest, ok := strings.CutPrefix(f, w); ok && (rest == "" || strings.ContainsAny(rest[:1], " ,.!")) {
			ack = true
		}
	}
	return ack && hasAny(f, approvals)
}

// isAck reports a prompt that only acknowledges or nudges ("yes", "go on", "merci").
func isAck(p string) bool {
	f := strings.Trim(fold(p), " .!?")
	if isAckWord(f) {
		return true
	}
	if utf8.RuneCountInString(f) < 3 || !strings.ContainsAny(f, " \t") && strings.Contains(f, "://") {
		return true // "要", or a bare URL
	}
	for _, w := range []string{"ok ", "yes ", "oui ", "sure "} {
		if rest, ok := strings.CutPrefix(f, w); ok && utf8.RuneCountInString(rest) <= 4 {
			return true // "ok 開始", "yes go"
		}
	}
	return isReply(f)
}

// replyOpeners open a statement that answers the agent rather than asks for work.
var replyOpeners = []string{"應該是", "应该是", "就是", "是的", "對的", "对的", "對，", "对，", "沒錯", "没错", "it's ", "it is ", "that's ",
	"that is ", "it should ", "c'est ", "ce sont "}

// isAckWord reports a folded prompt (or sentence) that is only an acknowledgement.
func isAckWord(f string) bool {
	switch f {
	case "y", "n", "yes", "no", "ok", "okay", "k", "sure", "go", "go on", "go ahead", "continue", "proceed", "do it",
		"thanks", "thank you", "merci", "oui", "non", "vas-y", "vas y", "d'accord", "daccord", "continue please",
		"please continue", "ok continue", "yes please", "oui merci", "c'est bon", "parfait", "great", "perfect", "lgtm":
		return true
	}
	return false
}

// isReply reports a short answer to the agent ("應該是都可以看到的", "it's the staging one"):
// at most 20 characters of Chinese or Japanese, or six words, and no question.
func isReply(f string) bool {
	if strings.HasSuffix(f, "?") || strings.HasSuffix(f, "？") || !slices.ContainsFunc(replyOpeners, func(o string) bool { return strings.HasPrefix(f, o) }) {
		return false
	}
	for _, r := range f {
		if unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) {
			return utf8.RuneCountInString(f) <= 20
		}
	}
	return len(strings.Fields(f)) <= 6
}

// isRealFailure filters error results that are not a command failing: a user who refused
// the call, a hook or sandbox that denied it, a sibling call's error, an interruption, a
// search (grep, rg) that found nothing, a look at a file that is not there, a question
// about where the agent stands (see isWhereAmIProbe).
func isRealFailure(u *transcript.ToolUse) bool {
	out := u.Output
	if out == "" || transcript.Refused(out) {
		return false
	}
	return !isEmptySearch(u.Command, out) && !isStatusProbe(u.Command, out) && !isMissingProbe(u.Command, out) &&
		!isWhereAmIProbe(u.Command, out)
}

// isStatusProbe reports a curl call that printed the HTTP status it was asked for (-w) and
// got a success or a redirect: the status is the answer (a page behind a login), not a
// failure of the command.
func isStatusProbe(cmd, out string) bool {
	f := strings.Fields(causeLine(out))
	return strings.Contains(cmd, "curl ") && strings.Contains(cmd, "-w") && len(f) >= 2 &&
		strings.EqualFold(f[0], "HTTP") && len(f[1]) == 3 && f[1][0] >= '1' && f[1][0] <= '3'
}

// isEmptySearch reports grep or rg exiting 1 with nothing to say: no match, not a failure.
func isEmptySearch(cmd, out string) bool {
	f := strings.Fields(cmd)
	for len(f) > 0 && (f[0] == "cd" || strings.Contains(f[0], "=")) { // "cd x &&", "VAR=1 rg"
		i := slices.Index(f, "&&")
		if f[0] != "cd" || i < 0 {
			f = f[1:]
			continue
		}
		f = f[i+1:]
	}
	if stage, piped := lastStage(cmd); piped && isSearchStage(stage) && isBareError(out) {
		return true // "find … | xargs grep -l x" with no match: exit 1, nothing but "Error"
	}
	if len(f) == 0 || (f[0] != "grep" && f[0] != "rg" && f[0] != "egrep" && f[0] != "git" || f[0] == "git" && (len(f) < 2 || f[1] != "grep")) {
		return false
	}
	o := strings.ToLower(strings.TrimSpace(out))
	return strings.HasPrefix(o, "exit code") && strings.HasSuffix(o, "1") || o == "(no output)" || o == "no matches found" ||
		causeLine(out) == "" // a shell banner or a header line: nothing that says more than "no match"
}

// lastStage is the last command of a shell pipeline, and whether there was a pipe: a "|"
// inside quotes (a grep pattern "a\|b") or in "||" does not cut.
func lastStage(cmd string) (string, bool) {
	var quote byte
	last := -1
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' {
				i++
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '\\':
			i++
		case c == '|' && (i+1 == len(cmd) || cmd[i+1] != '|') && (i == 0 || cmd[i-1] != '|'):
			last = i
		}
	}
	if last < 0 {
		return cmd, false
	}
	return cmd[last+1:], true
}

// isSearchStage reports a pipeline's last stage that searches: grep, rg, or xargs running one.
func isSearchStage(stage string) bool {
	f := strings.Fields(stage)
	if len(f) > 1 && f[0] == "xargs" {
		f = slices.DeleteFunc(f[1:], func(s string) bool { return strings.HasPrefix(s, "-") })
	}
	return len(f) > 0 && (f[0] == "grep" || f[0] == "rg" || f[0] == "egrep")
}

// isBareError reports an output that says no more than that the call failed.
func isBareError(out string) bool {
	o := strings.ToLower(strings.TrimSpace(out))
	return o == "error" || o == "(no output)" || strings.HasPrefix(o, "exit code") && strings.HasSuffix(o, "1") || causeLine(out) == ""
}

// clean is the last pass over any extraction, the model's included: one line per bullet,
// bounded, no absolute path, no secret, no empty or repeated bullet.
func clean(e memstore.Extraction, fx PathFixer) memstore.Extraction {
	var out memstore.Extraction
	out.Unknown = e.Unknown
	for _, key := range extractionKeys {
		seen := map[string]bool{}
		for _, s := range e.Field(key) {
			s = transcript.CleanText(redact(s)) // the guard sees the model's bullet before cleaning
			if key != memstore.KeyProjects {
				s = fx.scrub(s)
			}
			s = strings.Join(strings.Fields(s), " ")
			s = strings.TrimLeft(s, "-*•+ ")
			s = clipSentence(s, maxBullet)
			s = redact(s)
			if s == "" || redactedOnly(s) || key == memstore.KeyKnowledge && isCitation(s) {
				continue
			}
			k := strings.ToLower(s)
			if seen[k] || (key == memstore.KeyKnowledge || key == memstore.KeyDecisions) && restates(out.Field(key), s) {
				continue
			}
			seen[k] = true
			out.Add(key, s)
		}
	}
	return out
}

// restates reports a statement that says again what one of kept says: most of its
// content words are already there ("The CI failure is not due to the tests but…" twice).
func restates(kept []string, s string) bool {
	w := memstore.ContentWords(memstore.Normalize(s))
	if len(w) < 4 {
		return false
	}
	for _, k := range kept {
		have := map[string]bool{}
		for _, x := range memstore.ContentWords(memstore.Normalize(k)) {
			have[x] = true
		}
		common, other := 0, false
		for _, x := range w {
			switch {
			case have[x]:
				common++
			case strings.ContainsAny(x, "0123456789/"):
				other = true // another number, id or path: another fact
			}
		}
		both := common*10 >= len(w)*6 && common*10 >= len(have)*6
		within := len(have) >= 4 && common*100 >= len(have)*85 // the kept one, said again with more
		if !other && (both || within) {
			return true
		}
	}
	return false
}

// extractionKeys lists every key of the extraction JSON, in file order.
var extractionKeys = []string{memstore.KeyContext, memstore.KeyGoal, memstore.KeyProblems,
	memstore.KeyKnowledge, memstore.KeyWork, memstore.KeyDecisions, memstore.KeyNext,
	memstore.KeyNextDone, memstore.KeyLongTerm, memstore.KeyProjects}
