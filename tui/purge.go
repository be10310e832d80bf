package tui

import (
	"errors"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"carnet/memstore"
	"carnet/memstore/gitrepo/purge"
	"carnet/secret"
)

// Deleting a bullet that holds a secret or personal data offers to rewrite it out of git
// history too (memstore.Purge, as carnet forget --purge): the plain delete leaves it there.

// forgettable finds, in a bullet's lines, what is worth rewriting out of history: a secret
// (its value only) or personal data (an e-mail address, a phone number, an IBAN); needle is
// "" when there is none.
func forgettable(lines []string) (needle, why string) {
	for _, l := range lines {
		if start, end, reason := secret.Find(l); reason != "" {
			return l[start:end], "a secret (" + reason + ")"
		}
	}
	for _, l := range lines {
		if start, end, what := secret.Personal(l); what != "" {
			return l[start:end], what
		}
	}
	return "", ""
}

// purgeText takes needle out of the project's memory files in one commit, then out of the
// history of its memory folder, in a tea.Cmd; the status line says what was rewritten and
// what to run next.
func purgeText(c *common, p *memstore.Project, needle string) tea.Cmd {
	mc := memstore.Change{Writer: "ui", Commit: memstore.CommitAlways, Now: c.now()}
	watch := c.watch
	return func() tea.Msg {
		watch.writing()
		res, err := p.Purge(mc, needle)
		var changed []string
		for _, f := range res.Files {
			changed = append(changed, f.Path)
		}
		watch.done(absPaths(p.WS, changed))
		if errors.Is(err, purge.ErrDirty) {
			err = fmt.Errorf("not deleted: %w (the purge rewrites history)", err)
		}
		return wroteMsg{what: purgeSummary(res), changed: append(changed, "history"), err: err}
	}
}

// purgeSummary is the status line of a purge.
func purgeSummary(res memstore.Purged) string {
	h := res.History
	if len(h.Refs) == 0 {
		return "Deleted; no branch or tag held it in history"
	}
	var refs []string
	for _, u := range h.Refs {
		refs = append(refs, strings.TrimPrefix(strings.TrimPrefix(u.Ref, "refs/heads/"), "refs/"))
	}
	text := fmt.Sprintf("Deleted and purged from history: %s of %s rewritten · backup kept until carnet forget --confirm",
		memstore.Plural(h.Commits, "commit"), strings.Join(refs, ", "))
	if n := len(h.StillHeld.Remotes); n > 0 {
		text += fmt.Sprintf(" · %s still hold it (carnet forget --help: push the rewrite)", strings.Join(h.StillHeld.Remotes, ", "))
	}
	return text
}
