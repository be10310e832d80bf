package memimport

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"carnet/memstore"
	"carnet/promote"
)

// Codex's memories (developers.openai.com/codex/memories): $CODEX_HOME/memories/ (CODEX_HOME
// is ~/.codex by default), one folder for every project. Its MEMORY.md is the handbook: blocks
// that open with "# Task Group: …", then "scope: …" and "applies_to: cwd=<folder>; …", then
// "## Task N" sections (pointers to rollout summaries and keywords), then the block's
// consolidated "## User preferences", "## Reusable knowledge" and "## Failures and how to do
// differently", whose bullets end with task references like "[Task 1]". memory_summary.md
// (the part always loaded) and raw_memories.md are drawn from the same material; the rollout
// summaries are per-session recaps.
//
// Imported: the bullets of those three consolidated sections of the blocks whose cwd is the
// workspace (or a folder in it), without their task references, to long memory under the
// date of MEMORY.md, each with " <!-- agent:codex -->". A block of another folder, or with
// no applies_to, is not this project's: left out.

var codexMarker = memstore.Marker(memstore.AuthorAgent + ":codex")

var (
	taskGroupRe = regexp.MustCompile(`^#\s+Task Group:`)
	appliesRe   = regexp.MustCompile(`(?i)^applies_to:\s*cwd=([^;]+)`)
	taskRefsRe  = regexp.MustCompile(`(?:\s*\[Task \d+\])+\s*$`)
	codexKeep   = map[string]bool{"user preferences": true, "reusable knowledge": true, "failures and how to do differently": true}
)

func codexDir(o Options) (string, error) {
	dir := o.CodexDir
	if dir == "" {
		home := o.CodexHome
		if home == "" {
			home = filepath.Join(o.home(), ".codex")
		}
		dir = filepath.Join(home, "memories")
	}
	if fi, err := os.Stat(filepath.Join(dir, "MEMORY.md")); err != nil || fi.IsDir() {
		return "", notFound("no Codex memories in %s (no MEMORY.md); --codex-dir names the folder", dir)
	}
	return dir, nil
}

func readCodex(o Options) (Read, error) {
	dir, err := codexDir(o)
	if err != nil {
		return Read{}, err
	}
	path := filepath.Join(dir, "MEMORY.md")
	data, err := os.ReadFile(path)
	if err != nil {
		return Read{}, err
	}
	r := Read{Source: SourceCodex, Where: dir}
	items, other, nowhere := codexFacts(data, o, dateOf(path))
	r.Items = items
	if other > 0 {
		r.Left = append(r.Left, fmt.Sprintf("MEMORY.md: %s of other folders", memstore.Plural(other, "task group")))
	}
	if nowhere > 0 {
		r.Left = append(r.Left, fmt.Sprintf("MEMORY.md: %s without applies_to: cwd=…", memstore.Plural(nowhere, "task group")))
	}
	return r, nil
}

// codexFacts reads the facts of the task groups of MEMORY.md that apply to the workspace,
// and counts the groups left out: of another folder, or of none.
func codexFacts(data []byte, o Options, date string) (items []promote.ImportItem, other, nowhere int) {
	type block struct {
		name, cwd string
		lines     []string
	}
	var blocks []*block
	var cur *block
	for l := range strings.Lines(strings.ReplaceAll(string(data), "\r\n", "\n")) {
		l = strings.TrimRight(l, "\n")
		if taskGroupRe.MatchString(l) {
			cur = &block{name: strings.TrimSpace(strings.SplitN(l, ":", 2)[1])}
			blocks = append(blocks, cur)
			continue
		}
		if cur == nil {
			continue
		}
		if m := appliesRe.FindStringSubmatch(strings.TrimSpace(l)); m != nil && cur.cwd == "" {
			cur.cwd = strings.TrimSpace(m[1])
		}
		cur.lines = append(cur.lines, l)
	}
	for _, b := range blocks {
		cwd := b.cwd
		if strings.HasPrefix(cwd, "~/") {
			cwd = filepath.Join(o.home(), cwd[2:])
		}
		switch {
		case cwd == "":
			nowhere++
			continue
		case !inside(cwd, o.Root) && !inside(cwd, o.RepoRoot):
			other++
			continue
		}
		d := memstore.ParseDoc([]byte(strings.Join(b.lines, "\n") + "\n"))
		for _, s := range d.Sections() {
			if !codexKeep[strings.ToLower(s.Heading)] {
				continue
			}
			for _, bl := range d.Bullets(s) {
				t := oneLine(taskRefsRe.ReplaceAllString(bl.Text, ""))
				if t == "" {
					continue
				}
				items = append(items, promote.ImportItem{Source: "Codex MEMORY.md (" + b.name + ", " + s.Heading + ")",
					Dest: promote.ToLongMemory, Date: date, Text: t + codexMarker})
			}
		}
	}
	return items, other, nowhere
}
