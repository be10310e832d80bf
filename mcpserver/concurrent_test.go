package mcpserver

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// Twenty clients, each with a server of its own as each agent runs its own carnet mcp, search,
// read, add and edit the same memory at once: every write lands, and every commit holds what
// its client wrote. The latency of each tool is logged (go test -v -run TestConcurrentClients),
// never asserted.
func TestConcurrentClients(t *testing.T) {
	gitEnv(t)
	root := seeded(t, "[hook]\nautocommit = true\n")
	git(t, root, "init", "-q", "-b", "main")
	git(t, root, "add", ".")
	git(t, root, "commit", "-q", "-m", "initial")

	const clients, rounds = 20, 2
	cs := make([]*client, clients)
	for i := range cs {
		cs[i] = connect(t, root, fmt.Sprintf("agent-%02d", i))
	}
	var mu sync.Mutex
	lat := map[string][]time.Duration{}
	timed := func(tool string, f func()) {
		start := time.Now()
		f()
		mu.Lock()
		lat[tool] = append(lat[tool], time.Since(start))
		mu.Unlock()
	}
	var wg sync.WaitGroup
	for i, c := range cs {
		wg.Go(func() {
			for r := range rounds {
				timed("memory_search", func() { c.ok("memory_search", map[string]any{"query": "hook transcript"}, nil) })
				timed("memory_read", func() { c.ok("memory_read", map[string]any{"path": "long_memory.md", "from": 1, "to": 5}, nil) })
				timed("memory_add", func() {
					c.ok("memory_add", map[string]any{"section": "travail", "bullets": []string{fmt.Sprintf("Fait du client %02d, tour %d.", i, r)}}, nil)
				})
				timed("memory_edit", func() {
					c.ok("memory_edit", map[string]any{"path": "logs/2026-03-21.md", "op": "append", "section": "Contexte",
						"new": fmt.Sprintf("- Contexte du client %02d, tour %d.", i, r)}, nil)
				})
			}
		})
	}
	wg.Wait()

	log := readFile(t, root, todayLog)
	old := readFile(t, root, "memory_sessions/logs/2026-03-21.md")
	for i := range clients {
		for r := range rounds {
			if want := "- " + noted(fmt.Sprintf("agent-%02d", i), fmt.Sprintf("Fait du client %02d, tour %d.", i, r)) + "\n"; !strings.Contains(log, want) {
				t.Errorf("lost write: %q", want)
			}
			if want := fmt.Sprintf("- Contexte du client %02d, tour %d.\n", i, r); !strings.Contains(old, want) {
				t.Errorf("lost edit: %q", want)
			}
		}
	}
	if n := git(t, root, "rev-list", "--count", "HEAD"); n != fmt.Sprint(1+2*clients*rounds) {
		t.Errorf("%s commits, want one per write and the initial one (%d)", n, 1+2*clients*rounds)
	}
	if st := git(t, root, "status", "--porcelain", "--", "memory_sessions"); st != "" {
		t.Errorf("memory left uncommitted:\n%s", st)
	}
	for _, tool := range slices.Sorted(maps.Keys(lat)) {
		d := lat[tool]
		slices.Sort(d)
		t.Logf("%-14s %3d calls  median %6.1f ms  p95 %6.1f ms", tool, len(d), ms(d[len(d)/2]), ms(d[len(d)*95/100]))
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
