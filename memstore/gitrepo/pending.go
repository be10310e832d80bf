package gitrepo

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// Pending lists the uncommitted changes under dir (a folder, absolute or relative to
// the folder the Repo was opened from): the work tree, untracked files included and gitignored ones (such as
// logs/.debug/) left out, compared with HEAD, with +/- line counts; a file moved in the work
// tree shows as a rename. Paths are relative to the top-level of the work tree. Only dir is
// read, never the whole work tree.
func (rp *Repo) Pending(dir string) ([]FileChange, error) {
	return rp.pending(dir, nil)
}

// PendingDiff is the git-style unified diff of Pending.
func (rp *Repo) PendingDiff(dir string) (string, error) {
	var b strings.Builder
	_, err := rp.pending(dir, &b)
	return b.String(), err
}

func (rp *Repo) pending(dir string, patch *strings.Builder) ([]FileChange, error) {
	r, release := rp.reader()
	defer release()
	rel, err := r.relPath(dir)
	if err != nil {
		return nil, err
	}
	if why := r.delegated(true, rel); why != "" {
		if gitCLI() == "" {
			return nil, gitNeedsCLI(why)
		}
		return r.pendingCLI(rel, patch)
	}
	root, err := r.headTree()
	if err != nil {
		return nil, err
	}
	sub, err := r.treeAt(root, rel)
	if err != nil {
		return nil, err
	}
	tracked := map[string]gitFile{}
	if err := gitFlatten(r.obj, sub, rel, tracked); err != nil {
		return nil, err
	}
	work, err := r.walkWorkTree(rel, tracked)
	if err != nil {
		return nil, err
	}
	var raws []gitRawChange
	for p, t := range tracked {
		w, ok := work[p]
		switch {
		case !ok:
			raws = append(raws, gitRawChange{path: p, a: &t})
		case w.hash != t.hash || w.mode != t.mode:
			raws = append(raws, gitRawChange{path: p, a: &t, b: &w.gitFile})
		}
	}
	for p, w := range work {
		if _, ok := tracked[p]; !ok {
			raws = append(raws, gitRawChange{path: p, b: &w.gitFile})
		}
	}
	return gitDescribe(r.obj, raws, patch)
}

// gitWorkFile is a file of the work tree with the stat data read before it.
type gitWorkFile struct {
	gitFile
	fi os.FileInfo
}

// gitWalker lists the files of a folder of the work tree that git sees.
type gitWalker struct {
	r           *gitRepo
	tracked     map[string]gitFile
	trackedDirs map[string]bool
	out         map[string]gitWorkFile
}

// walkWorkTree returns the files under folder rel that git would see: tracked
// files always, untracked ones unless gitignored; `.debug` folders (carnet's
// own logs) count as ignored, nested repositories are skipped. A file whose
// content matches its tracked hash is returned without its bytes.
func (r *gitRepo) walkWorkTree(rel string, tracked map[string]gitFile) (map[string]gitWorkFile, error) {
	w := &gitWalker{r: r, tracked: tracked, trackedDirs: map[string]bool{}, out: map[string]gitWorkFile{}}
	for p := range tracked {
		for strings.Contains(p, "/") {
			p = p[:strings.LastIndexByte(p, '/')]
			w.trackedDirs[p] = true
		}
	}
	ps, ignored := r.ignoreAbove(rel)
	var parts []string
	if rel != "" {
		parts = strings.Split(rel, "/")
	}
	fi, err := os.Lstat(r.abs(rel))
	switch {
	case err != nil && (os.IsNotExist(err) || os.IsPermission(err)):
		return w.out, nil
	case err != nil:
		return nil, err
	case !fi.IsDir():
		return w.out, w.file(rel, fi, ignored || gitignore.NewMatcher(ps).Match(parts, false))
	}
	return w.out, w.walk(rel, parts, ps, ignored)
}

func (w *gitWalker) walk(rel string, parts []string, ps []gitignore.Pattern, ignored bool) error {
	abs := w.r.abs(rel)
	ents, err := os.ReadDir(abs)
	if err != nil {
		if os.IsNotExist(err) {
			return nil
		}
		return err
	}
	if !ignored {
		ps = append(slices.Clip(ps), gitReadIgnoreFile(filepath.Join(abs, ".gitignore"), parts)...)
	}
	m := gitignore.NewMatcher(ps)
	for _, e := range ents {
		name := e.Name()
		if name == ".git" {
			continue
		}
		p := gitJoin(rel, name)
		cp := append(slices.Clip(parts), name)
		if e.IsDir() {
			ign := ignored || name == ".debug" || m.Match(cp, true)
			if (ign || gitHasDotGit(filepath.Join(abs, name))) && !w.trackedDirs[p] {
				continue
			}
			if err := w.walk(p, cp, ps, ign); err != nil {
				return err
			}
			continue
		}
		fi, err := e.Info()
		if err != nil {
			if os.IsNotExist(err) {
				continue
			}
			return err
		}
		if err := w.file(p, fi, ignored || m.Match(cp, false)); err != nil {
			return err
		}
	}
	return nil
}

// file adds one file of the walk, unless it is untracked and ignored.
func (w *gitWalker) file(p string, fi os.FileInfo, ignored bool) error {
	t, isTracked := w.tracked[p]
	if ignored && !isTracked {
		return nil
	}
	if !fi.Mode().IsRegular() && fi.Mode()&os.ModeSymlink == 0 {
		return nil
	}
	f, err := gitReadWorkFile(w.r.abs(p), fi)
	if err != nil {
		if os.IsNotExist(err) {
			return nil
		}
		return err
	}
	if isTracked && t.hash == f.hash {
		f.data = nil // the object store has it
	}
	w.out[p] = gitWorkFile{gitFile: f, fi: fi}
	return nil
}

func gitHasDotGit(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, ".git"))
	return err == nil
}

// ignoreAbove returns the ignore patterns that apply inside folder rel from
// outside it (core.excludesFile, info/exclude, the .gitignore files of the
// folders above it) and whether rel itself, or a folder above it, is ignored.
func (r *gitRepo) ignoreAbove(rel string) ([]gitignore.Pattern, bool) {
	ps := gitReadIgnoreFile(gitExcludesFile(), nil)
	ps = append(ps, gitReadIgnoreFile(filepath.Join(r.commonDir, "info", "exclude"), nil)...)
	if rel == "" {
		return ps, false
	}
	parts := strings.Split(rel, "/")
	ignored := false
	for i := range parts {
		domain := append([]string(nil), parts[:i]...)
		ps = append(ps, gitReadIgnoreFile(filepath.Join(r.root, filepath.Join(domain...), ".gitignore"), domain)...)
		if parts[i] == ".debug" || gitignore.NewMatcher(ps).Match(parts[:i+1], true) {
			ignored = true
		}
	}
	return ps, ignored
}

// gitExcludesFile is the user's global ignore file: core.excludesFile, else
// $XDG_CONFIG_HOME/git/ignore.
func gitExcludesFile() string {
	file := ""
	for _, p := range gitGlobalConfigPaths() {
		if c := gitReadConfigFile(p); c != nil {
			if v := c.Raw.Section("core").Options.Get("excludesfile"); v != "" {
				file = v
			}
		}
	}
	home, _ := os.UserHomeDir()
	if rest, ok := strings.CutPrefix(file, "~/"); ok && home != "" {
		file = filepath.Join(home, rest)
	}
	if file == "" {
		xdg := os.Getenv("XDG_CONFIG_HOME")
		if xdg == "" && home != "" {
			xdg = filepath.Join(home, ".config")
		}
		if xdg != "" {
			file = filepath.Join(xdg, "git", "ignore")
		}
	}
	return file
}

// gitReadIgnoreFile reads the patterns of one ignore file, applying under domain.
func gitReadIgnoreFile(path string, domain []string) []gitignore.Pattern {
	if path == "" {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	domain = append([]string(nil), domain...)
	var ps []gitignore.Pattern
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.HasPrefix(line, "#") {
			continue
		}
		if !strings.HasSuffix(line, `\ `) {
			line = strings.TrimRight(line, " \t")
		}
		if line != "" {
			ps = append(ps, gitignore.ParsePattern(line, domain))
		}
	}
	return ps
}
