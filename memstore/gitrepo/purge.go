package gitrepo

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Rewriting a text out of the history of some folders, through the user's git.
//
// The rewrite is `git fast-export | filter | git fast-import`: one pipeline, whatever the
// number of commits (git filter-branch forks a shell per commit, quotes the text into a
// script, and is deprecated by git itself), and the text never appears on a command line —
// only on pipes. Only the commits that hold the text, and those that descend from them, are
// exported (the others are excluded by their hash, so they keep it and their signatures);
// only the files under the folders are changed, every other blob and tree stays as it was,
// which Purge checks on every rewritten commit before it returns. The refs as they were are
// kept under BackupPrefix until DropBackups (or put back by RestoreBackup).

// BackupPrefix is where Purge keeps the refs it rewrote, as they were: one folder per purge,
// BackupPrefix + "<stamp>/" + the ref's name without "refs/" ("heads/main", "tags/v1").
const BackupPrefix = "refs/carnet/backup/"

// Holding says where a text is found in the history of some folders: the commits whose
// changes bring a file holding it, and the refs that reach one of them.
type Holding struct {
	Commits  int      // commits whose changes (under the folders) bring a file holding the text
	Branches []string // local branches that reach it (short names), sorted
	Tags     []string // tags that reach it (short names), sorted
	Remotes  []string // remote-tracking refs that reach it ("origin/main"), sorted
	Others   []string // other refs that reach it (refs/stash, refs/notes/…), full names
	// Messages are the commits (abbreviated hashes) reachable from a ref whose message holds
	// the text; Purge rewrites those whose changes lie under the folders only.
	Messages []string
}

// Empty reports whether no ref reaches the text.
func (h Holding) Empty() bool {
	return len(h.Branches)+len(h.Tags)+len(h.Remotes)+len(h.Others)+len(h.Messages) == 0
}

// PurgeOptions say what Purge rewrites.
type PurgeOptions struct {
	// Paths are the folders (or files) whose history is rewritten, relative to the folder the
	// Repo was opened from (or absolute); nothing outside them changes.
	Paths []string
	// Text is what must be gone; it is searched byte for byte.
	Text []byte
	// Rewrite gives the new content of a file under Paths that holds Text. What it returns
	// must not hold Text any more.
	Rewrite func(path string, data []byte) ([]byte, error)
	// Message, when set, rewrites the message of a rewritten commit whose changes all lie
	// under Paths and hold Text (the commits a tool made for those files); the messages of
	// other commits are kept byte for byte.
	Message func(msg []byte) []byte
	// Now names the backup (its stamp); zero is time.Now().
	Now time.Time
}

// RefUpdate is a ref Purge rewrote: its full name, and its value before and after.
type RefUpdate struct {
	Ref      string
	Old, New string
}

// PurgeResult says what Purge did.
type PurgeResult struct {
	Backup    string      // the backup folder of refs, BackupPrefix + stamp; "" when nothing was rewritten
	Refs      []RefUpdate // the branches and tags rewritten, sorted by name
	Commits   int         // the commits rewritten
	Files     int         // the file versions rewritten (a file, in a commit that changes it)
	Messages  int         // the commit messages rewritten
	Kept      []string    // commits (abbreviated) whose message still holds the text: their changes are not all under the folders
	StillHeld Holding     // what still reaches the text after the rewrite: remote-tracking and other refs
}

// ErrDirty refuses a rewrite of history while the work tree has uncommitted changes.
var ErrDirty = errors.New("the work tree has uncommitted changes")

// Holding finds the commits and refs that reach text in the history of paths (every ref
// but the backups of Purge).
func (rp *Repo) Holding(ctx context.Context, paths []string, text []byte) (Holding, error) {
	if gitCLI() == "" {
		return Holding{}, errors.New("finding a text in history needs git, which is not installed")
	}
	if len(text) == 0 {
		return Holding{}, errors.New("no text to look for")
	}
	rels, err := rp.purgePaths(paths)
	if err != nil {
		return Holding{}, err
	}
	refs, err := rp.purgeRefs(ctx)
	if err != nil {
		return Holding{}, err
	}
	s := &holdScan{rp: rp, paths: rels, text: text, refs: refs}
	if err := s.run(ctx); err != nil {
		return Holding{}, err
	}
	return s.holding(), nil
}

// Purge rewrites opt.Text out of the history of opt.Paths on every local branch and tag that
// reaches it, keeping the refs as they were under a backup. It refuses on a detached HEAD,
// during a merge or a rebase, on uncommitted changes (ErrDirty), and when a branch to rewrite
// is checked out in another work tree. Remote-tracking refs are not rewritten: StillHeld
// says which still reach the text (push the rewritten branches to change them). After the
// rewrite it checks that every rewritten commit differs from its original under opt.Paths
// only and that no rewritten ref reaches the text; if not, the refs are put back and it
// fails.
func (rp *Repo) Purge(ctx context.Context, opt PurgeOptions) (PurgeResult, error) {
	if gitCLI() == "" {
		return PurgeResult{}, errors.New("rewriting history needs git, which is not installed")
	}
	if opt.Rewrite == nil || len(opt.Text) == 0 {
		return PurgeResult{}, errors.New("purge: nothing to rewrite")
	}
	rels, err := rp.purgePaths(opt.Paths)
	if err != nil {
		return PurgeResult{}, err
	}
	if err := rp.CheckClean(ctx); err != nil {
		return PurgeResult{}, err
	}
	refs, err := rp.purgeRefs(ctx)
	if err != nil {
		return PurgeResult{}, err
	}
	s := &holdScan{rp: rp, paths: rels, text: opt.Text, refs: refs}
	if err := s.run(ctx); err != nil {
		return PurgeResult{}, err
	}
	var rewrite []gitRef
	for _, r := range refs {
		if s.held[r.commit] && (strings.HasPrefix(r.name, "refs/heads/") || strings.HasPrefix(r.name, "refs/tags/")) {
			rewrite = append(rewrite, r)
		}
	}
	res := PurgeResult{}
	if len(rewrite) == 0 {
		res.StillHeld = s.holding()
		return res, nil
	}
	if err := rp.checkedOutElsewhere(ctx, rewrite); err != nil {
		return res, err
	}
	// every version of a file to rewrite, rewritten before anything changes
	newData := map[string][]byte{} // blob + "\x00" + path → its new content
	for key, data := range s.toRewrite() {
		blob, p, _ := strings.Cut(key, "\x00")
		out, err := opt.Rewrite(p, data)
		if err != nil {
			return res, fmt.Errorf("cannot rewrite %s (blob %s): %w", p, blob[:min(10, len(blob))], err)
		}
		if bytes.Contains(out, opt.Text) {
			return res, fmt.Errorf("cannot rewrite %s (blob %s): the text is still there after the rewrite", p, blob[:min(10, len(blob))])
		}
		newData[key] = out
	}
	oldHeadTree, _ := rp.gitOut(ctx, "rev-parse", "--verify", "-q", "HEAD^{tree}")
	stamp := cmpTime(opt.Now).UTC().Format("20060102-150405")
	res.Backup, err = rp.backup(ctx, stamp, rewrite)
	if err != nil {
		return res, err
	}
	f := &exportFilter{paths: rels, text: opt.Text, newData: newData, message: opt.Message,
		blobs: map[string]string{}, commits: map[string]string{}}
	marks, err := rp.fastRewrite(ctx, s.exportArgs(rewrite), f)
	if err != nil {
		return res, rp.undo(ctx, res.Backup, fmt.Errorf("the rewrite failed, nothing changed: %w", err))
	}
	res.Files, res.Messages, res.Kept = f.files, f.messages, f.kept
	if err := rp.checkRewrite(ctx, rels, f.commits, marks); err != nil {
		return res, rp.undo(ctx, res.Backup, err)
	}
	res.Commits = len(f.commits)
	for _, r := range rewrite {
		now, err := rp.gitOut(ctx, "rev-parse", "--verify", "-q", r.name)
		if err != nil {
			return res, rp.undo(ctx, res.Backup, fmt.Errorf("%s is gone after the rewrite", r.name))
		}
		res.Refs = append(res.Refs, RefUpdate{Ref: r.name, Old: r.value, New: now})
	}
	after, err := rp.Holding(ctx, opt.Paths, opt.Text)
	if err != nil {
		return res, rp.undo(ctx, res.Backup, err)
	}
	if len(after.Branches)+len(after.Tags) > 0 {
		return res, rp.undo(ctx, res.Backup, fmt.Errorf("after the rewrite, %s still reach the text", strings.Join(slices.Concat(after.Branches, after.Tags), ", ")))
	}
	res.StillHeld = after
	if newTree, _ := rp.gitOut(ctx, "rev-parse", "--verify", "-q", "HEAD^{tree}"); oldHeadTree != "" && newTree != oldHeadTree {
		// the checked-out branch held the text in its last commit: the index and the files
		// follow it, as a checkout would (the work tree was clean)
		if _, err := rp.gitOut(ctx, "read-tree", "-m", "-u", oldHeadTree, newTree); err != nil {
			return res, fmt.Errorf("history is rewritten, but the work tree could not follow HEAD (%w): run git reset --keep HEAD", err)
		}
	}
	return res, nil
}

func cmpTime(t time.Time) time.Time {
	if t.IsZero() {
		return time.Now()
	}
	return t
}

// Backup is the refs one Purge kept, as they were before it.
type Backup struct {
	Name string            // BackupPrefix + stamp
	Refs map[string]string // the rewritten ref's full name → its value before
}

// Backups lists the backups Purge kept, oldest first.
func (rp *Repo) Backups(ctx context.Context) ([]Backup, error) {
	out, err := rp.gitOut(ctx, "for-each-ref", "--format=%(refname) %(objectname)", BackupPrefix)
	if err != nil {
		return nil, err
	}
	byName := map[string]*Backup{}
	var names []string
	for l := range strings.Lines(out) {
		ref, val, ok := strings.Cut(strings.TrimSpace(l), " ")
		if !ok {
			continue
		}
		stamp, rest, ok := strings.Cut(strings.TrimPrefix(ref, BackupPrefix), "/")
		if !ok {
			continue
		}
		name := BackupPrefix + stamp
		b := byName[name]
		if b == nil {
			b = &Backup{Name: name, Refs: map[string]string{}}
			byName[name] = b
			names = append(names, name)
		}
		b.Refs["refs/"+rest] = val
	}
	slices.Sort(names)
	out2 := make([]Backup, len(names))
	for i, n := range names {
		out2[i] = *byName[n]
	}
	return out2, nil
}

// DropBackups deletes every backup Purge kept, expires the reflog entries of the refs they
// rewrote that no ref reaches any more, and prunes the objects nothing reaches (git gc
// --prune=now): only then is the text gone from this repository. It returns the backups
// dropped.
func (rp *Repo) DropBackups(ctx context.Context) ([]Backup, error) {
	bs, err := rp.Backups(ctx)
	if err != nil || len(bs) == 0 {
		return nil, err
	}
	var del strings.Builder
	logs := []string{"HEAD"}
	for _, b := range bs {
		for ref, val := range b.Refs {
			fmt.Fprintf(&del, "delete %s%s %s\n", b.Name+"/", strings.TrimPrefix(ref, "refs/"), val)
			if strings.HasPrefix(ref, "refs/heads/") && !slices.Contains(logs, ref) { // tags keep no reflog
				logs = append(logs, ref)
			}
		}
	}
	if _, err := (gitCmd{dir: rp.root, args: []string{"update-ref", "--stdin"}, stdin: []byte(del.String())}).run(ctx); err != nil {
		return nil, err
	}
	logs = slices.DeleteFunc(logs, func(ref string) bool {
		_, err := rp.gitOut(ctx, "reflog", "exists", ref)
		return err != nil
	})
	if len(logs) == 0 {
		logs = []string{"--all"}
	}
	if _, err := rp.gitOut(ctx, append([]string{"reflog", "expire", "--expire-unreachable=now"}, logs...)...); err != nil {
		return bs, fmt.Errorf("the backups are dropped, but the reflog was not expired: %w", err)
	}
	if _, err := rp.gitOut(ctx, "gc", "--prune=now", "--quiet"); err != nil {
		return bs, fmt.Errorf("the backups are dropped, but git gc failed: %w", err)
	}
	return bs, nil
}

// RestoreBackup puts back the refs of the backup name (BackupPrefix + stamp, or the stamp) as
// they were before that Purge, and deletes the backup. It refuses on uncommitted changes.
func (rp *Repo) RestoreBackup(ctx context.Context, name string) (Backup, error) {
	if !strings.HasPrefix(name, BackupPrefix) {
		name = BackupPrefix + name
	}
	return rp.restoreBackup(ctx, name, true)
}

// restoreBackup is RestoreBackup; check refuses on uncommitted changes (a rewrite that failed
// half-way restores without: the work tree was clean before it).
func (rp *Repo) restoreBackup(ctx context.Context, name string, check bool) (Backup, error) {
	bs, err := rp.Backups(ctx)
	if err != nil {
		return Backup{}, err
	}
	i := slices.IndexFunc(bs, func(b Backup) bool { return b.Name == name })
	if i < 0 {
		return Backup{}, fmt.Errorf("no backup %s", name)
	}
	if check {
		if err := rp.CheckClean(ctx); err != nil {
			return Backup{}, err
		}
	}
	b := bs[i]
	oldTree, _ := rp.gitOut(ctx, "rev-parse", "--verify", "-q", "HEAD^{tree}")
	var upd strings.Builder
	for ref, val := range b.Refs {
		fmt.Fprintf(&upd, "update %s %s\ndelete %s/%s %s\n", ref, val, b.Name, strings.TrimPrefix(ref, "refs/"), val)
	}
	if _, err := (gitCmd{dir: rp.root, args: []string{"update-ref", "--stdin"}, stdin: []byte(upd.String())}).run(ctx); err != nil {
		return Backup{}, err
	}
	if newTree, _ := rp.gitOut(ctx, "rev-parse", "--verify", "-q", "HEAD^{tree}"); oldTree != "" && newTree != oldTree {
		if _, err := rp.gitOut(ctx, "read-tree", "-m", "-u", oldTree, newTree); err != nil {
			return b, fmt.Errorf("the refs are back, but the work tree could not follow HEAD (%w): run git reset --keep HEAD", err)
		}
	}
	return b, nil
}

// gitOut runs git in the top-level of the work tree and returns its output, trimmed.
func (rp *Repo) gitOut(ctx context.Context, args ...string) (string, error) {
	out, err := gitCmd{dir: rp.root, args: args}.run(ctx)
	return strings.TrimSpace(out), err
}

// purgePaths makes paths relative to the top-level of the work tree, slash-separated.
func (rp *Repo) purgePaths(paths []string) ([]string, error) {
	if len(paths) == 0 {
		return nil, errors.New("no folder to look in")
	}
	var out []string
	for _, p := range paths {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(rp.base, p)
		}
		rel, err := filepath.Rel(rp.root, filepath.Clean(abs))
		if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return nil, fmt.Errorf("%s is not a folder inside the work tree %s", p, rp.root)
		}
		out = append(out, filepath.ToSlash(rel))
	}
	return out, nil
}

// under reports whether p (relative to the top-level) lies in one of paths.
func under(paths []string, p string) bool {
	for _, d := range paths {
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// CheckClean refuses a rewrite of history on a detached HEAD, during a merge, rebase,
// cherry-pick or revert, and with uncommitted changes to tracked files (ErrDirty, naming a few)
// outside the paths of except (relative to the folder the Repo was opened from).
func (rp *Repo) CheckClean(ctx context.Context, except ...string) error {
	var skip []string
	if len(except) > 0 {
		var err error
		if skip, err = rp.purgePaths(except); err != nil {
			return err
		}
	}
	if _, err := rp.gitOut(ctx, "symbolic-ref", "-q", "HEAD"); err != nil {
		return errors.New("HEAD is detached: check out a branch first")
	}
	gitDir, err := rp.gitOut(ctx, "rev-parse", "--absolute-git-dir")
	if err != nil {
		return err
	}
	for _, op := range [][2]string{{"MERGE_HEAD", "a merge"}, {"rebase-merge", "a rebase"}, {"rebase-apply", "a rebase"},
		{"CHERRY_PICK_HEAD", "a cherry-pick"}, {"REVERT_HEAD", "a revert"}} {
		if _, err := os.Stat(filepath.Join(gitDir, op[0])); err == nil {
			return fmt.Errorf("%s is in progress: finish it first", op[1])
		}
	}
	out, err := gitCmd{dir: rp.root, args: []string{"status", "--porcelain", "-z", "--untracked-files=no", "--no-renames"}}.run(ctx)
	if err != nil {
		return err
	}
	var files []string
	for e := range strings.SplitSeq(out, "\x00") {
		if len(e) > 3 && !under(skip, e[3:]) {
			files = append(files, e[3:])
		}
	}
	if len(files) == 0 {
		return nil
	}
	more := ""
	if len(files) > 3 {
		more = fmt.Sprintf(" and %d more", len(files)-3)
		files = files[:3]
	}
	return fmt.Errorf("%w (%s%s): commit or stash them first", ErrDirty, strings.Join(files, ", "), more)
}

// checkedOutElsewhere refuses a rewrite of a branch checked out in another work tree: its
// index and files would stay on the old commit.
func (rp *Repo) checkedOutElsewhere(ctx context.Context, refs []gitRef) error {
	out, err := rp.gitOut(ctx, "worktree", "list", "--porcelain")
	if err != nil {
		return nil // no worktree support: only this one
	}
	here, _ := filepath.EvalSymlinks(rp.root)
	dir := ""
	for l := range strings.Lines(out) {
		l = strings.TrimSpace(l)
		if d, ok := strings.CutPrefix(l, "worktree "); ok {
			dir = d
		}
		b, ok := strings.CutPrefix(l, "branch ")
		if !ok {
			continue
		}
		if d, _ := filepath.EvalSymlinks(dir); d == here {
			continue
		}
		if slices.ContainsFunc(refs, func(r gitRef) bool { return r.name == b }) {
			return fmt.Errorf("%s is checked out in another work tree (%s): it would be rewritten under it; remove that work tree or switch it to another branch first", strings.TrimPrefix(b, "refs/heads/"), dir)
		}
	}
	return nil
}

// backup keeps the refs as they are under BackupPrefix+stamp, in one transaction.
func (rp *Repo) backup(ctx context.Context, stamp string, refs []gitRef) (string, error) {
	name := BackupPrefix + stamp
	for i := 2; ; i++ {
		if out, _ := rp.gitOut(ctx, "for-each-ref", "--count=1", name+"/"); out == "" {
			break
		}
		name = fmt.Sprintf("%s%s-%d", BackupPrefix, stamp, i)
	}
	var b strings.Builder
	for _, r := range refs {
		fmt.Fprintf(&b, "create %s/%s %s\n", name, strings.TrimPrefix(r.name, "refs/"), r.value)
	}
	if _, err := (gitCmd{dir: rp.root, args: []string{"update-ref", "--stdin"}, stdin: []byte(b.String())}).run(ctx); err != nil {
		return "", fmt.Errorf("cannot keep a backup of the refs, nothing changed: %w", err)
	}
	return name, nil
}

// undo puts the refs of the backup back after a failed rewrite and returns why it failed.
func (rp *Repo) undo(ctx context.Context, backup string, why error) error {
	if _, err := rp.restoreBackup(ctx, backup, false); err != nil {
		return fmt.Errorf("%w; putting the refs back failed too (%w): they are kept under %s", why, err, backup)
	}
	return why
}

// gitRef is a ref and the commit it reaches.
type gitRef struct {
	name, value string // full name, its value (a tag's object for an annotated tag)
	commit      string // the commit it peels to
}

// purgeRefs lists the refs that name commits (annotated tags peeled), symbolic refs and the
// backups of Purge left out.
func (rp *Repo) purgeRefs(ctx context.Context) ([]gitRef, error) {
	out, err := rp.gitOut(ctx, "for-each-ref", "--format=%(refname)%00%(objectname)%00%(objecttype)%00%(*objectname)%00%(*objecttype)%00%(symref)")
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
			c, err := rp.gitOut(ctx, "rev-parse", "--verify", "-q", f[0]+"^{commit}")
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
	rp    *Repo
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
	out, err := gitCmd{dir: s.rp.root, args: args, stdin: s.revs()}.run(ctx)
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
	dag, err := gitCmd{dir: s.rp.root, args: []string{"rev-list", "--stdin", "--parents", "--topo-order", "--reverse"}, stdin: s.revs()}.run(ctx)
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
	stdout, wait, err := s.rp.gitStream(ctx, &in, "cat-file", "--batch")
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
	stdout, wait, err := s.rp.gitStream(ctx, bytes.NewReader(s.revs()), "log", "--stdin", "-z", "--format=%H%x00%B")
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

// gitStream starts git with stdin and returns its stdout as a stream; wait waits for it and
// returns its error with its last line of stderr.
func (rp *Repo) gitStream(ctx context.Context, stdin io.Reader, args ...string) (io.Reader, func() error, error) {
	bin := gitCLI()
	if bin == "" {
		return nil, nil, errors.New("git is not installed")
	}
	cmd := exec.CommandContext(ctx, bin, append([]string{"-c", "core.quotepath=off", "--no-pager"}, args...)...)
	gitStopOnCancel(cmd)
	cmd.WaitDelay = gitWaitDelay
	cmd.Dir = rp.root
	cmd.Env = gitEnv()
	cmd.Stdin = stdin
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, err
	}
	wait := func() error {
		if err := cmd.Wait(); err != nil {
			return &gitRunError{args: args, code: cmd.ProcessState.ExitCode(), stderr: stderr.String(), err: err}
		}
		return nil
	}
	return out, wait, nil
}

// gitEnv is the environment git runs with: the user's, less what would point it at another
// repository, in the C locale, with no terminal prompt.
func gitEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !gitDropped(k) {
			env = append(env, kv)
		}
	}
	return append(env, "LC_ALL=C", "GIT_TERMINAL_PROMPT=0")
}

// fastRewrite runs git fast-export args | f | git fast-import and returns fast-import's
// marks: mark → new object.
func (rp *Repo) fastRewrite(ctx context.Context, args []string, f *exportFilter) (map[string]string, error) {
	tmp, err := os.MkdirTemp("", "carnet-purge-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	marksFile := filepath.Join(tmp, "marks")
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	export, waitExport, err := rp.gitStream(ctx, nil, args...)
	if err != nil {
		return nil, err
	}
	pr, pw := io.Pipe()
	imp := exec.CommandContext(ctx, gitCLI(), "fast-import", "--force", "--quiet", "--done", "--export-marks="+marksFile)
	gitStopOnCancel(imp)
	imp.WaitDelay = gitWaitDelay
	imp.Dir, imp.Env, imp.Stdin = rp.root, gitEnv(), pr
	var impErr bytes.Buffer
	imp.Stdout, imp.Stderr = io.Discard, &impErr
	if err := imp.Start(); err != nil {
		cancel()
		_ = waitExport()
		return nil, err
	}
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
	impWait := imp.Wait()
	switch {
	case ferr != nil:
		return nil, ferr
	case expErr != nil:
		return nil, expErr
	case impWait != nil:
		return nil, &gitRunError{args: []string{"fast-import"}, code: imp.ProcessState.ExitCode(), stderr: impErr.String(), err: impWait}
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
func (rp *Repo) checkRewrite(ctx context.Context, paths []string, commits, marks map[string]string) error {
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
	out, err := gitCmd{dir: rp.root, args: []string{"diff-tree", "--stdin", "-r", "--name-only", "-z", "--pretty=format:%x01%H"}, stdin: in.Bytes()}.run(ctx)
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

// Remotes lists the repository's remotes by name, sorted.
func (rp *Repo) Remotes(ctx context.Context) ([]string, error) {
	if gitCLI() == "" {
		return nil, errors.New("git is not installed")
	}
	out, err := rp.gitOut(ctx, "remote")
	if err != nil {
		return nil, err
	}
	names := strings.Fields(out)
	slices.Sort(names)
	return names, nil
}
