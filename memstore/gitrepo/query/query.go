// Package query asks a repository's git about the project's own files, for the reference
// check, in a few batched runs (one process per question, whatever the number of paths or
// words asked about): the files of HEAD, the first-parent commits since a date with the files
// they added, changed, deleted or renamed, whether words occur in a commit's files, how many
// occurrences of words each first-parent commit added and removed, which hashes name a
// commit, the files changed between two revisions, the hooks folder. Without git they return
// ErrNeedsGit: the answer would need a tree walk, rename detection and a grep of their own
// (HEAD itself is read by go-git when it can, and the hooks folder from the config).
package query

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"carnet/memstore/gitrepo"
)

// ErrNeedsGit is returned by the lookups when git is not installed.
var ErrNeedsGit = errors.New("needs git: install git to check the files and names memory refers to")

// lookupFlags keep the user's config from changing what the lookups parse.
var lookupFlags = []string{"-c", "grep.lineNumber=false", "-c", "grep.column=false", "-c", "grep.fullName=false",
	"-c", "grep.fallbackToNoIndex=false", "-c", "color.ui=never", "-c", "diff.renames=true", "-c", "diff.renameLimit=4000"}

// Runs counts the git processes the lookups started in this process: a trace for tests that
// check a cached answer runs no git.
func Runs() int64 { return lookupRuns.Load() }

var lookupRuns atomic.Int64

// lookup runs git at the top-level with the read flags and no optional locks.
func lookup(ctx context.Context, repo *gitrepo.Repo, args ...string) (string, error) {
	if !repo.HasGit() {
		return "", ErrNeedsGit
	}
	lookupRuns.Add(1)
	return repo.GitRead(ctx, append(slices.Clone(lookupFlags), args...)...)
}

// HeadHash is the hash of the commit HEAD points to; "" on an unborn branch. Where go-git reads
// the refs exactly it reads them, so that a question answered from a cache made at HEAD runs
// no process at all; else git rev-parse.
func HeadHash(ctx context.Context, repo *gitrepo.Repo) (string, error) {
	if h, ok := repo.Head(); ok {
		return h, nil
	}
	out, err := lookup(ctx, repo, "rev-parse", "-q", "--verify", "HEAD^{commit}")
	if err != nil {
		if re, ok := errors.AsType[*gitrepo.RunError](err); ok && re.Code == 1 {
			return "", nil
		}
		return "", err
	}
	return strings.TrimSpace(out), nil
}

// TrackedFiles lists the files of HEAD's tree, slash paths from the top-level (none on an
// unborn branch).
func TrackedFiles(ctx context.Context, repo *gitrepo.Repo) ([]string, error) {
	head, err := HeadHash(ctx, repo)
	if err != nil || head == "" {
		return nil, err
	}
	out, err := lookup(ctx, repo, "ls-tree", "-r", "-z", "--name-only", "--full-tree", head)
	if err != nil {
		return nil, err
	}
	var files []string
	for p := range strings.SplitSeq(out, "\x00") {
		if p != "" {
			files = append(files, p)
		}
	}
	return files, nil
}

// PathChange is one file a commit added (A), modified (M), deleted (D) or renamed (R, from
// From to Path) against its first parent.
type PathChange struct {
	Kind byte
	Path string
	From string
}

// ChangeSet is a first-parent commit with the files it changed.
type ChangeSet struct {
	Hash   string
	Parent string // its first parent ("" for a root commit)
	When   time.Time
	Files  []PathChange
}

// FirstParentChanges lists the commits of HEAD's first-parent chain, newest first, with the
// files each changed against its first parent (renames detected, as `git log -M`): those
// committed after since when from is "", else those after commit from (from..HEAD).
func FirstParentChanges(ctx context.Context, repo *gitrepo.Repo, since time.Time, from string) ([]ChangeSet, error) {
	head, err := HeadHash(ctx, repo)
	if err != nil || head == "" {
		return nil, err
	}
	args := []string{"log", "--first-parent", "--diff-merges=first-parent", "-M", "--name-status", "-z",
		"--no-ext-diff", "--no-textconv", "--format=%x00%x01%H %P %ct"}
	if from != "" {
		args = append(args, from+".."+head)
	} else {
		args = append(args, "--since=@"+strconv.FormatInt(since.Unix(), 10), head)
	}
	out, err := lookup(ctx, repo, append(args, "--")...)
	if err != nil {
		return nil, err
	}
	return parseChangeSets(out), nil
}

// parseChangeSets reads `git log -z --name-status --format=%x00%x01%H %P %ct`.
func parseChangeSets(out string) []ChangeSet {
	var sets []ChangeSet
	toks := strings.Split(out, "\x00")
	for i := 0; i < len(toks); i++ {
		t := strings.TrimLeft(toks[i], "\n")
		if head, ok := strings.CutPrefix(t, "\x01"); ok {
			f := strings.Fields(head)
			if len(f) < 2 {
				continue
			}
			cs := ChangeSet{Hash: f[0]}
			if len(f) > 2 {
				cs.Parent = f[1]
			}
			sec, _ := strconv.ParseInt(f[len(f)-1], 10, 64)
			cs.When = time.Unix(sec, 0)
			sets = append(sets, cs)
			continue
		}
		if t == "" || len(sets) == 0 {
			continue
		}
		cur := &sets[len(sets)-1]
		kind := t[0]
		switch kind {
		case 'R', 'C':
			if i+2 >= len(toks) {
				return sets
			}
			from, to := toks[i+1], toks[i+2]
			i += 2
			if kind == 'C' {
				cur.Files = append(cur.Files, PathChange{Kind: 'A', Path: to})
			} else {
				cur.Files = append(cur.Files, PathChange{Kind: 'R', Path: to, From: from})
			}
		case 'A', 'M', 'D', 'T':
			if i+1 >= len(toks) {
				return sets
			}
			if kind == 'T' {
				kind = 'M'
			}
			cur.Files = append(cur.Files, PathChange{Kind: kind, Path: toks[i+1]})
			i++
		}
	}
	return sets
}

// CommitBefore is the newest commit of HEAD's first-parent chain committed at or before t;
// "" when there is none.
func CommitBefore(ctx context.Context, repo *gitrepo.Repo, t time.Time) (string, error) {
	head, err := HeadHash(ctx, repo)
	if err != nil || head == "" {
		return "", err
	}
	out, err := lookup(ctx, repo, "rev-list", "--first-parent", "-1", "--before=@"+strconv.FormatInt(t.Unix(), 10), head, "--")
	return strings.TrimSpace(out), err
}

// A word is a name as code writes it: it starts with a letter, a digit or "_" and occurs
// where the characters on either side, if any, are none of those (a word boundary). Words
// may hold other characters inside ("pkg.Func", "a::b").
func wordChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// wordFinder counts the occurrences of a set of words in lines of text, in one pass over each
// line: each run of word characters is looked up by the words that begin with it.
type wordFinder struct {
	byHead map[string][]string
}

func newWordFinder(words []string) *wordFinder {
	f := &wordFinder{byHead: map[string][]string{}}
	for _, w := range words {
		if w == "" || !wordChar(w[0]) || !wordChar(w[len(w)-1]) {
			continue
		}
		n := 0
		for n < len(w) && wordChar(w[n]) {
			n++
		}
		if !slices.Contains(f.byHead[w[:n]], w) {
			f.byHead[w[:n]] = append(f.byHead[w[:n]], w)
		}
	}
	return f
}

// each calls fn for every occurrence of a word in line.
func (f *wordFinder) each(line string, fn func(word string)) {
	for i := 0; i < len(line); {
		if !wordChar(line[i]) {
			i++
			continue
		}
		j := i
		for j < len(line) && wordChar(line[j]) {
			j++
		}
		for _, w := range f.byHead[line[i:j]] {
			if strings.HasPrefix(line[i:], w) && (i+len(w) == len(line) || !wordChar(line[i+len(w)])) {
				fn(w)
			}
		}
		i = j
	}
}

// wordPattern is a Perl regexp matching any of the words at word boundaries: it only picks the
// lines worth reading; wordFinder decides.
func wordPattern(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = regexp.QuoteMeta(w)
	}
	return `\b(?:` + strings.Join(q, "|") + `)\b`
}

// maxPattern bounds one grep's pattern (an argument of at most 128 KB on Linux).
const maxPattern = 64 << 10

// GrepWords reports which of words occur in the text files of commit rev, outside the
// folders in exclude (slash paths from the top-level). One git grep per 64 KB of words.
func GrepWords(ctx context.Context, repo *gitrepo.Repo, rev string, words, exclude []string) (map[string]bool, error) {
	found := map[string]bool{}
	for len(words) > 0 {
		n, size := 0, 0
		for n < len(words) && (n == 0 || size+len(words[n])+1 < maxPattern) {
			size += len(words[n]) + 1
			n++
		}
		if err := grepWords(ctx, repo, rev, words[:n], exclude, found); err != nil {
			return nil, err
		}
		words = words[n:]
	}
	return found, nil
}

func grepWords(ctx context.Context, repo *gitrepo.Repo, rev string, words, exclude []string, found map[string]bool) error {
	f := newWordFinder(words)
	if len(f.byHead) == 0 {
		return nil
	}
	out, err := lookup(ctx, repo, "grep", "-I", "--null", "--no-color", "-P", "-e", wordPattern(words), rev, "--")
	if re, ok := errors.AsType[*gitrepo.RunError](err); ok && re.Code > 1 && (strings.Contains(re.Stderr, "PCRE") || strings.Contains(re.Stderr, "Perl")) {
		// A git built without PCRE: an extended regexp does the same, more slowly.
		out, err = lookup(ctx, repo, "grep", "-I", "--null", "--no-color", "-E", "-e", `(^|[^A-Za-z0-9_])(`+strings.TrimSuffix(strings.TrimPrefix(wordPattern(words), `\b(?:`), `)\b`)+`)([^A-Za-z0-9_]|$)`, rev, "--")
	}
	if re, ok := errors.AsType[*gitrepo.RunError](err); ok && re.Code == 1 && re.Stderr == "" {
		return nil // no line matched
	}
	if err != nil {
		return err
	}
	prefix := rev + ":"
	for line := range strings.SplitSeq(out, "\n") {
		name, text, ok := strings.Cut(line, "\x00")
		if !ok {
			continue
		}
		if excluded(strings.TrimPrefix(name, prefix), exclude) {
			continue
		}
		f.each(text, func(w string) { found[w] = true })
	}
	return nil
}

// excluded says whether path is inside one of the folders.
func excluded(path string, folders []string) bool {
	for _, d := range folders {
		d = strings.TrimSuffix(d, "/")
		if d == "" || path == d || strings.HasPrefix(path, d+"/") {
			return true
		}
	}
	return false
}

// WordDelta is what one first-parent commit did to the occurrences of a word in the text
// files: how many its added lines hold and how many its removed lines held.
type WordDelta struct {
	Hash           string
	When           time.Time
	Added, Removed int
}

// WordChanges reads the first-parent diffs of the commits FirstParentChanges would list (after
// since, or from..HEAD) and returns, for each word that occurs in an added or removed line
// outside the folders in exclude, what each commit did to it, newest first. The occurrences of
// a word at a commit are those of its first parent plus Added minus Removed, so that the diffs
// between two commits of the chain tell how many a word had at the older one when it has none
// at the newer.
func WordChanges(ctx context.Context, repo *gitrepo.Repo, since time.Time, from string, words, exclude []string) (map[string][]WordDelta, error) {
	head, err := HeadHash(ctx, repo)
	if err != nil || head == "" {
		return nil, err
	}
	f := newWordFinder(words)
	if len(f.byHead) == 0 {
		return map[string][]WordDelta{}, nil
	}
	args := []string{"log", "--first-parent", "--diff-merges=first-parent", "-p", "-U0", "--no-color", "--no-ext-diff",
		"--no-textconv", "--no-renames", "--format=%x01%H %ct"}
	if from != "" {
		args = append(args, from+".."+head)
	} else {
		args = append(args, "--since=@"+strconv.FormatInt(since.Unix(), 10), head)
	}
	out, err := lookup(ctx, repo, append(args, "--")...)
	if err != nil {
		return nil, err
	}
	return scanWordChanges(out, f, exclude), nil
}

// scanWordChanges reads `git log -p -U0 --format=%x01%H %ct` and counts each word in the
// added and removed lines of each commit.
func scanWordChanges(out string, f *wordFinder, exclude []string) map[string][]WordDelta {
	res := map[string][]WordDelta{}
	var hash string
	var when time.Time
	cur := map[string]*WordDelta{}
	flush := func() {
		for w, d := range cur {
			if d.Added != 0 || d.Removed != 0 {
				res[w] = append(res[w], *d)
			}
		}
		clear(cur)
	}
	skip, inHunk := false, false
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "\x01"):
			flush()
			h, ct, _ := strings.Cut(line[1:], " ")
			sec, _ := strconv.ParseInt(strings.TrimSpace(ct), 10, 64)
			hash, when = h, time.Unix(sec, 0)
			skip, inHunk = false, false
		case strings.HasPrefix(line, "diff --git "):
			skip, inHunk = excluded(diffPath(line), exclude), false
		case strings.HasPrefix(line, "@@"):
			inHunk = true
		case !inHunk || skip || line == "":
		case line[0] == '+' || line[0] == '-':
			added := line[0] == '+'
			f.each(line[1:], func(w string) {
				d := cur[w]
				if d == nil {
					d = &WordDelta{Hash: hash, When: when}
					cur[w] = d
				}
				if added {
					d.Added++
				} else {
					d.Removed++
				}
			})
		}
	}
	flush()
	return res
}

// diffPath is the old path of a "diff --git a/X b/Y" line (both are the same without renames).
func diffPath(line string) string {
	rest := strings.TrimPrefix(line, "diff --git ")
	if strings.HasPrefix(rest, `"`) {
		if s, err := strconv.QuotedPrefix(rest); err == nil {
			u, _ := strconv.Unquote(s)
			return strings.TrimPrefix(u, "a/")
		}
	}
	rest = strings.TrimPrefix(rest, "a/")
	if i := strings.Index(rest, " b/"); i >= 0 {
		return rest[:i]
	}
	return rest
}

// ResolveCommits returns, for each of hashes (full or abbreviated) that names one commit of
// the repository, its full hash. One git cat-file for all of them.
func ResolveCommits(ctx context.Context, repo *gitrepo.Repo, hashes []string) (map[string]string, error) {
	res := map[string]string{}
	var in strings.Builder
	var asked []string
	for _, h := range hashes {
		if isHexName(h) {
			asked = append(asked, h)
			in.WriteString(h + "^{commit}\n")
		}
	}
	if len(asked) == 0 {
		return res, nil
	}
	if !repo.HasGit() {
		return nil, ErrNeedsGit
	}
	lookupRuns.Add(1)
	stdout, wait, err := repo.GitStream(ctx, strings.NewReader(in.String()), "cat-file", "--batch-check=%(objectname) %(objecttype)")
	var out []byte
	if err == nil {
		out, err = io.ReadAll(stdout)
		err = cmp.Or(wait(), err)
	}
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	for i, h := range asked {
		if i < len(lines) {
			if f := strings.Fields(lines[i]); len(f) == 2 && f[1] == "commit" {
				res[h] = f[0]
			}
		}
	}
	return res, nil
}

// ResolveRevision is the commit a revision (a branch, a tag, a hash, HEAD~2…) names.
func ResolveRevision(ctx context.Context, repo *gitrepo.Repo, rev string) (string, error) {
	if strings.HasPrefix(rev, "-") {
		return "", fmt.Errorf("%q is not a revision", rev)
	}
	out, err := lookup(ctx, repo, "rev-parse", "-q", "--verify", "--end-of-options", rev+"^{commit}")
	if err != nil {
		if errors.Is(err, ErrNeedsGit) {
			return "", err
		}
		return "", fmt.Errorf("%s names no commit of this repository", rev)
	}
	return strings.TrimSpace(out), nil
}

// ChangedFiles lists the files under the folders in under (every file when empty) that
// differ between commits base and head, as one diff between the two trees (renames detected).
func ChangedFiles(ctx context.Context, repo *gitrepo.Repo, base, head string, under []string) ([]PathChange, error) {
	out, err := lookup(ctx, repo, append([]string{"diff", "--name-status", "-z", "-M", "--no-ext-diff", "--no-textconv", base, head, "--"}, under...)...)
	if err != nil {
		return nil, err
	}
	sets := parseChangeSets("\x01diff 0\x00" + out) // the changes of one pseudo-commit
	return sets[0].Files, nil
}

// isHexName says whether s can be a (full or abbreviated) hex object name.
func isHexName(s string) bool {
	return len(s) >= 4 && len(s) <= 64 && strings.Trim(strings.ToLower(s), "0123456789abcdef") == ""
}

// HooksDir is the folder git runs the repository's hooks from: core.hooksPath when set
// (relative to the top-level), else the hooks folder of the common git folder.
func HooksDir(ctx context.Context, repo *gitrepo.Repo) (string, error) {
	if !repo.HasGit() {
		if p := repo.Config("core", "hooksPath"); p != "" {
			if !filepath.IsAbs(p) {
				p = filepath.Join(repo.Root(), p)
			}
			return filepath.Clean(p), nil
		}
		return filepath.Join(repo.CommonDir(), "hooks"), nil
	}
	out, err := lookup(ctx, repo, "rev-parse", "--git-path", "hooks")
	if err != nil {
		return "", err
	}
	p := strings.TrimSpace(out)
	if !filepath.IsAbs(p) {
		p = filepath.Join(repo.Root(), p)
	}
	return filepath.Clean(p), nil
}

// MergeBase is the best common ancestor of commits a and b ("" when they share none).
func MergeBase(ctx context.Context, repo *gitrepo.Repo, a, b string) (string, error) {
	out, err := lookup(ctx, repo, "merge-base", a, b)
	if re, ok := errors.AsType[*gitrepo.RunError](err); ok && re.Code == 1 {
		return "", nil
	}
	return strings.TrimSpace(out), err
}

// CommitsAfter is FirstParentChanges and WordChanges of the commits after from (from..HEAD)
// in one run of git: the file changes of each commit (renames detected) and what it did to
// the occurrences of words outside the folders in exclude.
func CommitsAfter(ctx context.Context, repo *gitrepo.Repo, from string, words, exclude []string) ([]ChangeSet, map[string][]WordDelta, error) {
	head, err := HeadHash(ctx, repo)
	if err != nil || head == "" {
		return nil, nil, err
	}
	out, err := lookup(ctx, repo, "log", "--first-parent", "--diff-merges=first-parent", "--raw", "-p", "-U0", "-M", "--no-color",
		"--no-ext-diff", "--no-textconv", "--format=%x01%H %P %ct", from+".."+head, "--")
	if err != nil {
		return nil, nil, err
	}
	sets, deltas := scanCommits(out, newWordFinder(words), exclude)
	return sets, deltas, nil
}

// scanCommits reads `git log --raw -p -U0 --format=%x01%H %P %ct`: each commit's raw changes
// and the words of its added and removed lines.
func scanCommits(out string, f *wordFinder, exclude []string) ([]ChangeSet, map[string][]WordDelta) {
	var sets []ChangeSet
	var patch strings.Builder
	for line := range strings.Lines(out) {
		line = strings.TrimSuffix(line, "\n")
		switch {
		case strings.HasPrefix(line, "\x01"):
			sets = append(sets, parseChangeSets(line+"\x00")...)
			fmt.Fprintf(&patch, "\x01%s %d\n", sets[len(sets)-1].Hash, sets[len(sets)-1].When.Unix())
		case strings.HasPrefix(line, ":") && len(sets) > 0:
			if c, ok := rawChange(line); ok {
				sets[len(sets)-1].Files = append(sets[len(sets)-1].Files, c)
			}
		default:
			patch.WriteString(line + "\n")
		}
	}
	return sets, scanWordChanges(patch.String(), f, exclude)
}

// rawChange reads a line of `git log --raw` (without -z): ":old new hashes STATUS\tpath[\tpath]".
func rawChange(line string) (PathChange, bool) {
	meta, paths, ok := strings.Cut(line, "\t")
	f := strings.Fields(meta)
	if !ok || len(f) < 5 || f[4] == "" {
		return PathChange{}, false
	}
	p := strings.Split(paths, "\t")
	for i, s := range p {
		if strings.HasPrefix(s, `"`) {
			if u, err := strconv.Unquote(s); err == nil {
				p[i] = u
			}
		}
	}
	switch k := f[4][0]; {
	case (k == 'R' || k == 'C') && len(p) == 2:
		if k == 'C' {
			return PathChange{Kind: 'A', Path: p[1]}, true
		}
		return PathChange{Kind: 'R', Path: p[1], From: p[0]}, true
	case k == 'T':
		return PathChange{Kind: 'M', Path: p[0]}, true
	case k == 'A' || k == 'M' || k == 'D':
		return PathChange{Kind: k, Path: p[0]}, true
	}
	return PathChange{}, false
}
