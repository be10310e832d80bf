package memstore

import (
	"strings"
)

// A day's choices and facts are often said twice: in a plan, then in the write-up; as a
// headline, then in full; as a state ("X now uses Y") the day changes again. foldRestated
// keeps one bullet for each: the newer state, else the more complete.

// foldsRestated reports whether this change folds restated bullets (a decision or fact said
// again, a command that fails again): only the hook's captures do (an agent says its choice
// in a plan, then again in its write-up). What a person or an agent writes on purpose (the
// CLI, MCP, the UI) is folded only when it is an exact duplicate; a near one is written and
// reported in Tx.Similar.
func (tx *Tx) foldsRestated() bool {
	return tx.change != nil && tx.change.Writer == "hook"
}

// foldKeys are the sections whose restated bullets are folded into one.
var foldKeys = map[string]bool{KeyDecisions: true, KeyKnowledge: true, KeyWork: true}

// foldRestated drops from items those that restate a bullet of today's section key (or an
// item before them), replacing that bullet's text when the item says more, is a newer
// state of its subject or undoes it (a revert, see revertedBullet). It returns
// the items left to add; a replaced bullet is recorded as added, a dropped item as a duplicate.
func (tx *Tx) foldRestated(today *Doc, key string, items []string, path string, res *MergeResult, day *DedupIndex) []string {
	var left []string
	c := claims{}
	for _, raw := range items {
		text := tx.CleanBullet(raw)
		if text == "" {
			continue
		}
		if n, isWork := dropUndone(today, key, text); isWork {
			res.Duplicates += 1 + n // a revert with no why removes the choice it undoes (fold_undo.go)
			continue
		}
		if i := restated(key, left, text, c); i >= 0 {
			left[i] = kept(left[i], text)
			res.Duplicates++
			continue
		}
		b, ok := restatedBullet(today, key, text, c)
		r, undone := revertedBullet(today, key, text)
		if undone {
			b, ok = r, true // the revert replaces the choice it undoes
		}
		switch {
		case !ok:
			left = append(left, text)
		case !undone && kept(b.Text, text) == b.Text || !tx.guard(key, text):
			res.Duplicates++
		default:
			today.SetBulletText(b, text)
			if undone {
				res.Duplicates += dropEarlierReverts(today, key, text, b.Line)
			}
			if day != nil {
				day.Add(text)
			}
			res.Added = append(res.Added, Item{Key: key, Text: text, Path: path})
		}
	}
	return left
}

// restated returns the index of the first text of kept that text restates, or -1.
func restated(key string, kept []string, text string, c claims) int {
	for i, k := range kept {
		if key != KeyWork && (SameStatement(k, text) || sameSubject(k, text)) || c.sameClaim(key, k, text) {
			return i
		}
	}
	return -1
}

// kept is the one of old and newer a day keeps: the newer state of one subject, else the
// more complete statement.
func kept(old, newer string) string {
	if sameSubject(old, newer) {
		return newer
	}
	return moreComplete(old, newer)
}

// sameSubject reports two statements of the state of one subject ("X now uses Y", "X now
// uses Z"): the same words, two at least, before " now ".
func sameSubject(a, b string) bool {
	sa, _, okA := strings.Cut(a, " now ")
	sb, _, okB := strings.Cut(b, " now ")
	if !okA || !okB || Normalize(sa) != Normalize(sb) {
		return sameStatedSubject(a, b)
	}
	return len(ContentWords(Normalize(sa))) >= 2
}

// restatedBullet finds the bullet of today's section key that text restates.
func restatedBullet(today *Doc, key, text string, c claims) (Bullet, bool) {
	s, ok := today.Section(key)
	if !ok {
		return Bullet{}, false
	}
	for _, b := range today.Bullets(s) {
		if key != KeyWork && (SameStatement(b.Text, text) || sameSubject(b.Text, text)) || c.sameClaim(key, b.Text, text) {
			return b, true
		}
	}
	return Bullet{}, false
}

// moreComplete returns the one of a and b with more content words (a when even).
func moreComplete(a, b string) string {
	if len(ContentWords(Normalize(b))) > len(ContentWords(Normalize(a))) {
		return b
	}
	return a
}

// SameStatement reports whether two bullets state one choice or fact, one of them with
// more content words than the other: their heads (the first sentence, or the label before a colon) name the same
// thing, or every content word of the shorter (three at least) is in the longer. A number,
// version, path or code span of the shorter missing from the longer makes another fact.
func SameStatement(a, b string) bool {
	if len(ContentWords(Normalize(a))) > len(ContentWords(Normalize(b))) {
		a, b = b, a
	}
	wa, wb := ContentWords(Normalize(a)), set(ContentWords(Normalize(b)))
	if len(wa) >= len(wb) || !sameFacts(a, b, wa, wb) {
		return false // the same words in another order may be another fact (see Similar)
	}
	if len(wa) >= 3 && all(wa, wb) {
		return true
	}
	ha, hb := ContentWords(Normalize(head(a))), ContentWords(Normalize(head(b)))
	if len(ha) > len(hb) {
		ha, hb = hb, ha
	}
	return len(ha) >= 3 && all(ha, set(hb))
}

// sameFacts reports whether the numbers, paths and code spans of a (words wa) are in b
// (words wb).
func sameFacts(a, b string, wa []string, wb map[string]bool) bool {
	for _, w := range wa {
		if hasDigitOrPath(w) && !wb[w] {
			return false
		}
	}
	spans := codeSpans(b)
	for s := range codeSpans(a) {
		if !spans[s] {
			return false
		}
	}
	return true
}

// spanQuotes drops the quotes of a code span, built once (a Replacer builds its tables on first use).
var spanQuotes = strings.NewReplacer(`"`, "", "'", "")

// codeSpans returns the backquoted spans of s, quotes inside them left out.
func codeSpans(s string) map[string]bool {
	out := map[string]bool{}
	parts := strings.Split(s, "`")
	for i := 1; i < len(parts)-1; i += 2 {
		out[spanQuotes.Replace(parts[i])] = true
	}
	return out
}

// head is the first sentence of s, or the label before its first colon.
func head(s string) string {
	cut := len(s)
	for _, sep := range []string{". ", ": ", " — ", " - ", "; "} {
		if i := strings.Index(s, sep); i >= 0 && i < cut {
			cut = i
		}
	}
	return s[:cut]
}

func all(ws []string, in map[string]bool) bool {
	for _, w := range ws {
		if !in[w] {
			return false
		}
	}
	return true
}
