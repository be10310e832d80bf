package tui

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"carnet/memstore"
)

func TestProjectsList(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.contains("cmms_doc", "competitors", "mobile_app", "LONG MEMORY", "/300", "Long-term memory · cmms_doc", "Mémoire long terme")
	s := h.top().(*projects)
	if sel := s.selected(); sel == nil || sel.p.Name != "cmms_doc" {
		t.Fatalf("first project not selected: %+v", sel)
	}
	if s.sums[0].open < 0 {
		t.Fatal("open items never counted")
	}
	h.press("j")
	if got := s.selected().p.Name; got != "competitors" {
		t.Fatalf("j: selected %s", got)
	}
	h.contains("Long-term memory · competitors")
	h.press("k", "k")
	if got := s.selected().p.Name; got != "cmms_doc" {
		t.Fatalf("k past the top: selected %s", got)
	}
	h.press("G")
	if got := s.selected().p.Name; got != "mobile_app" {
		t.Fatalf("G: selected %s", got)
	}
	h.press("enter")
	topIs[*memory](h, "enter opened")
	h.contains("carnet", "mobile_app", "Daily logs")
	h.press("esc")
	topIs[*projects](h, "esc went to")
	h.press("q")
	if !h.quit {
		t.Fatal("q on the first screen does not quit")
	}
}

func TestProjectsFilter(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("/")
	if !h.top().Capturing() {
		t.Fatal("/ does not open the filter")
	}
	h.typeText("mob")
	h.contains("mobile_app")
	h.lacks("competitors")
	h.press("q") // typed into the filter, not obeyed
	if h.quit {
		t.Fatal("q in the filter quit")
	}
	h.press("backspace", "enter")
	h.contains("/ mob", "mobile_app")
	h.press("esc")
	h.contains("competitors", "cmms_doc")
}

func TestProjectsShortcuts(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("o")
	topIs[*items](h, "o opened")
	h.contains("cmms_doc › open items")
	h.press("esc")
	topIs[*memory](h, "back from open items lands on")
}

func TestProjectsGolden(t *testing.T) {
	t.Parallel()
	goldens(t, shared(t))
}

// While the filter or a prompt is typed, the footer says how to end it and does not offer
// keys that would be typed instead (? among them).
func TestFooterWhileTyping(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.contains("? help", "o open items")
	h.press("/")
	h.contains("keep filter", "esc clear filter")
	h.lacks("? help", "o open items")
	h.press("esc")
	h.contains("? help")
	h.press("enter", "c", "r")
	h.contains("enter save", "esc cancel")
	h.lacks("? help")
	h.press("esc")
	h.contains("? help")
}

// The OPEN column comes from the count cache (logs/.debug/open-counts) when the logs are as
// cached, and is counted again from a log edited outside carnet (a new size; the same size
// with a new mtime), from a damaged cache, and past a cache that is a link, which is left as
// it was.
func TestProjectsOpenCountsCache(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	logs := filepath.Join(root, "projects", "cmms_doc", memstore.MemoryDir, "logs")
	names, err := filepath.Glob(filepath.Join(logs, "*.md"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no logs: %v", err)
	}
	for _, n := range names { // old enough to be cached
		past := time.Now().Add(-time.Hour)
		if err := os.Chtimes(n, past, past); err != nil {
			t.Fatal(err)
		}
	}
	cache := filepath.Join(logs, ".debug", memstore.CountCacheFile)
	// shows opens the UI afresh and returns cmms_doc's OPEN column, checked against the
	// count of every log read whole.
	shows := func(what string) int {
		t.Helper()
		h := newHarness(t, root, true)
		m := regexp.MustCompile(`cmms_doc\s+\d+\s+(\d+)\s`).FindStringSubmatch(h.plain())
		if m == nil {
			t.Fatalf("%s: no count in the cmms_doc row:\n%s", what, h.plain())
		}
		got, _ := strconv.Atoi(m[1])
		want, err := memstore.CountOpen(h.m.c.ws.Projects[:1])
		if err != nil || got != want[0] {
			t.Fatalf("%s: the UI shows %d open items, the logs hold %v (%v)", what, got, want, err)
		}
		return got
	}
	first := shows("first start")
	if _, err := os.Stat(cache); err != nil {
		t.Fatalf("no count cache after the first start: %v", err)
	}
	if shows("from the cache") != first {
		t.Fatal("the count changed with nothing edited")
	}

	// An open item added to an old log, then one ticked in place (same size, new mtime).
	log := filepath.Join(logs, "2026-03-01.md")
	data := readFile(t, log)
	write := func(content string, ago time.Duration) {
		t.Helper()
		if err := os.WriteFile(log, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		past := time.Now().Add(-ago)
		if err := os.Chtimes(log, past, past); err != nil {
			t.Fatal(err)
		}
	}
	data += "\n## À suivre\n- Relancer le client pilote\n"
	write(data, 50*time.Minute)
	if got := shows("an open item added"); got != first+1 {
		t.Fatalf("an open item added: %d, want %d", got, first+1)
	}
	write(strings.Replace(data, "- Relancer", "- ✅ancer", 1), 40*time.Minute) // "Rel" and "✅": 3 bytes each
	if got := shows("an open item ticked in place"); got != first {
		t.Fatalf("an item ticked in place: %d, want %d", got, first)
	}

	if err := os.WriteFile(cache, []byte("carnet open-counts 1 garbage\n\x00\x01"), 0o644); err != nil {
		t.Fatal(err)
	}
	shows("a damaged cache")
	if !strings.HasPrefix(readFile(t, cache), "carnet open-counts 1 projects/cmms_doc/memory_sessions\n2026-") {
		t.Errorf("the damaged cache was not rebuilt:\n%.200s", readFile(t, cache))
	}

	outside := filepath.Join(t.TempDir(), "forged")
	forged := strings.ReplaceAll(readFile(t, cache), " 0\n", " 9\n")
	if err := os.WriteFile(outside, []byte(forged), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(cache); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, cache); err != nil {
		t.Fatal(err)
	}
	shows("a cache that is a link")
	if readFile(t, outside) != forged {
		t.Error("the link's target was written")
	}
}

// As Run starts it: the workspace opened in the background before the first frame, the open
// items counted once the list is in; the list shows the same counts as a count made on
// screen.
func TestProjectsOpenedEarly(t *testing.T) {
	t.Parallel()
	root := shared(t)
	want := newHarness(t, root, true).plain()
	dark := true
	m := New(Options{Root: root, Now: func() time.Time { return testNow }, Dark: &dark, Editor: "true", Lang: "en"})
	m.c.static = true
	m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	m.early = openEarly(root)
	h := &harness{t: t, m: m}
	h.run(m.Init())
	h.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	if s := h.top().(*projects); !s.counted {
		t.Fatal("the open items were not counted after the early list")
	}
	if got := h.plain(); got != want {
		t.Fatalf("opened early:\n%s\nopened on screen:\n%s", got, want)
	}
}

// The footer counts open items as it counts projects and logs: one is "1 open item", in
// either language.
func TestProjectsFooterCountsOneOpenItem(t *testing.T) {
	t.Parallel()
	log := "# Log session — 2026-03-22\n\n## À suivre\n- Écrire le README.\n"
	root := oneLog(t, log)
	en := newHarnessIn(t, root, true, "en")
	en.contains("1 project · 1 log · 1 open item")
	en.lacks("1 open items")
	newHarnessIn(t, root, true, "fr").contains("1 projet · 1 journal · 1 élément ouvert")
	if err := os.WriteFile(filepath.Join(root, "app/memory_sessions/logs/2026-03-22.md"), []byte(log+"- Publier la version.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	newHarnessIn(t, root, true, "en").contains("1 project · 1 log · 2 open items")
	newHarnessIn(t, root, true, "fr").contains("1 projet · 1 journal · 2 éléments ouverts")
}
