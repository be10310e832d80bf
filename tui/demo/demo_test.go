package demo

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"carnet/memstore"
	"carnet/memstore/gitrepo"
)

func TestBuildSmall(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 22, 15, 0, 0, 0, time.UTC)
	opts := Default(now)
	opts.Days = 8
	a, b := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
	sum, err := Build(a, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Projects) != 3 || sum.Commits < 8 || sum.Archived == 0 || sum.Archived >= sum.Logs {
		t.Fatalf("summary %+v", sum)
	}
	ws, err := memstore.Open(a)
	if err != nil {
		t.Fatal(err)
	}
	if len(ws.Projects) != 3 {
		t.Fatalf("%d projects discovered", len(ws.Projects))
	}
	p, _ := ws.Project("cmms_doc")
	long, _ := os.ReadFile(p.WS.Abs(p.LongMemoryPath()))
	if n := bytes.Count(long, []byte("\n")); n <= 300 {
		t.Fatalf("long memory has %d lines, want it over its limit", n)
	}
	open, _ := p.OpenItems()
	if len(open) == 0 {
		t.Fatal("no open item")
	}
	seen := map[string]string{}
	for _, it := range open {
		if d, ok := seen[memstore.Normalize(it.Text)]; ok {
			t.Errorf("%q open on %s and %s: carnet's merge never opens an item twice", it.Text, d, it.Date)
		}
		seen[memstore.Normalize(it.Text)] = it.Date
	}
	if pend, err := mustRepo(t, a).Pending(p.RelDir); err != nil || len(pend) == 0 {
		t.Fatalf("no pending change in the first project: %v", err)
	}
	if _, err := Build(a, opts); err == nil {
		t.Fatal("built into a folder that is not empty")
	}
	// the same options give the same files
	if _, err := Build(b, opts); err != nil {
		t.Fatal(err)
	}
	other, _ := os.ReadFile(filepath.Join(b, "projects/cmms_doc/memory_sessions/long_memory.md"))
	if !bytes.Equal(long, other) {
		t.Fatal("two builds differ")
	}
}

func mustRepo(t *testing.T, dir string) *gitrepo.Repo {
	t.Helper()
	r, err := gitrepo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
