package memstore

import "strings"

// failedOpeners open a failure bullet in each log language, before its backquoted command
// ("Échec de `make lint` : …", "`make lint` failed: …"), as the heuristic writes them.
var failedOpeners = []string{"Échec de `", "`"}

// failedCommand is the command a failure bullet names ("corrigé : " or not), or "".
func failedCommand(text string) string {
	text, _ = fixedText(text)
	for _, o := range failedOpeners {
		rest, ok := strings.CutPrefix(text, o)
		if !ok {
			continue
		}
		cmd, after, closed := strings.Cut(rest, "`")
		if closed && cmd != "" && (o != "`" || strings.HasPrefix(after, " failed")) {
			return cmd
		}
	}
	return ""
}

// foldFailures folds a failure of a command the day's log already lists as failed into
// that bullet, which takes the latest cause and state (cleaned and guarded as any bullet;
// see foldedFailure), as is a failure for want of the file a bullet says is missing
// (missingKey), and reopens a reported error reported again (reopenReported); the
// other items are returned.
func (tx *Tx) foldFailures(today *Doc, items []string) []string {
	s, ok := today.Section(KeyProblems)
	if !ok {
		return items
	}
	items = reopenReported(today, s, items)
	had := map[string]Bullet{}
	for _, b := range today.Bullets(s) {
		if cmd := failedCommand(b.Text); cmd != "" {
			had[cmd] = b
			if f := missingKey(b.Text); f != "" {
				had[f] = b
			}
		}
	}
	if len(had) == 0 {
		return items
	}
	var rest []string
	for _, it := range items {
		b, ok := had[failedCommand(it)]
		if f := missingKey(it); !ok && f != "" {
			b, ok = had[f] // the same file missing again, to another command
		}
		if !ok {
			rest = append(rest, it)
			continue
		}
		if text := tx.CleanBullet(foldedFailure(b.Text, it)); text != "" && text != b.Text && tx.guard(KeyProblems, text) {
			today.SetBulletText(b, text)
		}
	}
	return rest
}
