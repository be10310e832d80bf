package memstore

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

// TestMain lets the test binary act as a separate carnet writer process (see appendFromProcess).
func TestMain(m *testing.M) {
	if root := os.Getenv("CARNET_TEST_WRITER_ROOT"); root != "" {
		os.Exit(writerProcess(root, os.Getenv("CARNET_TEST_WRITER_ID")))
	}
	os.Exit(m.Run())
}

func writerProcess(root, id string) int {
	w, err := Open(root)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	p, err := w.Project("root")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	e := Extraction{Work: []string{"process bullet " + id}, Next: []string{"process item " + id}}
	if _, err := p.Merge(e, Change{Now: day("2026-03-22")}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

func TestConcurrentWriters(t *testing.T) {
	t.Parallel()
	w, p := newTestWorkspace(t, nil)
	const goroutines, processes = 50, 20

	var wg sync.WaitGroup
	errs := make(chan error, goroutines+processes)
	for i := range goroutines {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			// each goroutine opens its own workspace, as separate hook runs would
			w2, err := Open(w.Root)
			if err != nil {
				errs <- err
				return
			}
			p2, _ := w2.Project("root")
			_, err = p2.Merge(Extraction{Work: []string{fmt.Sprintf("goroutine bullet %d", i)}}, Change{Now: day("2026-03-22")})
			errs <- err
		}(i)
	}
	for i := range processes {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "CARNET_TEST_WRITER_ROOT="+w.Root, fmt.Sprintf("CARNET_TEST_WRITER_ID=%d", i))
			if out, err := cmd.CombinedOutput(); err != nil {
				errs <- fmt.Errorf("process %d: %w: %s", i, err, out)
			}
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	for i := range goroutines {
		if n := strings.Count(log, fmt.Sprintf("- goroutine bullet %d\n", i)); n != 1 {
			t.Errorf("goroutine bullet %d present %d times", i, n)
		}
	}
	for i := range processes {
		for _, what := range []string{"process bullet", "process item"} {
			if n := strings.Count(log, fmt.Sprintf("- %s %d\n", what, i)); n != 1 {
				t.Errorf("%s %d present %d times", what, i, n)
			}
		}
	}
	if d := ParseDoc([]byte(log)); sectionSummary(d) != "travail:70 a_suivre:20" {
		t.Errorf("sections %s", sectionSummary(d))
	}
	// no temporary file left behind
	ents, _ := os.ReadDir(p.WS.Abs(p.LogsDir()))
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("leftover %s", e.Name())
		}
	}
}
