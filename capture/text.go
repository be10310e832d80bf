package capture

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"carnet/hook/transcript"
)

// Generic text helpers: Markdown lines, list items, sentences, clipping, pasted logs.

// listItem reads a Markdown list item ("- x", "* x", "+ x", "1. x", "1) x", "- [ ] x"):
// its indent, its text without the marker or a task box, and whether line is one.
func listItem(line string) (indent int, text string, done, ok bool) {
	t := strings.TrimLeft(line, " \t")
	indent = len(line) - len(t)
	switch {
	case len(t) >= 2 && strings.ContainsRune("-*+•", rune(t[0])) && (t[1] == ' ' || t[1] == '\t'):
		t = t[2:]
	case strings.HasPrefix(t, "• "):
		t = t[len("• "):]
	default:
		i := 0
		for i < len(t) && i < 3 && t[i] >= '0' && t[i] <= '9' {
			i++
		}
		if i == 0 || i+1 >= len(t) || (t[i] != '.' && t[i] != ')') || t[i+1] != ' ' {
			return 0, "", false, false
		}
		t = t[i+2:]
	}
	t = strings.TrimSpace(t)
	for _, box := range []string{"[ ] ", "[x] ", "[X] ", "☐ ", "☑ ", "✅ ", "✔ ", "✔️ "} {
		if rest, cut := strings.CutPrefix(t, box); cut {
			t, done = strings.TrimSpace(rest), box != "[ ] " && box != "☐ "
			break
		}
	}
	return indent, t, done, t != ""
}

// headingText reads a heading line: "## Next steps", "**Next steps:**", "Next steps:" (a
// short line ending with a colon), "### 🚀 Next Steps". level is the number of "#", 7 for a
// bold line, 8 for a colon line; rest is what follows the colon on the same line ("Next:
// run it").
func headingText(line string) (heading, rest string, level int, ok bool) {
	t := strings.TrimSpace(line)
	if t == "" {
		return "", "", 0, false
	}
	switch {
	case strings.HasPrefix(t, "#"):
		n := len(t) - len(strings.TrimLeft(t, "#"))
		if n > 6 || n >= len(t) || t[n] != ' ' {
			return "", "", 0, false
		}
		h := stripMarkup(t[n:])
		h, rest, _ = strings.Cut(h, ": ")
		return strings.TrimSuffix(strings.TrimSpace(h), ":"), strings.TrimSpace(rest), n, true
	case strings.HasPrefix(t, "**") || strings.HasPrefix(t, "__"):
		m := t[:2]
		end := strings.Index(t[2:], m)
		if end < 0 {
			return "", "", 0, false
		}
		h := strings.TrimSpace(t[2 : 2+end])
		after := strings.TrimSpace(t[4+end:])
		if rest := strings.TrimLeft(after, ":： "); trimColon(h) != h || rest != after || after == "" {
			return trimColon(stripMarkup(h)), stripMarkup(rest), boldLevel, true // "**X:** y", "**X**: y", "**X**"
		}
		return "", "", 0, false
	}
	if _, _, _, isItem := listItem(line); isItem {
		return "", "", 0, false
	}
	for _, colon := range []string{": ", "： ", "：", ":"} {
		h, r, found := strings.Cut(t, colon)
		if !found || utf8.RuneCountInString(h) > 40 || strings.ContainsAny(h, "`()[]") {
			continue
		}
		if r = strings.TrimSpace(r); r == "" && !strings.HasSuffix(t, strings.TrimSpace(colon)) {
			continue
		}
		return stripMarkup(h), stripMarkup(r), colonLevel, true
	}
	return "", "", 0, false
}

// The levels of headings that are no Markdown heading: a bold line, a line ending with a colon.
const (
	boldLevel  = 7
	colonLevel = 8
)

func trimColon(s string) string { return strings.TrimSpace(strings.TrimRight(s, ":：")) }

// bold finds bold and underline-bold spans: their marks go, their words stay.
var bold = regexp.MustCompile(`\*\*([^*\n]+?)\*\*|__([^_\n]+?)__`)

// stripMarkup drops bold marks, leading emoji, arrows and bullets, and numbering ("1. ").
func stripMarkup(s string) string {
	if strings.Contains(s, "**") || strings.Contains(s, "__") { // what bold needs to match
		s = bold.ReplaceAllString(s, "$1$2")
	}
	s = strings.TrimSpace(s)
	s = strings.TrimLeftFunc(s, func(r rune) bool {
		return unicode.Is(unicode.So, r) || unicode.IsSpace(r) || r == 0xFE0F || strings.ContainsRune("•·→–—", r)
	})
	if i := strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }); i > 0 && i < 3 && i+1 < len(s) && (s[i] == '.' || s[i] == ')') && s[i+1] == ' ' {
		s = s[i+2:] // "1. Next steps"
	}
	return strings.TrimSpace(s)
}

// isFence reports a code fence line.
func isFence(line string) bool {
	t := strings.TrimSpace(line)
	return strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")
}

// lines splits text into lines, dropping those inside code fences.
func lines(text string) []string {
	var out []string
	fence := false
	for l := range strings.Lines(strings.ReplaceAll(text, "\r\n", "\n")) {
		l = strings.TrimRight(l, "\n")
		if isFence(l) {
			fence = !fence
			continue
		}
		if !fence {
			out = append(out, l)
		}
	}
	return out
}

// sentenceEnd finds where sentences end: ". ", "! ", "? " before a capital or a digit, and
// the full stops of Chinese and Japanese.
var sentenceEnd = regexp.MustCompile(`[.!?](\s+)[\p{Lu}\d"'«(\x60\p{Hangul}\p{Han}\p{Hiragana}\p{Katakana}]|[。！？]`)

// sentences splits prose into sentences, leaving inline code and "e.g." alone.
func sentences(text string) []string {
	var out []string
	for _, l := range lines(text) {
		if _, t, _, ok := listItem(l); ok {
			l = t
		}
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "|") {
			continue
		}
		start := 0
		for _, m := range sentenceEnd.FindAllStringSubmatchIndex(l, -1) {
			end := m[0] + 1
			if m[2] < 0 { // a CJK stop
				end = m[1]
			}
			if strings.Count(l[start:end], "`")%2 == 1 || abbreviation(l[start:end]) {
				continue
			}
			out = append(out, strings.TrimSpace(l[start:end]))
			start = end
		}
		if rest := strings.TrimSpace(l[start:]); rest != "" {
			out = append(out, rest)
		}
	}
	return out
}

// abbreviation reports a piece of sentence that ends with an abbreviation ("e.g.", "i.e.", "vs.").
func abbreviation(s string) bool {
	low := strings.ToLower(s)
	return slices.ContainsFunc([]string{"e.g.", "i.e.", "vs.", "etc.", "p.ex.", "cf."}, func(a string) bool { return strings.HasSuffix(low, a) })
}

// clip bounds a bullet to n bytes, at the end of a sentence when one ends late enough, else
// at the end of a clause, else at a word.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	if cut := sentenceCut(s, n); cut >= n/2 {
		return strings.TrimRight(strings.TrimSpace(s[:cut]), ";")
	}
	if cut := clauseEnd(s[:n]); cut >= n/2 {
		return strings.TrimSpace(s[:cut])
	}
	return transcript.ClipWords(s, n)
}

// sentenceCut is where the last sentence that ends within s's first n bytes ends, or -1.
func sentenceCut(s string, n int) int {
	cut := -1
	for _, end := range []string{". ", "? ", "! ", "。", "？", "！", "; "} {
		if i := strings.LastIndex(s[:n], end); i >= 0 && i+len(strings.TrimRight(end, " ")) > cut {
			cut = i + len(strings.TrimRight(end, " "))
		}
	}
	return cut
}

// clauseEnd is where the last clause of s that is whole ends: before a comma, a dash, a colon
// or an opening parenthesis outside any parenthesis or code span; -1 when none does.
func clauseEnd(s string) int {
	depth, code, end := 0, false, -1
	for i, r := range s {
		switch {
		case r == '`':
			code = !code
		case code:
		case r == '(' || r == '[':
			if depth == 0 && i > 0 && s[i-1] == ' ' {
				end = i - 1
			}
			depth++
		case r == ')' || r == ']':
			depth = max(0, depth-1)
		case depth > 0:
		case r == '，' || r == '、':
			end = i
		case (r == ',' || r == ':') && strings.HasPrefix(s[i+1:], " "), (r == '—' || r == '–') && i > 0 && s[i-1] == ' ':
			end = i
			if r == '—' || r == '–' {
				end = i - 1
			}
		}
	}
	return end
}

// logLine finds the lines people paste from a terminal or a log rather than write: stack
// frames, timestamps, prompts, compiler and runtime messages.
var logLine = regexp.MustCompile(`^\s*(\d{1,4}[/:.-]\d{1,2}[/:.-]\d{1,4}|\[\d|\d+\s*\||\$ |> |at |Traceback|Last login:|\S+@\S+ [%$#] |File "|npm (ERR|WARN)|error(\[|:)|warning:|E\s{2,}|Caused by|Exception|\w+(Error|Exception):|\{"|\(base\)|Exit code|PS [A-Z]:\\)`)

// isPasted reports a line pasted into a prompt: a log line, indented code, or a line made
// mostly of symbols.
func isPasted(l string) bool {
	if strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t") || logLine.MatchString(l) {
		return true
	}
	t := strings.TrimSpace(l)
	if strings.HasPrefix(t, "-----") || redactedOnly(t) || len(t) >= 40 && !strings.ContainsAny(t, " \t") && !hasWide(t) {
		return true // a key block's armor or body, a hash, a token: pasted, not written (a sentence of a language written without spaces is none)
	}
	letters, others := 0, 0
	for _, r := range l {
		switch {
		case unicode.IsLetter(r):
			letters++
		case !unicode.IsSpace(r):
			others++
		}
	}
	return others > 8 && others > letters
}

// contentWords are the words of s that say something (three letters at least, or any word
// of a language written without spaces), folded.
func contentWords(s string) []string {
	var out []string
	for w := range strings.FieldsSeq(foldText(s)) {
		if utf8.RuneCountInString(w) >= 3 || hasWide(w) {
			out = append(out, w)
		}
	}
	return out
}

// overlap is the share of a's content words found in b.
func overlap(a, b string) float64 {
	wa := contentWords(a)
	if len(wa) == 0 {
		return 0
	}
	in := map[string]bool{}
	for _, w := range contentWords(b) {
		in[w] = true
	}
	n := 0
	for _, w := range wa {
		if in[w] {
			n++
		}
	}
	return float64(n) / float64(len(wa))
}
