package promote

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/aymanbagabas/go-udiff"
)

// Kind is what a change does to a file.
type Kind int

const (
	// Create writes a file that does not exist yet.
	Create Kind = iota
	// Modify rewrites an existing file.
	Modify
	// Move renames a file without changing a byte of it (git sees a rename).
	Move
)

// String names the kind: "create", "modify" or "move".
func (k Kind) String() string {
	switch k {
	case Create:
		return "create"
	case Modify:
		return "modify"
	case Move:
		return "move"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Change is one file of a plan: a file created or modified, shown as a unified diff whose
// hunks can be accepted or rejected one by one, or a log moved to the archives.
//
// A change is applied when Accepted is set; for a create or a modify, only its accepted hunks
// are. A rejected hunk leaves that part of the file as it was.
type Change struct {
	Kind Kind
	// Path is the file written (for a move, its new path), relative to the workspace root.
	Path string
	// From is a move's old path, relative to the workspace root; "" otherwise.
	From string
	// Note says in a few words what the change is for ("3 open items carried", …).
	Note string
	// Diff is the whole change as a git-style unified diff (3 lines of context).
	Diff string
	// Hunks are the separate edits of a create or a modify, in file order; nil for a move.
	Hunks []*Hunk
	// Accepted switches the whole change on or off; true in a new plan.
	Accepted bool
	// Why says, for a line the diff removes (its text without the '-'), why it goes:
	// "duplicate of line 12, kept", "folded into line 3: ## Condensé — …". Long memory only.
	Why map[string]string

	base   []byte // the file as the plan read it (a move's content); nil for a create
	exists bool   // whether the file existed when the plan was made
	edits  []udiff.Edit
}

// Hunk is one contiguous edit of a file, with up to 3 lines of context around it.
type Hunk struct {
	// Header is the hunk's "@@ -l,s +l,s @@" line, numbered as in the whole change.
	Header string
	// Lines are the hunk's lines without their line ending, each starting with ' ', '-' or '+'.
	Lines []string
	// Accepted says whether the hunk is applied; true in a new plan.
	Accepted bool
	// Added and Removed count the hunk's '+' and '-' lines.
	Added, Removed int
	// Unproven are the facts without evidence the hunk adds (see ProofOf): such a hunk comes
	// unticked, and only the reviewer's tick applies it.
	Unproven []string
}

// Selected reports whether applying the plan would touch this change's file: the change is
// accepted and, unless it is a move, at least one of its hunks is.
func (c *Change) Selected() bool {
	if !c.Accepted {
		return false
	}
	if c.Kind == Move {
		return true
	}
	for _, h := range c.Hunks {
		if h.Accepted {
			return true
		}
	}
	return false
}

// SetAccepted accepts or rejects the change and every one of its hunks.
func (c *Change) SetAccepted(ok bool) {
	c.Accepted = ok
	for _, h := range c.Hunks {
		h.Accepted = ok
	}
}

// Content is the file as applying the change would leave it: the base with the accepted hunks
// applied (the base itself when the change or all its hunks are rejected; for a move, the
// unchanged content).
func (c *Change) Content() []byte {
	if c.Kind == Move || !c.Accepted {
		return c.base
	}
	var edits []udiff.Edit
	for i, h := range c.Hunks {
		if h.Accepted {
			edits = append(edits, c.edits[i])
		}
	}
	out, err := udiff.Apply(string(c.base), edits)
	if err != nil {
		panic("promote: hunks do not apply to their own base: " + err.Error()) // built together, cannot happen
	}
	return []byte(out)
}

// Base is the file's content when the plan was computed (nil for a file that did not exist).
func (c *Change) Base() []byte { return c.base }

// newMove describes moving a file whose content is data.
func newMove(from, to string, data []byte, note string) *Change {
	return &Change{
		Kind: Move, Path: to, From: from, Note: note, Accepted: true,
		base: data, exists: true,
		Diff: fmt.Sprintf("diff --git a/%s b/%s\nsimilarity index 100%%\nrename from %s\nrename to %s\n", from, to, from, to),
	}
}

// newEdit describes rewriting path from base (exists false: a new file) to after, or returns
// nil when they are the same. labels names the group each added bullet belongs to (the log it
// comes from): a run of added lines holding several groups is cut into one hunk per group,
// wherever that leaves every hunk standing on its own (see splitInsert).
func newEdit(path string, base []byte, exists bool, after []byte, note string, labels map[string]string) *Change {
	if exists && bytes.Equal(base, after) || !exists && len(after) == 0 {
		return nil
	}
	c := &Change{Kind: Modify, Path: path, Note: note, Accepted: true, base: base, exists: exists}
	from := "a/" + path
	if !exists {
		c.Kind = Create
		from = "/dev/null"
	}
	before := string(base)
	for _, e := range mergeAdjacent(udiff.Lines(before, string(after))) {
		if e.Start != e.End || len(labels) == 0 || !exists && !anyUnproven(labels) { // a new file is one hunk, unless an unproven fact needs one of its own
			c.edits = append(c.edits, e)
			continue
		}
		for _, chunk := range splitInsert(slices.Collect(strings.Lines(e.New)), labels) {
			c.edits = append(c.edits, udiff.Edit{Start: e.Start, End: e.End, New: strings.Join(chunk, "")})
		}
	}

	var head strings.Builder
	fmt.Fprintf(&head, "diff --git a/%s b/%s\n", path, path)
	if !exists {
		head.WriteString("new file mode 100644\n")
	}
	full, err := udiff.ToUnified(from, "b/"+path, before, c.edits, 3)
	if err != nil {
		panic("promote: " + err.Error()) // edits come from udiff.Lines on the same text
	}
	c.Diff = head.String() + full
	c.edits = joinRegroup(before, c.edits) // the hunks: one decision each (the diff stays fine-grained)

	offset := 0 // lines the hunks before this one added (negative: removed)
	contexts := hunkContexts(before, c.edits)
	for i, e := range c.edits {
		u, err := udiff.ToUnifiedDiff(from, "b/"+path, before, []udiff.Edit{e}, contexts[i])
		if err != nil || len(u.Hunks) != 1 {
			panic(fmt.Sprintf("promote: one edit gave %d hunks (%v)", len(u.Hunks), err))
		}
		h := &Hunk{Accepted: true}
		oldN, newN := 0, 0
		for _, l := range u.Hunks[0].Lines {
			text := strings.TrimSuffix(strings.TrimSuffix(l.Content, "\n"), "\r")
			switch l.Kind {
			case udiff.Delete:
				h.Lines = append(h.Lines, "-"+text)
				h.Removed++
				oldN++
			case udiff.Insert:
				h.Lines = append(h.Lines, "+"+text)
				h.Added++
				newN++
			default:
				h.Lines = append(h.Lines, " "+text)
				oldN++
				newN++
			}
			if !strings.HasSuffix(l.Content, "\n") {
				h.Lines = append(h.Lines, `\ No newline at end of file`)
			}
		}
		h.Header = fmt.Sprintf("@@ -%s +%s @@", hunkRange(u.Hunks[0].FromLine, oldN), hunkRange(u.Hunks[0].FromLine+offset, newN))
		offset += h.Added - h.Removed
		c.Hunks = append(c.Hunks, h)
	}
	return c
}

// hunkRange formats one side of a hunk header the way git does.
func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start-1)
	}
	if n == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}

// mergeAdjacent joins edits that touch (one ends where the next starts): they are one hunk.
func mergeAdjacent(edits []udiff.Edit) []udiff.Edit {
	var out []udiff.Edit
	for _, e := range edits {
		if n := len(out); n > 0 && out[n-1].End == e.Start {
			out[n-1].End = e.End
			out[n-1].New += e.New
			continue
		}
		out = append(out, e)
	}
	return out
}

// hunkContext is the number of unchanged lines shown around a hunk.
const hunkContext = 3

// joinRegroup joins the edits of before that make one decision: when the change removes a
// "## " heading (a condensation regrouping sections), every edit from the first to the last
// one that removes a heading or adds one that would take in the lines after it, so that no
// choice of hunks can leave facts under another date.
func joinRegroup(before string, edits []udiff.Edit) []udiff.Edit {
	first, last, regroups := -1, -1, false
	for i, e := range edits {
		removes := hasHeading(before[e.Start:e.End])
		if removes || hasHeading(e.New) && (e.Start != e.End || adopts(before[e.End:])) {
			if first < 0 {
				first = i
			}
			last = i
			regroups = regroups || removes
		}
	}
	if !regroups || first == last {
		return edits
	}
	j := edits[first]
	for _, e := range edits[first+1 : last+1] {
		j = udiff.Edit{Start: j.Start, End: e.End, New: j.New + before[j.End:e.Start] + e.New}
	}
	return append(append(slices.Clone(edits[:first]), j), edits[last+1:]...)
}

// hunkContexts gives each edit up to hunkContext lines of context, fewer where the unchanged
// lines between two edits are too few for both: hunks never share a line.
func hunkContexts(before string, edits []udiff.Edit) []int {
	out := make([]int, len(edits))
	for i := range edits {
		out[i] = hunkContext
		if i > 0 {
			out[i] = min(out[i], strings.Count(before[edits[i-1].End:edits[i].Start], "\n")/2)
		}
		if i+1 < len(edits) {
			out[i] = min(out[i], strings.Count(before[edits[i].End:edits[i+1].Start], "\n")/2)
		}
	}
	return out
}

// adopts reports whether a heading inserted before rest would take in rest's first lines:
// rest goes on with something other than a heading after blank lines.
func adopts(rest string) bool {
	for l := range strings.Lines(rest) {
		if strings.TrimSpace(l) != "" {
			return !strings.HasPrefix(l, "## ")
		}
	}
	return false
}

// hasHeading reports whether text holds a "## " heading line.
func hasHeading(text string) bool {
	for l := range strings.Lines(text) {
		if strings.HasPrefix(l, "## ") {
			return true
		}
	}
	return false
}

// splitInsert cuts the lines of one insertion into chunks that can each be applied alone:
// a new "## " section is a chunk of its own (with the blank line that separates it, on the
// side the insertion has it), and bullets added under an existing heading split where their
// label changes. Bullets under a heading this insertion adds stay with that heading, but for
// an unproven fact (see factLabel), which always gets a hunk of its own.
func splitInsert(lines []string, labels map[string]string) [][]string {
	isHeading := func(s string) bool { return strings.HasPrefix(s, "## ") }
	isBlank := func(s string) bool { return strings.TrimSpace(s) == "" }
	blankFirst := len(lines) > 0 && isBlank(lines[0])
	var chunks [][]string
	var cur []string
	label, owned := "", false
	cut := func() {
		if len(cur) > 0 {
			chunks = append(chunks, cur)
		}
		cur, label, owned = nil, "", false
	}
	for i, ln := range lines {
		switch {
		case blankFirst && isBlank(ln) && i+1 < len(lines) && isHeading(lines[i+1]):
			cut()
			owned = true
		case isHeading(ln) && (!blankFirst || i <= 0 || !isBlank(lines[i-1])):
			cut()
			owned = true
		default:
			if t, ok := bulletLine(ln); ok {
				if l := labels[t]; l != "" {
					if label != "" && l != label && (!owned || isUnprovenLabel(l) != isUnprovenLabel(label)) {
						cut()
					}
					label = l
				}
			}
		}
		cur = append(cur, ln)
	}
	cut()
	return chunks
}

// anyUnproven reports whether a label says an unproven fact (see factLabel).
func anyUnproven(labels map[string]string) bool {
	for _, l := range labels {
		if isUnprovenLabel(l) {
			return true
		}
	}
	return false
}

// bulletLine returns the text of a top-level bullet line and whether it is one.
func bulletLine(ln string) (string, bool) {
	ln = strings.TrimRight(ln, "\r\n")
	if len(ln) >= 2 && (ln[0] == '-' || ln[0] == '*' || ln[0] == '+') && (ln[1] == ' ' || ln[1] == '\t') {
		return strings.TrimSpace(ln[2:]), true
	}
	return "", false
}
