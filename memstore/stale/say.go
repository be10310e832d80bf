package stale

import (
	"fmt"
)

// String says what became of a reference, in English ("`app.js` deleted in abc1234").
func (v Verdict) String() string { return v.Say("en") }

// Say says what became of a reference in the memory's language (fr or en).
func (v Verdict) Say(lang string) string {
	w := words["en"]
	if lang == "fr" {
		w = words["fr"]
	}
	ref := "`" + v.Ref.Text + "`"
	in := func(s string) string {
		if v.Commit == "" {
			return s
		}
		return s + fmt.Sprintf(w.in, short(v.Commit))
	}
	switch v.State {
	case Gone:
		switch v.What {
		case "renamed":
			return ref + " " + in(fmt.Sprintf(w.renamed, "`"+v.To+"`"))
		case "removed":
			return ref + " " + in(w.removed)
		case "uncommitted":
			return ref + " " + w.uncommitted
		}
		return ref + " " + in(w.deleted)
	case Changed:
		return ref + " " + fmt.Sprintf(w.changed, v.Changes)
	case Unknown:
		return ref + " " + w.unknown
	}
	return ref + " " + w.ok
}

func short(h string) string {
	if len(h) > 7 {
		return h[:7]
	}
	return h
}

var words = map[string]struct{ in, renamed, removed, uncommitted, deleted, changed, unknown, ok string }{
	"en": {in: " in %s", renamed: "renamed to %s", removed: "removed from the code", uncommitted: "deleted in the working tree",
		deleted: "deleted", changed: "changed by %d commits since", unknown: "is not a commit of this repository", ok: "is there"},
	"fr": {in: " dans %s", renamed: "renommé en %s", removed: "retiré du code", uncommitted: "supprimé dans la copie de travail",
		deleted: "supprimé", changed: "modifié par %d commits depuis", unknown: "n'est pas un commit de ce dépôt", ok: "est là"},
}
