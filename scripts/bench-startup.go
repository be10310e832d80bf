//go:build ignore

// bench-startup measures what starting the carnet binary costs before main runs, and who
// pays it: the floor under `carnet --hook` and every other command.
//
//	go run scripts/bench-startup.go [-runs 51] [-trace-runs 21]
//
// It builds, in a temp folder removed at the end:
//   - an empty Go program (the runtime's own start-up);
//   - carnet, as shipped;
//   - for comparison only, carnet without its UI: the same main package with every file that
//     imports carnet/tui (or a package under it) replaced by an empty one through `go build
//     -overlay`, so glamour, chroma, Bubble Tea and lipgloss are not linked. The repository
//     is not touched and this binary is never shipped; it shows what a second, UI-less binary
//     would save.
//
// Then it runs the three interleaved (`carnet --version`), -runs times each, and prints the
// median wall time, CPU time (user + system) and peak RSS; and it runs `GODEBUG=inittrace=1
// carnet --version` -trace-runs times and sums the median init time of each package by who
// links it. The machine is shared: compare numbers from one run of this program only.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	runs := flag.Int("runs", 51, "runs of each binary for the timings")
	traceRuns := flag.Int("trace-runs", 21, "runs of GODEBUG=inittrace=1 carnet --version")
	flag.Parse()
	log.SetFlags(0)

	tmp, err := os.MkdirTemp("", "carnet-startup-")
	check(err)
	defer os.RemoveAll(tmp)

	full := filepath.Join(tmp, "carnet")
	noUI := filepath.Join(tmp, "carnet-no-ui")
	empty := filepath.Join(tmp, "empty")
	fmt.Fprintln(os.Stderr, "building…")
	run("", "go", "build", "-o", full, "./cmd/carnet")
	overlay := noUIOverlay(tmp)
	run("", "go", "build", "-overlay", overlay, "-o", noUI, "./cmd/carnet")
	check(os.WriteFile(filepath.Join(tmp, "main.go"), []byte("package main\n\nfunc main() {}\n"), 0o644))
	run(tmp, "go", "build", "-o", empty, "main.go")

	uiOnly := difference(deps(), deps("-overlay", overlay))
	if !uiOnly["github.com/alecthomas/chroma/v2/lexers"] {
		log.Fatal("the UI-less build still links chroma: the overlay missed a file")
	}

	fmt.Printf("machine: %s, %d CPUs, %s; load average before: %s\n\n", cpuModel(), runtime.NumCPU(), strings.TrimSpace(run("", "go", "version")), loadAverage())
	cases := []struct {
		name string
		argv []string
	}{
		{"empty Go program", []string{empty}},
		{"carnet --version", []string{full, "--version"}},
		{"  without the UI (not shipped)", []string{noUI, "--version"}},
	}
	samples := make([][3][]float64, len(cases))
	for range *runs {
		for i, c := range cases { // interleaved, so that a busy moment hits every case
			wall, cpu, rss := timeRun(c.argv)
			samples[i][0] = append(samples[i][0], wall)
			samples[i][1] = append(samples[i][1], cpu)
			samples[i][2] = append(samples[i][2], rss)
		}
	}
	fmt.Printf("median of %d runs        wall (ms)   CPU (ms)   peak RSS (MB)\n", *runs)
	for i, c := range cases {
		fmt.Printf("%-30s %8.1f %10.1f %12.1f\n", c.name, median(samples[i][0]), median(samples[i][1]), median(samples[i][2]))
	}
	fmt.Printf("binary size: carnet %.1f MB, without the UI %.1f MB; load average after: %s\n\n", sizeMB(full), sizeMB(noUI), loadAverage())

	// Package init times: median of each package over traceRuns, summed by who links it.
	inits := map[string][]float64{}
	for range *traceRuns {
		out := runEnv([]string{"GODEBUG=inittrace=1"}, full, "--version")
		for line := range strings.Lines(out) {
			// init github.com/alecthomas/chroma/v2/lexers @17 ms, 12 ms clock, 2289648 bytes, 25854 allocs
			f := strings.Fields(line)
			if len(f) < 7 || f[0] != "init" || f[6] != "clock," {
				continue
			}
			ms, err := strconv.ParseFloat(f[4], 64)
			check(err)
			inits[f[1]] = append(inits[f[1]], ms)
		}
	}
	groups := map[string]float64{}
	type pkgTime struct {
		pkg string
		ms  float64
	}
	var all []pkgTime
	total := 0.0
	for pkg, v := range inits {
		m := median(v)
		groups[group(pkg, uiOnly)] += m
		all = append(all, pkgTime{pkg, m})
		total += m
	}
	fmt.Printf("package init, GODEBUG=inittrace=1 carnet --version, median of %d runs per package (%d packages)\n", *traceRuns, len(inits))
	for _, g := range groupOrder {
		fmt.Printf("  %-66s %6.2f ms\n", g, groups[g])
	}
	fmt.Printf("  %-66s %6.2f ms\n", "total", total)
	slices.SortFunc(all, func(a, b pkgTime) int { return int((b.ms - a.ms) * 1e6) })
	fmt.Println("heaviest packages:")
	for _, p := range all[:min(10, len(all))] {
		fmt.Printf("  %-66s %6.2f ms\n", p.pkg, p.ms)
	}
}

var groupOrder = []string{
	"chroma (linked by glamour's code blocks)",
	"rest of glamour (goldmark, bluemonday, CSS, regexp2, x/net/html)",
	"rest of the UI (Bubble Tea, lipgloss, bubbles, x/ansi, x/text…)",
	"carnet's own packages",
	"shared by the UI-less build (runtime, std, go-git, MCP, cobra…)",
}

func group(pkg string, uiOnly map[string]bool) string {
	switch {
	case strings.HasPrefix(pkg, "github.com/alecthomas/chroma/"), pkg == "encoding/xml":
		return groupOrder[0]
	case strings.HasPrefix(pkg, "carnet/"):
		return groupOrder[3]
	case !uiOnly[pkg]:
		return groupOrder[4]
	}
	for _, p := range []string{"charm.land/glamour/", "github.com/yuin/goldmark", "github.com/microcosm-cc/",
		"github.com/gorilla/", "github.com/aymerick/", "github.com/dlclark/", "golang.org/x/net/html"} {
		if strings.HasPrefix(pkg, p) {
			return groupOrder[1]
		}
	}
	return groupOrder[2]
}

// noUIOverlay writes a go build overlay that empties every non-test file of cmd/carnet
// importing carnet/tui or a package under it, and returns its path.
func noUIOverlay(tmp string) string {
	var pkg struct {
		Dir     string
		GoFiles []string
	}
	check(json.Unmarshal([]byte(run("", "go", "list", "-json", "./cmd/carnet")), &pkg))
	emptyFile := filepath.Join(tmp, "empty.go")
	check(os.WriteFile(emptyFile, []byte("package main\n"), 0o644))
	// root.go calls runUI (carnet with no command), which lives with the UI: the file that
	// defines it is replaced by a stub instead, so that the rest still builds.
	stubFile := filepath.Join(tmp, "stub.go")
	check(os.WriteFile(stubFile, []byte("package main\n\nimport \"errors\"\n\n"+
		"func runUI(*globals) error { return errors.New(\"built without the UI\") }\n"), 0o644))
	replace := map[string]string{}
	for _, f := range pkg.GoFiles {
		path := filepath.Join(pkg.Dir, f)
		src, err := os.ReadFile(path)
		check(err)
		if bytes.Contains(src, []byte(`"carnet/tui"`)) || bytes.Contains(src, []byte(`"carnet/tui/`)) {
			replace[path] = emptyFile
			if bytes.Contains(src, []byte("\nfunc runUI(")) {
				replace[path] = stubFile
			}
		}
	}
	data, err := json.Marshal(map[string]any{"Replace": replace})
	check(err)
	overlay := filepath.Join(tmp, "overlay.json")
	check(os.WriteFile(overlay, data, 0o644))
	return overlay
}

func deps(flags ...string) map[string]bool {
	args := append(append([]string{"list", "-deps"}, flags...), "./cmd/carnet")
	set := map[string]bool{}
	for line := range strings.Lines(run("", "go", args...)) {
		set[strings.TrimSpace(line)] = true
	}
	return set
}

func difference(a, b map[string]bool) map[string]bool {
	d := map[string]bool{}
	for k := range a {
		if !b[k] {
			d[k] = true
		}
	}
	return d
}

// timeRun runs argv once with stdin, stdout and stderr on /dev/null and returns its wall
// time and CPU time in ms and its peak RSS in MB.
func timeRun(argv []string) (wall, cpu, rss float64) {
	c := exec.Command(argv[0], argv[1:]...)
	t0 := time.Now()
	check(c.Run())
	wall = float64(time.Since(t0).Nanoseconds()) / 1e6
	ru := c.ProcessState.SysUsage().(*syscall.Rusage)
	cpu = float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e6
	rss = float64(ru.Maxrss) / 1024 // KiB on Linux
	return wall, cpu, rss
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

func run(dir, name string, args ...string) string {
	c := exec.Command(name, args...)
	c.Dir = dir
	c.Stderr = os.Stderr
	out, err := c.Output()
	if err != nil {
		log.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return string(out)
}

// runEnv runs name with env added and returns its stderr (where inittrace writes).
func runEnv(env []string, name string, args ...string) string {
	c := exec.Command(name, args...)
	c.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	c.Stderr = &stderr
	check(c.Run())
	return stderr.String()
}

func sizeMB(path string) float64 {
	fi, err := os.Stat(path)
	check(err)
	return float64(fi.Size()) / (1 << 20)
}

func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}

// loadAverage is the 1-minute load average, to say how busy the machine was.
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.Fields(string(data))[0]
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
