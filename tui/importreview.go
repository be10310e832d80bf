package tui

import (
	"time"

	"carnet/memstore"
	"carnet/promote"
)

// The import's review (carnet import --review) is the promotion's review on another plan:
// what other tools remember, as changes to long memory, notes and today's log.

// newImportReview is the review of the import plan compute makes.
func newImportReview(c *common, p *memstore.Project, compute func(*memstore.Project, time.Time) (*promote.Plan, error)) *review {
	s := newReview(c, p)
	s.imp = compute
	return s
}

// reviewWords are the words a review says of its plan.
type reviewWords struct {
	noun, title, done, writer string
}

func (s *review) words() reviewWords {
	if s.imp != nil {
		return reviewWords{noun: "import", title: "Import into", done: "Imported", writer: "import"}
	}
	return reviewWords{noun: "promotion", title: "Promotion of", done: "Promoted", writer: "promote"}
}
