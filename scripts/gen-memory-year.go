//go:build ignore

// gen-memory-year writes a year of carnet memory into the work tree of a real repository, for
// the reference-check benchmark (scripts/bench-stale.sh): a daily log for each of the 365 days
// before -end and a long memory of about 300 lines with a dated section every week, whose
// bullets name, in backticks, files of the repository (most still there, some deleted during
// the year), C functions (most still there, some removed since a year ago), and plain prose.
//
//	go run scripts/gen-memory-year.go -repo DIR -end 2026-08-20 [-seed 1]
//
// The output is reproducible for a given repository, -end and -seed. Never commit it.
package main

import (
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

func main() {
	repo := flag.String("repo", "", "the repository's work tree (required)")
	end := flag.String("end", "", "the last day of the year of memory, YYYY-MM-DD (required)")
	seed := flag.Int64("seed", 1, "random seed")
	flag.Parse()
	last, err := time.ParseInLocation(time.DateOnly, *end, time.Local)
	if *repo == "" || err != nil {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/gen-memory-year.go -repo DIR -end YYYY-MM-DD [-seed N]")
		os.Exit(2)
	}
	rng := rand.New(rand.NewSource(*seed))
	git := func(args ...string) string {
		out, err := exec.Command("git", append([]string{"-C", *repo}, args...)...).Output()
		if err != nil {
			fmt.Fprintf(os.Stderr, "git %s: %v\n", strings.Join(args, " "), err)
			os.Exit(1)
		}
		return string(out)
	}
	start := last.AddDate(-1, 0, 0)
	files := strings.Fields(git("ls-tree", "-r", "--name-only", "HEAD"))
	// files deleted during the year, with the day of their deletion
	deleted := map[string]time.Time{}
	var when time.Time
	for _, l := range strings.Split(git("log", "--diff-filter=D", "--name-only", "--format=@%ct", "--since="+start.Format(time.DateOnly), "HEAD"), "\n") {
		if t, ok := strings.CutPrefix(l, "@"); ok {
			var sec int64
			fmt.Sscan(t, &sec)
			when = time.Unix(sec, 0)
		} else if l != "" {
			if _, seen := deleted[l]; !seen && !slices.Contains(files, l) {
				deleted[l] = when
			}
		}
	}
	fn := regexp.MustCompile(`\b([a-z]+_[a-z_]+)\(`)
	names := func(rev string) map[string]bool {
		out, _ := exec.Command("git", "-C", *repo, "grep", "-h", "-o", "-E", `\b[a-z]+_[a-z_]+\(`, rev, "--", "*.c").Output()
		m := map[string]bool{}
		for _, s := range fn.FindAllStringSubmatch(string(out), -1) {
			m[s[1]] = true
		}
		return m
	}
	yearAgo := strings.TrimSpace(git("rev-list", "-1", "--first-parent", "--before="+start.Format(time.DateOnly), "HEAD"))
	now, then := names("HEAD"), names(yearAgo)
	var present, removed []string
	for n := range now {
		present = append(present, n)
	}
	for n := range then {
		if !now[n] {
			removed = append(removed, n)
		}
	}
	slices.Sort(present)
	slices.Sort(removed)
	var gone []string
	for f := range deleted {
		gone = append(gone, f)
	}
	slices.Sort(gone)
	pick := func(xs []string) string { return xs[rng.Intn(len(xs))] }
	// goneAfter is a file that was there at the end of day d and deleted later.
	goneAfter := func(d time.Time) string {
		for range 20 {
			f := pick(gone)
			if deleted[f].After(d.AddDate(0, 0, 1)) {
				return f
			}
		}
		return pick(files)
	}
	prose := []string{"the review found nothing else to change", "keep the change small and well tested",
		"the old behaviour stays behind a flag", "measure before and after on the same machine",
		"the CI run takes about twelve minutes", "ask before changing the public interface"}
	ref := func(d time.Time) string {
		switch r := rng.Intn(100); {
		case r < 35:
			return fmt.Sprintf("`%s` %s", pick(files), pick(prose))
		case r < 45:
			return fmt.Sprintf("`%s` %s", goneAfter(d), pick(prose))
		case r < 70:
			return fmt.Sprintf("`%s()` %s", pick(present), pick(prose))
		case r < 75 && len(removed) > 0:
			return fmt.Sprintf("`%s()` %s", pick(removed), pick(prose))
		}
		return strings.ToUpper(pick(prose)[:1]) + pick(prose)[1:] + "."
	}
	mem := filepath.Join(*repo, "memory_sessions")
	if err := os.MkdirAll(filepath.Join(mem, "logs"), 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for d := start.AddDate(0, 0, 1); !d.After(last); d = d.AddDate(0, 0, 1) {
		day := d.Format(time.DateOnly)
		var b strings.Builder
		fmt.Fprintf(&b, "# Log session — %s\n\n## Objectif\n- Work on %s.\n\n## Connaissances acquises\n", day, pick(files))
		for range 3 {
			fmt.Fprintf(&b, "- %s\n", ref(d))
		}
		fmt.Fprintf(&b, "\n## Travail produit\n- Edited `%s`.\n- Edited `%s`.\n\n## Décisions prises\n", pick(files), pick(files))
		for range 2 {
			fmt.Fprintf(&b, "- %s\n", ref(d))
		}
		if rng.Intn(3) == 0 {
			fmt.Fprintf(&b, "\n## À suivre\n- %s\n", ref(d))
		}
		if err := os.WriteFile(filepath.Join(mem, "logs", day+".md"), []byte(b.String()), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	var lm strings.Builder
	lm.WriteString("# Mémoire long terme — bench\n")
	for d := start.AddDate(0, 0, 7); !d.After(last); d = d.AddDate(0, 0, 7) {
		fmt.Fprintf(&lm, "\n## %s\n", d.Format(time.DateOnly))
		for range 4 {
			fmt.Fprintf(&lm, "- %s\n", ref(d))
		}
	}
	if err := os.WriteFile(filepath.Join(mem, "long_memory.md"), []byte(lm.String()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "memory of %s to %s: %d files named (%d deleted during the year), %d functions (%d removed)\n",
		start.Format(time.DateOnly), *end, len(files), len(gone), len(present), len(removed))
}
