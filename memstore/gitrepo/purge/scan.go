package purge

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"carnet/memstore/gitrepo"
)

// Finding a text in the history of some folders: which commits bring it, which descend
// from them, which refs reach them (the scan Find and Rewrite share).

// gitRef is a ref and the commit it reaches.
type gitRef struct {
	name, value string // full name, its value (a tag's object for an annotated tag)
	commit      string // the commit it peels to
}

// purgeRefs lists the refs that name commits (annotated tags peeled), symbolic refs and the
// backups of Rewrite left out.
func purgeRefs(ctx context.Context, repo *gitrepo.Repo) ([]gitRef, error) {
	out, err := gitOut(ctx, repo, "for-each-ref", "--format=%(refname)%00%(objectname)%00%(objecttype)%00%(*objectname)%00%(*objecttype)%00%(symref)")
	if err != nil {
		return nil, err
	}
	var refs []gitRef
	for l := range strings.Lines(out) {
		f := strings.Split(strings.TrimRight(l, "\r\n"), "\x00")
		if len(f) < 6 || f[5] != "" || strings.HasPrefix(f[0], BackupPrefix) {
			continue
		}
		r := gitRef{name: f[0], value: f[1]}
		switch {
		case f[2] == "commit":
			r.commit = f[1]
		case f[2] == "tag" && f[4] == "commit":
			r.commit = f[3]
		case f[2] == "tag" && f[4] == "tag": // a tag of a tag
			c, err := gitOut(ctx, repo, "rev-parse", "--verify", "-q", f[0]+"^{commit}")
			if err != nil {
				continue
			}
			r.commit = c
		default:
			continue // a tag of a tree or a blob
		}
		refs = append(refs, r)
	}
	return refs, nil
}

// holdScan finds, in the history of paths reachable from refs, the file versions that hold
// text and the commits that bring them or descend from one.
type holdScan struct {
	repo  *gitrepo.Repo
	paths []string
	text  []byte
	refs  []gitRef

	brings  map[string]bool // commits whose changes bring a file version holding text
	held    map[string]bool // those and their descendants
	parents map[string][]string
	order   []string          // every commit, parents first
	blobs   map[string][]byte // file versions holding text: blob → content
	pathsOf map[string][]string
	msgs    []string // commits whose message holds text
}

func (s *holdScan) revs() []byte {
	var b bytes.Buffer
	for _, r := range s.refs {
		b.WriteString(r.commit + "\n")
	}
	return b.Bytes()
}

func (s *holdScan) run(ctx context.Context) error {
	s.brings, s.held, s.parents = map[string]bool{}, map[string]bool{}, map[string][]string{}
	s.blobs, s.pathsOf = map[string][]byte{}, map[string][]string{}
	if len(s.refs) == 0 {
		return nil
	}
	// which commit brings which file version under paths, merges against each parent
	args := append([]string{"log", "--stdin", "--full-history", "-m", "--root", "--raw", "--no-abbrev",
		"--no-renames", "-z", "--format=%x01%H", "--"}, s.paths...)
	out, err := gitIn(ctx, s.repo, s.revs(), args...)
	if err != nil {
		return err
	}
	brought := map[string][]string{} // commit → blob+"\x00"+path it brings
	var blobList []string
	seen := map[string]bool{}
	for chunk := range strings.SplitSeq(out, "\x01") {
		tok := strings.Split(chunk, "\x00")
		commit := strings.TrimSpace(tok[0])
		if commit == "" {
			continue
		}
		for i := 1; i+1 < len(tok); i += 2 {
			info := strings.Fields(strings.TrimSpace(tok[i]))
			if len(info) < 5 || !strings.HasPrefix(info[0], ":") {
				continue
			}
			blob := info[3]
			if strings.Trim(blob, "0") == "" || info[1] == "160000" {
				continue // a deletion, or a submodule
			}
			brought[commit] = append(brought[commit], blob+"\x00"+tok[i+1])
			if !seen[blob] {
				seen[blob] = true
				blobList = append(blobList, blob)
			}
		}
	}
	if err := s.readBlobs(ctx, blobList); err != nil {
		return err
	}
	for c, bs := range brought {
		for _, bp := range bs {
			blob, p, _ := strings.Cut(bp, "\x00")
			if _, ok := s.blobs[blob]; ok {
				s.brings[c] = true
				if !slices.Contains(s.pathsOf[blob], p) {
					s.pathsOf[blob] = append(s.pathsOf[blob], p)
				}
			}
		}
	}
	// the commits, parents first, and those that descend from one that brings the text
	dag, err := gitIn(ctx, s.repo, s.revs(), "rev-list", "--stdin", "--parents", "--topo-order", "--reverse")
	if err != nil {
		return err
	}
	for l := range strings.Lines(dag) {
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		c := f[0]
		s.order = append(s.order, c)
		s.parents[c] = f[1:]
		h := s.brings[c]
		for _, p := range f[1:] {
			h = h || s.held[p]
		}
		if h {
			s.held[c] = true
		}
	}
	return s.scanMessages(ctx)
}

// readBlobs reads the blobs through one git cat-file and keeps those holding the text.
func (s *holdScan) readBlobs(ctx context.Context, blobs []string) error {
	if len(blobs) == 0 {
		return nil
	}
	var in bytes.Buffer
	for _, b := range blobs {
		in.WriteString(b + "\n")
	}
	stdout, wait, err := s.repo.GitStream(ctx, &in, "cat-file", "--batch")
	if err != nil {
		return err
	}
	r := bufio.NewReaderSize(stdout, 64<<10)
	var readErr error
	for range blobs {
		head, err := r.ReadString('\n')
		if err != nil {
			readErr = fmt.Errorf("git cat-file: %w", err)
			break
		}
		f := strings.Fields(head)
		if len(f) != 3 {
			continue // "<blob> missing"
		}
		n, err := strconv.Atoi(f[2])
		if err != nil {
			readErr = fmt.Errorf("git cat-file: bad header %q", head)
			break
		}
		data := make([]byte, n+1)
		if _, err := io.ReadFull(r, data); err != nil {
			readErr = fmt.Errorf("git cat-file: %w", err)
			break
		}
		if data = data[:n]; bytes.Contains(data, s.text) {
			s.blobs[f[0]] = data
		}
	}
	_, _ = io.Copy(io.Discard, r)
	if err := wait(); err != nil && readErr == nil {
		readErr = err
	}
	return readErr
}

// scanMessages lists the commits reachable from the refs whose message holds the text.
func (s *holdScan) scanMessages(ctx context.Context) error {
	stdout, wait, err := s.repo.GitStream(ctx, bytes.NewReader(s.revs()), "log", "--stdin", "-z", "--format=%H%x00%B")
	if err != nil {
		return err
	}
	// records "<hash>\0<message>\0", one after the other
	r := bufio.NewReaderSize(stdout, 64<<10)
	for {
		hash, err := r.ReadString(0)
		if err != nil {
			break
		}
		msg, err := r.ReadString(0)
		if bytes.Contains([]byte(msg), s.text) {
			s.msgs = append(s.msgs, strings.TrimSpace(strings.TrimSuffix(hash, "\x00")))
		}
		if err != nil {
			break
		}
	}
	_, _ = io.Copy(io.Discard, r)
	return wait()
}

// holding is what the scan found, per ref.
func (s *holdScan) holding() Holding {
	h := Holding{Commits: len(s.brings)}
	for _, r := range s.refs {
		if !s.held[r.commit] {
			continue
		}
		switch {
		case strings.HasPrefix(r.name, "refs/heads/"):
			h.Branches = append(h.Branches, strings.TrimPrefix(r.name, "refs/heads/"))
		case strings.HasPrefix(r.name, "refs/tags/"):
			h.Tags = append(h.Tags, strings.TrimPrefix(r.name, "refs/tags/"))
		case strings.HasPrefix(r.name, "refs/remotes/"):
			h.Remotes = append(h.Remotes, strings.TrimPrefix(r.name, "refs/remotes/"))
		default:
			h.Others = append(h.Others, r.name)
		}
	}
	for _, m := range s.msgs {
		h.Messages = append(h.Messages, m[:min(7, len(m))])
	}
	slices.Sort(h.Branches)
	slices.Sort(h.Tags)
	slices.Sort(h.Remotes)
	slices.Sort(h.Others)
	return h
}

// toRewrite lists every file version to rewrite: blob+"\x00"+path → its content.
func (s *holdScan) toRewrite() map[string][]byte {
	out := map[string][]byte{}
	for blob, ps := range s.pathsOf {
		for _, p := range ps {
			if under(s.paths, p) {
				out[blob+"\x00"+p] = s.blobs[blob]
			}
		}
	}
	return out
}

// exportArgs are the arguments of git fast-export: the refs to rewrite, less every commit
// that neither holds the text nor descends from one that does (by the parents of the held
// commits that are not held themselves: what is not held is closed under parents).
func (s *holdScan) exportArgs(refs []gitRef) []string {
	args := []string{"fast-export", "--show-original-ids", "--reference-excluded-parents",
		"--signed-tags=warn-strip", "--tag-of-filtered-object=rewrite", "--reencode=no", "--use-done-feature"}
	for _, r := range refs {
		args = append(args, r.name)
	}
	bound := map[string]bool{}
	for _, c := range s.order {
		if !s.held[c] {
			continue
		}
		for _, p := range s.parents[c] {
			if !s.held[p] && !bound[p] {
				bound[p] = true
				args = append(args, "^"+p)
			}
		}
	}
	return args
}
