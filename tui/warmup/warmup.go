// Package warmup starts, while the program is still initialising, work that the terminal
// UI's first frame would otherwise wait for. Go runs package initialisers one after the
// other on one thread, and carnet's heaviest dependencies (chroma's lexer and style
// registries, 25–30 ms) are initialised after this package: a goroutine started here runs
// on another core meanwhile, for free on any machine with two.
//
// Only go-runewidth's width table is built here (2 × 1.1 MB, 5–30 ms the first time), which
// the first frame drawn with a character past U+02FF needs: a border, "…". It is built only
// when standard output is a terminal, so the hook and the MCP server never pay for it.
package warmup

import (
	"os"

	"github.com/charmbracelet/x/term"
	"github.com/mattn/go-runewidth"
)

func init() {
	if term.IsTerminal(os.Stdout.Fd()) {
		go runewidth.RuneWidth('─')
	}
}
