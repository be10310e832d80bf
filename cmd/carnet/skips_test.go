package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
)

// skips are the real-agent tests that skipped, by agent: `go test ./...` shows a passing
// package's output only with -v, so a missing CLI would go unnoticed. TestMain prints one line
// per agent after the tests, where the go command prints (see skipsOut).
var skips struct {
	sync.Mutex
	reason map[string]string   // agent → why its tests skipped
	tests  map[string][]string // agent → the tests that skipped
}

// skipAgent skips t because agent's tests cannot run, and records it for the summary.
func skipAgent(t *testing.T, agent, format string, a ...any) {
	t.Helper()
	why := fmt.Sprintf(format, a...)
	skips.Lock()
	if skips.reason == nil {
		skips.reason, skips.tests = map[string]string{}, map[string][]string{}
	}
	skips.reason[agent] = why
	skips.tests[agent] = append(skips.tests[agent], t.Name())
	skips.Unlock()
	t.Skip(why)
}

// skipLines is the summary: one line per agent whose tests skipped.
func skipLines() []string {
	skips.Lock()
	defer skips.Unlock()
	var out []string
	for agent, why := range skips.reason {
		tests := slices.Sorted(slices.Values(skips.tests[agent]))
		out = append(out, fmt.Sprintf("carnet: the real %s tests skipped (%s): %s", agent, strings.Join(tests, ", "), why))
	}
	slices.Sort(out)
	return out
}

// reportSkips runs the tests, then writes the skip summary (with -v the skips are in the
// output already).
type reportSkips struct{ m *testing.M }

func (r reportSkips) Run() int {
	code := r.m.Run()
	if lines := skipLines(); len(lines) > 0 && !testing.Verbose() {
		w, closeOut := skipsOut()
		for _, l := range lines {
			fmt.Fprintln(w, l)
		}
		closeOut()
	}
	return code
}

// skipsOut is where the summary goes: $CARNET_TEST_SKIPS (a file, for the test of this
// summary), else the go command's own standard output when it is a terminal or a pipe —
// go test keeps a passing package's output to itself, and appending to its stdout is the way
// past that — else stderr.
var skipsOut = func() (io.Writer, func()) {
	if path := os.Getenv("CARNET_TEST_SKIPS"); path != "" {
		if f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644); err == nil {
			return f, func() { f.Close() }
		}
	}
	if f := parentStdout(); f != nil {
		return f, func() { f.Close() }
	}
	return os.Stderr, func() {}
}
