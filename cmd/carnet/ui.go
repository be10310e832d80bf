package main

import (
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime"

	"carnet/memstore"
	"carnet/tui"
)

// runUI opens the terminal UI on the workspace (carnet with no command).
func runUI(g *globals) error {
	root, err := memstore.ResolveRoot(g.root)
	if err != nil {
		return err
	}
	if g.project != "" { // an unknown project fails like the other commands, before any drawing
		w, err := memstore.Open(root)
		if err != nil {
			return err
		}
		if _, err := g.projectFor(w, ""); err != nil {
			return err
		}
	}
	return openUI(root, g.project)
}

// needTerminal fails with a clear line when the UI could not draw: stdout is not a terminal
// (piped, redirected, run by an agent), or there is no terminal to read keys from. alt says
// what to do instead.
func needTerminal(alt string) error {
	if !isTerminal(os.Stdout) {
		return fmt.Errorf("the terminal UI needs a terminal and the output is not one (%s)", alt)
	}
	if !isTerminal(os.Stdin) && runtime.GOOS != "windows" {
		f, err := os.Open("/dev/tty")
		if err != nil {
			return fmt.Errorf("the terminal UI needs a terminal to read keys from (%s)", alt)
		}
		f.Close()
	}
	return nil
}

// openUI runs the terminal UI on the workspace at root (resolved), opening project first
// when it is set; more sets further options (carnet import --review).
func openUI(root, project string, more ...func(*tui.Options)) error {
	if err := needTerminal("in scripts and agents, use carnet load, search or timeline"); err != nil {
		return err
	}
	logw, closeLog := uiLog()
	defer closeLog()
	opts := tui.Options{
		Root:    root,
		Project: project,
		Now:     now,
		Log:     logw,
		NoColor: os.Getenv("NO_COLOR") != "",
		Editor:  editor(),
		Watch:   true,
		// A hidden switch for scripts/bench-tui.sh: quit once the project list is drawn.
		ExitAfterFirstFrame: os.Getenv("CARNET_TUI_FIRST_FRAME") == "exit",
		ExitAfterCounts:     os.Getenv("CARNET_TUI_FIRST_FRAME") == "counts",
	}
	for _, f := range more {
		f(&opts)
	}
	return tui.Run(opts)
}

// uiLog opens the UI's log file: $CARNET_TUI_LOG, else carnet/tui.log in the user's cache
// folder. The UI never writes logs to the terminal it draws on.
func uiLog() (io.Writer, func()) {
	path := os.Getenv("CARNET_TUI_LOG")
	if path == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			return io.Discard, func() {}
		}
		path = filepath.Join(dir, "carnet", "tui.log")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return io.Discard, func() {}
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return io.Discard, func() {}
	}
	log.New(f, "", log.LstdFlags).Printf("carnet %s: UI on %s", version, path)
	return f, func() { f.Close() }
}

// editor is the user's editor: $VISUAL, else $EDITOR, else vi.
func editor() string {
	for _, v := range []string{"VISUAL", "EDITOR"} {
		if e := os.Getenv(v); e != "" {
			return e
		}
	}
	return "vi"
}
