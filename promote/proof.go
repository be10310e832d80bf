package promote

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"carnet/memstore"
)

// Proof apart from guesses (issue 26): promotion proposes every durable item of a log for
// long memory, but an unproven one — knowledge capture wrote, or a model extracted, with no
// evidence — comes unticked: the reviewer ticks it or it stays in its log. An approach that
// was tried and failed is never knowledge.
//
// Proven is a bullet that carries its evidence, "(vérifié : go test ./… ok, commit abc1234)"
// or "(verified: …)", or that a person wrote (no marker, not capture's) or an agent wrote
// (" <!-- agent:NAME -->"). Unproven is one a model extracted (" <!-- model:NAME -->") or
// capture wrote (memstore's ledger), without evidence.

var (
	evidenceRe = regexp.MustCompile(`(?i)\((?:vérifié|verifie|verified)\s*:[^)]*\)`)
	triedRe    = regexp.MustCompile(`(?i)^(?:✅\s*)?(?:essayé,\s*sans effet|tried,\s*no effect)\s*:`)
)

// Proof is how a bullet stands as knowledge.
type Proof int

const (
	// Proven: it carries evidence, or a person or an agent wrote it.
	Proven Proof = iota
	// Unproven: capture or a model wrote it, with no evidence.
	Unproven
	// Tried: an approach tried without effect, never knowledge.
	Tried
)

// ProofOf says how a bullet's text stands; captured says capture (the hook) wrote it.
func ProofOf(text string, captured bool) Proof {
	text = strings.TrimSpace(text)
	switch {
	case triedRe.MatchString(text):
		return Tried
	case evidenceRe.MatchString(text):
		return Proven
	}
	if _, author := memstore.SplitAuthor(text); author != "" {
		if strings.HasPrefix(author, memstore.AuthorAgent+":") {
			return Proven
		}
		return Unproven
	}
	if captured {
		return Unproven
	}
	return Proven
}

// proofOf classifies a candidate of long memory read from the log ld: ok is false for one
// never to promote (tried); it counts them.
func (pp *planner) proofOf(ld logDoc, it Item) (Item, bool) {
	owns, ok := pp.captured[ld.lf.Path]
	if !ok {
		owns, _ = pp.p.CapturedIn(ld.lf.Path) // an unreadable ledger owns nothing
		if pp.captured == nil {
			pp.captured = map[string]func(string) bool{}
		}
		pp.captured[ld.lf.Path] = owns
	}
	captured := owns != nil && owns(it.Text)
	switch ProofOf(it.Text, captured) {
	case Tried:
		pp.tried++
		return it, false
	case Unproven:
		it.Unproven = true
	}
	return it, true
}

// factLabel is the group a fact's hunk belongs to: its log's date, and whether it is unproven
// (an unproven fact never shares a hunk with a proven one).
func factLabel(f Item) string {
	if f.Unproven {
		return f.Date + unprovenMark
	}
	return f.Date
}

const unprovenMark = "\x00unproven"

func isUnprovenLabel(l string) bool { return strings.HasSuffix(l, unprovenMark) }

// provenFirst puts, among the facts of one date, the proven ones before the unproven ones:
// a new dated section then opens with a proven fact, and applying the proven hunks alone
// (the default) keeps them under their heading.
func provenFirst(facts []Item) {
	for i := 0; i < len(facts); {
		j := i
		for j < len(facts) && facts[j].Date == facts[i].Date {
			j++
		}
		run := facts[i:j]
		slices.SortStableFunc(run, func(a, b Item) int {
			switch {
			case a.Unproven == b.Unproven:
				return 0
			case a.Unproven:
				return 1
			}
			return -1
		})
		i = j
	}
}

// untickUnproven leaves unticked every hunk of long memory that adds an unproven fact, and
// says so in the plan's notes (tried items left out too).
func (pl *Plan) untickUnproven(tried int) {
	if tried > 0 {
		pl.Notes = append(pl.Notes, fmt.Sprintf("%s tried without effect left in %s log (never knowledge)",
			memstore.Plural(tried, "approach"), map[bool]string{true: "its", false: "their"}[tried == 1]))
	}
	c := pl.longMem
	if c == nil {
		return
	}
	unproven := map[string]bool{}
	for _, f := range pl.Facts {
		if f.Unproven {
			unproven[f.Text] = true
		}
	}
	if len(unproven) == 0 {
		return
	}
	n := 0
	for _, h := range c.Hunks {
		for _, l := range h.Lines {
			if t, ok := bulletLine(strings.TrimPrefix(l, "+")); ok && strings.HasPrefix(l, "+") && unproven[t] {
				h.Unproven = append(h.Unproven, t)
			}
		}
		if len(h.Unproven) > 0 {
			h.Accepted = false
			n += len(h.Unproven)
		}
	}
	if n > 0 {
		pl.Notes = append(pl.Notes, fmt.Sprintf("%s without evidence (capture's or a model's) proposed unticked: tick them to promote them", memstore.Plural(n, "fact")))
	}
}

// factsPart is the summary's "add 5 facts to long memory (2 unproven, unticked)".
func (pl *Plan) factsPart(n int) string {
	s := fmt.Sprintf("add %s to long memory", memstore.Plural(n, "fact"))
	if total, ticked := pl.Unproven(); total > 0 {
		s += fmt.Sprintf(" (%d unproven, %d ticked)", total, ticked)
	}
	return s
}

// Unproven counts the facts the plan proposes without evidence, and how many of them are
// ticked.
func (pl *Plan) Unproven() (total, ticked int) {
	if pl.longMem == nil {
		return 0, 0
	}
	for _, h := range pl.longMem.Hunks {
		total += len(h.Unproven)
		if h.Accepted && pl.longMem.Accepted {
			ticked += len(h.Unproven)
		}
	}
	return total, ticked
}

// AcceptUnproven ticks every hunk that adds an unproven fact (carnet promote
// --accept-unproven: the reviewer's explicit yes).
func (pl *Plan) AcceptUnproven() {
	if pl.longMem == nil {
		return
	}
	for _, h := range pl.longMem.Hunks {
		if len(h.Unproven) > 0 {
			h.Accepted = true
		}
	}
}
