package gitrepo

import (
	"bufio"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/index"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// gitErrNotDir is what Lstat says when a folder of the path is a file.
var gitErrNotDir = syscall.ENOTDIR

// gitLockFile is git's lock protocol: write "<file>.lock", created exclusively,
// then rename it over the file. A git process running at the same time sees
// the lock and waits or fails instead of losing either update.
//
// So that a carnet killed while holding a lock never leaves it behind for good, the lock is
// made as a hard link to a file of carnet's own (in <common dir>/carnet-locks, next to a note
// of the lock's path): the next commit finds that file and removes the lock only when it is
// still the very same file (dropStaleLocks). A lock made by anyone else is never touched.
type gitLockFile struct {
	path string   // the file locked; the lock is path+".lock"
	own  string   // carnet's link to the lock ("" when links are not supported)
	f    *os.File // the lock's content
	done bool
}

// lock takes git's lock on path; a lock already there is a *gitLockedError.
func (r *gitRepo) lock(path string) (*gitLockFile, error) {
	dir := filepath.Join(r.commonDir, "carnet-locks")
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	own := filepath.Join(dir, fmt.Sprintf("%x", sha256.Sum256([]byte(path))))
	os.Remove(own)
	if err := os.WriteFile(own+".path", []byte(path+".lock"), 0o666); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(own, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		os.Remove(own + ".path")
		return nil, err
	}
	switch err := os.Link(own, path+".lock"); {
	case err == nil:
		return &gitLockFile{path: path, own: own, f: f}, nil
	case os.IsExist(err):
		f.Close()
		os.Remove(own)
		os.Remove(own + ".path")
		return nil, &gitLockedError{path: path + ".lock"}
	}
	// No hard links here: a plain exclusive create.
	f.Close()
	os.Remove(own)
	os.Remove(own + ".path")
	f, err = os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
	if os.IsExist(err) {
		return nil, &gitLockedError{path: path + ".lock"}
	}
	if err != nil {
		return nil, err
	}
	return &gitLockFile{path: path, f: f}, nil
}

// dropStaleLocks removes the locks a carnet process killed while committing left behind:
// those that are still the file carnet linked them to. Called under carnet's commit lock.
func (r *gitRepo) dropStaleLocks() {
	notes, _ := filepath.Glob(filepath.Join(r.commonDir, "carnet-locks", "*.path"))
	for _, note := range notes {
		own := strings.TrimSuffix(note, ".path")
		if lock, err := os.ReadFile(note); err == nil {
			a, errA := os.Lstat(own)
			b, errB := os.Lstat(string(lock))
			if errA == nil && errB == nil && os.SameFile(a, b) {
				os.Remove(string(lock))
			}
		}
		os.Remove(own)
		os.Remove(note)
	}
}

// write encodes idx into the lock file.
func (l *gitLockFile) write(idx *index.Index) error {
	w := bufio.NewWriter(l.f)
	if err := index.NewEncoder(w).Encode(idx); err != nil {
		return err
	}
	return w.Flush()
}

// commit makes the lock file's content the file's.
func (l *gitLockFile) commit() error {
	if err := l.f.Sync(); err != nil {
		return err
	}
	if err := l.f.Close(); err != nil {
		return err
	}
	if err := os.Rename(l.path+".lock", l.path); err != nil {
		return err
	}
	l.done = true
	l.forget()
	return nil
}

// forget removes carnet's own link to the lock and its note.
func (l *gitLockFile) forget() {
	if l.own != "" {
		os.Remove(l.own)
		os.Remove(l.own + ".path")
	}
}

// release drops the lock without touching the file, unless it was committed.
func (l *gitLockFile) release() {
	if l.done {
		return
	}
	l.f.Close()
	if l.own == "" {
		os.Remove(l.path + ".lock")
	} else if a, errA := os.Lstat(l.own); errA == nil {
		if b, errB := os.Lstat(l.path + ".lock"); errB == nil && os.SameFile(a, b) {
			os.Remove(l.path + ".lock")
		}
	}
	l.forget()
	l.done = true
}

// updateRef moves branch name from old (zero: the branch does not exist yet)
// to new, under git's lock, failing if someone moved it meanwhile.
func (r *gitRepo) updateRef(name plumbing.ReferenceName, old, new plumbing.Hash) error {
	path := filepath.Join(r.commonDir, filepath.FromSlash(name.String()))
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return err
	}
	lock, err := r.lock(path)
	if err != nil {
		return err
	}
	defer lock.release()
	cur, err := r.st.Reference(name)
	switch {
	case errors.Is(err, plumbing.ErrReferenceNotFound):
		if !old.IsZero() {
			return fmt.Errorf("%s was deleted while committing", name.Short())
		}
	case err != nil:
		return err
	case cur.Type() != plumbing.HashReference || cur.Hash() != old:
		return fmt.Errorf("%s moved while committing; try again", name.Short())
	}
	if _, err := lock.f.WriteString(new.String() + "\n"); err != nil {
		return err
	}
	return lock.commit()
}

// appendReflog records the update in the branch's and HEAD's reflogs, as git
// does, when the repository keeps reflogs. Failing to is not an error.
func (r *gitRepo) appendReflog(name plumbing.ReferenceName, old, new plumbing.Hash, who object.Signature, msg string) {
	if _, err := os.Stat(filepath.Join(r.gitDir, "logs")); err != nil {
		return
	}
	line := fmt.Sprintf("%s %s %s <%s> %d %s\t%s\n", old, new, who.Name, who.Email,
		who.When.Unix(), who.When.Format("-0700"), strings.ReplaceAll(msg, "\n", " "))
	for _, p := range []string{
		filepath.Join(r.commonDir, "logs", filepath.FromSlash(name.String())),
		filepath.Join(r.gitDir, "logs", "HEAD"),
	} {
		if os.MkdirAll(filepath.Dir(p), 0o777) != nil {
			continue
		}
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
		if err != nil {
			continue
		}
		_, _ = f.WriteString(line)
		f.Close()
	}
}

// signatures returns the author and committer of a commit made now.
func (r *gitRepo) signatures(now time.Time) (author, committer object.Signature) {
	name, email := "", ""
	use := func(c *config.Config) {
		if c == nil {
			return
		}
		if c.User.Name != "" {
			name = c.User.Name
		}
		if c.User.Email != "" {
			email = c.User.Email
		}
	}
	for _, p := range gitGlobalConfigPaths() {
		use(gitReadConfigFile(p))
	}
	if c, err := r.st.Config(); err == nil {
		use(c)
	}
	if name == "" {
		name = "carnet"
	}
	if email == "" {
		email = "carnet@localhost"
	}
	sig := func(who string) object.Signature {
		s := object.Signature{Name: name, Email: email, When: now}
		if v := os.Getenv("GIT_" + who + "_NAME"); v != "" {
			s.Name = v
		}
		if v := os.Getenv("GIT_" + who + "_EMAIL"); v != "" {
			s.Email = v
		}
		if t, ok := gitParseDate(os.Getenv("GIT_" + who + "_DATE")); ok {
			s.When = t
		}
		return s
	}
	return sig("AUTHOR"), sig("COMMITTER")
}

// gitGlobalConfigPaths lists the system and global config files in git's
// order of reading (later ones win).
func gitGlobalConfigPaths() []string {
	var paths []string
	if os.Getenv("GIT_CONFIG_NOSYSTEM") == "" {
		paths = append(paths, "/etc/gitconfig")
	}
	if p := os.Getenv("GIT_CONFIG_GLOBAL"); p != "" {
		return append(paths, p)
	}
	home, _ := os.UserHomeDir()
	xdg := os.Getenv("XDG_CONFIG_HOME")
	if xdg == "" && home != "" {
		xdg = filepath.Join(home, ".config")
	}
	if xdg != "" {
		paths = append(paths, filepath.Join(xdg, "git", "config"))
	}
	if home != "" {
		paths = append(paths, filepath.Join(home, ".gitconfig"))
	}
	return paths
}

// gitReadConfigFile reads a git config file; nil when missing or unreadable.
func gitReadConfigFile(path string) *config.Config {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	c, err := config.ReadConfig(f)
	if err != nil {
		return nil
	}
	return c
}

// gitParseDate reads a date as git accepts it in GIT_AUTHOR_DATE: "@<unix> <zone>",
// "<unix> <zone>", RFC 3339, RFC 2822 or git's own format.
func gitParseDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, false
	}
	if f := strings.Fields(strings.TrimPrefix(s, "@")); len(f) <= 2 {
		if sec, err := strconv.ParseInt(f[0], 10, 64); err == nil {
			t := time.Unix(sec, 0).UTC()
			if len(f) == 2 {
				z, err := time.Parse("-0700", f[1])
				if err != nil {
					return time.Time{}, false
				}
				t = t.In(z.Location())
			}
			return t, true
		}
	}
	for _, layout := range []string{time.RFC3339, time.RFC1123Z, "Mon Jan 2 15:04:05 2006 -0700", "2006-01-02 15:04:05 -0700", "2006-01-02T15:04:05"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
