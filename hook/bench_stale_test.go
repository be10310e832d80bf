package hook

import (
	"os"
	"testing"
	"time"

	"carnet/memstore"
)

// BenchmarkLoadStaleWarm is the load of a workspace whose reference check's cache is warm
// (scripts/bench-stale.sh makes one: a clone of git/git with a year of memory). It needs
// CARNET_STALE_WS, that workspace, and CARNET_NOW, its "today"; without them it is skipped.
func BenchmarkLoadStaleWarm(b *testing.B) {
	root, today := os.Getenv("CARNET_STALE_WS"), os.Getenv("CARNET_NOW")
	if root == "" || today == "" {
		b.Skip("set CARNET_STALE_WS and CARNET_NOW (see scripts/bench-stale.sh)")
	}
	now, err := time.ParseInLocation(time.DateOnly, today, time.Local)
	if err != nil {
		b.Fatal(err)
	}
	ws, err := memstore.Open(root)
	if err != nil {
		b.Fatal(err)
	}
	p := ws.Projects[0]
	if _, err := ComposeLoad(p, now, 0, sessionStartChars); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		w, _ := memstore.Open(root)
		if _, err := ComposeLoad(w.Projects[0], now.Add(12*time.Hour), 0, sessionStartChars); err != nil {
			b.Fatal(err)
		}
	}
}
