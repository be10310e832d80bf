package memstore

import "strings"

// fixedText cuts the fixed prefix off a Problèmes bullet: its text as when it was open, and
// the prefix, "" when it is open.
func fixedText(text string) (open, prefix string) {
	for _, p := range FixedPrefix {
		if rest, ok := strings.CutPrefix(text, p); ok {
			return rest, p
		}
	}
	return text, ""
}

// foldedFailure is the text a failure bullet takes when a new failure of its command folds
// into it: the new one (the latest cause and state), but when the bullet is open and the new
// failure was fixed in its own exchange, the command goes through now: the bullet keeps the
// cause the session met first ("FAIL creates a record", not the formatter's warning the
// last commit fixed on the way), marked fixed.
func foldedFailure(old, item string) string {
	if _, fixed := fixedText(item); fixed != "" {
		if _, was := fixedText(old); was == "" {
			return fixed + old
		}
	}
	return item
}

// reopenReported reopens the day's reported errors marked fixed that an item reports again:
// the error came back after its fix. The items not reopened are returned.
func reopenReported(today *Doc, s Section, items []string) []string {
	fixed := map[string]Bullet{}
	for _, b := range today.Bullets(s) {
		if open, p := fixedText(b.Text); p != "" && reportedError(open) != "" {
			fixed[open] = b
		}
	}
	if len(fixed) == 0 {
		return items
	}
	var rest []string
	for _, it := range items {
		if b, ok := fixed[it]; ok {
			today.SetBulletText(b, it)
			continue
		}
		rest = append(rest, it)
	}
	return rest
}

// missingKey keys a failure for want of a file by that file (see missingFile), "" for any
// other: the same file missing to two commands ("python -" reading it, "head" on it) is one
// failure of the session.
func missingKey(text string) string {
	if f := missingFile(text); f != "" {
		return "missing file " + f
	}
	return ""
}
