package gitrepo

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Long-lived git processes asked one question after another on their input: `git cat-file
// --batch` reads objects, `git diff-tree --stdin` diffs commits, so the fifty diffs of a
// `timeline --diff` (or the UI moving along its history) cost one process, not fifty.

// gitPipeIdle is how long a long-lived process waits for its next question before it is
// ended (the next question starts a new one): a Repo kept for hours holds no process while
// nothing is asked, and no process answers from a repository state older than this.
const gitPipeIdle = 5 * time.Second

// gitPipes are the long-lived processes of a Repo (shared with its copies made by At), one
// per command line.
type gitPipes struct {
	mu sync.Mutex
	m  map[string]*gitPipe
}

// gitPipe is one long-lived git process, asked by one caller at a time.
type gitPipe struct {
	mu     sync.Mutex
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr bytes.Buffer // read once the process has ended
	used   time.Time
	timer  *time.Timer
}

// gitAnswerError is an answer that says no (a missing object): the process goes on.
type gitAnswerError struct{ msg string }

func (e *gitAnswerError) Error() string { return e.msg }

// gitPiped writes question to the long-lived `git args…` and reads the answer with answer.
// A process that fails (it died, or its answer could not be read) is ended and the question
// asked once more of a new one, unless it was the new one's first.
func (r *Repo) gitPiped(args []string, question string, answer func(*bufio.Reader) error) error {
	r.pipes.mu.Lock()
	if r.pipes.m == nil {
		r.pipes.m = map[string]*gitPipe{}
	}
	key := strings.Join(args, "\x00")
	p := r.pipes.m[key]
	if p == nil {
		p = &gitPipe{}
		r.pipes.m[key] = p
	}
	r.pipes.mu.Unlock()

	p.mu.Lock()
	defer p.mu.Unlock()
	for retry := p.cmd != nil; ; retry = false {
		if p.cmd == nil {
			if err := p.start(r.root, args); err != nil {
				return err
			}
		}
		p.used = time.Now()
		_, err := io.WriteString(p.in, question)
		if err == nil {
			if err = answer(p.out); err == nil || errors.As(err, new(*gitAnswerError)) {
				return err
			}
		}
		if why := p.stop(); why != "" {
			err = errors.New(why)
		}
		if !retry {
			return fmt.Errorf("%s: %w", gitName(args), err)
		}
	}
}

func (p *gitPipe) start(dir string, args []string) error {
	cmd, err := gitCmd{dir: dir, args: args, read: true}.command(context.Background())
	if err != nil {
		return err
	}
	p.stderr.Reset()
	cmd.Stderr = &p.stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err == nil {
		err = cmd.Start()
	}
	if err != nil {
		return err
	}
	p.cmd, p.in, p.out = cmd, in, bufio.NewReaderSize(out, 64<<10)
	if p.timer == nil {
		p.timer = time.AfterFunc(gitPipeIdle, p.idle)
	}
	p.timer.Reset(gitPipeIdle)
	return nil
}

// idle ends the process once it has waited gitPipeIdle for a question.
func (p *gitPipe) idle() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if left := gitPipeIdle - time.Since(p.used); p.cmd != nil && left > 0 {
		p.timer.Reset(left)
	} else {
		p.stop()
	}
}

// stop ends the process and returns the last line it wrote on its standard error. The
// process only reads, so killing it loses nothing (nor leaves it blocked on an answer).
func (p *gitPipe) stop() string {
	if p.cmd == nil {
		return ""
	}
	p.in.Close()
	_ = p.cmd.Process.Kill()
	_ = p.cmd.Wait()
	p.cmd, p.in, p.out = nil, nil, nil
	return gitLastLine(p.stderr.String())
}
