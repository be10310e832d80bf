package memstore

import (
	"bytes"
	"errors"
	"runtime"
	"strings"
	"sync"
)

// CountOpen counts the open items of each project's daily logs (archives excluded): for
// projects[i], what len(Overview(WithLogs).OpenItems()) would say, 0 when its folders
// cannot be listed (the error is joined into err). It is the sibling of Overview for a
// screen that shows only the number: every log is read once, into a buffer each worker
// reuses, and scanned for its open items with the parser's rules (headings in both
// languages and their aliases, top-level "- " bullets, nested lines and fenced code not
// counted, "✅ …" done) without building the document. The folders are listed as
// Overview(Dates) lists them (no stat per log); listings and files are read on every core.
func CountOpen(projects []*Project) (counts []int, err error) {
	logs := make([][]LogFile, len(projects))
	errs := make([]error, len(projects))
	parallel(len(projects), func() func(int) {
		return func(i int) {
			if i >= 0 {
				logs[i], errs[i] = projects[i].listLogs(projects[i].LogsDir(), false, false)
			}
		}
	})
	var jobs []searchJob
	var owner []int // the project of each job
	for i, ls := range logs {
		for _, lf := range ls {
			jobs = append(jobs, searchJob{p: projects[i], path: lf.Path})
			owner = append(owner, i)
		}
	}
	perFile := make([]int, len(jobs))
	parallel(len(jobs), func() func(int) {
		r := &dirReaders{folders: map[*Project]*folder{}, dirs: map[string]*listedDir{}}
		return func(j int) {
			if j < 0 {
				r.close()
				return
			}
			if data, err := r.read(jobs[j]); err == nil {
				perFile[j] = CountOpenIn(data)
			}
		}
	})
	counts = make([]int, len(projects))
	for j, n := range perFile {
		counts[owner[j]] += n
	}
	return counts, errors.Join(errs...)
}

// parallel runs n jobs on at most GOMAXPROCS workers. Each worker gets its own job function
// from newWorker (for state it reuses, such as buffers), called with each job's index, then
// once with -1 when the worker has no job left.
func parallel(n int, newWorker func() func(int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	var mu sync.Mutex
	next := 0
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			do := newWorker()
			defer do(-1)
			for {
				mu.Lock()
				j := next
				next++
				mu.Unlock()
				if j >= n {
					return
				}
				do(j)
			}
		})
	}
	wg.Wait()
}

// CountOpenIn counts the open items of one daily log's content: the top-level bullets,
// not ticked ("✅ …") and not empty, of its "À suivre" / "Next steps" sections — what
// ParseDoc, Sections, Bullets and Done find, read straight from the bytes.
func CountOpenIn(data []byte) int {
	data = bytes.TrimPrefix(data, utf8BOM)
	n := 0
	var f fenceState
	inNext := false
	for len(data) > 0 {
		l := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = bytes.TrimSuffix(data[:i], []byte{'\r'}), data[i+1:]
		} else {
			data = nil
		}
		if (f.marker != "" || fenceOpens(l)) && f.step(string(l)) {
			continue
		}
		if len(l) > 0 && l[0] == '#' {
			switch t := string(l); headingLevel(t) {
			case 1:
				inNext = false
				continue
			case 2:
				inNext = SectionKey(strings.TrimSpace(strings.TrimPrefix(t, "##"))) == KeyNext
				continue
			}
		}
		if inNext && openBullet(l) {
			n++
		}
	}
	return n
}

// fenceOpens reports whether a line outside a code fence may open one (see fenceState.step).
func fenceOpens(l []byte) bool {
	t := bytes.TrimLeft(l, " \t")
	return bytes.HasPrefix(t, []byte("```")) || bytes.HasPrefix(t, []byte("~~~"))
}

// openBullet reports whether a line is a top-level bullet (see bulletText) neither empty
// nor ticked (see Bullet.Done).
func openBullet(l []byte) bool {
	if len(l) < 2 || (l[0] != '-' && l[0] != '*' && l[0] != '+') || (l[1] != ' ' && l[1] != '\t') {
		return false
	}
	t := bytes.TrimSpace(l[2:])
	return len(t) > 0 && !bytes.HasPrefix(t, []byte("✅"))
}
