package promote

import (
	"fmt"
	"strings"

	"carnet/memstore"
)

// GuardLimit is the share of existing long-memory facts a plan may drop before it is refused.
const GuardLimit = 0.25

// GuardError refuses a plan that would drop more than GuardLimit of long memory's facts.
type GuardError struct {
	Lost  []string // the facts dropped
	Total int      // the facts long memory holds now
}

func (e *GuardError) Error() string {
	return fmt.Sprintf("refused: this plan drops %d of the %d long-memory facts (%d%%, more than %d%%); review it, or force it (--force)",
		len(e.Lost), e.Total, len(e.Lost)*100/e.Total, int(GuardLimit*100))
}

// guard refuses dropping more than GuardLimit of total facts, unless forced.
func guard(lost []string, total int, force bool) error {
	if force || total == 0 || float64(len(lost)) <= GuardLimit*float64(total) {
		return nil
	}
	return &GuardError{Lost: lost, Total: total}
}

// lostFacts lists the bullets of before that after no longer says: gone, and neither a
// near-duplicate of a bullet of after nor contained in one (a merged or joined fact).
func lostFacts(before, after []byte) []string {
	bb := memstore.ParseDoc(before).AllBullets()
	ab := memstore.ParseDoc(after).AllBullets()
	have := make(map[string]bool, len(ab))
	texts := make([]string, 0, len(ab))
	for _, b := range ab {
		have[b.Bullet.Text] = true
		texts = append(texts, b.Bullet.Text)
	}
	var missing []string
	for _, b := range bb {
		if !have[b.Bullet.Text] {
			missing = append(missing, b.Bullet.Text)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	corpus := append(append([]string{}, texts...), missing...)
	for _, t := range texts {
		corpus = append(corpus, strings.Split(t, "; ")...)
	}
	x := memstore.NewDedupIndex(corpus)
	norms := make([]string, len(texts))
	for i, t := range texts {
		x.Add(t)
		norms[i] = memstore.Normalize(t)
	}
	// the parts of a joined bullet ("a; b") are facts of their own
	for _, t := range texts {
		if parts := strings.Split(t, "; "); len(parts) > 1 {
			for _, part := range parts {
				x.Add(part)
			}
		}
	}
	var lost []string
	for _, m := range missing {
		if x.Find(m) >= 0 {
			continue
		}
		n := memstore.Normalize(m)
		found := false
		for _, o := range norms {
			if n != "" && strings.Contains(o, n) {
				found = true
				break
			}
		}
		if !found {
			lost = append(lost, m)
		}
	}
	return lost
}
