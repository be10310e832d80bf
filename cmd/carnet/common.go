package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"carnet/memstore"
)

// workspace resolves and opens the workspace named by the global flags.
func (g *globals) workspace() (*memstore.Workspace, error) {
	root, err := memstore.ResolveRoot(g.root)
	if err != nil {
		return nil, err
	}
	return memstore.Open(root)
}

// openProject opens the workspace and picks the project: -p, else the optional PROJECT argument
// (args holds at most one), else the one of the current folder, else the first.
func (g *globals) openProject(args []string) (*memstore.Workspace, *memstore.Project, error) {
	w, err := g.workspace()
	if err != nil {
		return nil, nil, err
	}
	arg := ""
	if len(args) > 0 {
		arg = args[0]
	}
	p, err := g.projectFor(w, arg)
	return w, p, err
}

// projectFor picks the project: -p, else arg, else the one of the current folder, else the first.
func (g *globals) projectFor(w *memstore.Workspace, arg string) (*memstore.Project, error) {
	name := g.project
	if arg != "" {
		if name != "" && name != arg {
			return nil, fmt.Errorf("project given twice: -p %s and %s", name, arg)
		}
		name = arg
	}
	return w.Pick(name)
}

// now is the clock of the commands; tests pin it with CARNET_NOW (RFC 3339 or YYYY-MM-DD).
func now() time.Time {
	if s := getenv("CARNET_NOW"); s != "" {
		if t, err := time.Parse(time.RFC3339, s); err == nil {
			return t
		}
		if t, err := time.ParseInLocation("2006-01-02", s, time.Local); err == nil {
			return t.Add(12 * time.Hour)
		}
	}
	return time.Now()
}

// textArg joins the words of a free-text command into one bullet, or, for "-", reads one
// bullet per non-empty line of stdin.
func textArgs(args []string, stdin io.Reader) ([]string, error) {
	if len(args) == 1 && args[0] == "-" {
		var out []string
		sc := bufio.NewScanner(stdin)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			if t := strings.TrimSpace(sc.Text()); t != "" {
				out = append(out, t)
			}
		}
		if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("a line of stdin is over 1 MB; one line is one bullet, of at most %d characters", memstore.MaxBulletChars)
		} else if err != nil {
			return nil, fmt.Errorf("reading stdin: %w", err)
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("nothing on stdin")
		}
		return out, nil
	}
	t := strings.TrimSpace(strings.Join(args, " "))
	if t == "" {
		return nil, fmt.Errorf("no text given")
	}
	return []string{t}, nil
}
