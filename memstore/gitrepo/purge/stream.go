package purge

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"carnet/memstore/gitrepo"
)

// The rewrite itself: git fast-export | exportFilter | git fast-import, and the check of
// what it changed.

// fastRewrite runs git fast-export args | f | git fast-import and returns fast-import's
// marks: mark → new object.
func fastRewrite(ctx context.Context, repo *gitrepo.Repo, args []string, f *exportFilter) (map[string]string, error) {
	tmp, err := os.MkdirTemp("", "carnet-purge-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	marksFile := filepath.Join(tmp, "marks")
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	export, waitExport, err := repo.GitStream(ctx, nil, args...)
	if err != nil {
		return nil, err
	}
	pr, pw := io.Pipe()
	impOut, waitImport, err := repo.GitStream(ctx, pr, "fast-import", "--force", "--quiet", "--done", "--export-marks="+marksFile)
	if err != nil {
		cancel()
		_ = waitExport()
		return nil, err
	}
	drained := make(chan struct{}) // (--quiet: it writes nothing on its output)
	go func() { _, _ = io.Copy(io.Discard, impOut); close(drained) }()
	w := bufio.NewWriterSize(pw, 64<<10)
	ferr := f.run(bufio.NewReaderSize(export, 64<<10), w)
	if ferr == nil {
		ferr = w.Flush()
	}
	if ferr != nil {
		// fast-import sees the stream end without "done" and updates no ref
		_ = pw.CloseWithError(ferr)
		cancel()
	} else {
		_ = pw.Close()
	}
	expErr := waitExport()
	<-drained
	impErr := waitImport()
	switch {
	case ferr != nil:
		return nil, ferr
	case expErr != nil:
		return nil, expErr
	case impErr != nil:
		return nil, impErr
	}
	data, err := os.ReadFile(marksFile)
	if err != nil {
		return nil, err
	}
	marks := map[string]string{}
	for l := range strings.Lines(string(data)) {
		if m, obj, ok := strings.Cut(strings.TrimSpace(l), " "); ok {
			marks[m] = obj
		}
	}
	return marks, nil
}

// checkRewrite checks that every rewritten commit differs from its original under paths only.
func checkRewrite(ctx context.Context, repo *gitrepo.Repo, paths []string, commits, marks map[string]string) error {
	var in bytes.Buffer
	for mark, old := range commits {
		nw := marks[mark]
		if nw == "" {
			return fmt.Errorf("the rewrite lost commit %s", old[:min(10, len(old))])
		}
		fmt.Fprintf(&in, "%s %s\n", nw, old)
	}
	if in.Len() == 0 {
		return nil
	}
	out, err := gitIn(ctx, repo, in.Bytes(), "diff-tree", "--stdin", "-r", "--name-only", "-z", "--pretty=format:%x01%H")
	if err != nil {
		return err
	}
	for chunk := range strings.SplitSeq(out, "\x01") {
		head, rest, _ := strings.Cut(chunk, "\n")
		for p := range strings.SplitSeq(rest, "\x00") {
			if p != "" && !under(paths, p) {
				return fmt.Errorf("the rewrite changed %s in commit %s, outside %s: nothing is kept of it", p, strings.TrimSpace(head), strings.Join(paths, ", "))
			}
		}
	}
	return nil
}

// exportFilter rewrites a fast-export stream on its way to fast-import: the file versions to
// rewrite are given inline with their new content, and the messages of the commits that only
// change files under paths lose the text.
type exportFilter struct {
	paths   []string
	text    []byte
	newData map[string][]byte // blob + "\x00" + path → new content
	message func([]byte) []byte

	blobs    map[string]string // mark → original blob
	commits  map[string]string // mark → original commit
	files    int
	messages int
	kept     []string
}

// run copies the stream from r to w, rewriting as it goes. It returns an error, and writes
// no "done", when the stream is cut short: fast-import then updates no ref.
func (f *exportFilter) run(r *bufio.Reader, w *bufio.Writer) error {
	next := ""
	for {
		line := next
		next = ""
		if line == "" {
			var err error
			line, err = r.ReadString('\n')
			if err == io.EOF && line == "" || err == io.EOF && !strings.HasSuffix(line, "\n") {
				return errors.New("git fast-export stopped before the end of its stream")
			}
			if err != nil {
				return err
			}
		}
		var err error
		switch {
		case line == "blob\n":
			err = f.blob(r, w)
		case strings.HasPrefix(line, "commit "):
			next, err = f.commit(line, r, w)
		case strings.HasPrefix(line, "data "): // a tag's message, passed through
			if _, err = w.WriteString(line); err == nil {
				err = copyData(line, r, w)
			}
		case line == "done\n":
			_, err = w.WriteString(line)
			return err
		default:
			_, err = w.WriteString(line)
		}
		if err != nil {
			return err
		}
	}
}

// dataLen reads the count of a "data <n>" line.
func dataLen(line string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "data ")))
	if err != nil || n < 0 {
		return 0, fmt.Errorf("git fast-export: unexpected %q", strings.TrimSpace(line))
	}
	return n, nil
}

// readData reads the bytes of a "data <n>" line.
func readData(line string, r *bufio.Reader) ([]byte, error) {
	n, err := dataLen(line)
	if err != nil {
		return nil, err
	}
	buf := make([]byte, n)
	_, err = io.ReadFull(r, buf)
	return buf, err
}

// copyData copies the bytes of a "data <n>" line from r to w.
func copyData(line string, r *bufio.Reader, w *bufio.Writer) error {
	n, err := dataLen(line)
	if err != nil {
		return err
	}
	_, err = io.CopyN(w, r, int64(n))
	return err
}

// blob passes a blob through, noting its mark and original id.
func (f *exportFilter) blob(r *bufio.Reader, w *bufio.Writer) error {
	if _, err := w.WriteString("blob\n"); err != nil {
		return err
	}
	mark := ""
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return fmt.Errorf("git fast-export: a blob ends early: %w", err)
		}
		if _, err := w.WriteString(line); err != nil {
			return err
		}
		switch {
		case strings.HasPrefix(line, "mark "):
			mark = strings.TrimSpace(strings.TrimPrefix(line, "mark "))
		case strings.HasPrefix(line, "original-oid "):
			f.blobs[mark] = strings.TrimSpace(strings.TrimPrefix(line, "original-oid "))
		case strings.HasPrefix(line, "data "):
			return copyData(line, r, w)
		}
	}
}

// commit rewrites one commit: its file versions to rewrite, and its message when it only
// changes files under paths. It returns the line after the commit when it read one that
// starts the next command.
func (f *exportFilter) commit(first string, r *bufio.Reader, w *bufio.Writer) (string, error) {
	var head strings.Builder
	head.WriteString(first)
	mark, orig := "", ""
	var msg []byte
	for msg == nil {
		line, err := r.ReadString('\n')
		if err != nil {
			return "", fmt.Errorf("git fast-export: a commit ends early: %w", err)
		}
		switch {
		case strings.HasPrefix(line, "data "):
			if msg, err = readData(line, r); err != nil {
				return "", err
			}
			continue
		case strings.HasPrefix(line, "mark "):
			mark = strings.TrimSpace(strings.TrimPrefix(line, "mark "))
		case strings.HasPrefix(line, "original-oid "):
			orig = strings.TrimSpace(strings.TrimPrefix(line, "original-oid "))
		}
		head.WriteString(line)
	}
	if mark != "" {
		f.commits[mark] = orig
	}
	// from, merge and the file changes, up to the blank line that ends the commit
	var rest []string
	next := ""
	inside, changes := true, 0
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return "", fmt.Errorf("git fast-export: a commit ends early: %w", err)
		}
		if line == "\n" {
			rest = append(rest, line)
			break
		}
		if !commitLine(line) {
			next = line
			break
		}
		if p, ok := changedPath(line); ok {
			changes++
			inside = inside && p != "" && under(f.paths, p)
		}
		rest = append(rest, line)
	}
	if bytes.Contains(msg, f.text) {
		if inside && changes > 0 && f.message != nil {
			msg = f.message(msg)
			f.messages++
		} else {
			f.kept = append(f.kept, orig[:min(7, len(orig))])
		}
	}
	if _, err := w.WriteString(head.String()); err != nil {
		return "", err
	}
	if _, err := fmt.Fprintf(w, "data %d\n", len(msg)); err != nil {
		return "", err
	}
	if _, err := w.Write(msg); err != nil {
		return "", err
	}
	for _, line := range rest {
		if err := f.change(line, w); err != nil {
			return "", err
		}
	}
	return next, nil
}

// commitLine reports whether line belongs to a commit after its message.
func commitLine(line string) bool {
	for _, p := range []string{"from ", "merge ", "M ", "D ", "C ", "R ", "N ", "deleteall"} {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	return false
}

// change writes one line of a commit after its message: a file version to rewrite becomes
// an inline one with its new content.
func (f *exportFilter) change(line string, w *bufio.Writer) error {
	if strings.HasPrefix(line, "M ") {
		parts := strings.SplitN(strings.TrimRight(line, "\n"), " ", 4)
		if len(parts) == 4 {
			p := unquotePath(parts[3])
			if blob, ok := f.blobs[parts[2]]; ok && under(f.paths, p) {
				if data, ok := f.newData[blob+"\x00"+p]; ok {
					f.files++
					_, err := fmt.Fprintf(w, "M %s inline %s\ndata %d\n%s\n", parts[1], parts[3], len(data), data)
					return err
				}
			}
		}
	}
	_, err := w.WriteString(line)
	return err
}

// changedPath is the path a file-change line of a commit changes (M, D, and C or R's target).
func changedPath(line string) (string, bool) {
	line = strings.TrimRight(line, "\n")
	switch {
	case strings.HasPrefix(line, "M "):
		parts := strings.SplitN(line, " ", 4)
		if len(parts) == 4 {
			return unquotePath(parts[3]), true
		}
	case strings.HasPrefix(line, "D "):
		return unquotePath(line[2:]), true
	case line == "deleteall":
		return "", true // touches every path: not "only under the folders"
	case strings.HasPrefix(line, "C "), strings.HasPrefix(line, "R "):
		return "", true
	}
	return "", false
}

// unquotePath undoes the C-style quoting git uses for a path with special characters.
func unquotePath(s string) string {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return s
	}
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	// git's octal escapes (\303\251) are valid Go escapes too; anything else is kept as is
	return s
}
