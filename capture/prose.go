package capture

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// firstParagraph gives the first paragraph of a prompt as one line, stopping before a
// pasted log; a paragraph that only announces what follows ("Implement the following
// plan:") takes the first line of the next one (the plan's title).
func firstParagraph(p string) string {
	paras := strings.Split(strings.ReplaceAll(p, "\r\n", "\n"), "\n\n")
	var kept []string
	for line := range strings.Lines(paras[0]) {
		if isLogLine(line) {
			break
		}
		if before, pasted := cutPaste(line); pasted {
			kept = append(kept, strings.TrimSpace(before))
			break
		}
		kept = append(kept, strings.TrimSpace(line))
	}
	out := strings.Join(strings.Fields(strings.Join(kept, " ")), " ")
	if !strings.HasSuffix(out, ":") {
		return out
	}
	if request, ok := cutLabel(out); ok {
		return request // "implement the realtime aspect: Reminder:" before a quote
	}
	// "Implement the following plan:" names its task in the heading that follows; "I'm
	// getting:" before a pasted error names none.
	if len(paras) > 1 && strings.HasPrefix(strings.TrimSpace(paras[1]), "#") {
		if isPlanLabel(out) {
			return planTitle(paras[1])
		}
		next, _, _ := strings.Cut(strings.TrimSpace(paras[1]), "\n")
		return out + " " + stripMarkup(strings.TrimSpace(strings.TrimLeft(next, "# ")))
	}
	if len(paras) > 1 || len(kept) < len(strings.Split(strings.TrimSpace(paras[0]), "\n")) {
		return ""
	}
	return out
}

// cutPaste cuts a line before a quote that opens a pasted block ("still fails… ""Current
// runner version…"): a doubled quote, or a quote left open at the end of the line.
func cutPaste(line string) (string, bool) {
	if i := strings.Index(line, `""`); i > 0 {
		return line[:i], true
	}
	if strings.Count(line, `"`)%2 == 1 {
		i := strings.LastIndex(line, `"`)
		return line[:i], i > 0
	}
	return line, false
}

// followUps open a prompt that reacts to the last answer (a correction, a retry, an undo)
// rather than starting a task of its own.
var followUps = []string{"that's", "thats", "that is", "this is almost", "it's almost", "almost", "not quite",
	"undo", "revert", "still ", "i'm still", "im still", "it still", "ok,", "okay,", "try again", "again",
	"same ", "no,", "nope", "hmm", "c'est mieux", "c'est presque", "toujours", "encore", "annule", "non,",
	"make a new proposal", "give more details", "let's implement it"}

// isFollowUp reports a prompt that continues the previous task: it opens as a reaction or
// asks to try again.
func isFollowUp(p string) bool {
	f := fold(p)
	for _, w := range followUps {
		if strings.HasPrefix(f, w) {
			return true
		}
	}
	for _, s := range splitSentences(p[:min(len(p), 2000)]) { // a request is near the top; a paste is long
		for c := range strings.SplitSeq(fold(s), ", ") { // "ne marche pas, réessaie"
			if slices.ContainsFunc(retries, func(r string) bool { return strings.HasPrefix(c, r) }) {
				return true
			}
		}
	}
	return false
}

// retries ask the agent to have another go at the last task.
var retries = []string{"try again", "please try again", "reessaie", "recommence"}

var (
	logStart = regexp.MustCompile(`^\s*(\d{1,4}[/:.-]\d{1,2}[/:.-]\d{1,4}|\[\d|\d+\s*\||\$ |> |at |Traceback|Last login:|npm (ERR|WARN)|error(\[|:)|warning:|File "|E\s{2,}|\(base\)|Exit code)`)
)

// isLogLine reports a line pasted from a terminal or a log rather than written to the agent.
func isLogLine(l string) bool {
	if strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t") || strings.ContainsAny(l, "➜✗") {
		return true
	}
	return logStart.MatchString(l)
}

// clipGoal bounds a goal to maxGoal characters (and a bullet's bytes), at the end of a
// sentence when one ends late enough.
func clipGoal(g string) string {
	lim := len(g)
	if n := utf8.RuneCountInString(g); n > maxGoal {
		lim = 0
		for range maxGoal {
			_, size := utf8.DecodeRuneInString(g[lim:])
			lim += size
		}
	}
	lim = min(lim, maxBullet-10) // Cyrillic or Greek takes two bytes a letter
	return lateAsk(g, clipSentence(g, lim), lim)
}

// clipSentence bounds s to lim bytes, at the end of a sentence when one ends late enough.
func clipSentence(g string, lim int) string {
	if len(g) <= lim {
		return g
	}
	cut := -1
	for _, end := range []string{". ", "? ", "! ", "。", "？", "！"} {
		if i := strings.LastIndex(g[:lim], end); i > cut {
			cut = i + len(strings.TrimRight(end, " "))
		}
	}
	if cut >= lim/3 {
		return strings.TrimSpace(g[:cut])
	}
	return transcript.ClipWords(g, lim)
}

// causeLine keeps a failing call's output line when it says why: not a passing test, a
// line that introduces others, a traceback header, a source excerpt or a shell banner.
func causeLine(out string) string {
	t := strings.TrimSpace(out)
	switch {
	case t == "", strings.HasSuffix(t, ":"), strings.HasPrefix(t, "Traceback"),
		strings.HasPrefix(t, "✓"), strings.HasPrefix(t, "√"), strings.HasPrefix(t, "PASS "),
		strings.Contains(t, "shellenv"), strings.Contains(t, "Oops! Something went wrong"),
		sourceExcerpt.MatchString(t), isBarePath(t):
		return ""
	}
	return trimShellPosition(t)
}

var sourceExcerpt = regexp.MustCompile(`^\d+\s*\|`)

func isBarePath(t string) bool {
	return !strings.ContainsAny(t, " \t") && strings.Count(t, "/") >= 2
}

// Sentence markers of a choice and of a cause or a fact learned, in English and French.
var (
	decisionMarkers  = slices.Concat([]string{"instead of", "rather than", " chose ", " chosen ", "decided to", "decided that", "opted for", "went with", "we'll use", "i'll use", "plutôt que", "au lieu de", "j'ai choisi", "choisi de", "décidé de", "on garde", "switched to", "for backward compatibility", "for backwards compatibility", " in favour of", " in favor of", "going with", "go with ", "settled on", "chose to"}, followMarkers)
	knowledgeMarkers = []string{"root cause", "the issue was", "the problem was", "was caused by", "is caused by", "because", "turns out", "the reason", "la cause", "parce que", "vient du fait", "provient de", "gotcha", "note that",
		"the issue is that", "the problem is that", "the cause is", "le problème est que", "le problème vient",
		"was killing", "was causing", "was breaking", "which caused", "that caused"}
)

// refusalMarkers mark what a choice left out in favour of something simpler: "No automatic
// fetching - just simple, explicit refresh when needed", "Pas de cache, seulement …".
var refusalMarkers = []string{" just ", " only ", " seulement ", " juste ", " uniquement "}

// isRefusal reports a sentence (lower case, padded with spaces) that opens with "No …" and
// says what was kept instead.
func isRefusal(low string) bool {
	if !strings.HasPrefix(low, " no ") && !strings.HasPrefix(low, " pas d") && !strings.HasPrefix(low, " aucun") {
		return false
	}
	f := strings.Fields(low)
	// "No errors, just two warnings" is an outcome, not a choice
	return len(f) > 1 && !hasAny(" "+f[1]+" ", outcomeWords) && hasAny(low, refusalMarkers)
}

// notNeeded reports a refusal whose "No …" part says what is not needed ("No reinstall
// needed - just …"): how a tool works, not a choice.
func notNeeded(low string) bool {
	head := low
	for _, m := range refusalMarkers {
		if i := strings.Index(head, m); i >= 0 {
			head = head[:i]
		}
	}
	return hasAny(head, []string{" need", " requir", " necessar", " nécessaire", " besoin"})
}

var outcomeWords = []string{" error", " errors", " erreur", " erreurs", " warning", " warnings", " issue", " issues",
	" problem", " problems", " failure", " failures", " test", " tests", " change", " changes", " match", " matches", " output"}

const (
	maxReasons     = 3  // sentences taken per kind and turn
	maxReasonTexts = 30 // assistant texts read for them, the latest
	maxCauseTexts  = 5  // texts with a marker split for causes, the latest
)

// reasons finds, in what the assistant wrote during the turn, the sentences that give a
// choice (decisions) or a cause (knowledge), in the session's own words. The first choices
// are kept; of the causes, the latest (what the agent found, not its guesses on the way),
// and never a state of the moment (isMomentState).
func reasons(t *transcript.Turn) (decisions, knowledge []string) {
	texts := t.Texts[max(0, len(t.Texts)-maxReasonTexts):] // the latest say why, and this bounds the work
	if t.Closing != "" && !containsText(texts, t.Closing) {
		texts = append(slices.Clip(texts), t.Closing)
	}
	for _, text := range texts {
		if len(decisions) >= maxReasons {
			break
		}
		ds, _ := reasonSentences(text, reasonDecision)
		for _, s := range ds {
			if len(decisions) < maxReasons {
				decisions = append(decisions, s)
			}
		}
	}
	split := 0 // texts split for causes, from the latest: this bounds the work
	for i := len(texts) - 1; i >= 0 && len(knowledge) < maxReasons && split < maxCauseTexts; i-- {
		if ks, ok := reasonSentences(texts[i], reasonKnowledge); ok {
			split++
			ks = namedSubjects(ks, texts, i)
			knowledge = append(ks, knowledge...)
		}
	}
	return decisions, knowledge[max(0, len(knowledge)-maxReasons):]
}

// Kinds of reason a sentence gives.
const (
	reasonNone = iota
	reasonDecision
	reasonKnowledge
)

// reasonMarkers are every marker of a choice or a cause.
var reasonMarkers = slices.Concat(decisionMarkers, knowledgeMarkers, refusalMarkers, reasonOpeners, memstore.RevertOpeners)

// markedLines returns a filter of the lines of text (see sentencesIn) that hold a marker of
// a choice or a cause, or false when none does: most texts state no reason, and only the
// lines that may are split into sentences.
func markedLines(text string) (func(start, end int) bool, bool) {
	low := " " + strings.ToLower(text)
	var hits []int // offsets in text of the markers found
	for _, m := range reasonMarkers {
		for from := 0; ; {
			i := strings.Index(low[from:], m)
			if i < 0 {
				break
			}
			hits = append(hits, from+i) // low has one byte more in front: the marker's space is at text[from+i-1]
			from += i + len(m)
		}
	}
	if len(hits) == 0 {
		return nil, false
	}
	if len(low) != len(text)+1 {
		return nil, true // lower case changed the text's length: offsets are off, take every line
	}
	slices.Sort(hits)
	return func(start, end int) bool {
		i, _ := slices.BinarySearch(hits, start)
		return i < len(hits) && hits[i] < end
	}, true
}

// reasonSentences returns the sentences of text that give a reason of kind, and whether
// text holds a marker at all (see markedLines).
func reasonSentences(text string, kind int) ([]string, bool) {
	want, ok := markedLines(text)
	if !ok {
		return nil, false
	}
	var out []string
	for _, s := range sentencesIn(text, want) {
		if reasonKind(" "+strings.ToLower(s)+" ") == kind {
			out = append(out, s)
		}
	}
	return out, true
}

// reasonKind tells what a sentence (lower case, padded with spaces) gives: a choice, a
// cause or fact, or neither.
func reasonKind(low string) int {
	switch {
	case isRefusal(low) && notNeeded(low):
		return reasonKnowledge // "No reinstall needed - just …": how the tool works
	case hasAny(low, decisionMarkers) || isRefusal(low) || reasonedMove(low) || memstore.IsRevert(low):
		if isAgentProcess(low) {
			return reasonNone
		}
		return reasonDecision
	case hasAny(low, knowledgeMarkers) && !isMomentState(low):
		return reasonKnowledge
	}
	return reasonNone
}

func containsText(texts []string, s string) bool {
	for _, t := range texts {
		if strings.TrimSpace(t) == strings.TrimSpace(s) {
			return true
		}
	}
	return false
}

func hasAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// sentences splits prose into statements worth keeping: outside code blocks and tables,
// not headings, not questions, not announcements of the agent's next move.
func sentences(text string) []string { return sentencesIn(text, nil) }

// sentencesIn is sentences, of the lines from start to end (byte offsets in text) that
// want accepts (nil: all).
func sentencesIn(text string, want func(start, end int) bool) []string {
	var out []string
	inFence := false
	pos := 0
	for line := range strings.Lines(text) {
		start := pos
		pos += len(line)
		t := strings.TrimSpace(line)
		if isFence(t) {
			inFence = !inFence
			continue
		}
		if inFence || t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "|") || want != nil && !want(start, pos) {
			continue
		}
		if _, ok := matchLabel(t); ok {
			continue // labelled() has it
		}
		if isListItem(t) {
			t = stripItem(t)
		}
		for _, s := range splitSentences(stripMarkup(t)) {
			if strings.ContainsAny(s, cjkStops) {
				out = append(out, keptSentences(splitCJK(s))...)
				continue
			}
			if strings.HasSuffix(s, ":") && (reasonedMove(" "+strings.ToLower(s)) || memstore.IsRevert(s)) {
				s = strings.TrimSuffix(s, ":") + "." // "Since X, I'll do Y:", "Reverted X back to Y:" before the details
			}
			if keepSentence(s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// splitSentences cuts a line after ". ", "! " or "? " followed by a capital letter.
func splitSentences(t string) []string {
	var out []string
	start := 0
	for i := 0; i+2 < len(t); i++ {
		if (t[i] == '.' || t[i] == '!' || t[i] == '?') && t[i+1] == ' ' && unicode.IsUpper(rune(t[i+2])) {
			out = append(out, strings.TrimSpace(t[start:i+1]))
			start = i + 2
		}
	}
	return append(out, strings.TrimSpace(t[start:]))
}

// keptSentences keeps the sentences of ss that keepSentence accepts.
func keptSentences(ss []string) []string {
	return slices.DeleteFunc(ss, func(s string) bool { return !keepSentence(s) })
}

func keepSentence(s string) bool {
	if len(s) < 30 || len(s) > maxBullet || strings.HasSuffix(s, "?") || strings.HasSuffix(s, ":") || isCJKMove(s) {
		return false
	}
	low := strings.ToLower(s)
	if strings.Contains(low, "successfully") || strings.Contains(low, "avec succès") {
		return false // a recap, not a reason
	}
	if statedChoice(low) {
		return true
	}
	for _, p := range []string{"let me", "i'll ", "i will", "now i", "now let", "je vais", "would you", "voulez-vous", "shall i",
		"i can see", "i see ", "i notice", "looking at", "it seems", "this means", "expected:",
		"for example", "for instance", "e.g.", "par exemple"} {
		if strings.HasPrefix(low, p) {
			return false // an illustration, not the point
		}
	}
	// what this session's own state shows (its diff, its other work) is not for next time
	return !hasAny(low, []string{"this session", "this conversation", "cette session", "cette conversation"})
}

// statedChoice reports a sentence (lower case) that announces a choice with its reason
// ("I'll use pydantic-settings so env vars are validated"), unlike an announcement of the
// next move ("I'll use grep to find it").
func statedChoice(low string) bool {
	for _, p := range []string{"i'll use ", "we'll use ", "i'll go with ", "we'll go with "} {
		if strings.HasPrefix(low, p) {
			return hasAny(low, []string{" so ", " because ", " since ", ", which ", " as it ", " to avoid ", " to keep "})
		}
	}
	return false
}

// reasonOpeners open a sentence with the reason of what follows ("Since raw history lacks
// replies, I'll …"); moveOpeners introduce that move (a plan: "I'll", not "let me …", the
// agent telling what it does as it does it); a reason about the agent or the user
// (agentSubjects) or a move in lookVerbs make it only a look around.
var (
	reasonOpeners = []string{" since ", " because ", " puisque ", " comme "}
	moveOpeners   = []string{", i'll ", ", we'll ", ", je vais ", ", on va "}
	agentSubjects = []string{"i ", "i'", "you ", "the user ", "je ", "j'", "vous ", "tu ", "l'utilisateur "}
	lookVerbs     = []string{"look", "check", "examine", "read", "see", "inspect", "investigate", "search", "explore",
		"verify", "review", "run", "try", "first", "need", "start", "regarder", "vérifier", "lire", "chercher", "essayer"}
)

// reasonedMove reports a sentence (lower case, padded with spaces) that opens with a reason
// and then states a move: a choice, unless the move is only to look.
func reasonedMove(low string) bool {
	i := slices.IndexFunc(reasonOpeners, func(o string) bool { return strings.HasPrefix(low, o) })
	if i < 0 {
		return false
	}
	if reason := low[len(reasonOpeners[i]):]; slices.ContainsFunc(agentSubjects, func(s string) bool { return strings.HasPrefix(reason, s) }) {
		return false // "Since I need to make changes, let me …": the agent's own need is no reason to keep
	}
	for _, m := range moveOpeners {
		if _, move, ok := strings.Cut(low, m); ok {
			verb, _, _ := strings.Cut(move, " ")
			return !slices.Contains(lookVerbs, verb)
		}
	}
	return false
}

// maxAnswer bounds the sentences taken from the answer to a question.
const maxAnswer = 2

// answer keeps, when the user asked a question, the first statements of the assistant's
// answer (its closing text); of an answer that ends in a conclusion (a discussion), only
// its first statement, not the conclusion: what was learned by asking.
func answer(t *transcript.Turn) []string {
	p := strings.TrimSpace(t.Prompt)
	if t.Sidechain || t.Closing == "" || !strings.HasSuffix(p, "?") && !strings.HasSuffix(p, "？") ||
		strings.Contains(t.Closing, "<proposed_plan>") {
		return nil // a plan answers with its own sections (see plans)
	}
	if asksAboutAgent(p) {
		return nil // the agent's reasoning, not a fact (see asksAboutAgent)
	}
	var prose strings.Builder
	for l := range strings.Lines(namedCommands(t.Closing)) {
		if !isListItem(l) { // the answer's own sentences, not the points it lists
			prose.WriteString(l)
		}
	}
	var out []string
	for _, s := range sentences(prose.String()) {
		if len(s) < 40 || strings.HasPrefix(s, "I ") || strings.HasPrefix(s, "I'") || isContrast(" "+strings.ToLower(s)) {
			continue
		}
		if isConclusion(s) { // a discussion summed up: its first statement is the fact, the rest argues
			out = out[:min(len(out), maxAnswer-1)]
			break
		}
		if len(out) < maxAnswer {
			out = append(out, s)
		}
	}
	return withWorkaround(t.Closing, out)
}
