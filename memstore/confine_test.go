package memstore

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// leak is the marker of the file outside the memory that a link points to: it must never
// show in anything carnet reads, lists or writes.
const leak = "LEAKMARKER"

const outsideDoc = "# Log session — 2026-03-20\n\n## Contexte\n- " + leak + " aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n\n## À suivre\n- " + leak + " open item\n"

// linkedWorkspace makes a workspace whose memory folder holds, at link (relative to the
// memory folder; "." is the folder itself), a symbolic link to a file or folder outside
// the workspace that carries the leak marker. It returns the project, the link's path and
// the outside target.
func linkedWorkspace(t *testing.T, link string) (*Project, string, string) {
	t.Helper()
	outside := t.TempDir()
	for _, name := range []string{"secret.md", "2026-03-20.md", "2026-01-01.md", "logs/2026-03-20.md", "long_memory.md"} {
		p := filepath.Join(outside, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(outsideDoc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	root := t.TempDir()
	mem := filepath.Join(root, MemoryDir)
	files := map[string]string{
		"long_memory.md":     "# Mémoire long terme — x\n\n## 2026-03-01\n- safe fact\n",
		"logs/2026-03-21.md": "# Log session — 2026-03-21\n\n## À suivre\n- safe open item\n",
	}
	target := filepath.Join(outside, "secret.md")
	if link == "logs" || link == "logs/archives" || link == "logs/.debug" || link == "." {
		target = outside
	}
	for name, content := range files {
		p := filepath.Join(mem, filepath.FromSlash(name))
		if link == "." || link == "logs" && strings.HasPrefix(name, "logs/") || name == link {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	at := filepath.Join(mem, filepath.FromSlash(link))
	if err := os.MkdirAll(filepath.Dir(at), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, at); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ConfigFile), []byte("[projects]\nx = \"memory_sessions\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := Open(root)
	if err != nil {
		t.Fatal(err)
	}
	p, err := w.Project("x")
	if err != nil {
		t.Fatal(err)
	}
	return p, at, target
}

// noLeak checks that the link is still the same link, that the outside files are as they
// were, and that no regular file of the workspace holds the marker.
func noLeak(t *testing.T, p *Project, at, target string) {
	t.Helper()
	if got, err := os.Readlink(at); err != nil || got != target {
		t.Errorf("the link %s changed: %q, %v", at, got, err)
	}
	outside := target
	if st, err := os.Stat(target); err == nil && !st.IsDir() {
		outside = filepath.Dir(target)
	}
	_ = filepath.WalkDir(outside, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && read(t, path) != outsideDoc {
			t.Errorf("%s (outside) was written: %q", path, read(t, path))
		}
		return nil
	})
	_ = filepath.WalkDir(p.WS.Root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && strings.Contains(read(t, path), leak) {
			t.Errorf("%s holds the outside file's content", path)
		}
		return nil
	})
}

var linkCases = []string{"long_memory.md", "logs/2026-03-20.md", "logs/archives/2026-01-01.md", "logs/archives", "logs", "."}

func TestLinksAreNeverRead(t *testing.T) {
	t.Parallel()
	for _, link := range linkCases {
		t.Run(link, func(t *testing.T) {
			p, at, target := linkedWorkspace(t, link)
			rel := path.Join(p.RelDir, link)
			if _, err := p.ReadFile(rel); !isLink(err) {
				t.Errorf("ReadFile(the link) = %v, want a *LinkError", err)
			}
			files, err := p.Files()
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				if f == rel || strings.HasPrefix(f, rel+"/") {
					t.Errorf("Files lists %s", f)
				}
			}
			hits, err := p.WS.Search(strings.ToLower(leak), 0)
			if err != nil || len(hits) > 0 {
				t.Errorf("Search = %v, %v", hits, err)
			}
			items, err := p.OpenItems()
			if err != nil {
				t.Fatal(err)
			}
			for _, it := range items {
				if strings.Contains(it.Text, leak) {
					t.Errorf("OpenItems shows %q", it.Text)
				}
			}
			noLeak(t, p, at, target)
		})
	}
}

func TestLinksAreNeverWritten(t *testing.T) {
	t.Parallel()
	for _, link := range linkCases {
		t.Run(link, func(t *testing.T) {
			p, at, target := linkedWorkspace(t, link)
			e := Extraction{LongTerm: []string{"new fact"}, Work: []string{"new work"}, NextDone: []string{leak + " open item"}}
			for _, date := range []string{"2026-03-20", "2026-03-22"} {
				_, err := p.Merge(e, Change{Now: day(date), Commit: CommitNever})
				refused := link != "logs/archives" && link != "logs/archives/2026-01-01.md" &&
					(link != "logs/2026-03-20.md" || date == "2026-03-20")
				if refused != isLink(err) {
					t.Errorf("Merge on %s: %v (want refused: %v)", date, err, refused)
				}
			}
			_, _, err := p.Done(leak+" open item", true, Change{Commit: CommitNever})
			if err == nil {
				t.Error("Done ticked an item of the outside file")
			}
			// a Tx that would move a file onto the link, or the link elsewhere
			_, err = p.Write(Change{Commit: CommitNever}, func(tx *Tx) error {
				return tx.Move(path.Join(p.RelDir, link), path.Join(p.ArchivesDir(), "moved.md"))
			})
			if !isLink(err) {
				t.Errorf("moving the link: %v", err)
			}
			noLeak(t, p, at, target)
		})
	}
}

func TestInitRefusesLinks(t *testing.T) {
	t.Parallel()
	p, at, target := linkedWorkspace(t, ".gitignore")
	if _, err := InitFolder(p.WS.Root, p.RelDir); !isLink(err) {
		t.Errorf("InitFolder with a linked .gitignore: %v", err)
	}
	noLeak(t, p, at, target)
}

func TestLinksAreNotedOnce(t *testing.T) {
	t.Parallel()
	p, _, _ := linkedWorkspace(t, "logs/2026-03-20.md")
	for range 3 {
		if logs, err := p.Logs(); err != nil || len(logs) != 1 {
			t.Fatalf("Logs = %v, %v; want only the regular log", logs, err)
		}
	}
	log := readRel(t, p, path.Join(p.DebugDir(), HookLogFile))
	if n := strings.Count(log, path.Join(p.RelDir, "logs/2026-03-20.md")+" is a symbolic link"); n != 1 {
		t.Errorf("the hook log notes the link %d times:\n%s", n, log)
	}
}

func TestAppendDebugRotates(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	path := p.WS.Abs(path.Join(p.DebugDir(), HookLogFile))
	line := []byte(strings.Repeat("x", 99) + "\n")
	for range 30 {
		if err := p.AppendDebug(HookLogFile, line, 1000); err != nil {
			t.Fatal(err)
		}
	}
	cur, _ := os.Stat(path)
	old, err := os.Stat(path + ".1")
	if err != nil || cur.Size() > 1100 || old.Size() > 1100 {
		t.Errorf("sizes: current %d, rotated %v %v", cur.Size(), old, err)
	}
}

func TestAppendDebugRefusesLinks(t *testing.T) {
	t.Parallel()
	p, at, target := linkedWorkspace(t, "logs/.debug")
	if err := p.AppendDebug(HookLogFile, []byte(leak+"\n"), 1000); !isLink(err) {
		t.Errorf("AppendDebug through a linked logs/.debug: %v", err)
	}
	if _, err := p.Lock(); !isLink(err) {
		t.Errorf("Lock through a linked logs/.debug: %v", err)
	}
	noLeak(t, p, at, target)
	if _, err := os.Stat(filepath.Join(target, HookLogFile)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a hook log was written outside: %v", err)
	}
}

func isLink(err error) bool {
	var le *LinkError
	return errors.As(err, &le)
}

// TestPathsMustBeWorkspaceRelative: every memstore function that takes a path refuses an
// absolute one, one with "..", or one with backslashes, so that a caller still written for
// absolute paths fails loudly instead of reading or writing somewhere else.
func TestPathsMustBeWorkspaceRelative(t *testing.T) {
	t.Parallel()
	const log = "# Log session — 2026-03-20\n\n## À suivre\n- un point\n"
	w, p := newTestWorkspace(t, map[string]string{"logs/2026-03-20.md": log})
	good := p.LogPath("2026-03-20")
	if good != "memory_sessions/logs/2026-03-20.md" {
		t.Fatalf("LogPath = %q, want it workspace-relative", good)
	}
	bad := []string{
		w.Abs(good),
		"memory_sessions/logs/../logs/2026-03-20.md",
		"../" + filepath.Base(w.Root) + "/" + good,
		`memory_sessions\logs\2026-03-20.md`,
		"",
	}
	for _, rel := range bad {
		want := fmt.Sprintf("memstore: path %q is not workspace-relative", rel)
		calls := map[string]func() error{
			"Project.ReadFile":   func() error { _, err := p.ReadFile(rel); return err },
			"Workspace.ReadFile": func() error { _, err := w.ReadFile(rel); return err },
			"Tx.Doc":             func() error { return inTx(p, func(tx *Tx) error { _, err := tx.Doc(rel); return err }) },
			"Tx.Read":            func() error { return inTx(p, func(tx *Tx) error { _, _, err := tx.Read(rel); return err }) },
			"Tx.Put":             func() error { return inTx(p, func(tx *Tx) error { return tx.Put(rel, []byte("x\n")) }) },
			"Tx.Move from":       func() error { return inTx(p, func(tx *Tx) error { return tx.Move(rel, p.LogPath("2026-03-21")) }) },
			"Tx.Move to":         func() error { return inTx(p, func(tx *Tx) error { return tx.Move(good, rel) }) },
		}
		for name, call := range calls {
			if err := call(); err == nil || err.Error() != want {
				t.Errorf("%s(%q) = %v, want %q", name, rel, err, want)
			}
		}
	}
	if got := readRel(t, p, good); got != log {
		t.Errorf("the log changed: %q", got)
	}
	if _, err := os.Stat(w.Abs(p.LogPath("2026-03-21"))); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a move was made: %v", err)
	}
	// the right path works through the same calls
	if data, err := p.ReadFile(good); err != nil || string(data) != log {
		t.Errorf("ReadFile(%q) = %q, %v", good, data, err)
	}
	if data, err := w.ReadFile(good); err != nil || string(data) != log {
		t.Errorf("Workspace.ReadFile(%q) = %q, %v", good, data, err)
	}
	if _, err := p.ReadFile("other/long_memory.md"); err == nil || !strings.Contains(err.Error(), "not in the memory folder") {
		t.Errorf("ReadFile outside the memory folder = %v", err)
	}
}

// inTx runs fn in a write that commits nothing.
func inTx(p *Project, fn func(tx *Tx) error) error {
	_, err := p.Write(Change{Commit: CommitNever}, fn)
	return err
}
