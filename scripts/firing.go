//go:build ignore

// Firing prints which of capture's steps wrote bullets in which session of a quality run:
// a table of steps (rows) by sessions (columns), each cell the number of bullets (or
// closings, fixes, rewrites) the step gave in the turn-by-turn replay, and per step the
// number of sessions and of distinct repositories it fired in.
//
//	../shared/quality/run.sh                              # writes RESULTS (printed at its end)
//	go run scripts/firing.go [-measured f,n] RESULTS...  # sessions whose name starts with f or n are held out
//
// Several RESULTS folders (the corpus's replay and another kit's) make one table. A row that
// names a consolidation in brackets ("failures (fixed)") counts what a step did to bullets it
// wrote in earlier turns (ticked, marked fixed, rewritten), not bullets of its own.
//
// It reads RESULTS/<session>/turns/**/logs/.debug/extractions.jsonl, the records the hook
// writes (their "steps" field).
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

func main() {
	measuredFlag := flag.String("measured", "f", "comma-separated name prefixes of the held-out sessions")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/firing.go [-measured PREFIX,...] RESULTS...")
		os.Exit(2)
	}
	prefixes := strings.Split(*measuredFlag, ",")
	isMeasured := func(s string) bool {
		return slices.ContainsFunc(prefixes, func(p string) bool { return p != "" && strings.HasPrefix(s, p) })
	}
	counts := map[string]map[string]int{} // step → session → n
	var sessions []string
	for _, root := range flag.Args() {
		ents, err := os.ReadDir(root)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		for _, e := range ents {
			if !e.IsDir() || strings.HasPrefix(e.Name(), "_") || slices.Contains(sessions, e.Name()) {
				continue
			}
			n, err := readSession(filepath.Join(root, e.Name(), "turns"), e.Name(), counts)
			if err != nil || n == 0 {
				continue
			}
			sessions = append(sessions, e.Name())
		}
	}
	sort.SliceStable(sessions, func(i, j int) bool {
		mi, mj := isMeasured(sessions[i]), isMeasured(sessions[j])
		if mi != mj {
			return !mi // the studied half first
		}
		return sessions[i] < sessions[j]
	})
	var steps []string
	for s := range counts {
		steps = append(steps, s)
	}
	sort.Strings(steps)
	fmt.Print("| step |")
	for _, s := range sessions {
		mark := ""
		if isMeasured(s) {
			mark = "*"
		}
		fmt.Printf(" %s%s |", mark, short(s))
	}
	fmt.Println(" sessions | repositories | held out |")
	fmt.Print("|---|")
	for range sessions {
		fmt.Print("---|")
	}
	fmt.Println("---|---|---|")
	for _, st := range steps {
		fmt.Printf("| %s |", st)
		n, m := 0, 0
		repos := map[string]bool{}
		for _, s := range sessions {
			c := counts[st][s]
			if c == 0 {
				fmt.Print(" · |")
				continue
			}
			n++
			repos[repo(s)] = true
			if isMeasured(s) {
				m++
			}
			fmt.Printf(" %d |", c)
		}
		fmt.Printf(" %d | %d | %d |\n", n, len(repos), m)
	}
	fmt.Println("\n(* held out; a session's column counts the bullets, closings and fixes each step gave over the turn-by-turn replay)")
}

// short is a session's name up to its second underscore ("c14_posthog").
func short(s string) string {
	parts := strings.SplitN(s, "_", 3)
	if len(parts) >= 2 {
		return parts[0] + "_" + parts[1]
	}
	return s
}

// repo is the repository part of a session's name ("c14_posthog_v2.1.112" → "posthog").
func repo(s string) string {
	if parts := strings.SplitN(s, "_", 3); len(parts) >= 2 {
		return parts[1]
	}
	return s
}

// readSession adds the steps of every extraction record under dir to counts.
func readSession(dir, session string, counts map[string]map[string]int) (int, error) {
	n := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "extractions.jsonl" {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		for sc.Scan() {
			var rec struct {
				Steps []struct{ Step, Key string } `json:"steps"`
			}
			if json.Unmarshal(sc.Bytes(), &rec) != nil {
				continue
			}
			for _, s := range rec.Steps {
				id := s.Step
				if !slices.Contains([]string{"objectif", "problemes", "connaissances", "travail", "decisions", "a_suivre", "long_terme"}, s.Key) {
					id += " (" + s.Key + ")" // a closing, a fix, a rewrite
				}
				if counts[id] == nil {
					counts[id] = map[string]int{}
				}
				counts[id][session]++
				n++
			}
		}
		return sc.Err()
	})
	return n, err
}
