package check

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"carnet/memstore"
)

// Two bullets of one file are the same when their identity (see identity) is equal, and
// opposite when, once the words that negate are taken out and an antonym is turned into its
// pair ("disabled" → not "enabled"), they have the same content words and only one of them
// negates: "Use SQLite for the cache" / "Do not use SQLite for the cache", "the gate is
// enabled" / "the gate is disabled". Anything subtler ("prefer Postgres" against "use
// SQLite") is not flagged: a check that cries wolf is switched off. Only bullets of one file
// are compared (long memory; a log's learnings, decisions and open items), since a log keeps
// what a promotion copied and an old log's decision is the history of a later one. A
// superseded bullet is out of both.

// bullet is a bullet of a file and its line (0-based).
type bullet struct {
	line int
	text string
}

// longBullets are the bullets of long memory.
func longBullets(data []byte) []bullet {
	d := memstore.ParseDoc(data)
	var out []bullet
	for _, sb := range d.AllBullets() {
		out = append(out, bullet{sb.Bullet.Line, sb.Bullet.Text})
	}
	return out
}

// logClaims are a log's learnings, decisions and open items.
func logClaims(data []byte) []bullet {
	d := memstore.ParseDoc(data)
	var out []bullet
	for _, sb := range d.AllBullets() {
		switch sb.Section.Key {
		case memstore.KeyKnowledge, memstore.KeyDecisions, memstore.KeyNext:
			out = append(out, bullet{sb.Bullet.Line, sb.Bullet.Text})
		}
	}
	return out
}

// marker is the comment that says who wrote a bullet (" <!-- agent:claude -->").
var marker = regexp.MustCompile(`\s*<!--.*?-->\s*$`)

// identity is what two bullets must share to say the same thing: the text without its
// weight suffix (" !7 #tag") and its writer's marker, normalised as deduplication does.
func identity(text string) string {
	if strings.Contains(text, "<!--") {
		text = marker.ReplaceAllString(text, "")
	}
	body, _ := memstore.ParseWeight(text)
	return memstore.Normalize(body)
}

// negations are the words that turn a statement into its opposite (folded: no accents), and
// auxiliaries that go with "not".
var (
	negations = set("not never no don't doesn't didn't isn't aren't wasn't weren't won't can't cannot shouldn't mustn't")
	// French negates with "ne … pas" (or jamais, aucun): the pair is one negation
	frenchNe  = set("ne")
	frenchPas = set("pas jamais aucun aucune")
	auxiliary = set("do does did is are was were must should will can")
)

func set(words string) map[string]bool {
	m := map[string]bool{}
	for w := range strings.FieldsSeq(words) {
		m[w] = true
	}
	return m
}

// antonyms map a word to the one it negates.
// Their keys are folded as identity folds (no accents).
var antonyms = map[string]string{"disabled": "enabled", "disable": "enable", "off": "on", "false": "true", "deny": "allow",
	"denied": "allowed", "forbidden": "allowed", "optional": "required", "unsafe": "safe",
	"desactive": "active", "desactivee": "activee", "desactives": "actives", "desactivees": "activees", "desactiver": "activer",
	"faux": "vrai", "interdit": "autorise", "facultatif": "obligatoire"}

// stance is a bullet's content words once negations are out (sorted, joined) and whether it
// negates.
func stance(text string) (string, bool) {
	toks := strings.FieldsFunc(strings.ReplaceAll(identity(text), "’", "'"), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("'_-./", r)
	})
	neg, ne := false, false
	kept := toks[:0]
	for i, w := range toks {
		switch {
		case negations[w]:
			neg = !neg
		case auxiliary[w] && i+1 < len(toks) && toks[i+1] == "not":
		case frenchNe[w]:
			neg, ne = !neg, true
		case strings.HasPrefix(w, "n'"):
			neg, ne = !neg, true
			kept = append(kept, w[2:])
		case frenchPas[w]:
			if !ne {
				neg = !neg // "pas SQLite", "jamais le dimanche"
			}
			ne = false
		default:
			kept = append(kept, w)
		}
	}
	words := memstore.ContentWords(strings.Join(kept, " "))
	for i, w := range words {
		if base, ok := antonyms[w]; ok {
			words[i], neg = base, !neg
		}
	}
	if len(words) < 2 {
		return "", false
	}
	slices.Sort(words)
	return strings.Join(slices.Compact(words), " "), neg
}

// sameOrOpposite reports the later of two bullets of a file that say the same thing, or the
// opposite.
func (r *Report) sameOrOpposite(path string, bs []bullet) {
	seen := map[string]bullet{}
	stances := map[string][2]*bullet{} // key → the first bullet that affirms, the first that negates
	for _, b := range bs {
		if memstore.Superseded(b.text) || strings.TrimSpace(b.text) == "" {
			continue
		}
		id := identity(b.text)
		if first, ok := seen[id]; ok {
			r.add(path, b.line+1, Duplicate, fmt.Sprintf("says the same as line %d: delete one of them", first.line+1))
			continue
		}
		seen[id] = b
		key, neg := stance(b.text)
		if key == "" {
			continue
		}
		pair := stances[key]
		side, other := 0, 1
		if neg {
			side, other = 1, 0
		}
		if o := pair[other]; o != nil {
			r.add(path, b.line+1, Contradiction, fmt.Sprintf("says the opposite of line %d (“%s”): supersede the older bullet rather than keep both (carnet edit %s --op supersede)",
				o.line+1, clip(o.text, 60), path))
		}
		if pair[side] == nil {
			b := b
			pair[side] = &b
			stances[key] = pair
		}
	}
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
