package capture

import (
	"cmp"
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// goalStep writes the turn's request as a goal: one line per distinct task of the session.
// A prompt that only continues the task under way ("yes", "go on", "commit and push"),
// pastes a log or runs a slash command with nothing to say is no new goal (a prompt said
// again writes the same line, which the log holds once). A
// request whose turn changed nothing (a proposal, a plan) is held: the turn that starts its
// work on files the task under way had not touched writes it, when its own prompt only says
// go, or answers the questions the agent ended that turn on. The agent's own list says it
// too: a turn that carries on the list of the work under way, unfinished,
// without adding to it, continues that work whatever the prompt says (carriesList); a turn
// that changes no file but for which the agent starts a list of its own is a task (a study,
// a review: startsList).
func goalStep(c *turnCtx) {
	t := c.t
	if t.Sidechain || transcript.IsGatePrompt(t.Prompt) {
		return // a subagent's prompt is a delegation; the gate's message is carnet's
	}
	c.para = request(t.Prompt)
	req := firstSentences(c.para)
	c.goal = req
	held, asked, worked := c.s.Held, c.s.HeldAsked, c.worked()
	c.s.HeldAsked = false
	if worked {
		c.s.Held = ""
	}
	goAhead := goesAhead(req)
	said := dropOpening(req, reactsOnly) // "Thanks! Now update the README": what follows is the request
	if len(c.s.Goals) == 0 {
		if !goAhead { // no request to read ("/review", "ok go"): the next request says the task
			c.writeGoal(req)
		}
		return
	}
	if held == "" && c.carriesList() { // the agent goes on with its list of the work under way: the prompt corrects or urges it
		c.s.GoalFiles = append(c.s.GoalFiles, c.editedFiles()...)
		return
	}
	reaction := reacts(req) && (said == req || !c.startsNew()) // ... and on files the task had not changed, a new one
	if goAhead || tooShort(req) || reaction {
		if held != "" && c.startsNew() { // "ok, go": the held request says the task (the agent's list of it is no goal)
			c.writeGoal(held)
			return
		}
	}
	switch {
	case goAhead:
	case !worked && !reaction && c.listedStudy(req):
		c.s.Held = "" // a study, a review, a check the agent made a list of its own for: a task that changes no file
		c.writeGoal(said)
	case reaction || c.continues(req):
		c.s.GoalFiles = append(c.s.GoalFiles, c.editedFiles()...)
	case !worked:
		if (held == "" || isOffer(held)) && len(c.s.GoalFiles) > 0 { // the task under way was worked on; a held question yields
			c.s.Held, c.s.HeldAsked = c.withAsks(req), lastQuestion(t.Closing) != ""
		}
	case held != "" && asked && c.startsNew():
		c.writeGoal(held)
	default:
		c.writeGoal(said)
	}
}

// writeGoal writes the turn's goals (the first of the turn's work, then what it went on to)
// and makes the turn's files those of the task under way.
func (c *turnCtx) writeGoal(goals ...string) {
	for _, g := range goals {
		if g != "" && c.add(memstore.KeyGoal, clipGoal(c.withAsks(g))) > 0 {
			c.s.rememberGoal(g)
			c.s.GoalFiles = c.editedFiles()
		}
	}
}

// listedStudy reports a request of a turn that went to its end without changing a file, for
// which the agent started a list of its own or looked into things at length (studied).
func (c *turnCtx) listedStudy(req string) bool {
	return !c.t.Interrupted && !c.t.TurnedDown && !tooShort(req) && (c.startsList() || c.studied())
}

// studied reports a turn that looked into things at length: at least minStudyCalls calls
// that went through, before a closing that does not end asking.
func (c *turnCtx) studied() bool {
	n := 0
	for _, u := range c.t.Tools {
		if u.HasResult && !u.IsError {
			n++
		}
	}
	return n >= minStudyCalls && !isOffer(strings.TrimSpace(c.t.Closing))
}

// minStudyCalls is how many calls a turn that changes no file makes to be a study of its own.
const minStudyCalls = 5

// continues reports a request that goes on with the task under way: only git's work, one
// on the task's subject, a small change of its files, too short to name a task of its own.
func (c *turnCtx) continues(req string) bool {
	return c.onlyGit() || c.sameSubject(req) || c.tweak(req) || tooShort(req)
}

// carriesList reports a turn whose agent went on with its to-do list of the work under way,
// which still had items open when the last turn ended, and added no item to it: the turn
// carries on that work, whatever the user said to it ("no mock data!", "continue, do them all").
func (c *turnCtx) carriesList() bool {
	if inProgress, pending := started(c.s.List); len(inProgress)+len(pending) == 0 {
		return false
	}
	wrote, _, fresh := c.listsAgainstBefore()
	return wrote && !fresh
}

// startsList reports a turn whose agent wrote a to-do list of its own: none of its items is
// on the list of the work before.
func (c *turnCtx) startsList() bool {
	wrote, old, _ := c.listsAgainstBefore()
	return wrote && !old
}

// listsAgainstBefore reads the whole to-do lists the turn's agent wrote (TodoWrite,
// update_plan, write_todos, todowrite; empty ones left out) against the list of the work
// before: whether it wrote any, whether an item of them is on that list, whether one is not.
func (c *turnCtx) listsAgainstBefore() (wrote, old, fresh bool) {
	for _, u := range c.t.Tools {
		if len(u.Todos) == 0 || u.HasResult && u.IsError {
			continue
		}
		wrote = true
		for _, td := range u.Todos {
			if onList(c.s.List, td.Content) {
				old = true
			} else {
				fresh = true
			}
		}
	}
	return wrote, old, fresh
}

// onList reports an item of list, the same once normalised.
func onList(list []transcript.Todo, item string) bool {
	n := memstore.Normalize(item)
	return slices.ContainsFunc(list, func(td transcript.Todo) bool { return memstore.Normalize(td.Content) == n })
}

// goesAhead reports a request that only says to go on: nothing to read, a follow-up, a word.
func goesAhead(req string) bool { return req == "" || isFollowUp(req) || fewWords(req) }

// startsNew reports a turn that changed a file the task under way had not.
func (c *turnCtx) startsNew() bool {
	return slices.ContainsFunc(c.editedFiles(), func(f string) bool { return !slices.Contains(c.s.GoalFiles, f) })
}

// startsElsewhere reports a turn that changed a file the task under way had not, outside
// the folders of its files: a new file beside them (a test, a component) still works on that
// task. The project's top folder, which holds every kind of file, is no such folder.
func (c *turnCtx) startsElsewhere() bool {
	dirs := map[string]bool{}
	for _, f := range c.s.GoalFiles {
		dirs[path.Dir(f)] = path.Dir(f) != "."
	}
	return slices.ContainsFunc(c.editedFiles(), func(f string) bool { return !dirs[path.Dir(f)] && !slices.Contains(c.s.GoalFiles, f) })
}

// request is what a prompt asks, in one line: the first paragraph's prose (a line broken
// with a backslash goes on), before any pasted log or code; a slash command's arguments;
// the title of a plan to implement; "" when there is nothing to read.
func request(prompt string) string {
	p := transcript.CleanText(prompt)
	if args, ok := slashArgs(p); ok {
		p = args
	}
	p = userText(p)
	if rest, ok := planPrompted(p); ok {
		if title := planTitle(rest); title != "" {
			return title
		}
		p = rest // a plan with no heading: its first paragraph says the task
	}
	if strings.HasPrefix(strings.TrimSpace(p), "/") {
		return "" // a slash command typed as text
	}
	var kept []string
	pasted, items := false, false
	for l := range strings.SplitSeq(strings.ReplaceAll(p, "\r\n", "\n"), "\n") {
		t := strings.TrimSpace(l)
		if c, ok := strings.CutSuffix(t, "\\"); ok { // Claude Code's line break typed as "\" then Enter
			if t = strings.TrimSpace(c); t == "" {
				continue
			}
		}
		if t == "" {
			if len(kept) > 0 {
				pasted = slices.ContainsFunc(strings.Split(p, "\n"), isPasted)
				break
			}
			continue
		}
		if isPasted(l) || isFence(l) {
			pasted = true
			break
		}
		if _, item, _, ok := listItem(t); ok { // a list's items are its lead's details, or the asks of a lead that says none
			if len(kept) > 0 && !items && !tooShort(strings.Join(kept, " ")) {
				break
			}
			if items {
				kept[len(kept)-1] = strings.TrimRight(kept[len(kept)-1], ";,.") + ";"
			}
			items, t = true, item
		}
		kept = append(kept, t)
	}
	r := strings.Join(kept, " ")
	if strings.Contains(r, " #") { // most prompts hold no mark: no regexp pass for them
		r = placeholder.ReplaceAllString(r, "")
	}
	r = strings.Join(strings.Fields(tuning.ReplaceAllString(r, " ")), " ")
	r = strings.TrimRight(r, ", ;") // the comma before a tuning word dropped
	if pasted && len(strings.Fields(r)) < 4 && !hasWide(r) {
		return "" // "I'm getting:" before a pasted log: the log's error is reported, this says nothing
	}
	r = strings.TrimSpace(strings.TrimSuffix(r, ":"))
	return strings.Trim(r, `"'`)
}

// laterAsks are the sentences of a request's paragraph after its lead that say something of
// their own (four content words at least: "There is also no concept of check."), each one
// the goal line still holds whole; none that holds a link.
func laterAsks(para, lead string) []string {
	rest, ok := strings.CutPrefix(para, lead)
	if !ok {
		return nil
	}
	limit, n := maxGoal, utf8.RuneCountInString(lead)
	if hasWide(para) {
		limit = maxGoal / 2
	}
	var out []string
	for _, s := range sentences(rest) {
		if m := n + 1 + utf8.RuneCountInString(s); m <= limit && len(contentWords(s)) >= 4 && !urls.MatchString(s) {
			out, n = append(out, s), m
		}
	}
	return out
}

// withAsks is the goal line of the turn's request g (its lead, or the lead without an
// opening that only reacts) with the later asks of its paragraph, read only for a line
// written or held.
func (c *turnCtx) withAsks(g string) string {
	if g == "" || !strings.HasSuffix(c.goal, g) {
		return g
	}
	if asks := laterAsks(c.para, c.goal); len(asks) > 0 {
		return g + " " + strings.Join(asks, " ")
	}
	return g
}

// tuning finds the keyword that only tunes the model's thinking (Claude Code's
// "ultrathink", in any case), with the mark after it: no word of the request.
var tuning = regexp.MustCompile(`(?i)\bultrathink\b[:,.!]?`)

// placeholder finds what Claude Code puts in a prompt where the user pasted an image or a
// long text ("[Image #1]", "[Pasted text #2 +40 lines]"): the attachment's mark, no word of
// the request.
var placeholder = regexp.MustCompile(`\s*\[(?:Image|Pasted text) #\d+(?: \+\d+ lines)?\]`)

// urls finds links in a request.
var urls = regexp.MustCompile(`https?://\S+`)

// firstSentences keeps a request's first sentence, and the second when the first is short:
// the rest argues or details what the first asks.
func firstSentences(r string) string {
	ss := sentences(r)
	if len(ss) < 2 {
		return r
	}
	out := ss[0]
	if utf8.RuneCountInString(out) < 40 || hasWide(out) && utf8.RuneCountInString(out) < 15 {
		out += " " + ss[1]
	}
	return out
}

// dropOpening drops a request's first sentence when it is no request: a few words that
// react to the last answer ("Thanks!", "That's better."). What follows is the request.
func dropOpening(r string, is func(string) bool) string {
	if ss := sentences(r); len(ss) > 1 && is(ss[0]) {
		return strings.TrimSpace(strings.TrimPrefix(r, ss[0]))
	}
	return r
}

// reactsOnly reports a few words that react to the last answer and ask nothing.
func reactsOnly(s string) bool { return reacts(s) && len(contentWords(s)) <= 3 }

// planPrompts open the prompt an agent sends when the user accepts a plan to implement
// (Claude Code's; the Codex app's, which follows it with the plan's Markdown).
var planPrompts = []string{"Implement the following plan:", "PLEASE IMPLEMENT THIS PLAN:"}

// planPrompted returns the plan of a prompt that says to implement it.
func planPrompted(p string) (plan string, ok bool) {
	p = strings.TrimSpace(p)
	for _, pre := range planPrompts {
		if rest, ok := strings.CutPrefix(p, pre); ok {
			return strings.TrimSpace(rest), true
		}
	}
	return "", false
}

// isPlanPrompt reports a prompt that says to implement a plan.
func isPlanPrompt(p string) bool { _, ok := planPrompted(p); return ok }

// slashArgs reads the arguments in the markup Claude Code writes for a slash command.
func slashArgs(p string) (args string, ok bool) {
	return between(p, "<command-args>", "</command-args>"), between(p, "<command-name>", "</command-name>") != ""
}

// commandInputHeadings open the prompt a command file becomes when the agent inlines it
// (spec-kit's commands run as Codex custom prompts): the heading, the user's words in a
// fenced block under it, then the command's own instructions.
var commandInputHeadings = []string{"## User Input"}

// commandInput reads the user's words in an inlined command file's input block (the line
// after the fence's opening, "```text", up to its close): ok when the prompt is one, "" when
// the user gave the command nothing to say (a bare command).
func commandInput(p string) (input string, ok bool) {
	for _, h := range commandInputHeadings {
		rest, found := strings.CutPrefix(strings.TrimSpace(p), h)
		if rest = strings.TrimSpace(rest); found && strings.HasPrefix(rest, "```") && strings.Count(rest, "```") >= 2 {
			return between(rest, "\n", "```"), true
		}
	}
	return "", false
}

// userText is what the user wrote of a prompt: without what the agent added to it
// (dropSystemText), and of an inlined command file, its input block, not the command's own
// instructions.
func userText(p string) string {
	p = dropSystemText(p)
	if in, ok := commandInput(p); ok {
		return in
	}
	return p
}

// between returns the text between the first open and the next close, or "".
func between(s, open, close string) string {
	_, rest, opened := strings.Cut(s, open)
	in, _, closed := strings.Cut(rest, close)
	if !opened || !closed {
		return ""
	}
	return strings.TrimSpace(in)
}

// systemTags name the blocks agents add to a prompt that the user did not write.
var systemTags = `(system-reminder|local-command-stdout|local-command-stderr|command-message|command-name|command-args|` +
	`user-prompt-submit-hook|environment_context|user_instructions|permissions instructions|hook_prompt|turn_aborted|` +
	`image|ide_opened_file|ide_selection)`

// systemBlock finds a block of systemTags, from its opening tag to its closing one.
var systemBlock = regexp.MustCompile(`(?s)<` + systemTags + `\b[^>]*>.*?</` + systemTags + `>`)

// dropSystemText removes what an agent added to the user's prompt.
func dropSystemText(p string) string {
	p = systemBlock.ReplaceAllString(p, "")
	if strings.HasPrefix(strings.TrimSpace(p), "Caveat: The messages below were generated by the user while running local commands") {
		return ""
	}
	return p
}

// planTitle is a plan's first heading, without "Plan:".
func planTitle(p string) string {
	for _, l := range lines(p) {
		h, rest, lv, ok := headingText(l)
		if !ok || lv > 3 || h == "" {
			continue
		}
		if rest != "" {
			h += ": " + rest
		}
		for _, pre := range []string{"Plan:", "Plan :", "Implementation Plan:", "Plan -", "Plan —"} {
			h = strings.TrimSpace(strings.TrimPrefix(h, pre))
		}
		return h
	}
	return ""
}

// clipGoal bounds a goal to maxGoal characters, at a sentence's end when one ends late
// enough, else at a clause's ("Make the squares a fixed size, so that…") or before an "and"
// that joins one more ask: a goal reads whole.
func clipGoal(g string) string {
	limit := maxGoal
	if hasWide(g) {
		limit = maxGoal / 2 // a character of Chinese or Japanese says a word
	}
	if utf8.RuneCountInString(g) <= limit {
		return g
	}
	i := len(string([]rune(g)[:limit]))
	out, cut := clip(g, i), 0
	for _, sep := range []string{", ", " (", " — ", ": ", "，", "、"} {
		cut = max(cut, strings.LastIndex(g[:i], sep))
	}
	if cut <= i/2 { // no clause ends late enough: a second ask joined by "and" does
		cut = strings.LastIndex(g[:i], " and ")
	}
	if strings.HasSuffix(out, "…") && cut > i/2 {
		return strings.TrimSpace(g[:cut])
	}
	return out
}

// fewWords reports a request of fewer than two content words, or, in a language written
// without spaces (where a clause is one field), of fewer than four letters.
func fewWords(req string) bool {
	if hasWide(req) {
		return utf8.RuneCountInString(strings.Join(strings.FieldsFunc(req, func(r rune) bool { return !unicode.IsLetter(r) }), "")) < 4
	}
	return len(contentWords(req)) < 2
}

// isFollowUp reports a request made only of words that continue the task under way ("yes",
// "ok go ahead", "好的，继续"), with at most two short words besides ("yes, fix it").
func isFollowUp(req string) bool {
	f := " " + foldText(req) + " "
	found := false
	for _, fc := range followUpCues() {
		for i := strings.Index(f, fc); i >= 0; i = strings.Index(f, fc) {
			found, f = true, f[:i]+" "+f[i+len(fc):]
		}
	}
	rest := strings.Fields(f)
	if !found || len(rest) > 2 {
		return false
	}
	for _, w := range rest {
		if utf8.RuneCountInString(w) > 5 || hasWide(w) {
			return false
		}
	}
	return true
}

// followUpCues are every table's follow-up cues as isFollowUp looks for them (folded, between
// spaces in a language written with them), longest first ("好的" before "好").
var followUpCues = sync.OnceValue(func() []string {
	var out []string
	for _, t := range tables {
		for _, c := range t.cues[cueFollowUp] {
			fc := foldText(c)
			if fc == "" {
				continue
			}
			if t.latin && !hasWide(fc) {
				fc = " " + fc + " "
			}
			out = append(out, fc)
		}
	}
	slices.SortStableFunc(out, func(a, b string) int { return len(b) - len(a) })
	return out
})

// tooShort reports a request too short to name a task of its own ("Implement the plan.",
// "Let's implement it"): after a first goal, it goes on with the one under way.
func tooShort(req string) bool {
	if hasWide(req) {
		return utf8.RuneCountInString(req) < 8
	}
	return len(contentWords(req)) < 4
}

// reacts reports a request that opens by reacting to the last answer ("That's almost right.
// But…", "undo the last change", "still failing"): it goes on with the task under way.
func reacts(req string) bool {
	f := foldText(req)
	fields := strings.Fields(f)
	head := strings.Join(fields[:min(4, len(fields))], " ") + " "
	for _, c := range folded()[cueReaction] {
		if c.words && strings.HasPrefix(head, c.text+" ") || !c.words && strings.HasPrefix(f, c.text) {
			return true
		}
	}
	return false
}

// sameSubject reports a short request about the task under way: it names a word of the
// session's last goal of five letters at least, or two of four ("that" or "make" alone name
// nothing; a question needs one), and the turn changed no file outside the folders of the
// work under that goal ("Make the cooldown circle slightly larger" after "The cooldown
// should start at the top").
func (c *turnCtx) sameSubject(req string) bool {
	if len(c.s.Goals) == 0 || len(strings.Fields(req)) > 30 || c.startsElsewhere() {
		return false
	}
	last := map[string]bool{}
	for _, w := range contentWords(c.s.Goals[len(c.s.Goals)-1]) {
		last[w] = utf8.RuneCountInString(w) >= 4 || hasWide(w)
	}
	shared := 0
	for _, w := range contentWords(req) {
		if last[w] && (utf8.RuneCountInString(w) >= 5 || hasWide(w)) {
			return true
		}
		if last[w] {
			shared, last[w] = shared+1, false
		}
	}
	return shared >= 2 || shared == 1 && strings.ContainsAny(req, "?？")
}

// tweak reports a short request whose work is a small change to the files of the task under
// way ("Move the legend to the left", "make it blue"): at most maxTweakWords words, one or
// two edits, every file edited in a folder of the task's files. It goes on with that task.
func (c *turnCtx) tweak(req string) bool {
	if len(c.s.GoalFiles) == 0 || len(strings.Fields(req)) > maxTweakWords && !hasWide(req) || hasWide(req) && utf8.RuneCountInString(req) > 2*maxTweakWords {
		return false
	}
	edits := 0
	for _, u := range c.t.Tools {
		if u.Edits() && !(u.HasResult && u.IsError) {
			edits++
		}
	}
	return edits > 0 && edits <= 2 && len(c.editedFiles()) > 0 && !c.startsElsewhere()
}

// maxTweakWords bounds the words of a request that tweaks the task under way.
const maxTweakWords = 15

// editedFiles are the project's files the turn changed, relative; none in an agent's own
// store (agentStore), as filesStep names them.
func (c *turnCtx) editedFiles() []string {
	var out []string
	for _, u := range c.t.Tools {
		if !u.Edits() || u.FilePath == "" || (u.HasResult && u.IsError) {
			continue
		}
		if p, inside := c.fx.RelIn(u.Cwd, u.FilePath); inside && !agentStore(p) && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// onlyGit reports a turn whose commands were all git's ("commit and push"): the commit
// bullet says what it did.
func (c *turnCtx) onlyGit() bool {
	n := 0
	for _, u := range c.t.Tools {
		if u.Edits() {
			return false
		}
		if u.Name != "Bash" {
			continue
		}
		for _, cmd := range simpleCommands(u.Command) {
			if len(cmd) == 0 || cmd[0] != "git" && cmd[0] != "gh" {
				return false
			}
			n++
		}
	}
	return n > 0
}

// planStep reads the plans of the turn: one the user approved (Claude Code's ExitPlanMode
// that went through, a prompt to implement a plan, a Codex <proposed_plan> the next prompt
// takes up) names its task in its title, in the agent's words: the title is the goal, in
// place of the prompt that asked for the plan or said to carry it out, unless it says a goal
// again. The choices its decision sections state are decisions. One the user turned down is
// none: the user most often sends it back to be changed, or takes it up later.
func planStep(c *turnCtx) {
	t := c.t
	if t.Sidechain {
		return
	}
	var approved []string
	for _, u := range t.Tools {
		if u.Name == "ExitPlanMode" && u.Plan != "" && u.HasResult && !u.IsError {
			approved = append(approved, u.Plan)
		}
	}
	if rest, ok := planPrompted(t.Prompt); ok {
		approved = append(approved, rest)
	}
	proposedBy := c.s.ProposedBy
	if c.s.Proposed != "" && (isFollowUp(c.goal) || tooShort(c.goal) || reacts(c.goal)) && (c.worked() || cut(t)) {
		approved = append(approved, c.s.Proposed) // "Implement the plan.", even if cut before a change
	}
	c.s.Proposed, c.s.ProposedBy = between(t.Closing, "<proposed_plan>", "</proposed_plan>"), ""
	for _, p := range approved {
		c.plan = p
		title := planTitle(p)
		restates := slices.ContainsFunc(append(slices.Clone(c.r.Goal), c.s.Goals...), func(g string) bool { return overlap(title, g) >= 0.8 })
		if title != "" && !restates { // a title that says a goal again (most of its words in one) tells nothing more
			c.planGoal(title, proposedBy)
		}
		c.add(memstore.KeyDecisions, slices.DeleteFunc(statements(announced(p, cueDecisions), 3), func(d string) bool {
			return wordCount(d) < minStated // a name ("Static Registry Pattern") or a step, not a choice with its reason
		})...)
	}
	if c.s.Proposed != "" && len(c.r.Goal) > 0 {
		c.s.ProposedBy = c.r.Goal[len(c.r.Goal)-1] // the goal the plan will name when it is taken up
	}
	c.answers()
}

// planGoal writes an approved plan's title as the goal of its task: in place of the goal
// the turn read from its prompt, or of the one written by the turn that proposed the plan
// (proposedBy), else as a goal of its own.
func (c *turnCtx) planGoal(title, proposedBy string) {
	g := clipGoal(title)
	switch {
	case len(c.r.Goal) > 0:
		c.unwrite(memstore.KeyGoal, c.r.Goal[len(c.r.Goal)-1])
		c.add(memstore.KeyGoal, g)
	case proposedBy != "":
		c.replace(memstore.KeyGoal, proposedBy, c.clean(memstore.KeyGoal, g))
	default:
		c.add(memstore.KeyGoal, g)
	}
	c.s.rememberGoal(title)
	c.s.Held = ""
}

// titleStep writes the name the agent gave the session (Claude Code's ai-title, a Codex
// thread name, OpenCode's title) in place of the goal the session's first prompt wrote: the
// agent names there, in a few words of its own, the task that prompt asked for, where the
// prompt's first sentences are often an aside or a pasted text. A first prompt that wrote
// no goal (a greeting, a command) gets no name either: the name says what that prompt was.
// Only the first turn's name counts: one that comes or changes later is left alone.
func titleStep(c *turnCtx) {
	if !c.first {
		return
	}
	first, title := c.promptGoal(), c.clean(memstore.KeyGoal, clipGoal(c.t.Title))
	if first != "" && title != "" {
		c.unwrite(memstore.KeyGoal, first)
		c.add(memstore.KeyGoal, title)
	}
}

// promptGoal is the goal bullet the turn read from its prompt and still holds (a plan's
// title may have taken its place), or "".
func (c *turnCtx) promptGoal() string {
	for _, b := range c.r.Steps {
		if b.Step == "goal" && b.Key == memstore.KeyGoal && slices.Contains(c.r.Goal, b.Text) {
			return b.Text
		}
	}
	return ""
}

// answers writes the choices the user made answering the agent's questions
// (AskUserQuestion, request_user_input): each question, by its header, with the answer.
func (c *turnCtx) answers() {
	for _, u := range c.t.Tools {
		if len(u.Questions) == 0 || u.Answer == "" || u.IsError {
			continue
		}
		got := map[string]string{}
		for _, m := range quotedAnswer.FindAllStringSubmatch(u.Answer, -1) {
			got[m[1]] = m[2] // Claude Code: "question"="answer"
		}
		var coded struct {
			Answers map[string]struct {
				Answers []string `json:"answers"`
			} `json:"answers"`
		}
		if json.Unmarshal([]byte(u.Answer), &coded) == nil { // Codex: {"answers": {id: {"answers": […]}}}
			for id, a := range coded.Answers {
				got[id] = strings.Join(a.Answers, ", ")
			}
		}
		for _, q := range u.Questions {
			a := cmp.Or(got[q.Text], got[q.ID])
			if a == "" || strings.EqualFold(a, "None of the above") || strings.EqualFold(a, "Other") {
				continue
			}
			if a = chosen(q, a); a != "" {
				c.add(memstore.KeyDecisions, fmt.Sprintf(c.w.answered, transcript.ClipWords(cmp.Or(q.Header, q.Text), 80), transcript.ClipWords(a, 240)))
			}
		}
	}
}

// chosen is an answer with what it means: each option picked, without the agent's
// "(Recommended)" mark, followed by the description the agent gave it (the why of the choice);
// "" for an answer the user wrote that picks none of the options offered.
func chosen(q transcript.Question, answer string) string {
	labels := map[string]string{}
	for l, d := range q.Options {
		labels[unmark(l)] = d
	}
	parts := strings.Split(answer, ", ")
	if _, ok := labels[unmark(answer)]; ok {
		parts = []string{answer} // one option whose label holds a comma
	}
	var out []string
	picked := len(labels) == 0 // an open question: whatever the user wrote is the answer
	for _, a := range parts {
		a = unmark(a)
		d, ok := labels[a]
		picked = picked || ok
		if d != "" && !strings.EqualFold(d, a) {
			a += " — " + strings.TrimSuffix(d, ".")
		}
		out = append(out, a)
	}
	if !picked {
		return "" // the user wrote instead of choosing: an ask or an objection, not one of the choices
	}
	return strings.Join(out, "; ")
}

// unmark drops the agent's recommendation mark from an option's label.
func unmark(label string) string {
	label = strings.TrimSpace(label)
	for _, m := range []string{"(Recommended)", "(recommended)", "(Recommandé)", "(recommandé)", "(Recomendado)", "(Empfohlen)", "(Consigliato)", "(推奨)", "(推荐)", "(권장)"} {
		label = strings.TrimSpace(strings.TrimSuffix(label, m))
	}
	return label
}

// quotedAnswer finds one answer in Claude Code's AskUserQuestion result.
var quotedAnswer = regexp.MustCompile(`"([^"]+)"="([^"]*)"`)
