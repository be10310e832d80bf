package gitrepo

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// cliBackend reads and writes through the user's git (its commits: commitcli.go).
type cliBackend struct{ r *Repo }

// gitPatchFlags make a patch as git shows it by default, whatever the user's diff settings.
var gitPatchFlags = []string{"--no-color", "--no-ext-diff", "--no-textconv", "--src-prefix=a/", "--dst-prefix=b/", "-M"}

// gitDiffEnd ends each answer of the long-lived `git diff-tree --stdin`, which echoes a line
// that is no object name once the diff of the commit before it is written.
const gitDiffEnd = "carnet-end-of-diff\n"

// history is `git log -- rel`. In a partial clone go-git reads it instead: git would fetch
// from the promisor remote every version of a file it lacks, to count lines.
func (b cliBackend) history(rel string, n int) ([]Commit, error) {
	if b.r.partialClone() && b.r.unsupported(false, rel) == "" {
		return goGitBackend(b).history(rel, n)
	}
	var limit []string
	if n > 0 {
		limit = []string{"-n", strconv.Itoa(n)}
	}
	out, err := b.r.gitRead(context.Background(), nil, gitLogArgs(rel, limit...)...)
	if re, ok := errors.AsType[*gitRunError](err); ok && strings.Contains(re.stderr, "does not have any commits yet") {
		return nil, nil
	}
	commits, merges, err := gitParseLog(out, err)
	if err != nil || len(merges) == 0 {
		return commits, err
	}
	// A merge is listed (it changed rel against every parent) without its files: they are
	// its diff against its first parent. (--diff-merges on the walk itself would also list
	// the merges that brought nothing, as it turns git's history simplification off.)
	diffs, _, err := gitParseLog(b.r.gitRead(context.Background(), nil,
		gitLogArgs(rel, append([]string{"--no-walk=unsorted", "--diff-merges=first-parent"}, merges...)...)...))
	for _, d := range diffs {
		if i := slices.IndexFunc(commits, func(c Commit) bool { return c.Hash == d.Hash }); i >= 0 {
			commits[i].Files = d.Files
		}
	}
	return commits, err
}

// gitLogArgs is the `git log` of folder rel that gitParseLog reads, with more arguments.
func gitLogArgs(rel string, more ...string) []string {
	args := []string{"log", "-z", "--raw", "--numstat", "--no-abbrev", "-M", "--root", "--no-ext-diff", "--no-textconv",
		"--format=%H%x00%P%x00%an%x00%ae%x00%ad%x00%B", "--date=raw"}
	return append(append(args, more...), "--", gitSpec(rel))
}

// gitSpec is a folder relative to the top-level as a pathspec ("" is the whole tree).
func gitSpec(rel string) string { return cmpString(rel, ".") }

// gitParseLog reads the output of gitLogArgs: the commits, and the hashes of the merges.
func gitParseLog(out string, err error) (commits []Commit, merges []string, _ error) {
	if err != nil {
		return nil, nil, err
	}
	toks := strings.Split(out, "\x00")
	commits = []Commit{}
	for i := 0; i < len(toks); {
		if t := strings.TrimLeft(toks[i], "\n"); t == "" {
			i++
		} else if i+6 > len(toks) {
			return nil, nil, errors.New("git log: unexpected output")
		} else {
			when, _ := gitParseDate(toks[i+4])
			c := Commit{Hash: t, Author: toks[i+2], Email: toks[i+3], When: when, Message: strings.TrimRight(toks[i+5], "\n")}
			if strings.Contains(toks[i+1], " ") {
				merges = append(merges, c.Hash)
			}
			c.Files, i = gitParseChanges(toks, i+6, true)
			commits = append(commits, c)
		}
	}
	return commits, merges, nil
}

// gitParseChanges reads -z --raw and --numstat records from toks[i:] until something else
// (the next commit, when stopAtOther) and returns the files, sorted by path, and where it
// stopped. A copy is an addition, a type change a modification, a binary file counts 0 lines.
func gitParseChanges(toks []string, i int, stopAtOther bool) ([]FileChange, int) {
	files := []FileChange{}
	num := map[string][2]int{}
	for ; i < len(toks); i++ {
		t := strings.TrimLeft(toks[i], "\n")
		if f := strings.Fields(t); strings.HasPrefix(t, ":") && len(f) >= 5 && i+1 < len(toks) {
			fc := FileChange{Kind: f[4][:1], Path: toks[i+1]}
			if i++; (fc.Kind == "R" || fc.Kind == "C") && i+1 < len(toks) {
				fc.From, fc.Path, i = fc.Path, toks[i+1], i+1
			}
			switch fc.Kind {
			case "C":
				fc.Kind, fc.From = "A", ""
			case "T":
				fc.Kind = "M"
			}
			files = append(files, fc)
		} else if f := strings.SplitN(t, "\t", 3); len(f) == 3 {
			a, _ := strconv.Atoi(f[0])
			d, _ := strconv.Atoi(f[1])
			if f[2] == "" && i+2 < len(toks) { // a rename: the old and new paths follow
				f[2], i = toks[i+2], i+2
			}
			num[f[2]] = [2]int{a, d}
		} else if t != "" && stopAtOther {
			break
		}
	}
	for k := range files {
		files[k].Added, files[k].Deleted = num[files[k].Path][0], num[files[k].Path][1]
	}
	slices.SortStableFunc(files, func(a, b FileChange) int { return strings.Compare(a.Path, b.Path) })
	return files, i
}

// commitDiff is the diff of rel in the commit hash names, from the long-lived
// `git diff-tree --stdin -p`.
func (b cliBackend) commitDiff(hash, rel string) (string, error) {
	full, typ, _, err := b.catFile(hash + "^{commit}")
	if err == nil && typ != "commit" {
		err = errors.New("not a commit")
	}
	if err != nil {
		return "", fmt.Errorf("commit %s: %w", hash, err)
	}
	args := append(append([]string{"-c", "core.quotepath=true", "diff-tree", "--stdin", "-p", "--root", "--no-commit-id", "--diff-merges=first-parent"},
		gitPatchFlags...), "--", gitSpec(rel))
	var out strings.Builder
	err = b.r.gitPiped(args, full+"\n"+gitDiffEnd, func(rd *bufio.Reader) error {
		out.Reset()
		for {
			line, err := rd.ReadString('\n')
			if err != nil || line == gitDiffEnd {
				return err
			}
			out.WriteString(line)
		}
	})
	return out.String(), err
}

// blob is object rev:rel, from the long-lived `git cat-file --batch`.
func (b cliBackend) blob(rev, rel string) ([]byte, error) {
	_, typ, data, err := b.catFile(rev + ":" + rel)
	if errors.As(err, new(*gitAnswerError)) {
		return nil, fmt.Errorf("%s has no %s: %w", rev, rel, fs.ErrNotExist)
	}
	if err == nil && typ != "blob" {
		err = fmt.Errorf("%s:%s is a %s, not a file", rev, rel, typ)
	}
	return data, err
}

// catFile reads the object spec names: its name, type and content; a *gitAnswerError when
// spec names nothing (or more than one object).
func (b cliBackend) catFile(spec string) (name, typ string, data []byte, err error) {
	err = b.r.gitPiped([]string{"cat-file", "--batch"}, spec+"\n", func(rd *bufio.Reader) error {
		head, err := rd.ReadString('\n')
		if err != nil {
			return err
		}
		if strings.HasSuffix(head, " missing\n") || strings.HasSuffix(head, " ambiguous\n") {
			return &gitAnswerError{strings.TrimSpace(head)}
		}
		f := strings.Fields(head)
		size := -1
		if len(f) == 3 {
			size, _ = strconv.Atoi(f[2])
		}
		if size < 0 {
			return fmt.Errorf("unexpected answer %q", head)
		}
		data = make([]byte, size+1) // the content, then a newline
		_, err = io.ReadFull(rd, data)
		name, typ, data = f[0], f[1], data[:size]
		return err
	})
	return name, typ, data, err
}

// status is Pending (with patch, PendingDiff): `git status` says whether anything changed
// under rel, then `git diff <HEAD>` compares the work tree with HEAD through the user's
// index (its stat data: only changed files are read), filters and eol rules. Untracked files
// are added, as intent-to-add, to a copy of the index, so that a moved file is a rename.
func (b cliBackend) status(rel string, patch bool) ([]FileChange, string, error) {
	ctx, r, spec := context.Background(), b.r, gitSpec(rel)
	out, err := r.gitRead(ctx, nil, "status", "--porcelain=v2", "--branch", "-z", "-uall", "--no-renames", "--", spec)
	if err != nil {
		return nil, "", err
	}
	st := gitParseStatus(out)
	changed, add := false, []string{}
	for _, e := range st.entries {
		changed = changed || e.kind == '1' || e.kind == 'u'
		if e.kind == '?' && !gitInDebug(e.path) {
			add = append(add, e.path)
		}
	}
	if !changed && len(add) == 0 {
		return nil, "", nil
	}
	base := "HEAD"
	if st.unborn { // the empty tree
		out, err := gitCmd{dir: r.root, args: []string{"hash-object", "-t", "tree", "--stdin"}}.run(ctx)
		if err != nil {
			return nil, "", err
		}
		base = strings.TrimSpace(out)
	}
	var env []string
	if len(add) > 0 {
		tmp, err := os.MkdirTemp("", "carnet-index-")
		if err != nil {
			return nil, "", err
		}
		defer os.RemoveAll(tmp)
		env = []string{"GIT_INDEX_FILE=" + filepath.Join(tmp, "index")}
		data, err := os.ReadFile(filepath.Join(r.gitDir, "index"))
		if err == nil {
			err = os.WriteFile(filepath.Join(tmp, "index"), data, 0o600)
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, "", err
		}
		args := append([]string{"-c", "core.splitIndex=false", "add", "--intent-to-add", "--"}, add...)
		if _, err := (gitCmd{dir: r.root, env: env, args: args}).run(ctx); err != nil {
			return nil, "", err
		}
	}
	if patch {
		out, err := r.gitRead(ctx, env, append(append([]string{"-c", "core.quotepath=true", "diff"}, gitPatchFlags...), base, "--", spec)...)
		return nil, out, err
	}
	out, err = r.gitRead(ctx, env, "diff", "-z", "--raw", "--numstat", "--no-abbrev", "-M", "--no-ext-diff",
		"--no-textconv", base, "--", spec)
	files, _ := gitParseChanges(strings.Split(out, "\x00"), 0, false)
	return files, "", err
}
