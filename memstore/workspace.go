package memstore

import (
	"carnet/memstore/gitrepo"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// MemoryDir is the name of a project's memory folder.
const MemoryDir = "memory_sessions"

// Workspace is a folder holding one or more projects, each with its own memory_sessions/.
type Workspace struct {
	Root     string // absolute, symlinks resolved
	Config   *Config
	Projects []*Project // sorted by name

	git *lazyRepo // the repository, found on first use; shared by copies of the Workspace
}

type lazyRepo struct {
	once sync.Once
	repo *gitrepo.Repo
	err  error
}

// Project is one memory_sessions/ folder of a workspace.
type Project struct {
	Name   string
	RelDir string // the memory folder, workspace-relative and slash-separated
	WS     *Workspace
}

// ResolveRoot picks the workspace root: the --root flag, else $CLAUDE_PROJECT_DIR, else the
// git top-level of the current folder, else the current folder.
func ResolveRoot(flagRoot string) (string, error) {
	pick := flagRoot
	if pick == "" {
		pick = os.Getenv("CLAUDE_PROJECT_DIR")
	}
	if pick == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", err
		}
		pick = wd
		if top, ok := gitrepo.FindRepoRoot(wd); ok {
			pick = top
		}
	}
	abs, err := filepath.Abs(pick)
	if err != nil {
		return "", err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return "", fmt.Errorf("workspace root %s: %w", pick, errors.Unwrap(err))
	}
	if !st.IsDir() {
		return "", fmt.Errorf("workspace root %s is not a folder", pick)
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		abs = r
	}
	return abs, nil
}

// Open reads the workspace at root: carnet.toml when present, else discovery of the
// memory_sessions/ folders under root.
func Open(root string) (*Workspace, error) {
	abs, err := absRoot(root)
	if err != nil {
		return nil, err
	}
	cfg, err := LoadConfigFile(abs)
	if err != nil {
		return nil, err
	}
	return open(abs, cfg), nil
}

// OpenIgnoringConfig reads the workspace at root as Open does without carnet.toml: its
// memory folders found by discovery, the default configuration. It is for saying where the
// hook stands when carnet.toml does not load (the error goes to the log of the folder it
// would have written to), not for writing memory.
func OpenIgnoringConfig(root string) (*Workspace, error) {
	abs, err := absRoot(root)
	if err != nil {
		return nil, err
	}
	return open(abs, DefaultConfig()), nil
}

// absRoot is root made absolute, its symbolic links resolved when they can be.
func absRoot(root string) (string, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return "", err
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		abs = r
	}
	return abs, nil
}

func open(abs string, cfg *Config) *Workspace {
	w := &Workspace{Root: abs, Config: cfg, git: &lazyRepo{}}
	if len(cfg.Projects) > 0 {
		for name, rel := range cfg.Projects {
			w.Projects = append(w.Projects, w.newProject(name, rel))
		}
	} else {
		for _, rel := range discover(abs) {
			w.Projects = append(w.Projects, w.newProject(projectName(rel, w.Projects), rel))
		}
	}
	sort.Slice(w.Projects, func(i, j int) bool { return w.Projects[i].Name < w.Projects[j].Name })
	return w
}

func (w *Workspace) newProject(name, rel string) *Project {
	return &Project{Name: name, RelDir: filepath.ToSlash(filepath.Clean(rel)), WS: w}
}

// projectName names a discovered memory folder after the folder holding it ("root" at the
// workspace root); on a clash, the holding folder's path is used.
func projectName(rel string, have []*Project) string {
	parent := filepath.ToSlash(filepath.Dir(filepath.FromSlash(rel)))
	name := filepath.Base(parent)
	if parent == "." {
		name = "root"
	}
	for _, p := range have {
		if p.Name == name {
			return parent
		}
	}
	return name
}

// skipDirs are folders discovery never enters.
var skipDirs = map[string]bool{"node_modules": true, "vendor": true, "target": true, "dist": true, "build": true, "__pycache__": true}

// discoverDepth bounds how deep discovery looks, so a large monorepo stays fast.
const discoverDepth = 5

// discover lists the memory_sessions folders under root, relative and sorted.
func discover(root string) []string {
	var out []string
	var walk func(dir, rel string, depth int)
	walk = func(dir, rel string, depth int) {
		ents, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range ents {
			if !e.IsDir() {
				continue
			}
			n := e.Name()
			r := n
			if rel != "" {
				r = rel + "/" + n
			}
			if n == MemoryDir {
				out = append(out, r)
				continue
			}
			if strings.HasPrefix(n, ".") || skipDirs[n] || depth >= discoverDepth {
				continue
			}
			walk(filepath.Join(dir, n), r, depth+1)
		}
	}
	walk(root, "", 0)
	sort.Strings(out)
	return out
}

// Names lists the project names.
func (w *Workspace) Names() []string {
	out := make([]string, len(w.Projects))
	for i, p := range w.Projects {
		out[i] = p.Name
	}
	return out
}

// Project returns the project called name.
func (w *Workspace) Project(name string) (*Project, error) {
	for _, p := range w.Projects {
		if p.Name == name {
			return p, nil
		}
	}
	if len(w.Projects) == 0 {
		return nil, fmt.Errorf("unknown project %q: this workspace has no memory yet (run carnet init)", name)
	}
	return nil, fmt.Errorf("unknown project %q (known: %s)", name, strings.Join(w.Names(), ", "))
}

// Home is the folder a project's memory belongs to, the parent of its memory folder
// (workspace-relative; "." for the workspace root).
func (p *Project) Home() string { return path.Dir(p.RelDir) }

// ProjectFor returns the project whose folder (the parent of its memory_sessions) holds path —
// the deepest one when projects nest — or nil. path is absolute or relative to the root.
func (w *Workspace) ProjectFor(path string) *Project {
	if path == "" {
		return nil
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(w.Root, path)
	}
	path = filepath.Clean(path)
	if r, err := filepath.EvalSymlinks(path); err == nil {
		path = r
	}
	var best *Project
	for _, p := range w.Projects {
		h := w.Abs(p.Home())
		if path == h || strings.HasPrefix(path, h+string(filepath.Separator)) {
			if best == nil || len(h) > len(w.Abs(best.Home())) {
				best = p
			}
		}
	}
	return best
}

// DefaultProject is the project of cwd, else the only or first one, else nil.
func (w *Workspace) DefaultProject(cwd string) *Project {
	if p := w.ProjectFor(cwd); p != nil {
		return p
	}
	if len(w.Projects) > 0 {
		return w.Projects[0]
	}
	return nil
}

// Pick resolves a project from a name (when given) or from the current folder.
func (w *Workspace) Pick(name string) (*Project, error) {
	if name != "" {
		return w.Project(name)
	}
	wd, _ := os.Getwd()
	if p := w.DefaultProject(wd); p != nil {
		return p, nil
	}
	return nil, fmt.Errorf("no memory in %s yet: run carnet init", w.Root)
}

// Abs is the absolute path of rel (workspace-relative, slash-separated), for what needs a
// path on disk outside memstore: an editor, a file watcher. Memory is read and written
// through the project with workspace-relative paths, never through Abs.
func (w *Workspace) Abs(rel string) string {
	return filepath.Join(w.Root, filepath.FromSlash(rel))
}

// Paths of a project's memory, all workspace-relative and slash-separated.

// LongMemoryPath is the path of the project's long_memory.md.
func (p *Project) LongMemoryPath() string { return path.Join(p.RelDir, "long_memory.md") }

// LogsDir is the folder of the daily logs.
func (p *Project) LogsDir() string { return path.Join(p.RelDir, "logs") }

// ArchivesDir is where promotion moves old logs.
func (p *Project) ArchivesDir() string { return path.Join(p.RelDir, "logs", "archives") }

// DebugDir holds raw extraction JSON, the hook log and the audit log (gitignored).
func (p *Project) DebugDir() string { return path.Join(p.RelDir, "logs", ".debug") }

// LogPath is the path of the daily log of date (YYYY-MM-DD).
func (p *Project) LogPath(date string) string { return path.Join(p.RelDir, "logs", date+".md") }

// LogFile describes one daily log on disk.
type LogFile struct {
	Date     string // YYYY-MM-DD
	Path     string // workspace-relative, slash-separated
	Size     int64
	Archived bool
}

// Logs lists the daily logs, newest first (archives excluded). Symbolic links are left out.
func (p *Project) Logs() ([]LogFile, error) { return p.listLogs(p.LogsDir(), false, true) }

// Glance is a project's row in a project list: its daily logs counted and dated, and its
// long memory's length.
type Glance struct {
	Logs      int    // daily logs in logs/ (archives not counted)
	Newest    string // the newest log's date, "" when there is none
	LongLines int    // lines of the long memory, 0 when it is missing or unreadable
}

// Glance reads a project's list row with one opening of its memory folder: one listing of
// logs/ (names and types only: no stat per log, nothing sorted or kept) and the long memory.
// Symbolic links are left out, as Logs leaves them; a missing folder is an empty row.
func (p *Project) Glance() (Glance, error) {
	var g Glance
	f, err := p.openFolder(false)
	if err != nil {
		return g, p.listingErr(err)
	}
	defer f.Close()
	ents, err := f.listUnsorted(p.LogsDir())
	if err = p.listingErr(err); err != nil {
		return g, err
	}
	for _, e := range f.dropLinks(p.LogsDir(), ents) {
		date, ok := strings.CutSuffix(e.Name(), ".md")
		if ok && !e.IsDir() && IsDate(date) {
			g.Logs++
			g.Newest = max(g.Newest, date)
		}
	}
	if data, err := f.readFile(p.LongMemoryPath()); err == nil {
		g.LongLines = CountLines(data)
	}
	return g, nil
}

// Archives lists the archived logs, newest first. Symbolic links are left out.
func (p *Project) Archives() ([]LogFile, error) { return p.listLogs(p.ArchivesDir(), true, true) }

// listLogs lists the logs of dir; without sizes, LogFile.Size is 0 and no file is stat'ed.
func (p *Project) listLogs(dir string, archived, sizes bool) ([]LogFile, error) {
	ents, err := p.readDirAs(dir, sizes)
	if err != nil {
		return nil, err
	}
	return logFilesOf(dir, ents, archived, sizes), nil
}

// logFilesOf is the logs among dir's entries, newest first.
func logFilesOf(dir string, ents []fs.DirEntry, archived, sizes bool) []LogFile {
	var out []LogFile
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".md") || !IsDate(strings.TrimSuffix(n, ".md")) {
			continue
		}
		lf := LogFile{Date: strings.TrimSuffix(n, ".md"), Path: path.Join(dir, n), Archived: archived}
		if sizes {
			info, err := e.Info()
			if err != nil {
				continue
			}
			lf.Size = info.Size()
		}
		out = append(out, lf)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Date > out[j].Date })
	return out
}

// IsDate reports whether s is a YYYY-MM-DD date.
func IsDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for i, c := range s {
		if i != 4 && i != 7 && (c < '0' || c > '9') {
			return false
		}
	}
	// a real day: not 2026-13-45 nor 2025-02-29 (as time.Parse would say, without its cost:
	// long memory's dated headings are checked over and over while it is condensed)
	num := func(t string) int {
		n := 0
		for _, c := range t {
			n = n*10 + int(c-'0')
		}
		return n
	}
	y, m, day := num(s[:4]), num(s[5:7]), num(s[8:])
	if m < 1 || m > 12 || day < 1 {
		return false
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
	if m == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days = 29
	}
	return day <= days
}
