package hook

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"carnet/capture"
	"carnet/hook/transcript"
	"carnet/memstore"
)

// SessionStartMax is the most characters Claude Code injects from a SessionStart hook;
// carnet stays under it with a margin.
const (
	SessionStartMax   = 10000
	sessionStartChars = 9500
)

// Tokens estimates the tokens of a text the way `carnet load --explain` reports them:
// characters / 4, rounded up. It is an estimate, not a tokenizer.
func Tokens(s string) int { return (utf8.RuneCountInString(s) + 3) / 4 }

// Load is the memory a new session starts with: long memory, today's log, the previous
// log and the older still-open items, trimmed at section boundaries to fit a budget.
type Load struct {
	Project  string
	Budget   int // tokens
	Parts    []*LoadPart
	Warnings []string
	Text     string
	Tokens   int

	// HeldBack are the bullets left out because what they name is gone (see holdStale);
	// RefsPartial says the reference check did not finish in time, RefsNote how it went.
	HeldBack    []HeldBack
	RefsPartial bool
	RefsNote    string

	head   string   // title and how-to lines, before the parts
	title  string   // the title line and the blank line after it
	howto  string   // the two lines on recording a decision or a lesson
	others []string // the other projects with a memory
	words  loadWords
}

// LoadPart is one source of the load and what it costs.
type LoadPart struct {
	Title         string // "Mémoire long terme", "Journal du 2026-03-22 (aujourd'hui)", …
	Path          string // relative to the workspace root ("" for open items)
	Kept, Dropped []string
	Tokens        int // tokens of what was kept, heading included
	DroppedTokens int

	blocks []*loadBlock
	list   bool // blocks are list items, written without blank lines between them
	open   bool // the open items: the first one is carried whatever the budget
}

type loadBlock struct {
	head     *loadBlock // the section heading a bullet sits under (nil for a heading or a lone item)
	key      string     // section key of a log section
	name     string
	text     string
	tokens   int
	priority int
	age      int // bullets after this one in its section: the oldest go first
	kept     bool
	agent    bool   // an agent's or a model's note (its author marker)
	item     string // an open item: the log it is in
	bullet   string // an open item: its text (text adds its date)
	since    string // an open item carried from an older log: the day it was first written
}

// Wording of the load's headings.
type loadWords struct {
	title, long, today, log, open, stopped, howto, over, others, notes string
	someOthers                                                         string // others, when not all of them fit: how many, and the first ones
	noNote                                                             string // a note [load] names that does not exist
}

var loadWording = map[string]loadWords{
	"fr": {title: "Mémoire de session — %s", long: "Mémoire long terme", today: "Journal du %s (aujourd'hui)",
		log: "Journal du %s", open: "À suivre (ouverts)", stopped: "Où on s'est arrêté", notes: "Notes de l'agent",
		howto: "Noter au fil de l'eau, un fait par commande : `carnet add -s decisions \"<choix, et pourquoi>\"`, `-s connaissances` (leçon), `-s a_suivre` (reste à faire) ;\n" +
			"`carnet done \"<point>\"` pour un point fini (MCP : memory_add, memory_done).\n",
		over:   "long_memory.md fait %d lignes (limite %d) : lancer `carnet promote`.",
		others: "Autres projets avec une mémoire : %s (`carnet load NOM`).", someOthers: "Autres projets avec une mémoire (%d) : %s (`carnet load NOM`).",
		noNote: "[load] notes : aucune note « %s » (notes/%[1]s.md)"},
	"en": {title: "Session memory — %s", long: "Long-term memory", today: "Log of %s (today)",
		log: "Log of %s", open: "Open next steps", stopped: "Where we stopped", notes: "The agent's notes",
		howto: "Record as you go, one fact per command: `carnet add -s decisions \"<choice, and why>\"`, `-s knowledge` (a lesson), `-s next` (left to do);\n" +
			"`carnet done \"<item>\"` when an open item is finished (MCP: memory_add, memory_done).\n",
		over:   "long_memory.md has %d lines (limit %d): run `carnet promote`.",
		others: "Other projects with memory: %s (`carnet load NAME`).", someOthers: "Other projects with memory (%d): %s (`carnet load NAME`).",
		noNote: "[load] notes: no note \"%s\" (notes/%[1]s.md)"},
}

// wordingOf is the load's wording in the project's language.
func wordingOf(p *memstore.Project) loadWords {
	if w, ok := loadWording[p.WS.Config.Language]; ok {
		return w
	}
	return loadWording["fr"]
}

// Section priorities: lower is kept first. Open items and today's next steps and decisions
// come before the details of older days.
var logPriority = map[string]int{
	memstore.KeyNext: 0, memstore.KeyDecisions: 1, memstore.KeyGoal: 2, memstore.KeyProblems: 3,
	memstore.KeyKnowledge: 4, memstore.KeyWork: 5, memstore.KeyContext: 6, "": 7, memstore.KeyDone: 40,
}

// ComposeLoad builds the load of project p at now within budget tokens; maxChars, when
// positive, also bounds the text (SessionStart's 10,000 characters).
func ComposeLoad(p *memstore.Project, now time.Time, budget, maxChars int) (*Load, error) {
	cfg := p.WS.Config
	w := wordingOf(p)
	if budget <= 0 {
		budget = cfg.Load.BudgetTokens
	}
	if budget <= 0 {
		budget = 2500
	}
	l := &Load{Project: p.Name, Budget: budget}

	// Long memory: its dated sections, the newest most wanted.
	var long *LoadPart
	if data, err := readOptional(p, p.LongMemoryPath()); err != nil {
		return nil, err
	} else if data != nil {
		d := memstore.ParseDoc(data)
		long = &LoadPart{Title: w.long, Path: p.LongMemoryPath()}
		secs := d.Sections()
		for i, s := range secs {
			age := len(secs) - 1 - i
			long.blocks = append(long.blocks, sectionBlocks(d, s, 10+min(age, 30))...)
		}
		if max := cfg.Promote.LongMemoryMaxLines; max > 0 && len(d.Lines()) > max {
			l.Warnings = append(l.Warnings, fmt.Sprintf(w.over, len(d.Lines()), max))
		}
	}

	logParts, err := recentLogs(p, now, w)
	if err != nil {
		return nil, err
	}
	open := &LoadPart{Title: w.open, list: true, open: true}
	stopped := &LoadPart{Title: w.stopped, list: true}
	if len(logParts) > 0 {
		// Today's open items lead; the newest log's last goal and outcome say where work stopped.
		if logParts[0].today {
			open.blocks = append(open.blocks, logParts[0].take(memstore.KeyNext, 0, 0)...)
		}
		stopped.blocks = append(stopped.blocks, logParts[0].take(memstore.KeyGoal, 1, 1)...)
		// its outcome: commits, pull requests, what was made; the file lists stay in the log
		stopped.blocks = append(stopped.blocks, logParts[0].takeIf(memstore.KeyWork, 3, 1, func(text string) bool {
			return !capture.IsFileList(strings.TrimPrefix(text, "- "))
		})...)
		for _, lp := range logParts[1:] {
			lp.take(memstore.KeyNext, -1, 0) // listed with the older open items, dated
		}
	}
	notes := agentNotes(logParts, w)

	// Open items of the logs before today, newest first.
	items, err := p.OpenItems()
	if err != nil {
		return nil, err
	}
	today := memstore.Date(now)
	for _, it := range slices.Backward(items) {
		if it.Date == today {
			continue
		}
		shown, _ := memstore.OpenSince(it.Text) // dated by the day it was first written
		shown = unmarked(shown)
		text := fmt.Sprintf("- %s (%s)\n", shown, it.First())
		open.blocks = append(open.blocks, &loadBlock{name: it.First() + " " + transcript.ClipWords(shown, 40), text: text, tokens: Tokens(text),
			priority: 5 + min(len(open.blocks)/5, 40), agent: memstore.ByAgent(it.Text), item: it.Path, bullet: it.Text, since: it.First()})
	}
	agentFirst(open)
	// Order of the text: open items (the agent's first), the agent's notes, where work
	// stopped, the logs (decisions first), long memory.
	for _, lp := range []*LoadPart{open, notes, stopped} {
		if len(lp.blocks) > 0 {
			l.Parts = append(l.Parts, lp)
		}
	}
	for _, lp := range logParts {
		l.Parts = append(l.Parts, lp.LoadPart)
	}
	if long != nil {
		l.Parts = append(l.Parts, long)
	}

	var others []string
	for _, q := range p.WS.Projects {
		if q != p {
			others = append(others, q.Name)
		}
	}
	l.title, l.howto, l.others, l.words = "# "+fmt.Sprintf(w.title, titleName(p))+"\n", "\n"+w.howto, others, w
	l.recall(p)
	l.holdStale(p)
	l.fit(maxChars)
	return l, nil
}

// logLoad is a daily log in the load, before its bullets are fitted.
type logLoad struct {
	*LoadPart
	today bool
}

// recentLogs reads today's log and the last day worked before it, newest first.
func recentLogs(p *memstore.Project, now time.Time, w loadWords) ([]logLoad, error) {
	logs, err := p.Logs()
	if err != nil {
		return nil, err
	}
	today := memstore.Date(now)
	var out []logLoad
	for _, lf := range logs {
		if lf.Date == today {
			part, err := logPart(p, lf, fmt.Sprintf(w.today, lf.Date), 0)
			if err != nil {
				return nil, err
			}
			out = append(out, logLoad{part, true})
		}
	}
	for _, lf := range logs {
		if lf.Date < today {
			// The last day worked ranks with the few newest long-memory sections, before older
			// ones: what was being done yesterday matters more than facts of months ago.
			part, err := logPart(p, lf, fmt.Sprintf(w.log, lf.Date), 3)
			if err != nil {
				return nil, err
			}
			out = append(out, logLoad{part, false})
			break
		}
	}
	return out, nil
}

// take removes from the log the last n bullets of section key (all when n is 0, none
// kept when n < 0) and returns them as list items of another part, at priority pr.
func (lp logLoad) take(key string, n, pr int) []*loadBlock { return lp.takeIf(key, n, pr, nil) }

// takeIf is take of the bullets whose text keep accepts (all when keep is nil).
func (lp logLoad) takeIf(key string, n, pr int, keep func(text string) bool) []*loadBlock {
	var idx []int
	for i, b := range lp.blocks {
		if b.key == key && b.head != nil && (keep == nil || keep(b.text)) {
			idx = append(idx, i)
		}
	}
	if n > 0 && len(idx) > n {
		idx = idx[len(idx)-n:]
	}
	var out []*loadBlock
	for _, i := range idx {
		b := lp.blocks[i]
		nb := &loadBlock{name: b.name, text: b.text, tokens: b.tokens, priority: pr, agent: b.agent}
		if key == memstore.KeyNext {
			nb.item = lp.Path
		}
		out = append(out, nb)
	}
	lp.blocks = slices.DeleteFunc(lp.blocks, func(b *loadBlock) bool {
		for _, o := range out {
			if b.head != nil && b.key == key && b.text == o.text {
				return true
			}
		}
		return false
	})
	if n < 0 {
		lp.blocks = slices.DeleteFunc(lp.blocks, func(b *loadBlock) bool { return b.key == key })
		return nil
	}
	return out
}

// logPart splits a daily log into its sections' bullets; base shifts their priority (older
// logs come after today's). Decisions come first in the text, finished items last.
func logPart(p *memstore.Project, lf memstore.LogFile, title string, base int) (*LoadPart, error) {
	data, err := readOptional(p, lf.Path)
	if err != nil {
		return nil, err
	}
	part := &LoadPart{Title: title, Path: lf.Path}
	d := memstore.ParseDoc(data)
	secs := d.Sections()
	rank := func(s memstore.Section) int {
		switch s.Key {
		case memstore.KeyDecisions:
			return 0
		case memstore.KeyDone:
			return 2
		}
		return 1
	}
	slices.SortStableFunc(secs, func(a, b memstore.Section) int { return rank(a) - rank(b) })
	for _, s := range secs {
		pr, ok := logPriority[s.Key]
		if !ok {
			pr = logPriority[""]
		}
		part.blocks = append(part.blocks, sectionBlocks(d, s, base+10+pr)...)
	}
	return part, nil
}

// sectionBlocks renders a "## " section one level down ("### "): a heading block, then one
// block per bullet (with its continuation lines), the oldest bullets least wanted.
func sectionBlocks(d *memstore.Doc, s memstore.Section, priority int) []*loadBlock {
	lines := d.Lines()
	end := min(s.End, len(lines))
	head := &loadBlock{key: s.Key, name: s.Heading, text: "### " + s.Heading + "\n"}
	var bullets []*loadBlock
	for i := s.Start + 1; i < end; i++ {
		line := strings.TrimRight(lines[i], "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if len(bullets) == 0 || strings.HasPrefix(line, "- ") || strings.HasPrefix(line, "* ") {
			bullets = append(bullets, &loadBlock{key: s.Key, head: head})
		}
		if b := bullets[len(bullets)-1]; b.text == "" {
			b.agent = memstore.ByAgent(line)
			line = unmarked(line) // the author marker says who wrote it (load_notes.go), not what
		}
		bullets[len(bullets)-1].text += line + "\n"
	}
	out := []*loadBlock{head}
	for i, b := range bullets {
		b.name = s.Heading + ": " + transcript.ClipWords(strings.TrimSpace(strings.TrimLeft(b.text, "-* ")), 40)
		b.tokens = Tokens(b.text)
		b.age = len(bullets) - 1 - i
		b.priority = priority + min(b.age/3, 30)
		out = append(out, b)
	}
	return out
}

func (b *loadBlock) isHeading() bool { return b.head == nil && strings.HasPrefix(b.text, "### ") }

// render writes the part's kept blocks and records what was kept and left out.
func (p *LoadPart) render() string {
	var body strings.Builder
	for _, b := range p.blocks {
		switch {
		case b.isHeading():
			if b.kept {
				body.WriteString("\n" + b.text)
			}
			continue
		case b.kept:
			if !p.list && b.head == nil {
				body.WriteByte('\n')
			}
			if p.list && body.Len() == 0 {
				body.WriteByte('\n')
			}
			body.WriteString(b.text)
			p.Kept = append(p.Kept, b.name)
		default:
			p.Dropped = append(p.Dropped, b.name)
			p.DroppedTokens += b.tokens
		}
	}
	return body.String()
}

func partHeading(p *LoadPart) string {
	if p.Path != "" {
		return "## " + p.Title + " — " + p.Path
	}
	return "## " + p.Title
}

// Explain writes what each part of the load costs and what was left out.
func (l *Load) Explain() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "project %s: %d of %d tokens used (tokens estimated as characters / 4)\n", l.Project, l.Tokens, l.Budget)
	if l.Tokens > 0 {
		fmt.Fprintf(&sb, "  %5d  title and notes (of which %d: how to record decisions, lessons, what is left)\n", Tokens(l.head), Tokens(l.howto))
	}
	for _, p := range l.Parts {
		name := p.Title
		if p.Path != "" {
			name += " — " + p.Path
		}
		fmt.Fprintf(&sb, "  %5d  %s: %d of %d kept", p.Tokens, name, len(p.Kept), len(p.Kept)+len(p.Dropped))
		if len(p.Dropped) > 0 {
			fmt.Fprintf(&sb, "; left out (%d tokens): %s", p.DroppedTokens, strings.Join(p.Dropped, ", "))
		}
		sb.WriteByte('\n')
	}
	for _, h := range l.HeldBack {
		fmt.Fprintf(&sb, "  held back  %s: %s — %s\n", h.Path, transcript.ClipWords(h.Text, 60), h.Why)
	}
	if l.RefsNote != "" {
		fmt.Fprintf(&sb, "  %s\n", l.RefsNote)
	}
	for _, w := range l.Warnings {
		fmt.Fprintf(&sb, "warning: %s\n", w)
	}
	if len(l.Parts) == 0 {
		sb.WriteString("  (no memory yet)\n")
	}
	return sb.String()
}

// readOptional reads a memory file that may be missing; a symbolic link is an error.
func readOptional(p *memstore.Project, path string) ([]byte, error) {
	data, err := p.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return data, err
}

// titleName is the name the load's title gives a project: the repository's folder name for
// the workspace's own memory (its project name, "root", says nothing to the agent).
func titleName(p *memstore.Project) string {
	if p.RelDir == memstore.MemoryDir && p.WS != nil {
		return filepath.Base(p.WS.Root)
	}
	return p.Name
}
