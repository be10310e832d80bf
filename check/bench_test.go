package check

import (
	"context"
	"os"
	"testing"
	"time"

	"carnet/memstore"
)

// BenchmarkCheckWarm is carnet check of a workspace whose reference cache is warm
// (scripts/bench-stale.sh makes one: a clone of git/git with a year of memory). It needs
// CARNET_STALE_WS, that workspace, and CARNET_NOW, its "today"; without them it is skipped.
func BenchmarkCheckWarm(b *testing.B) {
	root, today := os.Getenv("CARNET_STALE_WS"), os.Getenv("CARNET_NOW")
	if root == "" || today == "" {
		b.Skip("set CARNET_STALE_WS and CARNET_NOW (see scripts/bench-stale.sh)")
	}
	now, err := time.ParseInLocation(time.DateOnly, today, time.Local)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		ws, err := memstore.Open(root)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Project(context.Background(), ws.Projects[0], now); err != nil {
			b.Fatal(err)
		}
	}
}
