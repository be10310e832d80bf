package extract

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"carnet/memstore"
)

// labels map the words an assistant uses to announce a kind of statement ("Decision:",
// "Next steps", "À suivre", …) to extraction keys. Matching ignores case and accents.
var labels = []struct {
	key   string
	words []string
}{
	{memstore.KeyDecisions, []string{"decision", "decisions", "decision prise", "decisions prises", "design decision",
		"design decisions", "key decision", "key decisions", "decided", "choix"}},
	{memstore.KeyNext, []string{"next", "next step", "next steps", "next up", "a suivre", "todo", "todos", "to do",
		"to-do", "follow-up", "follow-ups", "follow up", "followups", "prochaine etape", "prochaines etapes",
		"reste a faire", "remaining", "remaining work", "open question", "open questions"}},
	{memstore.KeyKnowledge, []string{"learned", "learning", "learnings", "lesson", "lessons", "lessons learned",
		"key insight", "key insights", "insight", "gotcha", "gotchas", "a retenir", "connaissance",
		"connaissances", "connaissances acquises", "root cause", "cause"}},
	{memstore.KeyProblems, []string{"problem", "problems", "probleme", "problemes", "problemes rencontres",
		"blocker", "blockers", "known issue", "known issues", "bloquant"}},
	{memstore.KeyWork, []string{"summary", "resume", "changes", "changes made", "what changed", "work done",
		"travail", "travail produit", "what i did", "done"}},
}

const (
	maxLabelled = 8   // bullets taken per key from the closing text
	maxBullet   = 300 // characters per bullet
)

// labelled returns the statements of text that sit under a label: "Decision: use X" gives
// "use X" under decisions; "Next steps:" (or "## Next steps") followed by a list gives
// one bullet per top-level item.
func labelled(text string) map[string][]string {
	out := map[string][]string{}
	var lines []string
	for l := range strings.Lines(text) {
		lines = append(lines, strings.TrimSuffix(strings.TrimSuffix(l, "\n"), "\r"))
	}
	inFence := false
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inFence = !inFence
			continue
		}
		if inFence {
			continue
		}
		key, rest, heading, bare, ok := matchLabel(line)
		if !ok {
			continue
		}
		if bare {
			if k := nextNonBlank(lines, i+1); k < 0 || !isListItem(lines[k]) {
				continue
			}
		}
		if rest != "" {
			add(out, key, rest)
			if !heading {
				continue
			}
		}
		// A heading: take the list (or the lines) that follow it.
		itemIndent := -1
		j := i + 1
		for ; j < len(lines); j++ {
			l := lines[j]
			t := strings.TrimSpace(l)
			if t == "" {
				if itemIndent >= 0 || j > i+1 {
					// a blank line ends plain lines; a list may go on after one
					if k := nextNonBlank(lines, j); k < 0 || !isListItem(lines[k]) || itemIndent < 0 {
						break
					}
				}
				continue
			}
			if _, _, _, bare, isLabel := matchLabel(l); (isLabel && !bare) || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "```") {
				break
			}
			if isListItem(l) {
				ind := len(l) - len(strings.TrimLeft(l, " \t"))
				if itemIndent < 0 {
					itemIndent = ind
				}
				if ind > itemIndent {
					continue // nested detail
				}
				add(out, key, stripItem(t))
				continue
			}
			if itemIndent >= 0 {
				break // prose after the list
			}
			add(out, key, stripMarkup(t))
		}
		i = j - 1
	}
	return out
}

func nextNonBlank(lines []string, j int) int {
	for ; j < len(lines); j++ {
		if strings.TrimSpace(lines[j]) != "" {
			return j
		}
	}
	return -1
}

func add(out map[string][]string, key, s string) {
	s = strings.TrimSpace(s)
	if s == "" || len(out[key]) >= maxLabelled {
		return
	}
	out[key] = append(out[key], s)
}

// matchLabel recognises a label at the start of a line. rest is what follows the label on
// the same line; heading reports a line that announces a block (a markdown heading, or a
// label with nothing after it); bare, a label word alone on its line with no colon.
func matchLabel(line string) (key, rest string, heading, bare, ok bool) {
	t := strings.TrimSpace(line)
	isHeading := strings.HasPrefix(t, "#")
	t = strings.TrimLeft(t, "#>*-•+ \t")
	t = strings.TrimLeft(t, "_*")
	if t == "" {
		return
	}
	// The label runs up to a colon (inline or heading form) or to the end of the line.
	var head, after string
	if c := strings.IndexAny(t, ":："); c >= 0 && c <= 40 {
		head, after = t[:c], strings.TrimLeft(t[c+len(string([]rune(t[c:])[0])):], " \t")
	} else if isHeading || len(t) <= 40 {
		head = t
	} else {
		return
	}
	head = strings.TrimRight(head, " *_\u00a0")
	norm := fold(head)
	if c := strings.IndexByte(norm, '('); c > 0 { // "Decision(s)"
		norm = strings.TrimSpace(norm[:c])
	}
	for _, l := range labels {
		for _, w := range l.words {
			if norm != w {
				continue
			}
			after = strings.TrimSpace(strings.TrimLeft(after, "*_ "))
			if after == "" {
				// A bare word ("Done") is only a label as a heading, with a colon,
				// or right above a list; the caller checks the last case.
				bare = !isHeading && !strings.ContainsAny(t, ":：")
				return l.key, "", true, bare, true
			}
			return l.key, stripMarkup(after), isHeading, false, true
		}
	}
	return
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
	t = strings.TrimPrefix(t, "[ ] ")
	t = strings.TrimPrefix(t, "[x] ")
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
	var sb strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		sb.WriteRune(r)
	}
	return strings.Join(strings.Fields(sb.String()), " ")
}
