package memstore_test

import (
	"path/filepath"
	"testing"
	"time"

	"carnet/memstore"
	"carnet/tui/demo"
)

// The fast count says what the parser says on the demo workspace, log by log and project by project.
func TestCountOpenOnDemo(t *testing.T) {
	t.Parallel()
	root := filepath.Join(t.TempDir(), "ws")
	now := time.Date(2026, 7, 28, 10, 0, 0, 0, time.UTC)
	if _, err := demo.Build(root, demo.Options{Now: now, Projects: 4, Days: 60, Archived: 10, Seed: 7, LogKB: 20}); err != nil {
		t.Fatal(err)
	}
	w, err := memstore.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	counts, err := memstore.CountOpen(w.Projects)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for i, p := range w.Projects {
		o, err := p.Overview(memstore.WithLogs)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range o.Logs {
			if got := memstore.CountOpenIn(l.Data); got != len(l.Open) {
				t.Errorf("%s: CountOpenIn = %d, the parser finds %d", l.Path, got, len(l.Open))
			}
		}
		if want := len(o.OpenItems()); counts[i] != want {
			t.Errorf("%s: CountOpen = %d, Overview(WithLogs).OpenItems() has %d", p.Name, counts[i], want)
		}
		total += counts[i]
	}
	if total == 0 {
		t.Fatal("the demo workspace has no open item: the comparison proves nothing")
	}
}
