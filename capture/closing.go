package capture

import (
	"iter"
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"carnet/memstore"
)

// labels map the words an assistant uses to announce a kind of statement ("Decision:",
// "Next steps", "À suivre", …) to extraction keys. Matching ignores case, accents, hyphens,
// emoji, bold and numbering; a heading may add qualifiers ("Recommended Next Steps").
// "Summary" is a label only inline ("Summary: created X"): as a heading it introduces a
// recap whose intro sentence ("I've successfully completed…") is not memory.
var labels = []struct {
	key   string
	words []string
}{
	{memstore.KeyDecisions, []string{"decision", "decisions", "decision prise", "decisions prises", "decided",
		"choix", "choice", "choices", "design choices", "trade offs", "tradeoffs", "rationale", "approach taken",
		"why this approach", "compromis", "solution", "solution applied", "fix applied",
		"implementation details", "implementation decisions"}},
	{memstore.KeyNext, []string{"next", "next step", "next steps", "next up", "what's next", "whats next", "a suivre",
		"todo", "todos", "to do", "follow up", "follow ups", "followups", "prochaine etape", "prochaines etapes",
		"etapes suivantes", "reste a faire", "a faire", "remaining", "remaining work", "remaining tasks",
		"remaining items", "remaining issues", "still to do", "left to do", "what's left", "whats left",
		"open question", "open questions", "questions", "questions ouvertes", "recommendation", "points ouverts", "action items",
		"action required", "actions required", "recommendations", "recommended actions", "future work",
		"future improvements", "outstanding", "pending", "travail restant", "pistes"}},
	{memstore.KeyKnowledge, []string{"learned", "learning", "learnings", "lesson", "lessons", "lessons learned",
		"insight", "insights", "gotcha", "gotchas", "a retenir", "connaissance", "connaissances",
		"connaissances acquises", "root cause", "root causes", "root cause analysis", "cause", "causes",
		"findings", "key findings", "what i found", "caveats", "important notes", "constats", "diagnostic",
		"why it failed", "explanation", "good news", "takeaway", "takeaways",
		"artifacts", "deliverables", "livrables"}},
	{memstore.KeyProblems, []string{"problem", "problems", "probleme", "problemes", "problemes rencontres",
		"blocker", "blockers", "known issue", "known issues", "bloquant", "bloquants", "limitations",
		"known limitations", "blind spots"}},
	{memstore.KeyWork, []string{"changes", "changes made", "what changed", "work done", "travail",
		"travail produit", "travail realise", "what i did", "done", "what was done", "what was added",
		"what was implemented", "what was fixed", "fixes applied", "modifications"}},
}

// inlineOnly labels count only with their statement on the same line.
var inlineOnly = map[string]bool{"summary": true, "resume": true, "en resume": true, "result": true, "resultat": true}

// qualifiers may precede a label word in any label ("Recommended next steps", "Key decisions").
var qualifiers = map[string]bool{"key": true, "main": true, "important": true, "recommended": true, "suggested": true,
	"possible": true, "potential": true, "immediate": true, "architecture": true, "architectural": true,
	"design": true, "technical": true, "my": true, "our": true, "your": true, "the": true, "other": true,
	"further": true, "optional": true, "remaining": true, "critical": true, "major": true, "final": true,
	"principales": true, "principaux": true, "techniques": true, "mes": true, "nos": true, "les": true,
	"vos": true, "recommended next": true, "suggested next": true, "acknowledged": true}

// tails may follow a label word in a heading ("Next steps for you", "Decisions and trade-offs").
var tails = []string{"for", "to", "if", "and", "&", "pour", "et", "cles", "retenus", "retenues", "(", "/"}

const (
	maxLabelled = 8   // bullets taken per key from the closing text
	maxBullet   = 300 // characters per bullet
)

// labelled returns the statements of text that sit under a label: "Decision: use X" gives
// "use X" under decisions; "Next steps:" (or "## 🚀 Next Steps") followed by a list gives
// one bullet per top-level item, under bold or deeper sub-headings too, without the
// sentence that introduces the list.
func labelled(text string) map[string][]string { return labelledIn(text, labelWords, false) }

// labelledIn is labelled with a vocabulary of its own (planWords for a plan). In a plan
// (plan true), a decision label followed by a paragraph ("## Solution" "Add the fields to
// the validator.") states the choice; in a closing text that paragraph is a recap.
func labelledIn(text string, words map[string]string, plan bool) map[string][]string {
	out := map[string][]string{}
	var lines []string
	for l := range strings.Lines(text) {
		lines = append(lines, strings.TrimRight(l, "\r\n"))
	}
	inFence := false
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if isFence(line) {
			inFence = !inFence
			continue
		}
		if inFence {
			continue
		}
		lb, ok := matchLabelIn(line, words)
		if !ok {
			continue
		}
		if lb.bare {
			if k := nextNonBlank(lines, i+1); k < 0 || !isListItem(lines[k]) {
				continue
			}
		}
		if lb.rest != "" && !strings.HasSuffix(lb.rest, ":") {
			add(out, lb.key, withParent(lines, i, lb.rest))
			if !lb.heading {
				continue
			}
		}
		var items []string
		items, i = block(lines, i+1, lb, words, plan)
		for _, it := range items {
			add(out, lb.key, it)
		}
		i--
	}
	return out
}

// block reads what a label announces, from line j: the top-level items of its list(s), or
// its first lines of prose when it has no list. It returns them and where the block ends.
func block(lines []string, j int, lb label, words map[string]string, plan bool) ([]string, int) {
	b := &blockReader{lb: lb, lines: lines, itemIndent: -1, words: words}
	inFence := false
	for ; j < len(lines); j++ {
		l := lines[j]
		if isFence(l) {
			inFence = !inFence
			continue
		}
		if !inFence && b.ends(l, j) {
			break
		}
	}
	if lb.key == memstore.KeyNext && b.isProcedure() { // the steps of one check: one thing to do
		items := slices.DeleteFunc(b.items, func(it string) bool { return slices.Contains(b.steps, it) })
		return append(items, strings.Join(b.steps, "; ")), j
	}
	if len(b.items) > 0 || lb.key == memstore.KeyDecisions && !plan || lb.key == memstore.KeyWork {
		return b.items, j // a choice or a piece of work is stated as an item, not as a paragraph
	}
	if lb.key == memstore.KeyDecisions {
		return b.prose[:min(len(b.prose), 1)], j // a plan's choice: its first line
	}
	return b.prose, j
}

// isProcedure reports a numbered list of at least four short steps under a sub-heading
// ("Then test:" "1. Navigate to /x" "2. Change the type"): a manual check to run, not
// separate to-dos.
func (b *blockReader) isProcedure() bool {
	if len(b.steps) < 4 {
		return false
	}
	for _, it := range b.steps {
		if len(strings.Fields(it)) > 8 {
			return false
		}
	}
	return true
}

// blockReader is the state of block: what it kept so far and the indent of its items.
type blockReader struct {
	lb           label
	lines        []string
	items, prose []string
	itemIndent   int
	words        map[string]string
	steps        []string // the numbered items under a sub-heading ("Then test:")
	grouped      bool     // a sub-heading was read
}

// ends reads line j (l) into the block, or reports that the block ended before it.
func (b *blockReader) ends(l string, j int) bool {
	t := strings.TrimSpace(l)
	switch {
	case t == "":
		return b.blankEnds(j)
	case headingLevel(t) > 0:
		return b.headingEnds(l, t)
	}
	if other, ok := matchLabelIn(l, b.words); ok && !other.bare && (other.key != b.lb.key || other.rest != "") {
		return true
	}
	if isListItem(l) {
		b.item(l, t)
		return false
	}
	if isSubheading(t) {
		b.itemIndent, b.grouped = -1, true
		return false
	}
	return b.proseEnds(t)
}

// blankEnds: a label without heading mark ends at a blank line not followed by more list.
func (b *blockReader) blankEnds(j int) bool {
	if b.lb.level == 0 && (len(b.items) > 0 || len(b.prose) > 0) {
		if k := nextNonBlank(b.lines, j); k < 0 || !isListItem(b.lines[k]) || len(b.items) == 0 {
			return true
		}
	}
	return false
}

// headingEnds: a heading of the label's level or above, or another label, ends the block; a
// sub-heading's list belongs to it.
func (b *blockReader) headingEnds(l, t string) bool {
	if b.lb.level == 0 || headingLevel(t) <= b.lb.level {
		return true
	}
	if other, ok := matchLabelIn(l, b.words); ok && other.key != b.lb.key {
		return true
	}
	b.itemIndent = -1
	return false
}

// maxGroupName bounds the words of a list item that only names the items nested under it.
const maxGroupName = 6

// item keeps a top-level list item; nested detail and group names ("- **Immediate
// actions:**", which names the items nested under it) are not items.
func (b *blockReader) item(l, t string) {
	ind := indent(l)
	if b.itemIndent < 0 || ind < b.itemIndent {
		b.itemIndent = ind
	}
	if ind > b.itemIndent {
		return
	}
	it := stripItem(t)
	if strings.HasSuffix(it, ":") && len(strings.Fields(it)) <= maxGroupName {
		b.itemIndent = -1
		return
	}
	it = strings.TrimSuffix(it, ":") // a statement before its details: the details are nested under it
	if !strings.HasPrefix(it, "Expected:") {
		b.items = append(b.items, it)
		if b.grouped && t[0] >= '0' && t[0] <= '9' {
			b.steps = append(b.steps, it)
		}
	}
}

// proseEnds keeps the first lines of prose of a block without a list; prose after the list
// ends a label without heading mark.
func (b *blockReader) proseEnds(t string) bool {
	if len(b.items) > 0 {
		return b.lb.level == 0
	}
	if strings.HasPrefix(t, "|") {
		return false // a table's row is not a sentence
	}
	if strings.HasSuffix(t, ":") { // "X was deprecated in 2024. Any workflow using it fails with:"
		ss := splitSentences(t)
		t = strings.Join(ss[:len(ss)-1], " ")
	}
	if low := strings.ToLower(t); t != "" && len(b.prose) < 2 &&
		!strings.Contains(low, "complete") && !strings.Contains(low, "ready for") {
		b.prose = append(b.prose, stripMarkup(t))
	}
	return false
}

func isFence(l string) bool { return strings.HasPrefix(strings.TrimSpace(l), "```") }

// proseLines yields the lines of text outside its code blocks, trimmed; the fences are
// left out too.
func proseLines(text string) iter.Seq[string] {
	return func(yield func(string) bool) {
		inFence := false
		for line := range strings.Lines(text) {
			l := strings.TrimSpace(line)
			if isFence(l) {
				inFence = !inFence
				continue
			}
			if !inFence && !yield(l) {
				return
			}
		}
	}
}

// listItems yields the list items of text outside its code blocks, without their marker
// ("- ", "1. ").
func listItems(text string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for l := range proseLines(text) {
			if isListItem(l) && !yield(stripItem(l)) {
				return
			}
		}
	}
}

func headingLevel(t string) int {
	n := 0
	for n < len(t) && t[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || (n < len(t) && t[n] != ' ') {
		return 0
	}
	return n
}

// isSubheading reports a line that names a group of items: "**Short term**", "Phase 1:".
func isSubheading(t string) bool {
	if strings.HasPrefix(t, "**") && strings.HasSuffix(strings.TrimRight(t, ": "), "**") {
		return true
	}
	return strings.HasSuffix(t, ":") && len(t) <= 60
}

func nextNonBlank(lines []string, j int) int {
	for ; j < len(lines); j++ {
		if strings.TrimSpace(lines[j]) != "" {
			return j
		}
	}
	return -1
}

// metadata matches the detail lines of a review finding, not statements of their own.
var metadata = regexp.MustCompile(`(?i)^(file|files|line|lines|location|path|severity|status|priority|impact|effort)\s*:`)

func add(out map[string][]string, key, s string) {
	s = lineRef.ReplaceAllString(strings.TrimSpace(s), "")
	if len(s) < 4 || strings.HasSuffix(s, ":") || metadata.MatchString(s) || len(out[key]) >= labelCap(key) {
		return // a fragment ("Line: 23") or the introduction of a code block
	}
	if key == memstore.KeyNext && !isStep(s) {
		return
	}
	out[key] = append(out[key], s)
}

// offers are what an assistant proposes the user may do, not work left.
var offers = []string{"if you want", "if you'd like", "if you prefer", "if desired", "if needed", "si vous voulez", "si tu veux", "si besoin"}

// isStep reports a next-step item that is work left: not a statement of what will follow
// ("All future code will be checked…", "\"Ready!\" in the terminal"), not a question to the
// user (the next prompt answers it), not an offer ("Adjust the depth if you want").
func isStep(s string) bool {
	low := strings.ToLower(s)
	return !strings.Contains(s, " will ") && !strings.HasPrefix(s, "\"") && !strings.Contains(s, "?") && !hasAny(low, offers)
}

// lineRef is a "Line 93: " in front of a statement: the place, not the fact.
var lineRef = regexp.MustCompile(`^(?i)lines? \d+(-\d+)?:\s*`)

// label is a recognised label line. rest is what follows the label on the same line;
// heading reports a line that announces a block (a markdown heading, or a label with
// nothing after it), level its markdown heading level (0 for a bold or colon label);
// bare, a label word alone on its line with no colon.
type label struct {
	key, rest     string
	heading, bare bool
	level         int
}

// matchLabel recognises a label at the start of a line.
func matchLabel(line string) (lb label, ok bool) { return matchLabelIn(line, labelWords) }

// matchLabelIn is matchLabel with a vocabulary of its own.
func matchLabelIn(line string, words map[string]string) (lb label, ok bool) {
	t := strings.TrimSpace(line)
	lb.level = headingLevel(t)
	isHeading := lb.level > 0
	// Markdown marks, list markers, numbering and emoji before the label.
	t = strings.TrimLeftFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && r != '`' })
	if t == "" {
		return lb, false
	}
	// The label runs up to a colon (inline or heading form) or to the end of the line.
	var head, after string
	hasColon := false
	if c := strings.IndexAny(t, ":："); c >= 0 && c <= 60 {
		_, size := firstRune(t[c:])
		head, after, hasColon = t[:c], strings.TrimSpace(t[c+size:]), true
	} else if isHeading || len(t) <= 60 {
		head = t
	} else {
		return lb, false
	}
	after = strings.TrimSpace(strings.TrimLeft(after, "*_ "))
	if strings.Count(strings.TrimSpace(head), " ") > 7 {
		return lb, false // a sentence, not a label
	}
	h := normLabel(head)
	if inlineOnly[h] && hasColon && after != "" && !strings.HasSuffix(after, ":") {
		lb.key, lb.rest = memstore.KeyWork, stripMarkup(after)
		return lb, true
	}
	key, ok := labelKey(h, isHeading || !hasColon || after == "", words)
	if !ok && leftLeadIn(head, hasColon, after) {
		key, ok = memstore.KeyNext, true
	}
	if !ok {
		return lb, false
	}
	lb.key = key
	if after == "" {
		// A bare word ("Done") is only a label as a heading, with a colon,
		// or right above a list; the caller checks the last case.
		lb.heading, lb.bare = true, !isHeading && !hasColon && !strings.HasPrefix(strings.TrimSpace(line), "**")
		return lb, true
	}
	lb.rest, lb.heading = stripMarkup(after), isHeading
	return lb, true
}

func firstRune(s string) (rune, int) {
	for _, r := range s {
		return r, len(string(r))
	}
	return 0, 0
}

// normLabel folds a label head: lower case, no accent, no markup, no parenthesis, no
// emoji, hyphens as spaces.
func normLabel(head string) string {
	if c := strings.IndexByte(head, '('); c > 0 { // "Decision(s)", "Next steps (optional)"
		head = head[:c]
	}
	f := fold(head)
	f = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '&':
			return r
		case r == '’':
			return '\''
		}
		return ' '
	}, f)
	return strings.Join(strings.Fields(f), " ")
}

// labelWords maps every label word to its key.
var labelWords = func() map[string]string {
	m := map[string]string{}
	for _, l := range labels {
		for _, w := range l.words {
			m[w] = l.key
		}
	}
	return m
}()

// planWords are the label words of a plan: there, the approach and the design are what was
// chosen (its overview says what the plan is for: its goal, not a choice).
var planWords = func() map[string]string {
	m := maps.Clone(labelWords)
	for _, w := range []string{"approach", "design", "strategy", "architecture", "key positioning", "positioning",
		"implementation approach", "technical approach", "solution design", "chosen approach", "tech stack", "stack",
		"deliberate non decisions", "non decisions", "trade offs made"} {
		m[w] = memstore.KeyDecisions
	}
	m["root cause found"] = memstore.KeyKnowledge
	return m
}()

// labelKey finds the key of a folded label head: a label word alone, after qualifiers, or
// (loose, for headings and bare labels) followed by a tail.
func labelKey(h string, loose bool, words map[string]string) (string, bool) {
	if k, ok := words[h]; ok {
		return k, true
	}
	for i := 0; i < len(h); i++ {
		if h[i] != ' ' {
			continue
		}
		if k, ok := words[h[i+1:]]; ok && qualified(h[:i]) {
			return k, true
		}
		if k, ok := words[h[:i]]; ok && loose && hasTail(h[i+1:]) {
			return k, true
		}
	}
	return "", false
}

func qualified(pre string) bool {
	if qualifiers[pre] {
		return true
	}
	ws := strings.Fields(pre)
	if len(ws) > 2 {
		return false
	}
	for _, w := range ws {
		if !qualifiers[w] {
			return false
		}
	}
	return true
}

func hasTail(rest string) bool {
	for _, t := range tails {
		if rest == t || strings.HasPrefix(rest, t+" ") {
			return true
		}
	}
	return false
}

func isListItem(l string) bool {
	t := strings.TrimSpace(l)
	if strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") || strings.HasPrefix(t, "• ") || strings.HasPrefix(t, "+ ") {
		return true
	}
	n := 0
	for n < len(t) && t[n] >= '0' && t[n] <= '9' {
		n++
	}
	return n > 0 && n < len(t)-1 && (t[n] == '.' || t[n] == ')') && t[n+1] == ' '
}

func stripItem(t string) string {
	if isListItem(t) {
		if i := strings.IndexByte(t, ' '); i >= 0 {
			t = t[i+1:]
		}
	}
	t = strings.TrimSpace(t)
	for _, box := range []string{"[ ] ", "[x] ", "[X] ", "☐ ", "✅ ", "⬜ "} {
		t = strings.TrimPrefix(t, box)
	}
	return stripMarkup(t)
}

// stripMarkup removes bold and italic markers, keeping inline code.
func stripMarkup(t string) string {
	t = strings.ReplaceAll(t, "**", "")
	t = strings.ReplaceAll(t, "__", "")
	return strings.TrimSpace(t)
}

// fold lowercases s and removes accents, for label matching.
func fold(s string) string {
	ascii := true
	for i := 0; i < len(s) && ascii; i++ {
		ascii = s[i] < 0x80
	}
	if ascii {
		return strings.Join(strings.Fields(strings.ToLower(s)), " ")
	}
	var sb strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		sb.WriteRune(r)
	}
	return strings.Join(strings.Fields(sb.String()), " ")
}
