package gitrepo

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/index"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// CommitResult says what CommitPaths did.
type CommitResult struct {
	Hash    string // full hex hash of the new commit; "" when no commit was made
	Skipped string // why no commit was made: "not a git repository", "detached HEAD", "merge in progress", "rebase in progress", "cherry-pick in progress", "revert in progress", "nothing to commit"
}

// CommitPaths makes one commit on the current branch holding exactly the current work-tree
// state of paths, on top of HEAD. A path missing from the work tree is removed from the
// commit's tree (so a move committed as old+new paths is a rename for git); a folder stands
// for every file under it that git would see (untracked ignored files and `.debug` folders
// are left out), and files of it missing from the work tree are removed. Passing a memory
// folder rather than the files just written also takes along the files of an earlier commit
// that was refused (a failing hook): they are committed with the next one.
//
// Paths are absolute or relative to the folder the Repo was opened from.
// Everything else in the user's index — other paths, their staged content — stays exactly as
// it was; the index entries of the committed paths are set to the committed content so that
// `git status` shows them clean. On a detached HEAD or during a merge, rebase, cherry-pick or
// revert it commits nothing and says why. An unborn branch gets its first commit.
//
// When git is installed the commit is made by `git commit --only`, so the user's hooks,
// signing, clean filters, autocrlf and index format apply and the reflog records it; a
// refused commit returns git's reason in one line and leaves the files as they are. Without
// git, carnet writes the commit itself (go-git). carnet's writers take turns on a lock of
// their own; a lock held by another git process is waited for a few times, then reported.
// ctx bounds the whole commit: git is asked to stop (SIGTERM, git then drops its own locks).
//
// Author and committer come from GIT_AUTHOR_*/GIT_COMMITTER_* (NAME, EMAIL, DATE), else git
// config user.name/user.email (repository, then global), else "carnet <carnet@localhost>".
func (rp *Repo) CommitPaths(ctx context.Context, paths []string, message string) (CommitResult, error) {
	message = strings.TrimRight(message, " \t\r\n")
	if strings.TrimSpace(message) == "" {
		return CommitResult{}, errors.New("empty commit message")
	}
	r := rp.open()
	defer r.Close()
	var rels []string
	seen := map[string]bool{}
	for _, p := range paths {
		rel, err := r.relPath(p)
		if err != nil {
			return CommitResult{}, err
		}
		if rel == "" {
			return CommitResult{}, fmt.Errorf("%s is the whole work tree; carnet commits memory paths only", p)
		}
		if !seen[rel] {
			seen[rel] = true
			rels = append(rels, rel)
		}
	}
	sort.Strings(rels)

	unlock, err := r.lockCommits(ctx)
	if err != nil {
		return CommitResult{}, err
	}
	defer unlock()
	wait := gitLockBackoff
	for attempt := 1; ; attempt++ {
		if why := r.busy(); why != "" {
			return CommitResult{Skipped: why}, nil
		}
		var res CommitResult
		if gitCLI() != "" {
			res, err = r.commitCLI(ctx, rels, message)
		} else {
			res, err = r.commitGoGit(rels, message)
		}
		if _, locked := errors.AsType[*gitLockedError](err); !locked || attempt == gitLockRetries {
			return res, err
		}
		select {
		case <-ctx.Done():
			return res, err
		case <-time.After(wait):
		}
		wait *= 2
	}
}

// commitGoGit makes the commit of CommitPaths with go-git's plumbing, where git is not
// installed.
func (r *gitRepo) commitGoGit(rels []string, message string) (CommitResult, error) {
	r.dropStaleLocks()
	headRef, err := r.st.Reference(plumbing.HEAD)
	if err != nil {
		return CommitResult{}, err
	}
	if headRef.Type() != plumbing.SymbolicReference {
		return CommitResult{Skipped: "detached HEAD"}, nil
	}
	branch := headRef.Target()
	parent, base := plumbing.ZeroHash, gitEmptyTree // an unborn branch gets its first commit
	switch ref, err := r.st.Reference(branch); {
	case errors.Is(err, plumbing.ErrReferenceNotFound):
	case err != nil:
		return CommitResult{}, err
	case ref.Type() != plumbing.HashReference:
		return CommitResult{}, fmt.Errorf("%s is a symbolic reference", branch)
	default:
		ci, err := r.obj.commitInfo(ref.Hash())
		if err != nil {
			return CommitResult{}, err
		}
		parent, base = ref.Hash(), ci.tree
	}

	indexPath := filepath.Join(r.gitDir, "index")
	lock, err := r.lock(indexPath)
	if err != nil {
		return CommitResult{}, err
	}
	defer lock.release()
	idx, err := gitReadIndex(indexPath)
	if err != nil {
		return CommitResult{}, err
	}

	tree := &gitTreeNode{hash: base}
	var upd []gitIndexUpdate
	for _, rel := range rels {
		if upd, err = r.stage(tree, idx, base, rel, upd); err != nil {
			return CommitResult{}, err
		}
	}
	treeHash, _, err := tree.write(r)
	if err != nil {
		return CommitResult{}, err
	}
	if treeHash == base {
		return CommitResult{Skipped: "nothing to commit"}, nil
	}

	author, committer := r.signatures(time.Now())
	c := &object.Commit{Author: author, Committer: committer, Message: message + "\n", TreeHash: treeHash}
	if !parent.IsZero() {
		c.ParentHashes = []plumbing.Hash{parent}
	}
	obj := r.st.NewEncodedObject()
	if err := c.Encode(obj); err != nil {
		return CommitResult{}, err
	}
	hash, err := r.st.SetEncodedObject(obj)
	if err != nil {
		return CommitResult{}, err
	}

	gitApplyIndex(idx, upd)
	if err := lock.write(idx); err != nil {
		return CommitResult{}, err
	}
	if err := r.updateRef(branch, parent, hash); err != nil {
		return CommitResult{}, err
	}
	if err := lock.commit(); err != nil {
		return CommitResult{Hash: hash.String()}, fmt.Errorf("committed %s but could not update the index: %w", hash, err)
	}
	subject, _, _ := strings.Cut(message, "\n")
	what := "commit: "
	if parent.IsZero() {
		what = "commit (initial): "
	}
	r.appendReflog(branch, parent, hash, committer, what+subject)
	return CommitResult{Hash: hash.String()}, nil
}

// gitEmptyTree is the hash of the tree with no entry.
var gitEmptyTree = plumbing.ComputeHash(plumbing.TreeObject, nil)

// busy says which operation in progress forbids a commit, or "".
func (r *gitRepo) busy() string {
	has := func(name string) bool {
		_, err := os.Stat(filepath.Join(r.gitDir, name))
		return err == nil
	}
	switch {
	case has("rebase-merge"), has("rebase-apply"):
		return "rebase in progress"
	case has("MERGE_HEAD"):
		return "merge in progress"
	case has("CHERRY_PICK_HEAD"):
		return "cherry-pick in progress"
	case has("REVERT_HEAD"):
		return "revert in progress"
	}
	return ""
}

// gitIndexUpdate is one change to make to the index after the commit: drop
// path and everything under it, or put file f (with its stat data) at path.
type gitIndexUpdate struct {
	path   string
	remove bool
	file   gitFile
	fi     os.FileInfo
}

// stage puts the work-tree state of rel into tree and lists the index updates it implies.
func (r *gitRepo) stage(tree *gitTreeNode, idx *index.Index, base plumbing.Hash, rel string, upd []gitIndexUpdate) ([]gitIndexUpdate, error) {
	fi, err := os.Lstat(r.abs(rel))
	switch {
	case err != nil && (os.IsNotExist(err) || errors.Is(err, gitErrNotDir)):
		upd = append(upd, gitIndexUpdate{path: rel, remove: true})
		return upd, tree.remove(r, rel)
	case err != nil:
		return upd, err
	case fi.IsDir():
		tracked := map[string]gitFile{}
		sub, err := r.treeAt(base, rel)
		if err != nil {
			return upd, err
		}
		if err := gitFlatten(r.obj, sub, rel, tracked); err != nil {
			return upd, err
		}
		for _, e := range idx.Entries {
			if strings.HasPrefix(e.Name, rel+"/") {
				tracked[e.Name] = gitFile{hash: e.Hash, mode: e.Mode}
			}
		}
		files, err := r.walkWorkTree(rel, tracked)
		if err != nil {
			return upd, err
		}
		upd = append(upd, gitIndexUpdate{path: rel, remove: true})
		if err := tree.remove(r, rel); err != nil {
			return upd, err
		}
		names := make([]string, 0, len(files))
		for p := range files {
			names = append(names, p)
		}
		sort.Strings(names)
		for _, p := range names {
			w := files[p]
			if err := r.storeBlob(w.gitFile); err != nil {
				return upd, err
			}
			if err := tree.set(r, p, w.mode, w.hash); err != nil {
				return upd, err
			}
			upd = append(upd, gitIndexUpdate{path: p, file: w.gitFile, fi: w.fi})
		}
		return upd, nil
	default:
		f, err := gitReadWorkFile(r.abs(rel), fi)
		if err != nil {
			return upd, err
		}
		if err := r.storeBlob(f); err != nil {
			return upd, err
		}
		upd = append(upd, gitIndexUpdate{path: rel, file: f, fi: fi})
		return upd, tree.set(r, rel, f.mode, f.hash)
	}
}

// storeBlob writes the content of a work-tree file into the object store.
func (r *gitRepo) storeBlob(f gitFile) error {
	if r.obj.has(f.hash) {
		return nil
	}
	if f.data == nil && f.hash != gitEmptyBlob {
		return fmt.Errorf("blob %s is missing from the object store", f.hash)
	}
	obj := r.st.NewEncodedObject()
	obj.SetType(plumbing.BlobObject)
	obj.SetSize(int64(len(f.data)))
	w, err := obj.Writer()
	if err != nil {
		return err
	}
	if _, err := w.Write(f.data); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	_, err = r.st.SetEncodedObject(obj)
	return err
}

// gitReadWorkFile reads a regular file or a symbolic link of the work tree
// the way git stores it. fi must come from an Lstat made before the read, so
// that a change made meanwhile shows in the stat data git compares.
func gitReadWorkFile(abs string, fi os.FileInfo) (gitFile, error) {
	var f gitFile
	switch {
	case fi.Mode()&os.ModeSymlink != 0:
		target, err := os.Readlink(abs)
		if err != nil {
			return f, err
		}
		f.data, f.mode = []byte(filepath.ToSlash(target)), filemode.Symlink
	case fi.Mode().IsRegular():
		data, err := os.ReadFile(abs)
		if err != nil {
			return f, err
		}
		f.data, f.mode = data, filemode.Regular
		if fi.Mode()&0o111 != 0 {
			f.mode = filemode.Executable
		}
	default:
		return f, fmt.Errorf("%s is neither a file nor a symbolic link", abs)
	}
	f.hash = plumbing.ComputeHash(plumbing.BlobObject, f.data)
	return f, nil
}

// gitApplyIndex drops the index entries that the committed paths replace
// (the paths themselves, anything under them, a file standing where a folder
// now is) and adds entries for the committed files. Other entries are kept as they are.
func gitApplyIndex(idx *index.Index, upd []gitIndexUpdate) {
	roots := map[string]bool{}   // paths whose entries, and entries under them, go
	parents := map[string]bool{} // folders of committed files: an entry there goes
	for _, u := range upd {
		roots[u.path] = true
		if !u.remove {
			for d := u.path; strings.Contains(d, "/"); {
				d = d[:strings.LastIndexByte(d, '/')]
				parents[d] = true
			}
		}
	}
	old := map[string]*index.Entry{}
	kept := make([]*index.Entry, 0, len(idx.Entries)+len(upd))
	for _, e := range idx.Entries {
		drop := parents[e.Name]
		for p := e.Name; !drop; {
			if roots[p] {
				drop = true
				break
			}
			i := strings.LastIndexByte(p, '/')
			if i < 0 {
				break
			}
			p = p[:i]
		}
		if drop {
			if e.Stage == 0 {
				old[e.Name] = e
			}
			continue
		}
		kept = append(kept, e)
	}
	for _, u := range upd {
		if u.remove {
			continue
		}
		e := &index.Entry{
			Hash:       u.file.hash,
			Name:       u.path,
			Mode:       u.file.mode,
			ModifiedAt: u.fi.ModTime(),
			Size:       uint32(u.fi.Size()),
		}
		if o := old[u.path]; o != nil {
			e.SkipWorktree = o.SkipWorktree
		}
		gitFillStat(e, u.fi)
		kept = append(kept, e)
	}
	idx.Entries = kept
	idx.Cache = nil // the cached trees of the changed folders are stale
	if idx.Version == 0 {
		idx.Version = 2
	}
}

// gitReadIndex reads the index file; a missing one is an empty index.
func gitReadIndex(path string) (*index.Index, error) {
	idx := &index.Index{Version: 2}
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return idx, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := index.NewDecoder(bufio.NewReader(f)).Decode(idx); err != nil {
		return nil, fmt.Errorf("reading the git index: %w", err)
	}
	return idx, nil
}
