package memstore

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// Files lists every memory file of the project (workspace-relative): long memory, then logs
// newest first, then archives, then notes. Symbolic links are left out (noted once in the debug log).
func (p *Project) Files() ([]string, error) {
	files, err := p.listFiles()
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.path
	}
	return out, err
}

// listedFile is a memory file as Files lists it, with what the listing's lstat said of it.
type listedFile struct {
	path string
	info fs.FileInfo // nil when unknown
	date string      // logDate of path, once per listing
}

// listFiles is Files with each file's lstat, through one handle on the memory folder.
func (p *Project) listFiles() ([]listedFile, error) {
	f, err := p.openFolder(false)
	if err != nil {
		return nil, skipLinkOrMissing(p, err)
	}
	defer f.Close()
	return f.listFiles()
}

// skipLinkOrMissing is err, but nil for a missing folder and for a link (noted once in the
// debug log): a listing leaves them out.
func skipLinkOrMissing(p *Project, err error) error {
	if le, ok := errors.AsType[*LinkError](err); ok {
		p.noteLink(le.Path)
		return nil
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

func (f *folder) listFiles() ([]listedFile, error) {
	p := f.p
	var out []listedFile
	in, err := f.check(p.LongMemoryPath())
	if err == nil {
		var fi fs.FileInfo
		if fi, err = f.Lstat(in); err == nil {
			out = append(out, listedFile{p.LongMemoryPath(), fi, ""})
		}
	}
	if le, ok := errors.AsType[*LinkError](err); ok {
		p.noteLink(le.Path)
	}
	for _, dir := range []string{p.LogsDir(), p.ArchivesDir(), p.NotesDir()} {
		ents, err := f.listNoLinks(dir, true) // each entry's lstat comes with the listing
		if err = skipLinkOrMissing(p, err); err != nil {
			return nil, err
		}
		notes := dir == p.NotesDir()
		start := len(out)
		for _, e := range ents {
			name, ok := strings.CutSuffix(e.Name(), ".md")
			if ok && !e.IsDir() && (notes && IsSlug(name) || !notes && IsDate(name)) {
				fi, _ := e.Info()
				rel := path.Join(dir, e.Name())
				out = append(out, listedFile{rel, fi, logDate(rel)})
			}
		}
		if !notes {
			slices.Reverse(out[start:]) // newest first: the names sort by date
		}
	}
	return out, nil
}

// Init creates the memory layout of a project in dir (relative to root; "" is the root):
// memory_sessions/logs/, the .gitignore line for logs/.debug/, and a commented carnet.toml at
// the root when there is none. It returns what it created (relative paths); existing files
// are left as they are.
func Init(root, dir string) ([]string, error) { return InitIn(root, dir, "") }

// InitIn is Init writing lang (fr or en) as the language of a new carnet.toml; an existing
// carnet.toml is left as it is.
func InitIn(root, dir, lang string) ([]string, error) {
	created, err := InitFolder(root, path.Join(filepath.ToSlash(dir), MemoryDir))
	if err != nil {
		return created, err
	}
	cfg := filepath.Join(root, ConfigFile)
	if _, err := os.Stat(cfg); os.IsNotExist(err) {
		if err := WriteFileAtomic(cfg, []byte(ConfigFor(lang))); err != nil {
			return created, err
		}
		created = append(created, ConfigFile)
	}
	sort.Strings(created)
	return created, nil
}

// InitFolder creates the layout of one memory folder, mem (relative to root, whatever its
// name: carnet.toml can name any folder): logs/ and the .gitignore line for logs/.debug/.
// It returns what it created (relative paths); existing files are left as they are.
func InitFolder(root, mem string) ([]string, error) {
	p := (&Workspace{Root: root}).newProject("", mem)
	f, err := p.openFolder(true)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var created []string
	logs, err := f.check(p.LogsDir())
	if err != nil {
		return nil, err
	}
	if _, err := f.Lstat(logs); err != nil {
		if err := f.MkdirAll(logs, 0o755); err != nil {
			return nil, err
		}
		if err := f.WriteFile(filepath.Join(logs, ".gitkeep"), nil, 0o644); err != nil {
			return nil, err
		}
		created = append(created, p.LogsDir()+"/")
	}
	const ignore = "logs/.debug/\n"
	gi := path.Join(p.RelDir, ".gitignore")
	data, err := f.readFile(gi)
	what := gi
	switch {
	case errors.Is(err, fs.ErrNotExist):
		data = []byte("# carnet: raw extractions, hook and audit logs stay on this machine\n")
	case err != nil:
		return created, err
	case containsLine(data, strings.TrimSpace(ignore)):
		sort.Strings(created)
		return created, nil
	default:
		what += " (updated)"
		if len(data) > 0 && data[len(data)-1] != '\n' {
			data = append(data, '\n')
		}
	}
	if err := f.writeFile(gi, append(data, ignore...)); err != nil {
		return created, err
	}
	created = append(created, what)
	sort.Strings(created)
	return created, nil
}

func containsLine(data []byte, line string) bool {
	for l := range strings.Lines(string(data)) {
		if strings.TrimSpace(l) == line {
			return true
		}
	}
	return false
}
