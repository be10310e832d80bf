// Package memimport reads the memory people already have in other tools — Claude Code's
// auto memory, the facts of CLAUDE.md and AGENTS.md, Codex's memories, an engram export —
// into items for promote.ComputeImport, which shows where each would land (long memory, a
// note, today's log) as a reviewed diff. It reads each tool's documented format and writes
// nothing.
package memimport

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"carnet/promote"
)

// The sources, by the name carnet import --only takes.
const (
	SourceClaude       = "claude"       // Claude Code's auto memory
	SourceInstructions = "instructions" // CLAUDE.md and AGENTS.md
	SourceCodex        = "codex"        // Codex's memories
	SourceEngram       = "engram"       // an engram export
)

// Sources lists every source, in the order they are read.
var Sources = []string{SourceClaude, SourceInstructions, SourceCodex, SourceEngram}

// Options say where to read.
type Options struct {
	// Root is the workspace root; RepoRoot the top-level of the git work tree holding it
	// ("" outside git): Claude Code names a project's auto memory after it.
	Root, RepoRoot string
	// Project is the carnet project imported into (engram's default project filter).
	Project string
	// Only names the sources to read (Sources); empty reads every one found.
	Only []string
	// Home is the user's home folder; ClaudeDir and CodexDir override where Claude Code's
	// auto memory (…/projects/<project>/memory) and Codex's memories are.
	Home, ClaudeDir, CodexDir string
	// ClaudeConfigDir and CodexHome are $CLAUDE_CONFIG_DIR and $CODEX_HOME ("" when unset).
	ClaudeConfigDir, CodexHome string
	// Engram is an engram export file (engram export); EngramProject the engram project to
	// take (default: the workspace folder's name, or Project).
	Engram, EngramProject string
	// Now is "today".
	Now time.Time
}

// Read is what a source gave: where it was read, the items, and what it left out and why.
type Read struct {
	Source  string
	Where   string // the file or folder read ("" when the source was not found)
	Items   []promote.ImportItem
	Left    []string // what was left out, one line each
	Missing string   // why the source was not read (not found, not asked for)
}

// ReadAll reads the sources opts names (every one found when opts.Only is empty). A source
// named in Only that is not found is an error; one not named and not found is skipped.
func ReadAll(opts Options) ([]Read, error) {
	for _, s := range opts.Only {
		if !slices.Contains(Sources, s) {
			return nil, fmt.Errorf("unknown source %q (one of %s)", s, strings.Join(Sources, ", "))
		}
	}
	want := func(s string) bool { return len(opts.Only) == 0 || slices.Contains(opts.Only, s) }
	var out []Read
	for _, s := range Sources {
		if !want(s) {
			continue
		}
		var r Read
		var err error
		switch s {
		case SourceClaude:
			r, err = readClaude(opts)
		case SourceInstructions:
			r, err = readInstructions(opts)
		case SourceCodex:
			r, err = readCodex(opts)
		case SourceEngram:
			if opts.Engram == "" {
				if slices.Contains(opts.Only, SourceEngram) {
					return nil, errors.New("engram: say which export to read with --engram FILE (made by engram export)")
				}
				out = append(out, Read{Source: s, Missing: "--engram FILE reads an export made by engram export"})
				continue
			}
			r, err = readEngram(opts)
		}
		if errors.Is(err, errNotFound) {
			why := strings.TrimPrefix(err.Error(), errNotFound.Error()+": ")
			if slices.Contains(opts.Only, s) {
				return nil, fmt.Errorf("%s: %s", s, why)
			}
			out = append(out, Read{Source: s, Missing: why})
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// errNotFound says a source is not there.
var errNotFound = errors.New("not found")

func notFound(format string, a ...any) error {
	return fmt.Errorf("%w: %s", errNotFound, fmt.Sprintf(format, a...))
}

// dateOf is the date of a file's last change.
func dateOf(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return ""
	}
	return fi.ModTime().Format("2006-01-02")
}

// oneLine folds a text to one line of single spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// home is opts.Home, else the user's home folder.
func (o Options) home() string {
	if o.Home != "" {
		return o.Home
	}
	h, _ := os.UserHomeDir()
	return h
}

// inside reports whether path lies in (or is) dir, both cleaned.
func inside(path, dir string) bool {
	if path == "" || dir == "" {
		return false
	}
	rel, err := filepath.Rel(filepath.Clean(dir), filepath.Clean(path))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
