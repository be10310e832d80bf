package gitrepo

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The reads made by the git CLI, on the repositories the own reader does not read exactly
// (see delegated): same questions, same answer types.

// gitReadFlags keep the user's config from changing what the reads parse or show: no
// signatures, no following of renames for a single path, diffs of the content itself.
var gitReadFlags = []string{"-c", "log.follow=false", "-c", "log.showSignature=false", "-c", "diff.noprefix=false",
	"-c", "diff.mnemonicPrefix=false", "-c", "diff.relative=false"}

// gitPatchFlags make a patch as the own reader writes it (and as git does by default).
var gitPatchFlags = []string{"--no-color", "--no-ext-diff", "--no-textconv", "--src-prefix=a/", "--dst-prefix=b/", "-M"}

func (r *gitRepo) readGit(ctx context.Context, env []string, args ...string) (string, error) {
	args = append(slices.Clone(gitReadFlags), args...)
	return gitCmd{dir: r.root, env: append(env, "GIT_OPTIONAL_LOCKS=0"), args: args}.run(ctx)
}

// historyCLI is History through `git log`.
func (r *gitRepo) historyCLI(rel string, n int) ([]Commit, error) {
	args := []string{"log", "-z", "--raw", "--numstat", "--no-abbrev", "-M", "--root", "--diff-merges=first-parent",
		"--no-ext-diff", "--no-textconv", "--format=%H%x00%an%x00%ae%x00%ad%x00%B", "--date=raw"}
	if n > 0 {
		args = append(args, "-n", strconv.Itoa(n))
	}
	out, err := r.readGit(context.Background(), nil, append(args, "--", gitSpec(rel))...)
	if err != nil {
		if re, ok := errors.AsType[*gitRunError](err); ok && strings.Contains(re.stderr, "does not have any commits yet") {
			return nil, nil
		}
		return nil, err
	}
	return gitParseLog(out)
}

// gitSpec is a folder relative to the top-level as a pathspec ("" is the whole tree).
func gitSpec(rel string) string {
	if rel == "" {
		return "."
	}
	return rel
}

// gitParseLog reads `git log -z --raw --numstat --format=%H%x00%an%x00%ae%x00%ad%x00%B`.
func gitParseLog(out string) ([]Commit, error) {
	toks := strings.Split(out, "\x00")
	commits := []Commit{}
	bad := errors.New("git log: unexpected output")
	for i := 0; i < len(toks); {
		t := strings.TrimLeft(toks[i], "\n")
		if t == "" {
			i++
			continue
		}
		if i+5 > len(toks) {
			return nil, bad
		}
		c := Commit{Hash: t, Author: toks[i+1], Email: toks[i+2], Message: strings.TrimRight(toks[i+4], "\n")}
		c.When = gitRawDate(toks[i+3])
		i += 5
		c.Files, i = gitParseChanges(toks, i, true)
		commits = append(commits, c)
	}
	return commits, nil
}

// gitParseChanges reads -z --raw and --numstat records from toks[i:] until something else
// (the next commit) and returns the files, sorted by path, and where it stopped.
func gitParseChanges(toks []string, i int, stopAtOther bool) ([]FileChange, int) {
	var files []FileChange
	num := map[string]gitCounts{}
	for i < len(toks) {
		t := strings.TrimLeft(toks[i], "\n")
		switch {
		case strings.HasPrefix(t, ":"):
			f := strings.Fields(t)
			if len(f) < 5 || i+1 >= len(toks) {
				return files, len(toks)
			}
			fc := FileChange{Kind: f[4][:1], Path: toks[i+1]}
			i += 2
			if fc.Kind == "R" || fc.Kind == "C" {
				if i >= len(toks) {
					return files, i
				}
				fc.From, fc.Path = fc.Path, toks[i]
				i++
				if fc.Kind == "C" {
					fc.Kind, fc.From = "A", ""
				}
			}
			if fc.Kind == "T" {
				fc.Kind = "M"
			}
			files = append(files, fc)
		case strings.Count(t, "\t") >= 2:
			f := strings.SplitN(t, "\t", 3)
			a, _ := strconv.Atoi(f[0]) // "-" for a binary file: 0, as the own reader counts it
			d, _ := strconv.Atoi(f[1])
			path := f[2]
			i++
			if path == "" && i+1 < len(toks) { // a rename: old and new paths follow
				path = toks[i+1]
				i += 2
			}
			num[path] = gitCounts{a, d}
		case t == "":
			i++
		default:
			if stopAtOther {
				return gitSortChanges(files, num), i
			}
			i++
		}
	}
	return gitSortChanges(files, num), i
}

// gitCounts are the lines a file change adds and deletes.
type gitCounts struct{ add, del int }

// gitSortChanges gives files their counts and sorts them by path, as the own reader does.
func gitSortChanges(files []FileChange, num map[string]gitCounts) []FileChange {
	for k := range files {
		if c, ok := num[files[k].Path]; ok {
			files[k].Added, files[k].Deleted = c.add, c.del
		}
	}
	if files == nil {
		files = []FileChange{}
	}
	slices.SortStableFunc(files, func(a, b FileChange) int { return strings.Compare(a.Path, b.Path) })
	return files
}

// gitRawDate reads "<unix seconds> <+hhmm>" as git's --date=raw prints it.
func gitRawDate(s string) time.Time {
	f := strings.Fields(s)
	if len(f) == 0 {
		return time.Time{}
	}
	sec, _ := strconv.ParseInt(f[0], 10, 64)
	t := time.Unix(sec, 0)
	if len(f) > 1 && len(f[1]) == 5 {
		h, _ := strconv.Atoi(f[1][1:3])
		m, _ := strconv.Atoi(f[1][3:])
		off := (h*60 + m) * 60
		if f[1][0] == '-' {
			off = -off
		}
		t = t.In(time.FixedZone("", off))
	}
	return t
}

// commitDiffCLI is CommitDiff through `git show`.
func (r *gitRepo) commitDiffCLI(hash, rel string) (string, error) {
	args := append([]string{"-c", "core.quotepath=true", "show", "--format=", "--diff-merges=first-parent"}, gitPatchFlags...)
	return r.readGit(context.Background(), nil, append(args, hash+"^{commit}", "--", gitSpec(rel))...)
}

// pendingCLI is Pending (and PendingDiff when patch is not nil) through git: a temporary
// index holding HEAD and, as intent-to-add, the untracked files git sees under rel; then
// `git diff <HEAD>` compares the work tree with it, through the user's filters and eol rules.
func (r *gitRepo) pendingCLI(rel string, patch *strings.Builder) ([]FileChange, error) {
	ctx := context.Background()
	tmp, err := os.MkdirTemp("", "carnet-index-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	env := []string{"GIT_INDEX_FILE=" + filepath.Join(tmp, "index")}
	base := "HEAD"
	if _, err := r.readGit(ctx, env, "read-tree", "HEAD"); err != nil {
		// An unborn branch: compare with the empty tree.
		if _, err2 := r.readGit(ctx, nil, "rev-parse", "-q", "--verify", "HEAD^{commit}"); err2 == nil {
			return nil, err
		}
		out, err := gitCmd{dir: r.root, args: []string{"hash-object", "-t", "tree", "--stdin"}, stdin: []byte{}}.run(ctx)
		if err != nil {
			return nil, err
		}
		base = strings.TrimSpace(out)
	}
	out, err := r.readGit(ctx, env, "ls-files", "-z", "--others", "--exclude-standard", "--", gitSpec(rel))
	if err != nil {
		return nil, err
	}
	var add []string
	for p := range strings.SplitSeq(out, "\x00") {
		if p != "" && !gitInDebug(p) {
			add = append(add, p)
		}
	}
	if len(add) > 0 {
		if _, err := r.readGit(ctx, env, append([]string{"add", "--intent-to-add", "--"}, add...)...); err != nil {
			return nil, err
		}
	}
	out, err = r.readGit(ctx, env, append([]string{"diff", "-z", "--raw", "--numstat", "--no-abbrev", "-M",
		"--no-ext-diff", "--no-textconv", base, "--"}, gitSpec(rel))...)
	if err != nil {
		return nil, err
	}
	files, _ := gitParseChanges(strings.Split(out, "\x00"), 0, false)
	if patch != nil {
		args := append([]string{"-c", "core.quotepath=true", "diff"}, gitPatchFlags...)
		out, err := r.readGit(ctx, env, append(args, base, "--", gitSpec(rel))...)
		if err != nil {
			return nil, err
		}
		patch.WriteString(out)
	}
	return files, nil
}
