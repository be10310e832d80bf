package mcpserver

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"

	"carnet/memstore"
)

const (
	// MaxFileChars is the largest file memory_write accepts, in characters (SPEC §5).
	MaxFileChars = 20000
	// maxBulletChars is the longest bullet memory_add accepts: memstore cuts longer ones,
	// and a confirmation must echo what was written, never a cut copy.
	maxBulletChars = 1000
)

// AddIn is the input of memory_add.
type AddIn struct {
	Section string   `json:"section" jsonschema:"where the bullets go: a section of today's log (contexte, objectif, problemes, connaissances, travail, decisions, a_suivre) or long_terme for long_memory.md"`
	Bullets []string `json:"bullets" jsonschema:"one fact per bullet, one line each, without the leading '- '"`
	Scope
}

// AddOut is what memory_add returns.
type AddOut struct {
	Added      []Written `json:"added" jsonschema:"the bullets as written"`
	Duplicates []string  `json:"duplicates" jsonschema:"bullets already in memory, not written again"`
	Commit     string    `json:"commit,omitempty"`
	CommitNote string    `json:"commit_note,omitempty" jsonschema:"why no commit was made, with autocommit on"`
}

// Written is a bullet as it was written.
type Written struct {
	Path    string `json:"path" jsonschema:"relative to the memory folder"`
	Section string `json:"section"`
	Text    string `json:"text"`
}

// DoneIn is the input of memory_done.
type DoneIn struct {
	Text string `json:"text,omitempty" jsonschema:"the open item, or enough of its words to designate it"`
	All  bool   `json:"all,omitempty" jsonschema:"tick every item text matches; with no text, every open item"`
	Scope
}

// DoneOut is what memory_done returns.
type DoneOut struct {
	Ticked     []Written `json:"ticked" jsonschema:"the lines written in Finalisé"`
	Commit     string    `json:"commit,omitempty"`
	CommitNote string    `json:"commit_note,omitempty"`
}

// WriteIn is the input of memory_write.
type WriteIn struct {
	Path    string `json:"path" jsonschema:"file relative to the memory folder, like long_memory.md or logs/2026-03-22.md"`
	Content string `json:"content" jsonschema:"the whole new content of the file, at most 20,000 characters"`
	Version string `json:"version" jsonschema:"the version memory_read returned for this file; empty to create a file that does not exist yet"`
	Scope
}

// WriteOut is what memory_write returns.
type WriteOut struct {
	Path            string   `json:"path"`
	Version         string   `json:"version" jsonschema:"the new version, for a next memory_write"`
	PreviousVersion string   `json:"previous_version,omitempty"`
	Chars           int      `json:"chars"`
	Lines           int      `json:"lines"`
	Unchanged       bool     `json:"unchanged,omitempty"`
	Added           []string `json:"added" jsonschema:"lines the file gained, as written"`
	Removed         []string `json:"removed" jsonschema:"lines the file lost"`
	Commit          string   `json:"commit,omitempty"`
	CommitNote      string   `json:"commit_note,omitempty"`
}

// ForgetIn is the input of memory_forget.
type ForgetIn struct {
	Path    string `json:"path" jsonschema:"file relative to the memory folder, like long_memory.md or logs/2026-03-22.md"`
	Bullet  string `json:"bullet" jsonschema:"the bullet's text as memory_read shows it, without the leading '- '"`
	Section string `json:"section,omitempty" jsonschema:"heading of the section holding the bullet, when the same text is in several sections"`
	Scope
}

// ForgetOut is what memory_forget returns.
type ForgetOut struct {
	Path       string   `json:"path"`
	Section    string   `json:"section"`
	Removed    []string `json:"removed" jsonschema:"the lines removed, exactly as they were"`
	Commit     string   `json:"commit,omitempty"`
	CommitNote string   `json:"commit_note,omitempty"`
}

func (s *Server) addWriteTools() {
	addTool(s, toolSpec{
		name:  "memory_add",
		title: "Add to memory",
		write: true,
		desc: `Appends bullets to today's daily log, in one section, or to long_memory.md under today's date (section long_terme). One durable fact per bullet; bullets already in memory (same words, case, accents or punctuation aside) are not written twice.
Sections: contexte (context), objectif (goal), problemes (problems met), connaissances (things learned), travail (work done), decisions (decisions made), a_suivre (next steps, ticked later with memory_done), long_terme (long-term memory).
A bullet that looks like a secret (password, token, key, card number) refuses the whole call: nothing is written. The reply echoes every bullet exactly as written.`,
	}, func(in *jsonschema.Schema) {
		sec := prop(in, "section")
		for _, k := range memstore.AddKeys() {
			sec.Enum = append(sec.Enum, k)
		}
		bl := prop(in, "bullets")
		bl.MinItems = new(1)
		bl.Items.MinLength = new(1)
	}, func(c *call, in AddIn) (string, AddOut, error) { return c.add(in) })

	addTool(s, toolSpec{
		name:  "memory_done",
		title: "Tick an open item",
		write: true,
		desc:  `Ticks the open "À suivre" item matching text: it leaves À suivre and appears in Finalisé of the same log as "✅ item". The match ignores case, accents and punctuation, and accepts an item holding all the words of text. When several items match, they are listed and nothing changes (set all to tick them all). With all and no text, every open item is ticked.`,
	}, nil, func(c *call, in DoneIn) (string, DoneOut, error) { return c.done(in) })

	addTool(s, toolSpec{
		name:        "memory_write",
		title:       "Rewrite a memory file",
		write:       true,
		destructive: true,
		idempotent:  true,
		desc: `Replaces a whole memory file (to reorganise, condense or correct it). Requires the version memory_read returned: when the file changed since, the write is refused and you must re-read it. Use an empty version to create a file that does not exist yet (long_memory.md, logs/YYYY-MM-DD.md).
Content over 20,000 characters is refused: split or condense it. Lines that look like secrets are refused and nothing is written. The reply gives the new version and the lines added and removed, in full. For a single fact, prefer memory_add; to drop one bullet, memory_forget.`,
	}, nil, func(c *call, in WriteIn) (string, WriteOut, error) { return c.write(in) })

	addTool(s, toolSpec{
		name:        "memory_forget",
		title:       "Forget a bullet",
		write:       true,
		destructive: true,
		desc:        `Removes one bullet (with its indented lines) from a memory file: a fact that is wrong, obsolete or should not be kept. Git history keeps it. The bullet is matched by its text (case, accents and punctuation aside); give section when the same text is in several sections. The reply shows the lines removed.`,
	}, func(in *jsonschema.Schema) {
		prop(in, "bullet").MinLength = new(1)
	}, func(c *call, in ForgetIn) (string, ForgetOut, error) { return c.forget(in) })
}

// secretRefusal is the message of a write refused by the secret guard; it never quotes the secret.
func secretRefusal(what, reason string) error {
	return fail(resSecret, "refused: %s looks like a secret (%s). Nothing was written: memory is kept in git, and secrets stay out of it. Record where the secret lives (a vault, an environment variable name), never its value.", what, reason)
}

// asToolError turns a memstore failure into a tool error.
func asToolError(err error) error {
	var te *toolError
	var se *memstore.SecretError
	switch {
	case errors.As(err, &te):
		return te
	case errors.As(err, &se):
		return secretRefusal("a line for "+se.Path, se.Reason)
	}
	return fail(resError, "%v", err)
}

func (c *call) add(in AddIn) (string, AddOut, error) {
	out := AddOut{Added: []Written{}, Duplicates: []string{}}
	key := in.Section
	if !validKey(key) {
		return "", out, fail(resInvalid, "refused: unknown section %q (one of %s)", key, strings.Join(memstore.AddKeys(), ", "))
	}
	if len(in.Bullets) == 0 {
		return "", out, fail(resInvalid, "refused: no bullet given")
	}
	target := c.p.LogPath(memstore.Date(c.now))
	if key == memstore.KeyLongTerme {
		target = c.p.LongMemoryPath()
	}
	c.path = rel(c.p, c.ws.Rel(target))
	for i, b := range in.Bullets {
		t := strings.Join(strings.Fields(b), " ")
		what := fmt.Sprintf("bullet %d", i+1)
		if len(in.Bullets) == 1 {
			what = "the bullet"
		}
		switch n := utf8.RuneCountInString(t); {
		case n == 0:
			return "", out, fail(resInvalid, "refused: %s is empty; nothing was written", what)
		case n > maxBulletChars:
			return "", out, fail(resTooLarge, "refused: %s is %d characters; a bullet is one fact of at most %d characters. Split it into several bullets. Nothing was written.", what, n, maxBulletChars)
		}
		if reason := memstore.DetectSecret(b); reason != "" {
			return "", out, secretRefusal(what, reason)
		}
	}
	c.s.writeMu.Lock()
	defer c.s.writeMu.Unlock()
	changed, _, err := c.p.Update(c.now, func(tx *memstore.Tx) error {
		for i, b := range in.Bullets {
			text := tx.CleanBullet(b)
			ok, err := tx.AddBullet(key, text)
			if err != nil {
				return err
			}
			if len(tx.Refused) > 0 {
				return secretRefusal(fmt.Sprintf("bullet %d", i+1), tx.Refused[0].Reason)
			}
			if ok {
				out.Added = append(out.Added, Written{Path: c.path, Section: key, Text: text})
				c.size += len(text)
			} else {
				out.Duplicates = append(out.Duplicates, text)
			}
		}
		return nil
	})
	if err != nil {
		out.Added, out.Duplicates = []Written{}, []string{}
		return "", out, asToolError(err)
	}

	var b strings.Builder
	if len(out.Added) > 0 {
		fmt.Fprintf(&b, "Added to %s (%s):\n", c.path, key)
		var body []string
		for _, a := range out.Added {
			fmt.Fprintf(&b, "- %s\n", a.Text)
			body = append(body, "- "+a.Text)
		}
		subject := fmt.Sprintf("memory_add by %s: %s to %s", displayName(c.client), plural(len(out.Added), "bullet"), c.ws.Rel(target))
		out.Commit, out.CommitNote = c.autocommit(changed, subject, body)
	}
	if len(out.Duplicates) > 0 {
		if len(out.Added) == 0 {
			b.WriteString("Nothing written: ")
		}
		b.WriteString("already in memory, not written again:\n")
		for _, d := range out.Duplicates {
			fmt.Fprintf(&b, "- %s\n", d)
		}
	}
	writeCommitLine(&b, out.Commit, out.CommitNote)
	return b.String(), out, nil
}

func validKey(k string) bool {
	for _, a := range memstore.AddKeys() {
		if a == k {
			return true
		}
	}
	return false
}

func (c *call) done(in DoneIn) (string, DoneOut, error) {
	out := DoneOut{Ticked: []Written{}}
	text := strings.TrimSpace(in.Text)
	if text == "" && !in.All {
		return "", out, fail(resInvalid, "refused: say which item to tick (text), or set all to tick every open item")
	}
	c.s.writeMu.Lock()
	defer c.s.writeMu.Unlock()
	var items []memstore.Item
	var err error
	if text == "" {
		items, err = c.p.DoneAll(c.now)
	} else {
		items, err = c.p.Done(text, in.All, c.now)
	}
	var amb *memstore.AmbiguousError
	var nf *memstore.NotFoundError
	switch {
	case errors.As(err, &amb):
		var b strings.Builder
		fmt.Fprintf(&b, "%q matches %d open items; nothing was ticked. Give more of the item's words, or set all to tick them all:", text, len(amb.Candidates))
		for _, it := range amb.Candidates {
			fmt.Fprintf(&b, "\n- %s  %s", it.Date, it.Text)
		}
		return "", out, fail(resAmbiguous, "%s", b.String())
	case errors.As(err, &nf):
		return "", out, fail(resNotFound, "%s", c.noOpenItem(text))
	case err != nil:
		return "", out, asToolError(err)
	}
	var b strings.Builder
	if len(items) == 0 {
		b.WriteString("No open item: nothing to tick.\n")
		return b.String(), out, nil
	}
	var changed, paths, body []string
	seen := map[string]bool{}
	b.WriteString("Ticked into Finalisé:\n")
	for _, it := range items {
		line := "✅ " + strings.TrimSpace(strings.TrimPrefix(it.Text, "✅"))
		w := Written{Path: rel(c.p, it.Path), Section: memstore.KeyFinalise, Text: line}
		out.Ticked = append(out.Ticked, w)
		fmt.Fprintf(&b, "- %s  (%s)\n", line, w.Path)
		body = append(body, "- "+line)
		c.size += len(line)
		if !seen[it.Path] {
			seen[it.Path] = true
			changed = append(changed, it.Path)
			paths = append(paths, w.Path)
		}
	}
	c.path = strings.Join(paths, ",")
	subject := fmt.Sprintf("memory_done by %s: %s in %s", displayName(c.client), plural(len(items), "item")+" ticked", strings.Join(changed, ", "))
	out.Commit, out.CommitNote = c.autocommit(changed, subject, body)
	writeCommitLine(&b, out.Commit, out.CommitNote)
	return b.String(), out, nil
}

// noOpenItem says that nothing matched, and lists what is open.
func (c *call) noOpenItem(text string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "no open item matches %q; nothing was ticked.", text)
	open, err := c.p.OpenItems()
	if err != nil || len(open) == 0 {
		b.WriteString(" There is no open item in this project.")
		return b.String()
	}
	b.WriteString(" Open items:")
	for i, it := range open {
		if i == 20 {
			fmt.Fprintf(&b, "\n… and %d more (memory_index lists them all)", len(open)-i)
			break
		}
		fmt.Fprintf(&b, "\n- %s  %s", it.Date, it.Text)
	}
	return b.String()
}

func (c *call) write(in WriteIn) (string, WriteOut, error) {
	out := WriteOut{Added: []string{}, Removed: []string{}}
	f, err := resolve(c.p, in.Path)
	if err != nil {
		return "", out, err
	}
	c.path, out.Path = f.rel, f.rel
	if n := utf8.RuneCountInString(in.Content); n > MaxFileChars {
		return "", out, fail(resTooLarge, "refused: the content is %d characters, over the %d-character limit of a memory file. Split it: condense or drop what is no longer useful, move durable facts to long_memory.md and keep the details in the daily logs. Nothing was written.", n, MaxFileChars)
	}
	if strings.TrimSpace(in.Content) == "" {
		return "", out, fail(resInvalid, "refused: the content is empty; memory_write does not empty a file (use memory_forget to remove bullets). Nothing was written.")
	}
	if !utf8.ValidString(in.Content) {
		return "", out, fail(resInvalid, "refused: the content is not valid UTF-8. Nothing was written.")
	}
	version := strings.ToLower(strings.TrimSpace(in.Version))

	c.s.writeMu.Lock()
	defer c.s.writeMu.Unlock()
	unlock, err := c.p.Lock()
	if err != nil {
		return "", out, fail(resError, "%v", err)
	}
	old, err := os.ReadFile(f.abs)
	exists := err == nil
	switch {
	case err != nil && !os.IsNotExist(err):
		unlock()
		return "", out, fail(resError, "cannot read %s: %v", f.rel, err)
	case exists && c.hidden(old):
		unlock()
		return "", out, c.notFound(f.rel)
	case !exists && version != "":
		unlock()
		return "", out, fail(resConflict, "refused: %s no longer exists (it was moved or deleted since you read it): re-read the index with memory_index; to create it anew, pass an empty version. Nothing was written.", f.rel)
	case !exists && !layoutFile(f.rel):
		unlock()
		return "", out, fail(resInvalid, "refused: %s does not exist, and memory_write only creates long_memory.md and logs/YYYY-MM-DD.md. Nothing was written.", f.rel)
	case exists && version == "":
		unlock()
		return "", out, fail(resConflict, "refused: %s already exists; re-read it with memory_read to get its version, then write again. Nothing was written.", f.rel)
	case exists && !sameVersion(version, old):
		unlock()
		return "", out, fail(resConflict, "refused: %s changed since you read it (your version %s, now %s): re-read it with memory_read and apply your change to what is there now. Nothing was written.", f.rel, version, memstore.BlobVersion(old))
	}
	data := []byte(in.Content)
	if exists {
		out.PreviousVersion = memstore.BlobVersion(old)
	}
	out.Added, out.Removed = lineDiff(old, data)
	if line, reason := firstSecret(out.Added); reason != "" {
		unlock()
		out.Added, out.Removed = []string{}, []string{}
		return "", out, secretRefusal(fmt.Sprintf("line %d of the new content", lineNumber(data, line)), reason)
	}
	fc := fileContent(f.rel, data)
	out.Version, out.Chars, out.Lines = fc.Version, fc.Chars, fc.Lines
	if exists && string(old) == in.Content {
		unlock()
		out.Unchanged = true
		return fmt.Sprintf("%s is unchanged (version %s): the content is what was there.\n", f.rel, out.Version), out, nil
	}
	err = memstore.WriteFileAtomic(f.abs, data)
	unlock()
	if err != nil {
		return "", out, fail(resError, "cannot write %s: %v", f.rel, err)
	}
	c.size = len(data)

	var b strings.Builder
	verb := "Rewrote"
	if !exists {
		verb = "Created"
	}
	fmt.Fprintf(&b, "%s %s: %d characters, %d lines, version %s", verb, f.rel, out.Chars, out.Lines, out.Version)
	if exists {
		fmt.Fprintf(&b, " (was %s)", out.PreviousVersion)
	}
	b.WriteString(".\n")
	if len(out.Added) > 0 {
		fmt.Fprintf(&b, "Lines added (%d):\n", len(out.Added))
		for _, l := range out.Added {
			fmt.Fprintf(&b, "+ %s\n", l)
		}
	}
	if len(out.Removed) > 0 {
		fmt.Fprintf(&b, "Lines removed (%d):\n", len(out.Removed))
		for _, l := range out.Removed {
			fmt.Fprintf(&b, "- %s\n", l)
		}
	}
	wsPath := c.ws.Rel(f.abs)
	subject := fmt.Sprintf("memory_write by %s: %s (+%d −%d lines)", displayName(c.client), wsPath, len(out.Added), len(out.Removed))
	if !exists {
		subject = fmt.Sprintf("memory_write by %s: new %s (%d lines)", displayName(c.client), wsPath, out.Lines)
	}
	out.Commit, out.CommitNote = c.autocommit([]string{wsPath}, subject, nil)
	writeCommitLine(&b, out.Commit, out.CommitNote)
	return b.String(), out, nil
}

// sameVersion accepts the 10-digit version, or a longer prefix of the blob hash.
func sameVersion(v string, data []byte) bool {
	want := memstore.BlobVersion(data)
	return v == want || (len(v) > len(want) && strings.HasPrefix(v, want))
}

// firstSecret runs the secret guard over lines and returns the first flagged one.
func firstSecret(lines []string) (string, string) {
	for _, l := range lines {
		if reason := memstore.DetectSecret(l); reason != "" {
			return l, reason
		}
	}
	return "", ""
}

// lineNumber is the 1-based number of the first line of data equal to line: a refusal
// names the line by its number, never by its content.
func lineNumber(data []byte, line string) int {
	for i, l := range memstore.ParseDoc(data).Lines() {
		if l == line {
			return i + 1
		}
	}
	return 0
}

// lineDiff lists the non-blank lines new has that old has not, and those old loses, each in
// file order, counting repeats (a line present twice before and once after is removed once).
func lineDiff(old, new []byte) (added, removed []string) {
	count := func(data []byte) ([]string, map[string]int) {
		lines := memstore.ParseDoc(data).Lines()
		m := map[string]int{}
		for _, l := range lines {
			m[l]++
		}
		return lines, m
	}
	ol, om := count(old)
	nl, nm := count(new)
	added, removed = []string{}, []string{}
	for _, l := range nl {
		if om[l] > 0 {
			om[l]--
			continue
		}
		if strings.TrimSpace(l) != "" {
			added = append(added, l)
		}
	}
	for _, l := range ol {
		if nm[l] > 0 {
			nm[l]--
			continue
		}
		if strings.TrimSpace(l) != "" {
			removed = append(removed, l)
		}
	}
	return added, removed
}

func (c *call) forget(in ForgetIn) (string, ForgetOut, error) {
	out := ForgetOut{Removed: []string{}}
	f, err := resolve(c.p, in.Path)
	if err != nil {
		return "", out, err
	}
	c.path, out.Path = f.rel, f.rel
	query := strings.TrimSpace(in.Bullet)
	for _, m := range []string{"- ", "* ", "+ "} {
		query = strings.TrimSpace(strings.TrimPrefix(query, m))
	}
	if query == "" {
		return "", out, fail(resInvalid, "refused: say which bullet to forget (its text)")
	}
	c.s.writeMu.Lock()
	defer c.s.writeMu.Unlock()
	if _, err := c.readMem(f); err != nil {
		return "", out, err
	}
	changed, _, err := c.p.Update(c.now, func(tx *memstore.Tx) error {
		d, err := tx.Doc(f.abs)
		if err != nil {
			return err
		}
		sb, err := pickBullet(d, f.rel, query, in.Section)
		if err != nil {
			return err
		}
		out.Section = sb.Section.Heading
		out.Removed = append(out.Removed, d.Lines()[sb.Bullet.Line:sb.Bullet.End]...)
		d.RemoveBullet(sb.Section, sb.Bullet)
		return nil
	})
	if err != nil {
		out.Removed = []string{}
		return "", out, asToolError(err)
	}
	for _, l := range out.Removed {
		c.size += len(l) + 1
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Removed from %s [%s] (git history keeps it):\n", f.rel, out.Section)
	for _, l := range out.Removed {
		b.WriteString(l + "\n")
	}
	subject := fmt.Sprintf("memory_forget by %s: 1 bullet from %s", displayName(c.client), c.ws.Rel(f.abs))
	out.Commit, out.CommitNote = c.autocommit(changed, subject, out.Removed)
	writeCommitLine(&b, out.Commit, out.CommitNote)
	return b.String(), out, nil
}

// pickBullet finds the one bullet of d that query names: same text, else same text once
// normalised (case, accents, punctuation); section, when given, narrows the choice.
func pickBullet(d *memstore.Doc, file, query, section string) (memstore.SectionBullet, error) {
	all := d.AllBullets()
	if section = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(section), "#")); section != "" {
		var in []memstore.SectionBullet
		for _, sb := range all {
			if sb.Section.Key == section || memstore.Normalize(sb.Section.Heading) == memstore.Normalize(section) ||
				(sb.Section.Key != "" && sb.Section.Key == memstore.SectionKey(section)) {
				in = append(in, sb)
			}
		}
		all = in
	}
	var exact, norm, near []memstore.SectionBullet
	nq := memstore.Normalize(query)
	for _, sb := range all {
		nb := memstore.Normalize(sb.Bullet.Text)
		switch {
		case sb.Bullet.Text == query:
			exact = append(exact, sb)
		case nb == nq:
			norm = append(norm, sb)
		case nq != "" && strings.Contains(nb, nq):
			near = append(near, sb)
		}
	}
	m := exact
	if len(m) == 0 {
		m = norm
	}
	where := file
	if section != "" {
		where += " (section " + section + ")"
	}
	switch {
	case len(m) == 1:
		return m[0], nil
	case len(m) > 1:
		var b strings.Builder
		fmt.Fprintf(&b, "%q is in %d places of %s; nothing was removed. Give section to say which:", query, len(m), file)
		for _, sb := range m {
			fmt.Fprintf(&b, "\n- line %d, section %q", sb.Bullet.Line+1, sb.Section.Heading)
		}
		return memstore.SectionBullet{}, fail(resAmbiguous, "%s", b.String())
	}
	var b strings.Builder
	fmt.Fprintf(&b, "no bullet %q in %s; nothing was removed. Give the bullet's whole text as memory_read shows it", query, where)
	if len(near) > 0 {
		b.WriteString(". Bullets holding those words:")
		for i, sb := range near {
			if i == 5 {
				break
			}
			fmt.Fprintf(&b, "\n- [%s] %s", sb.Section.Heading, sb.Bullet.Text)
		}
	}
	return memstore.SectionBullet{}, fail(resNotFound, "%s", b.String())
}

// autocommit commits paths (relative to the workspace root) when [hook] autocommit is on.
// It returns the commit hash, or a note saying why there is none; a failed commit never
// fails the call, since the memory itself was written.
func (c *call) autocommit(paths []string, subject string, body []string) (hash, note string) {
	if !c.ws.Config.Hook.Autocommit || len(paths) == 0 {
		return "", ""
	}
	repo, ok := memstore.FindRepoRoot(c.ws.Root)
	if !ok {
		return "", "not committed: the workspace is not in a git repository"
	}
	abs := make([]string, len(paths))
	for i, p := range paths {
		abs[i] = filepath.Join(c.ws.Root, filepath.FromSlash(p))
	}
	msg := subject
	if len(body) > 0 {
		msg += "\n\n" + strings.Join(body, "\n")
	}
	res, err := memstore.CommitPaths(repo, abs, msg)
	switch {
	case err != nil:
		c.s.log.Warn("autocommit failed", "tool", c.tool, "error", err)
		return "", "not committed: " + err.Error()
	case res.Hash == "":
		return "", "not committed: " + res.Skipped
	}
	c.commit = res.Hash
	return res.Hash, ""
}

func writeCommitLine(b *strings.Builder, hash, note string) {
	switch {
	case hash != "":
		fmt.Fprintf(b, "Committed %s.\n", hash[:min(len(hash), 10)])
	case note != "":
		fmt.Fprintf(b, "(%s)\n", note)
	}
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}
