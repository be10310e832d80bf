package tui

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"carnet/memstore"
	"carnet/tui/demo"
)

// testNow is the fixed "today" of every test: the fixture's dates and the UI's relative
// dates are computed from it.
var testNow = time.Date(2026, 3, 22, 15, 0, 0, 0, time.UTC)

var (
	fixtureOnce sync.Once
	fixtureDir  string
	fixtureErr  error
)

// fixture returns a fresh copy of a small sample workspace (3 projects, 34 days of logs, a
// git history, a long memory over its limit), built once per test binary: for tests that write.
func fixture(t testing.TB) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "workspace")
	if err := copyTree(shared(t), dst); err != nil {
		t.Fatal(err)
	}
	return dst
}

// oneLog returns a new workspace with one project, app, whose one log (2026-03-22) is log.
func oneLog(t testing.TB, log string) string {
	t.Helper()
	root := t.TempDir()
	if _, err := memstore.Init(root, "app"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "app/memory_sessions/logs/2026-03-22.md"), []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

// shared returns the sample workspace itself, for tests that only read it.
func shared(t testing.TB) string {
	t.Helper()
	fixtureOnce.Do(func() {
		base, err := os.MkdirTemp("", "carnet-tui-fixture-")
		if err != nil {
			fixtureErr = err
			return
		}
		fixtureDir = filepath.Join(base, "workspace")
		opts := demo.Default(testNow)
		opts.Days, opts.Archived = 34, 3
		_, fixtureErr = demo.Build(fixtureDir, opts)
	})
	if fixtureErr != nil {
		t.Fatal(fixtureErr)
	}
	return fixtureDir
}

func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		in, err := os.Open(path)
		if err != nil {
			return err
		}
		defer in.Close()
		info, _ := d.Info()
		out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, info.Mode().Perm())
		if err != nil {
			return err
		}
		_, err = io.Copy(out, in)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		return err
	})
}

// harness drives a Model synchronously: every command runs and its message is fed back, as
// the program would, except timers (status expiry, cursor blink), which never fire.
type harness struct {
	t         testing.TB
	m         *Model
	quit      bool
	clipboard string // what the last tea.SetClipboard would put in the terminal's clipboard
}

func newHarness(t testing.TB, root string, dark bool) *harness {
	t.Helper()
	return newHarnessIn(t, root, dark, "en")
}

// newHarnessIn is newHarness with the UI in lang ("" is the workspace's language). The
// fixture's memory is French; most tests read the UI's own texts in English.
func newHarnessIn(t testing.TB, root string, dark bool, lang string) *harness {
	t.Helper()
	m := New(Options{Root: root, Now: func() time.Time { return testNow }, Dark: &dark, Editor: "true", Lang: lang})
	m.c.static = true
	m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	h := &harness{t: t, m: m}
	h.run(m.Init())
	h.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	return h
}

// cmdTimeout bounds how long a command may take (timers are off in tests: none should wait).
const cmdTimeout = 5 * time.Second

func (h *harness) run(cmd tea.Cmd) {
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 2000 {
			h.t.Fatal("too many messages: a command loop?")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		ch := make(chan tea.Msg, 1)
		go func() { ch <- c() }()
		var msg tea.Msg
		select {
		case msg = <-ch:
		case <-time.After(cmdTimeout):
			continue
		}
		switch msg := msg.(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case tea.QuitMsg:
			h.quit = true
		default:
			if fmt.Sprintf("%T", msg) == "tea.setClipboardMsg" {
				h.clipboard = fmt.Sprint(msg)
			}
			_, next := h.m.Update(msg)
			queue = append(queue, next)
		}
	}
}

// send delivers one message and everything it leads to.
func (h *harness) send(msg tea.Msg) {
	_, cmd := h.m.Update(msg)
	h.run(cmd)
}

// press sends key presses: "j", "enter", "space", "esc", "ctrl+c", "tab"…
func (h *harness) press(keys ...string) {
	for _, k := range keys {
		h.send(keyMsg(k))
	}
}

// typeText types text one rune at a time.
func (h *harness) typeText(s string) {
	for _, r := range s {
		h.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

func keyMsg(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	case "ctrl+s":
		return tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl}
	}
	r := []rune(k)
	if len(r) != 1 {
		panic("unknown key " + k)
	}
	return tea.KeyPressMsg{Code: r[0], Text: k}
}

// view is the screen as the user sees it, styles included.
func (h *harness) view() string { return h.m.render() }

// plain is the screen without styles.
func (h *harness) plain() string { return ansi.Strip(h.m.render()) }

// top is the active screen.
func (h *harness) top() screen { return h.m.top() }

// topIs is the active screen as a T; when another screen is on top the test stops, saying
// what led there ("p opened *tui.memory, want *tui.review").
func topIs[T screen](h *harness, what string) T {
	h.t.Helper()
	s, ok := h.top().(T)
	if !ok {
		h.t.Fatalf("%s %T, want %T", what, h.top(), s)
	}
	return s
}

func (h *harness) contains(want ...string) {
	h.t.Helper()
	p := h.plain()
	for _, w := range want {
		if !strings.Contains(p, w) {
			h.t.Fatalf("screen lacks %q:\n%s", w, p)
		}
	}
}

func (h *harness) lacks(want ...string) {
	h.t.Helper()
	p := h.plain()
	for _, w := range want {
		if strings.Contains(p, w) {
			h.t.Fatalf("screen shows %q:\n%s", w, p)
		}
	}
}

// goldens compares the screen with testdata/<test>/<dark|light>.golden, for both backgrounds:
// the same presses are replayed on a fresh model for each.
func goldens(t *testing.T, root string, keys ...string) {
	t.Helper()
	for _, dark := range []bool{true, false} {
		name := "light"
		if dark {
			name = "dark"
		}
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, root, dark)
			h.press(keys...)
			out := h.view()
			if w, lines := maxWidth(out), strings.Count(out, "\n")+1; w > 120 || lines != 40 {
				t.Fatalf("screen is %d×%d, want 120×40", w, lines)
			}
			golden.RequireEqual(t, out)
		})
	}
}

func maxWidth(s string) int {
	w := 0
	for l := range strings.SplitSeq(s, "\n") {
		w = max(w, ansi.StringWidth(l))
	}
	return w
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func wheel(x, y int, up bool) tea.MouseWheelMsg {
	b := tea.MouseWheelDown
	if up {
		b = tea.MouseWheelUp
	}
	return tea.MouseWheelMsg{X: x, Y: y, Button: b}
}

func windowSize(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }

func removeAll(path string) error { return os.RemoveAll(path) }
