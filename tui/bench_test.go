package tui

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"carnet/memstore"
	"carnet/tui/demo"
)

// bigProject builds one project with a log every day of a year, today's padded to 20 KB.
func bigProject(b *testing.B) (root, bigLog string) {
	b.Helper()
	root = filepath.Join(b.TempDir(), "workspace")
	opts := demo.Options{Now: testNow, Projects: 1, Days: 365, Dense: true, LogKB: 20, Seed: 2026}
	if _, err := demo.Build(root, opts); err != nil {
		b.Fatal(err)
	}
	return root, filepath.Join(root, "projects/cmms_doc/memory_sessions/logs/2026-03-22.md")
}

// BenchmarkViewScroll is View() of a full 120×40 screen (a project's 365 logs beside a
// rendered preview) while the cursor moves down the list.
func BenchmarkViewScroll(b *testing.B) {
	root, _ := bigProject(b)
	h := newHarness(b, root, true)
	h.press("enter")
	down := true
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s := h.top().(*memory)
		if s.list.cursor == len(s.list.shown)-1 {
			down = false
		} else if s.list.cursor <= 3 {
			down = true
		}
		if down {
			h.press("j")
		} else {
			h.press("k")
		}
		b.StartTimer()
		_ = h.m.View()
	}
}

// BenchmarkViewStatic is View() with nothing changing (a redraw).
func BenchmarkViewStatic(b *testing.B) {
	root, _ := bigProject(b)
	h := newHarness(b, root, true)
	h.press("enter", "j", "j")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = h.m.View()
	}
}

// BenchmarkPreviewFirst is the first preview of a 20 KB log: a new glamour renderer for
// the width, then the rendering.
func BenchmarkPreviewFirst(b *testing.B) {
	_, log := bigProject(b)
	data, err := os.ReadFile(log)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := newMDRenderer().render(data, 60, "dark"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPreviewRenderer is a 20 KB log rendered by a renderer already built for the
// width, nothing cached (a file that changed).
func BenchmarkPreviewRenderer(b *testing.B) {
	_, log := bigProject(b)
	data, _ := os.ReadFile(log)
	md := newMDRenderer()
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		md.cache = map[renderKey]string{}
		if _, err := md.render(data, 60, "dark"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPreviewCached is the same preview shown again (the cache).
func BenchmarkPreviewCached(b *testing.B) {
	_, log := bigProject(b)
	data, _ := os.ReadFile(log)
	md := newMDRenderer()
	if _, err := md.render(data, 60, "dark"); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := md.render(data, 60, "dark"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadProjects is reading the summaries of 20 projects × 365 logs (what the first
// frame waits for), then their open items (which come after).
func BenchmarkLoadProjects(b *testing.B) {
	root := filepath.Join(b.TempDir(), "workspace")
	if _, err := demo.Build(root, demo.Options{Now: testNow, Projects: 20, Days: 365, Dense: true, Seed: 2026}); err != nil {
		b.Fatal(err)
	}
	h := newHarness(b, root, true)
	ws := h.m.c.ws
	b.Run("summaries", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if msg := loadProjects(ws)().(projectsMsg); msg.err != nil {
				b.Fatal(msg.err)
			}
		}
	})
	b.Run("open-items", func(b *testing.B) { // every log read (memstore.CountOpen)
		for i := 0; i < b.N; i++ {
			_, _ = memstore.CountOpen(ws.Projects)
		}
	})
	// What the UI does: the count cache (a stat per log), the logs older than its racy
	// window as they are on a workspace in use.
	past := time.Now().Add(-time.Hour)
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			err = os.Chtimes(path, past, past)
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	countOpen(ws)().(openCountsMsg).save()
	b.Run("open-items-cached", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_ = countOpen(ws)()
		}
	})
}
