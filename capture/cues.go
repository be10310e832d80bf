package capture

import (
	"bytes"
	"embed"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2"
	"golang.org/x/text/unicode/norm"
)

// Capture reads structure first (files, commits, failing calls, to-do lists); where it must
// read words, the words are data: one table per language (cues/<lang>.toml), each cue with examples
// to keep and examples to drop, all run by one table test (cues_test.go). A cue that helps
// no session it was not written from has no place here.

// Cue kinds: what a heading or a label announces, and what a sentence or a prompt says.
const (
	cueNext      = "next"      // heading/label: what is still to do (next steps, remaining, to do)
	cueDecisions = "decisions" // heading/label: choices made (decisions, trade-offs, why this approach)
	cueKnowledge = "knowledge" // heading/label: facts learned (lessons, gotchas, root cause, notes)
	cueBecause   = "because"   // a word that gives a reason, inside a sentence
	cueInstead   = "instead"   // a word that sets a choice against another, inside a sentence
	cueNarration = "narration" // the agent saying what it does next ("let me", "now I'll"): never memory
	cueFollowUp  = "followup"  // a prompt that only continues the task under way ("yes", "go on")
	cueReaction  = "reaction"  // a prompt that opens by reacting to the last answer ("that's better, but…")
	cueSession   = "session"   // a sentence about this session rather than the project ("in this session")
	cuePending   = "pending"   // in a decisions heading: the decision is the user's still to make ("Decision needed")
)

// cueTable is the vocabulary of one language: for each kind, its words, and examples of
// text it must recognise (keep) and text it must not (drop).
type cueTable struct {
	lang  string
	cues  map[string][]string
	keep  map[string][]string
	drop  map[string][]string
	latin bool // words are separated by spaces (matching is by whole words)
}

// cueFiles are the cue tables, one file a language (cueFile).
//
//go:embed cues/*.toml
var cueFiles embed.FS

// cueLangs are the languages of the tables, in the order they are read.
var cueLangs = []string{"en", "fr", "es", "de", "it", "pt", "ja", "zh", "ko"}

// cueFile is one language's table as its file writes it: for each kind ([kind.next]), its
// cues and its examples to keep and to drop.
type cueFile struct {
	Lang  string `toml:"lang"`
	Latin bool   `toml:"latin"`
	Kind  map[string]struct {
		Cues []string `toml:"cues"`
		Keep []string `toml:"keep"`
		Drop []string `toml:"drop"`
	} `toml:"kind"`
}

// tables are every language's cue table, read once when the program starts.
var tables = readCueTables()

// readCueTables reads the tables' files, built into the program; a test reads each (a file
// that does not read stops the program).
func readCueTables() []*cueTable {
	var out []*cueTable
	for _, lang := range cueLangs {
		data, err := cueFiles.ReadFile("cues/" + lang + ".toml")
		var f cueFile
		if err == nil {
			err = toml.NewDecoder(bytes.NewReader(data)).DisallowUnknownFields().Decode(&f)
		}
		if err != nil || f.Lang != lang {
			panic(fmt.Sprintf("capture: cues/%s.toml: %v (lang %q)", lang, err, f.Lang))
		}
		t := &cueTable{lang: lang, latin: f.Latin, cues: map[string][]string{}, keep: map[string][]string{}, drop: map[string][]string{}}
		for kind, k := range f.Kind {
			t.cues[kind], t.keep[kind], t.drop[kind] = k.Cues, k.Keep, k.Drop
		}
		out = append(out, t)
	}
	return out
}

// foldText is the form cues are compared in: lower case, accents dropped, emoji, markup and
// punctuation turned into spaces, spaces collapsed.
func foldText(s string) string {
	if f, ok := foldASCII(s); ok {
		return f
	}
	var b strings.Builder
	b.Grow(len(s))
	space := true
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue // a combining accent
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '’':
			if r == '’' {
				r = '\''
			}
			b.WriteRune(unicode.ToLower(r))
			space = false
		default:
			if !space {
				b.WriteByte(' ')
				space = true
			}
		}
	}
	return strings.TrimSpace(b.String())
}

// foldASCII is foldText for ASCII text, without the Unicode normalisation; ok is false for
// any other text.
func foldASCII(s string) (string, bool) {
	b := make([]byte, 0, len(s))
	space := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80:
			return "", false
		case c >= 'A' && c <= 'Z':
			b = append(b, c+'a'-'A')
			space = false
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '\'':
			b = append(b, c)
			space = false
		default:
			if !space {
				b = append(b, ' ')
				space = true
			}
		}
	}
	return strings.TrimSpace(string(b)), true
}

// folded are every table's cues, folded once: kind → (cue, written with spaces).
var folded = sync.OnceValue(func() map[string][]foldedCue {
	out := map[string][]foldedCue{}
	for _, t := range tables {
		for kind, cs := range t.cues {
			for _, c := range cs {
				if f := foldText(c); f != "" {
					out[kind] = append(out[kind], foldedCue{f, t.latin && !hasWide(f)})
				}
			}
		}
	}
	return out
})

// foldedCue is a cue as matching compares it.
type foldedCue struct {
	text  string
	words bool // matched as whole words
}

// hasWide reports text written without spaces between words (Chinese, Japanese).
func hasWide(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) {
			return true
		}
	}
	return false
}

// matchCue reports whether folded text holds one of kind's cues: as whole words in
// languages written with spaces, anywhere in those written without.
func matchCue(text, kind string) bool {
	for _, c := range folded()[kind] {
		if containsCue(text, c.text, c.words) {
			return true
		}
	}
	return false
}

// containsCue reports folded holding the folded cue c (whole words when words).
func containsCue(folded, c string, words bool) bool {
	if c == "" {
		return false
	}
	if !words {
		return strings.Contains(folded, c)
	}
	for i := 0; ; {
		j := strings.Index(folded[i:], c)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(c)
		if (j == 0 || folded[j-1] == ' ') && (end == len(folded) || folded[end] == ' ' || c[len(c)-1] == '\'') {
			return true
		}
		i = j + 1
	}
}

// wordIndex is the offset in f of the first c between spaces or f's ends, or -1: what
// strings.Index(" "+f+" ", " "+c+" ") is, without building either.
func wordIndex(f, c string) int {
	for i := 0; ; {
		j := strings.Index(f[i:], c)
		if j < 0 {
			return -1
		}
		j += i
		if end := j + len(c); (j == 0 || f[j-1] == ' ') && (end == len(f) || f[end] == ' ') {
			return j
		}
		i = j + 1
	}
}

// headingKind says what a heading or label announces (cueNext, cueDecisions, cueKnowledge),
// or "": the heading, once folded, is a cue, or a cue with at most two words before it
// ("Recommended next steps") and three after ("Decisions and trade-offs"). Longer text is a
// sentence, not a heading, unless its part before a separator is one: "Next steps - after
// the launch", "Prochaines étapes (semaine 2)", "Decisions | why".
func headingKind(heading string) string {
	if k := cueHeading(heading); k != "" {
		return k
	}
	if i := headingSeparator.FindStringIndex(heading); i != nil && i[0] > 0 {
		return cueHeading(heading[:i[0]])
	}
	return ""
}

// headingSeparator finds where a heading's title ends and its subtitle starts.
var headingSeparator = regexp.MustCompile(` [-–—|] | \(|: |：`)

// cueHeading is headingKind of a heading read whole.
func cueHeading(heading string) string {
	f := foldText(heading)
	if f == "" || utf8.RuneCountInString(f) > 60 {
		return ""
	}
	best, bestLen := "", 0
	for _, kind := range []string{cueNext, cueDecisions, cueKnowledge} {
		for _, c := range folded()[kind] {
			if !headingHolds(f, c.text, c.words) || len(c.text) <= bestLen {
				continue
			}
			best, bestLen = kind, len(c.text) // the longest cue wins: "root cause" over "cause"
		}
	}
	if best == cueDecisions && matchCue(f, cuePending) {
		return "" // options put to the user, not choices made
	}
	return best
}

// headingHolds reports a folded heading f made of the folded cue c and a few words around it.
func headingHolds(f, c string, words bool) bool {
	if c == "" {
		return false
	}
	if !words {
		return strings.Contains(f, c) && utf8.RuneCountInString(f) <= utf8.RuneCountInString(c)+10
	}
	i := wordIndex(f, c)
	if i < 0 {
		return false
	}
	before := strings.Fields(f[:i])
	after := strings.Fields(f[min(len(f), i+len(c)):])
	if !strings.Contains(c, " ") {
		return len(before) <= 1 && len(after) <= 1 // "Next up", "Remaining work"; not "TODO App Creation Complete"
	}
	return len(before) <= 2 && len(after) <= 3
}
