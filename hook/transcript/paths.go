package transcript

import (
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// PathFixer rewrites paths so that memory never holds an absolute path (SPEC §1): a path
// under one of its bases becomes relative to that base, any other machine-specific
// absolute path becomes its base name.
type PathFixer struct {
	bases []string // absolute, slash-separated, no trailing slash; most specific first
}

// NewPathFixer takes the workspace root first, then other folders (the transcript's cwd)
// whose files are still "the project's" when they sit outside the root. A home folder
// (/Users/name, /home/name) is no project: it is not taken as one of the others.
func NewPathFixer(root string, others ...string) PathFixer {
	var p PathFixer
	for i, b := range append([]string{root}, others...) {
		p.add(b, i == 0)
	}
	return p
}

// add takes the absolute folder b as one more base, after the others; a home folder only
// when home says it may be.
func (p *PathFixer) add(b string, home bool) {
	if b == "" || !isAbs(b) {
		return
	}
	if b = strings.TrimRight(path.Clean(slashed(b)), "/"); b != "" && (home || !isHome(b)) && !slices.Contains(p.bases, b) {
		p.bases = append(p.bases, b)
	}
}

func isAbs(p string) bool { return strings.HasPrefix(p, "/") || filepath.IsAbs(p) || windowsAbs(p) }

// windowsAbs reports a Windows absolute path ("C:\Users\me\app", "C:/Users/me"), which a
// transcript recorded on Windows holds, whatever machine reads it.
func windowsAbs(p string) bool {
	return len(p) >= 3 && (p[0]|0x20 >= 'a' && p[0]|0x20 <= 'z') && p[1] == ':' && (p[2] == '\\' || p[2] == '/')
}

// slashed is p with forward slashes; a Windows path's backslashes too.
func slashed(p string) string {
	if windowsAbs(p) {
		p = strings.ToUpper(p[:1]) + p[1:] // c: and C: are one drive
	}
	if windowsAbs(p) || strings.Contains(p, "\\") && !strings.Contains(p, "/") {
		p = strings.ReplaceAll(p, "\\", "/")
	}
	return filepath.ToSlash(p)
}

// isHome reports a user's home folder (or the root), cleaned and slash-separated.
func isHome(b string) bool {
	if windowsAbs(b) {
		b = b[2:] // C:/Users/me
	}
	if b == "/root" || b == "/" {
		return true
	}
	for _, h := range []string{"/Users/", "/home/"} {
		if rest, ok := strings.CutPrefix(b, h); ok && !strings.Contains(rest, "/") {
			return true
		}
	}
	return false
}

// TurnFixer is the PathFixer of a turn. When the turn ran inside the workspace, the root
// alone says what is the project's: files of a repository the agent went to with cd are
// not. When the transcript's folders are not under the root (a session recorded on another
// machine, replayed here), the folder the session started in stands for the root (a
// subagent that went to a subfolder still writes the session's files), then the folder the
// turn started in, then the one it ended in.
func TurnFixer(t *Turn) PathFixer {
	root := NewPathFixer(t.Root)
	for _, c := range []string{t.StartCwd, t.Cwd} {
		if _, inside := root.Rel(c); c != "" && isAbs(c) && inside {
			return root
		}
	}
	f := NewPathFixer(t.Root, t.SessionCwd, t.StartCwd, t.Cwd)
	if s := strings.TrimRight(path.Clean(slashed(t.SessionCwd)), "/"); s != "" && !strings.HasSuffix(s, ":") {
		f.add(s, true) // a session started in a home folder (not a disk's root): that is where its work is
	}
	return f
}

// Elsewhere names p, a path outside every base, by the folder of dirs that holds it (a
// folder outside the project that the agent went to: another repository, a site's folder):
// that folder's name, then p's path under it ("billing-api/scripts/run.py"). Only the
// folders Away accepts name any.
func (f PathFixer) Elsewhere(dirs []string, p string) (string, bool) {
	if !isAbs(p) {
		return "", false
	}
	s := path.Clean(slashed(p))
	if m := gitBashDrive.FindStringSubmatch(s); m != nil && slices.ContainsFunc(dirs, windowsAbs) {
		s = slashed(m[1] + ":/" + m[2]) // rm /e/AI/app/x.html in a session of Windows paths
	}
	for _, d := range dirs {
		d, ok := f.Away(d, windowsAbs(s))
		if !ok {
			continue
		}
		if rest, ok := strings.CutPrefix(s, d+"/"); ok {
			return path.Base(d) + "/" + rest, true
		}
	}
	return "", false
}

// Away is folder d, cleaned and slash-separated, when it is a folder outside the project
// whose files are work to remember: absolute, in no base, not a home, hidden or temporary
// folder. Git Bash's spelling of a Windows drive ("/e/AI/app") is read as one when windows.
func (f PathFixer) Away(d string, windows bool) (string, bool) {
	if m := gitBashDrive.FindStringSubmatch(d); m != nil && windows {
		d = m[1] + ":/" + m[2]
	}
	if !isAbs(d) {
		return "", false
	}
	d = strings.TrimRight(path.Clean(slashed(d)), "/")
	if _, inside := f.Rel(d); inside || isHome(d) || temporary.MatchString(d) || strings.Contains(d, "/.") {
		return "", false
	}
	return d, true
}

// gitBashDrive finds a Windows drive as Git Bash writes it ("/e/AI/app").
var gitBashDrive = regexp.MustCompile(`^/([A-Za-z])/(.*)$`)

// temporary finds a temporary folder: what is written there is no work to remember.
var temporary = regexp.MustCompile(`(?i)^(/tmp|/private/tmp|/var/folders|/private/var|/dev/shm)(/|$)|/AppData/Local/Temp(/|$)`)

// Empty reports a fixer with no folder to take paths relative to.
func (f PathFixer) Empty() bool { return len(f.bases) == 0 }

// Rel returns p relative to the first base that holds it; a path outside every base is
// reduced to its base name (inside reports false then). A relative path is kept.
func (f PathFixer) Rel(p string) (out string, inside bool) {
	if p == "" {
		return "", false
	}
	s := slashed(p)
	if !isAbs(p) {
		return path.Clean(s), true
	}
	s = path.Clean(s)
	for _, b := range f.bases {
		if s == b {
			return ".", true
		}
		if strings.HasPrefix(s, b+"/") {
			return s[len(b)+1:], true
		}
	}
	return path.Base(s), false
}

// RelIn is Rel of a path that a call run in the folder dir names (dir as the transcript
// gives it: absolute, relative to the project, or "" for the project's own): a relative path
// is joined to it, and one that climbs out of the project is not the project's.
func (f PathFixer) RelIn(dir, p string) (out string, inside bool) {
	if dir != "" && p != "" && !isAbs(p) && !strings.HasPrefix(p, "~") {
		p = path.Join(slashed(dir), slashed(p))
	}
	out, inside = f.Rel(p)
	if out == ".." || strings.HasPrefix(out, "../") {
		return path.Base(out), false
	}
	return out, inside
}

// windowsPath finds a Windows absolute path in free text.
var windowsPath = regexp.MustCompile("\\b[A-Za-z]:\\\\[^\\s\"'`<>|*?]+")

// machinePrefixes start absolute paths that only make sense on one machine; prose paths
// such as "/api/v1/users" (a route) are left alone.
var machinePrefixes = []string{"/home/", "/Users/", "/root/", "/tmp/", "/private/", "/var/", "/mnt/",
	"/media/", "/opt/", "/srv/", "/work/", "/workspace/", "/workspaces/", "/data/", "/builds/", "/run/user/"}

// Scrub rewrites the absolute paths found in free text.
func (f PathFixer) Scrub(text string) string {
	if strings.Contains(text, ":\\") {
		text = windowsPath.ReplaceAllStringFunc(text, func(p string) string {
			if r, inside := f.Rel(p); inside {
				return r
			}
			return path.Base(slashed(p))
		})
	}
	if strings.IndexByte(text, '/') < 0 {
		return text
	}
	var sb strings.Builder
	i := 0
	for i < len(text) {
		j := strings.IndexByte(text[i:], '/')
		if j < 0 {
			break
		}
		j += i
		if j > 0 && !strings.ContainsRune(" \t\n\"'`(=[{<,;|", rune(text[j-1])) && text[j-1] < 0x80 && !strings.HasSuffix(text[:j], "file://") {
			sb.WriteString(text[i : j+1])
			i = j + 1
			continue
		}
		k := j
		for k < len(text) && !strings.ContainsRune(" \t\n\"'`)]}>,;|", rune(text[k])) {
			k++
		}
		tok := text[j:k]
		trail := ""
		for len(tok) > 1 && strings.ContainsRune(".:!?", rune(tok[len(tok)-1])) {
			trail = tok[len(tok)-1:] + trail
			tok = tok[:len(tok)-1]
		}
		sb.WriteString(text[i:j])
		sb.WriteString(f.fixToken(tok))
		sb.WriteString(trail)
		i = k
	}
	sb.WriteString(text[i:])
	return sb.String()
}

// fixToken rewrites one absolute-looking token; "path:line" suffixes survive.
func (f PathFixer) fixToken(tok string) string {
	p, suffix := tok, ""
	if c := strings.IndexByte(tok, ':'); c > 0 {
		p, suffix = tok[:c], tok[c:]
	}
	if strings.Count(p, "/") < 2 {
		return tok
	}
	for _, b := range f.bases {
		if p == b || strings.HasPrefix(p, b+"/") {
			r, _ := f.Rel(p)
			return r + suffix
		}
	}
	for _, m := range machinePrefixes {
		if strings.HasPrefix(p, m) {
			return path.Base(path.Clean(p)) + suffix
		}
	}
	return tok
}
