package hook

import (
	"time"

	"carnet/memstore"
)

// stateKept is how long the hook keeps a session's state (gate checks, the last todo list,
// task numbers) after the session last wrote it; stateDirs are the debug folder's folders
// that hold it, one file per session.
const stateKept = 30 * 24 * time.Hour

var stateDirs = []string{"gate", "sessions", "model"}

// pruneState removes the state of the sessions that wrote none for stateKept: without it
// the debug folder gains files for every session ever run.
func (r *runner) pruneState(p *memstore.Project) {
	for _, d := range stateDirs {
		if _, err := p.PruneState(d, r.now.Add(-stateKept)); err != nil {
			r.logf("pruning %s state: %v", d, err)
		}
	}
}
