package hook

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

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
}

type loadBlock struct {
	key      string // section key of a log section
	name     string
	text     string
	tokens   int
	priority int
	kept     bool
}

// Wording of the load's headings.
type loadWords struct {
	title, long, today, log, open, over, others string
}

var loadWording = map[string]loadWords{
	"fr": {title: "Mémoire de session — %s", long: "Mémoire long terme", today: "Journal du %s (aujourd'hui)",
		log: "Journal du %s", open: "À suivre encore ouverts (journaux plus anciens)",
		over:   "long_memory.md fait %d lignes (limite %d) : lancer `carnet promote`.",
		others: "Autres projets avec une mémoire : %s (`carnet load NOM`)."},
	"en": {title: "Session memory — %s", long: "Long-term memory", today: "Log of %s (today)",
		log: "Log of %s", open: "Still-open next steps (older logs)",
		over:   "long_memory.md has %d lines (limit %d): run `carnet promote`.",
		others: "Other projects with memory: %s (`carnet load NAME`)."},
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
	lang := cfg.Language
	w, ok := loadWording[lang]
	if !ok {
		w = loadWording["fr"]
	}
	if budget <= 0 {
		budget = cfg.Load.BudgetTokens
	}
	if budget <= 0 {
		budget = 2500
	}
	l := &Load{Project: p.Name, Budget: budget}

	// Long memory: its dated sections, the newest most wanted.
	if data, err := readOptional(p, p.LongMemoryPath()); err != nil {
		return nil, err
	} else if data != nil {
		d := memstore.ParseDoc(data)
		part := &LoadPart{Title: w.long, Path: p.WS.Rel(p.LongMemoryPath())}
		secs := d.Sections()
		for i, s := range secs {
			age := len(secs) - 1 - i
			part.blocks = append(part.blocks, sectionBlock(d, s, 10+min(age, 30)))
		}
		if max := cfg.Promote.LongMemoryMaxLines; max > 0 && len(d.Lines()) > max {
			l.Warnings = append(l.Warnings, fmt.Sprintf(w.over, len(d.Lines()), max))
		}
		l.Parts = append(l.Parts, part)
	}

	// Today's log and the previous one.
	logs, err := p.Logs()
	if err != nil {
		return nil, err
	}
	today := memstore.Date(now)
	shown := map[string]bool{}
	var prev *memstore.LogFile
	for i := range logs {
		if logs[i].Date < today {
			prev = &logs[i]
			break
		}
	}
	var logParts []*LoadPart
	for i := range logs {
		lf := logs[i]
		if lf.Date != today {
			continue
		}
		part, err := logPart(p, lf, fmt.Sprintf(w.today, lf.Date), 0)
		if err != nil {
			return nil, err
		}
		logParts = append(logParts, part)
		shown[lf.Path] = true
	}
	if prev != nil {
		// The last day worked ranks with the few newest long-memory sections, before older ones:
		// what was being done yesterday matters more to a new session than facts of months ago.
		part, err := logPart(p, *prev, fmt.Sprintf(w.log, prev.Date), 3)
		if err != nil {
			return nil, err
		}
		// Its open items are listed with the older ones, dated.
		kept := part.blocks[:0]
		for _, b := range part.blocks {
			if b.key != memstore.KeyNext {
				kept = append(kept, b)
			}
		}
		part.blocks = kept
		logParts = append(logParts, part)
	}

	// Open items of the logs before today, newest first.
	items, err := p.OpenItems()
	if err != nil {
		return nil, err
	}
	open := &LoadPart{Title: w.open, list: true}
	for _, it := range slices.Backward(items) {

		if shown[it.Path] {
			continue
		}
		text := fmt.Sprintf("- %s (%s)\n", it.Text, it.Date)
		open.blocks = append(open.blocks, &loadBlock{name: it.Date + " " + transcript.ClipWords(it.Text, 40), text: text, tokens: Tokens(text), priority: 5 + min(len(open.blocks)/5, 40)})
	}
	// Order of the text: long memory, today's log, the previous log, older open items.
	l.Parts = append(l.Parts, logParts...)
	if len(open.blocks) > 0 {
		l.Parts = append(l.Parts, open)
	}

	var others []string
	for _, q := range p.WS.Projects {
		if q != p {
			others = append(others, q.Name)
		}
	}
	var head strings.Builder
	head.WriteString("# " + fmt.Sprintf(w.title, titleName(p)) + "\n")
	for _, warn := range l.Warnings {
		head.WriteString("\n> " + warn + "\n")
	}
	if len(others) > 0 {
		head.WriteString("\n" + fmt.Sprintf(w.others, strings.Join(others, ", ")) + "\n")
	}
	l.fit(head.String(), maxChars)
	return l, nil
}

// logPart splits a daily log into its sections; base shifts their priority (older logs
// come after today's).
func logPart(p *memstore.Project, lf memstore.LogFile, title string, base int) (*LoadPart, error) {
	data, err := readOptional(p, lf.Path)
	if err != nil {
		return nil, err
	}
	part := &LoadPart{Title: title, Path: p.WS.Rel(lf.Path)}
	d := memstore.ParseDoc(data)
	for _, s := range d.Sections() {
		pr, ok := logPriority[s.Key]
		if !ok {
			pr = logPriority[""]
		}
		b := sectionBlock(d, s, base+10+pr)
		b.key = s.Key
		part.blocks = append(part.blocks, b)
	}
	return part, nil
}

// sectionBlock renders a "## " section one level down ("### "), without trailing blanks.
func sectionBlock(d *memstore.Doc, s memstore.Section, priority int) *loadBlock {
	lines := d.Lines()
	var sb strings.Builder
	sb.WriteString("### " + s.Heading + "\n")
	end := min(s.End, len(lines))
	for end > s.Start+1 && strings.TrimSpace(lines[end-1]) == "" {
		end--
	}
	for i := s.Start + 1; i < end; i++ {
		sb.WriteString(strings.TrimRight(lines[i], "\r"))
		sb.WriteByte('\n')
	}
	text := sb.String()
	return &loadBlock{name: s.Heading, text: text, tokens: Tokens(text), priority: priority}
}

// fit keeps the most wanted blocks within the budget (and maxChars), then renders the kept
// ones in document order.
func (l *Load) fit(head string, maxChars int) {
	limit := l.Budget * 4 // characters
	if maxChars > 0 && maxChars < limit {
		limit = maxChars
	}
	used := utf8.RuneCountInString(head)
	type ref struct {
		part *LoadPart
		b    *loadBlock
	}
	var all []ref
	for _, p := range l.Parts {
		for _, b := range p.blocks {
			all = append(all, ref{p, b})
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].b.priority < all[j].b.priority })
	partHeads := map[*LoadPart]int{}
	for _, r := range all {
		cost := utf8.RuneCountInString(r.b.text) + 1
		if _, ok := partHeads[r.part]; !ok {
			cost += utf8.RuneCountInString(partHeading(r.part)) + 1
		}
		if used+cost > limit {
			continue
		}
		used += cost
		r.b.kept = true
		if _, ok := partHeads[r.part]; !ok {
			partHeads[r.part] = 1
		}
	}
	var sb strings.Builder
	sb.WriteString(head)
	var kept []*LoadPart
	for _, p := range l.Parts {
		var body strings.Builder
		for _, b := range p.blocks {
			if b.kept {
				if !p.list || body.Len() == 0 {
					body.WriteByte('\n')
				}
				body.WriteString(b.text)
				p.Kept = append(p.Kept, b.name)
			} else {
				p.Dropped = append(p.Dropped, b.name)
				p.DroppedTokens += b.tokens
			}
		}
		if body.Len() == 0 {
			continue
		}
		chunk := "\n" + partHeading(p) + "\n" + body.String()
		p.Tokens = Tokens(chunk)
		sb.WriteString(chunk)
		kept = append(kept, p)
	}
	if len(kept) == 0 {
		l.Text = ""
		l.Tokens = 0
		return
	}
	l.Text = sb.String()
	l.Tokens = Tokens(l.Text)
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
