//go:build ignore

// bench-tui times carnet's terminal UI as a person sees it: the program runs in a tmux pane,
// and a tmux control-mode client (`tmux -C attach`) receives each `%output` of the pane as soon
// as the program writes it; this program timestamps those lines as they arrive. No process is
// forked while a run is timed: the pane's screen is read with `capture-pane` sent over the same
// control connection.
//
//	go run scripts/bench-tui.go -ws DIR -runs 9 [-size 120x40] NAME=BINARY [NAME=BINARY…]
//
// Each run opens a tmux window whose command is a tiny bash wrapper: it writes $EPOCHREALTIME
// to a file and then execs `BINARY --root DIR` (the clock starts just before the exec). Then
//   - list: the first %output after which the pane shows the first project's row (its name
//     followed by its number of logs);
//   - counts: the first %output after which that row shows its open items instead of "…".
//
// The time of a mark is the arrival of the %output that completed it. tmux queues a pane's
// %output and command replies to a control client in one ordered stream, and updates the
// pane's screen before it queues the %output, so a `capture-pane` reply shows exactly the
// output that came before it. The pane is captured after each %output (one capture in flight
// at a time); when several %outputs arrived between two captures the mark is the last of them
// (an upper bound; the runs where it was not exact are counted).
//
// Binaries run interleaved (run 1 of each, then run 2…), and `BINARY --version` is timed once
// per run too (started from this program, wall time to exit): the floor every carnet process
// pays. The load average is printed before and after. Besides the times from the exec, the
// medians of "list after the first output" and "counts after the list" leave out most of the
// process start-up (runtime and package init, whose time swings with the machine's load).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

func main() {
	ws := flag.String("ws", "", "the workspace (carnet demo DIR --no-tui --projects 20 --days 365 --log-kb 20)")
	runs := flag.Int("runs", 9, "runs per binary")
	size := flag.String("size", "120x40", "the pane's size")
	timeout := flag.Duration("timeout", 20*time.Second, "give a run up for lost after this")
	flag.Parse()
	if *ws == "" || flag.NArg() == 0 {
		log.Fatal("usage: go run scripts/bench-tui.go -ws DIR [-runs 9] NAME=BINARY…")
	}
	var bins []binary
	for _, a := range flag.Args() {
		name, path, ok := strings.Cut(a, "=")
		if !ok {
			name, path = filepath.Base(a), a
		}
		abs, err := filepath.Abs(path)
		if err != nil {
			log.Fatal(err)
		}
		bins = append(bins, binary{name: name, path: abs})
	}
	first, err := firstProject(*ws)
	if err != nil {
		log.Fatal(err)
	}
	tmp, err := os.MkdirTemp("", "bench-tui-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	t, err := startTmux(tmp, *size)
	if err != nil {
		log.Fatal(err)
	}
	defer t.close()

	fmt.Printf("first project: %s · pane %s · %s\n", first, *size, loadavg())
	row := regexp.MustCompile(`(^|\s)` + regexp.QuoteMeta(first) + `\s+\d+\s+(\S+)`)
	for i := 1; i <= *runs; i++ {
		for b := range bins {
			r, err := t.run(tmp, &bins[b], *ws, row, *timeout)
			if err != nil {
				log.Fatalf("%s run %d: %v", bins[b].name, i, err)
			}
			floor := versionTime(bins[b].path)
			bins[b].results = append(bins[b].results, r)
			bins[b].floor = append(bins[b].floor, floor)
			fmt.Printf("run %2d %-8s first output %6.1f ms · list %6.1f ms · counts %6.1f ms%s · --version %5.1f ms\n",
				i, bins[b].name, ms(r.output), ms(r.list), ms(r.counts), r.note(), ms(floor))
		}
	}
	fmt.Printf("load after: %s\n", loadavg())
	for _, b := range bins {
		fmt.Printf("%-8s list visible:   %s\n", b.name, median(b.results, func(r result) time.Duration { return r.list }))
		fmt.Printf("%-8s counts visible: %s\n", b.name, median(b.results, func(r result) time.Duration { return r.counts }))
		fmt.Printf("%-8s first output:   %s\n", b.name, median(b.results, func(r result) time.Duration { return r.output }))
		fmt.Printf("%-8s list after the first output: %s\n", b.name, median(b.results, func(r result) time.Duration { return r.list - r.output }))
		fmt.Printf("%-8s counts after the list:       %s\n", b.name, median(b.results, func(r result) time.Duration { return r.counts - r.list }))
		fmt.Printf("%-8s --version:      %s\n", b.name, medianOf(b.floor))
	}
}

type binary struct {
	name, path string
	results    []result
	floor      []time.Duration
}

// result is one run, each time from the exec of carnet.
type result struct {
	output, list, counts time.Duration
	inexact              int // marks that are an upper bound (several %outputs between captures)
}

func (r result) note() string {
	if r.inexact == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d mark(s) upper bound)", r.inexact)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func median(rs []result, f func(result) time.Duration) string {
	var ds []time.Duration
	for _, r := range rs {
		ds = append(ds, f(r))
	}
	return medianOf(ds)
}

func medianOf(ds []time.Duration) string {
	s := slices.Clone(ds)
	slices.Sort(s)
	return fmt.Sprintf("median %6.1f ms (min %.1f, max %.1f, %d runs)", ms(s[(len(s)-1)/2]), ms(s[0]), ms(s[len(s)-1]), len(s))
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "load unknown"
	}
	f := strings.Fields(string(b))
	return "load average " + strings.Join(f[:3], " ")
}

// firstProject is the name of the workspace's first project in the list (sorted by name).
func firstProject(ws string) (string, error) {
	es, err := os.ReadDir(filepath.Join(ws, "projects"))
	if err != nil {
		return "", err
	}
	for _, e := range es {
		if e.IsDir() {
			return e.Name(), nil
		}
	}
	return "", fmt.Errorf("%s: no project", ws)
}

// versionTime is the wall time of `bin --version`, started from here.
func versionTime(bin string) time.Duration {
	start := time.Now()
	if err := exec.Command(bin, "--version").Run(); err != nil {
		log.Fatal(err)
	}
	return time.Since(start)
}

// tmux is a private tmux server and a control-mode client attached to it.
type tmux struct {
	sock  string
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan line
}

// line is one line of the control client's output and when it arrived.
type line struct {
	at   time.Time
	text string
}

func startTmux(tmp, size string) (*tmux, error) {
	w, h, _ := strings.Cut(size, "x")
	t := &tmux{sock: "carnet-bench-" + strconv.Itoa(os.Getpid()), lines: make(chan line, 4096)}
	// The control client has no size: windows keep the session's.
	setup := exec.Command("tmux", "-L", t.sock, "-f", "/dev/null", "new-session", "-d", "-s", "bench", "-x", w, "-y", h, "sleep 3600")
	if out, err := setup.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("tmux: %v: %s", err, out)
	}
	t.cmd = exec.Command("tmux", "-L", t.sock, "-C", "attach", "-t", "bench")
	var err error
	if t.in, err = t.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	out, err := t.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := t.cmd.Start(); err != nil {
		return nil, err
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			t.lines <- line{time.Now(), sc.Text()}
		}
		close(t.lines)
	}()
	if _, err := t.command("display-message -p ready"); err != nil {
		return nil, err
	}
	return t, nil
}

func (t *tmux) close() {
	t.in.Close()
	t.cmd.Wait()
	exec.Command("tmux", "-L", t.sock, "kill-server").Run()
}

// send writes one command to the control client.
func (t *tmux) send(cmd string) error {
	_, err := io.WriteString(t.in, cmd+"\n")
	return err
}

// command sends cmd and returns its reply, skipping notifications.
func (t *tmux) command(cmd string) ([]string, error) {
	if err := t.send(cmd); err != nil {
		return nil, err
	}
	for {
		l, ok := <-t.lines
		if !ok {
			return nil, fmt.Errorf("tmux control client closed")
		}
		if isReply(l.text) {
			return t.reply()
		}
	}
}

// isReply reports whether l begins the reply to a command this client sent ("%begin TIME
// NUMBER 1"; the attach's own block has flags 0).
func isReply(l string) bool {
	f := strings.Fields(l)
	return len(f) == 4 && f[0] == "%begin" && f[3] == "1"
}

// reply reads a command's reply after its %begin line.
func (t *tmux) reply() ([]string, error) {
	var out []string
	for l := range t.lines {
		switch {
		case strings.HasPrefix(l.text, "%end "):
			return out, nil
		case strings.HasPrefix(l.text, "%error "):
			return nil, fmt.Errorf("tmux: %s", strings.Join(out, "; "))
		}
		out = append(out, l.text)
	}
	return nil, fmt.Errorf("tmux control client closed")
}

// run times one start of bin in a new window.
func (t *tmux) run(tmp string, bin *binary, ws string, row *regexp.Regexp, timeout time.Duration) (result, error) {
	startFile := filepath.Join(tmp, "start")
	os.Remove(startFile)
	wrapper := filepath.Join(tmp, "run.sh")
	script := "#!/bin/bash\nexport TERM=xterm-256color CARNET_TUI_LOG=" + filepath.Join(tmp, "tui.log") +
		"\nprintf %s \"$EPOCHREALTIME\" >\"$1\"\nshift\nexec \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		return result{}, err
	}
	reply, err := t.command(fmt.Sprintf("new-window -d -P -F '#{pane_id}' -t bench: %s", quote(wrapper+" "+startFile+" "+bin.path+" --root "+ws)))
	if err != nil || len(reply) != 1 {
		return result{}, fmt.Errorf("new-window: %v %q", err, reply)
	}
	pane := reply[0]
	defer t.command("kill-window -t " + pane)

	var r result
	var first, listAt, countsAt time.Time
	var pending []time.Time // %output times not yet covered by a capture
	capturing := false
	deadline := time.After(timeout)
	for countsAt.IsZero() {
		var l line
		select {
		case l = <-t.lines:
		case <-deadline:
			return r, fmt.Errorf("no counts after %s", timeout)
		}
		switch {
		case strings.HasPrefix(l.text, "%output "+pane+" "):
			if first.IsZero() {
				first = l.at
			}
			pending = append(pending, l.at)
			if !capturing {
				capturing = true
				if err := t.send("capture-pane -p -t " + pane); err != nil {
					return r, err
				}
			}
		case isReply(l.text):
			screen, err := t.reply()
			if err != nil {
				return r, err
			}
			capturing = false
			covered := pending
			pending = nil
			if len(covered) == 0 {
				continue
			}
			at := covered[len(covered)-1]
			m := row.FindStringSubmatch(strings.Join(screen, "\n"))
			if m != nil && listAt.IsZero() {
				listAt = at
				r.inexact += min(len(covered)-1, 1)
			}
			if m != nil && m[2] != "…" {
				countsAt = at
				r.inexact += min(len(covered)-1, 1)
			}
		}
		if !capturing && len(pending) > 0 && countsAt.IsZero() {
			capturing = true
			if err := t.send("capture-pane -p -t " + pane); err != nil {
				return r, err
			}
		}
	}
	start, err := readStart(startFile)
	if err != nil {
		return r, err
	}
	r.output, r.list, r.counts = first.Sub(start), listAt.Sub(start), countsAt.Sub(start)
	return r, nil
}

// quote quotes s for tmux's command parser.
func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// readStart reads the $EPOCHREALTIME the wrapper wrote just before exec'ing carnet.
func readStart(path string) (time.Time, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return time.Time{}, err
	}
	sec, frac, _ := strings.Cut(strings.TrimSpace(strings.ReplaceAll(string(b), ",", ".")), ".")
	s, err1 := strconv.ParseInt(sec, 10, 64)
	us, err2 := strconv.ParseInt((frac + "000000")[:6], 10, 64)
	if err1 != nil || err2 != nil {
		return time.Time{}, fmt.Errorf("%s: not a time: %q", path, b)
	}
	return time.Unix(s, us*1000), nil
}
