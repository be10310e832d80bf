package memstore

import (
	"maps"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// LogOrder lists the sections of a daily log in file order (SPEC §1).
var LogOrder = []string{KeyContext, KeyGoal, KeyProblems, KeyKnowledge, KeyWork, KeyDecisions, KeyNext, KeyDone}

// headings holds the French and English heading of each log section.
var headings = map[string][2]string{
	KeyContext:   {"Contexte", "Context"},
	KeyGoal:      {"Objectif", "Goal"},
	KeyProblems:  {"Problèmes rencontrés", "Problems"},
	KeyKnowledge: {"Connaissances acquises", "Learnings"},
	KeyWork:      {"Travail produit", "Work done"},
	KeyDecisions: {"Décisions prises", "Decisions"},
	KeyNext:      {"À suivre", "Next steps"},
	KeyDone:      {"Finalisé", "Done"},
}

// aliases are other headings accepted on read, folded (see fold).
var aliases = map[string]string{
	"objectifs": KeyGoal, "goals": KeyGoal,
	"problemes": KeyProblems, "problems encountered": KeyProblems, "issues": KeyProblems,
	"connaissances": KeyKnowledge, "learned": KeyKnowledge, "lessons learned": KeyKnowledge,
	"travail": KeyWork, "work": KeyWork,
	"decisions": KeyDecisions, "decisions made": KeyDecisions,
	"a suivre": KeyNext, "next": KeyNext, "todo": KeyNext, "to do": KeyNext,
	"finalise": KeyDone, "completed": KeyDone,
}

// exactHeadings maps the headings carnet writes, as written, to their keys: the fast path.
var exactHeadings = func() map[string]string {
	m := map[string]string{}
	for k, h := range headings {
		m[h[0]], m[h[1]] = k, k
	}
	return m
}()

var headingKeys = func() map[string]string {
	m := map[string]string{}
	for k, h := range headings {
		m[fold(h[0])] = k
		m[fold(h[1])] = k
	}
	maps.Copy(m, aliases)
	return m
}()

// SectionKey returns the section key of a log heading (French, English or a known alias),
// or "" for a heading carnet does not know.
func SectionKey(heading string) string {
	if k, ok := exactHeadings[heading]; ok {
		return k
	}
	return headingKeys[fold(heading)]
}

// Heading returns the heading written for a section key in a language ("fr" or "en").
func Heading(key, lang string) string {
	h, ok := headings[key]
	if !ok {
		return key
	}
	if lang == "en" {
		return h[1]
	}
	return h[0]
}

// fold lowercases, removes accents and collapses spaces: the form headings and bullets are
// compared in.
func fold(s string) string {
	if ascii(s) {
		return foldASCII(s)
	}
	s = norm.NFD.String(s)
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// foldASCII is fold for ASCII text, without the Unicode decomposition.
func foldASCII(s string) string {
	b := make([]byte, 0, len(s))
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			space = len(b) > 0
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		if space {
			b = append(b, ' ')
			space = false
		}
		b = append(b, c)
	}
	return string(b)
}

// Normalize is the form two bullets are compared in for deduplication: case, accents and
// their normalisation form, repeated spaces, a leading ✅ and trailing punctuation ignored,
// and so are the author marker, the weight suffix (see Identity) and a carried item's
// "(ouvert depuis le DATE)" (OpenSince).
func Normalize(s string) string {
	s = strings.TrimSpace(s)
	if hasSuffixWord(s) {
		s = Identity(s)
	}
	s, _ = OpenSince(s)
	s = strings.TrimPrefix(s, "✅")
	s = strings.TrimPrefix(s, "✔")
	s = strings.TrimPrefix(s, "[x]")
	s = strings.TrimPrefix(s, "[X]")
	s = fold(s)
	return strings.TrimRightFunc(s, func(r rune) bool {
		return unicode.IsPunct(r) || unicode.IsSpace(r)
	})
}

// hasSuffixWord reports, cheaply, whether s may end with an author marker or a weight suffix.
func hasSuffixWord(s string) bool {
	if strings.HasSuffix(s, "-->") {
		return true
	}
	i := strings.LastIndexByte(s, ' ')
	return i >= 0 && i+1 < len(s) && (s[i+1] == '!' || s[i+1] == '#')
}

// stopwords are the small words that a trivial rewording adds or drops.
var stopwords = func() map[string]bool {
	m := map[string]bool{}
	// not "a": "vendor A" and "vendor B" are two facts
	for w := range strings.FieldsSeq(`an the of to in on at for and or is are be was were it this that with by from as into
		le la les l un une des de du d et ou est sont au aux en dans pour par sur avec ce cette ces qu que qui se s`) {
		m[w] = true
	}
	return m
}()

// ContentWords splits a normalised text (see Normalize) into its distinct content words:
// stopwords, the small words a trivial rewording adds or drops, are left out.
func ContentWords(norm string) []string {
	f := strings.FieldsFunc(norm, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '/' && r != '.' && r != '-'
	})
	out := f[:0]
	seen := make(map[string]bool, len(f))
	for _, w := range f {
		w = strings.Trim(w, ".-/")
		if w == "" || stopwords[w] || seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
	}
	return out
}

// Similar reports whether two bullets say the same thing: equal once normalised, or
// near-duplicates — the same content words in any order, or, for bullets of four content
// words or more, one word added or dropped — with the same numbers, versions and paths.
// A word replaced by another is a different fact.
func Similar(a, b string) bool {
	na, nb := Normalize(a), Normalize(b)
	if na == nb {
		return true
	}
	return similarWords(ContentWords(na), ContentWords(nb))
}

func similarWords(wa, wb []string) bool {
	if len(wa) == 0 || len(wb) == 0 {
		return false
	}
	sa, sb := set(wa), set(wb)
	onlyA, onlyB := 0, 0
	for w := range sa {
		if !sb[w] {
			if hasDigitOrPath(w) {
				return false // a different number, version or path is a different fact
			}
			onlyA++
		}
	}
	for w := range sb {
		if !sa[w] {
			if hasDigitOrPath(w) {
				return false
			}
			onlyB++
		}
	}
	switch {
	case onlyA == 0 && onlyB == 0:
		return true
	case onlyA+onlyB == 1:
		return min(len(sa), len(sb)) >= 4
	}
	return false
}

func set(ws []string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

func hasDigitOrPath(w string) bool {
	return strings.ContainsAny(w, "0123456789/.")
}

// Language guesses the language of a document's headings ("fr" or "en"), or returns def
// when no known heading decides it, so that a file keeps one language as it grows.
func (d *Doc) Language(def string) string {
	for _, s := range d.Sections() {
		if s.Key == "" {
			continue
		}
		h := headings[s.Key]
		switch fold(s.Heading) {
		case fold(h[0]):
			if fold(h[0]) != fold(h[1]) {
				return "fr"
			}
		case fold(h[1]):
			return "en"
		}
	}
	return def
}
