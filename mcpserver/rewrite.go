package mcpserver

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"carnet/memstore"
	"carnet/memstore/gitrepo"
	"carnet/secret"
)

// WriteIn is the input of memory_write.
type WriteIn struct {
	PathIn
	Content string `json:"content" jsonschema:"the whole file"`
	Version string `json:"version" jsonschema:"from memory_read; empty to create"`
}

// WriteOut is what memory_write returns.
type WriteOut struct {
	Path            string `json:"path"`
	Version         string `json:"version" jsonschema:"the new version, for a next memory_write"`
	PreviousVersion string `json:"previous_version,omitempty"`
	Chars           int    `json:"chars"`
	Lines           int    `json:"lines"`
	Unchanged       bool   `json:"unchanged,omitempty"`
	Diffed
	Committed
}

// Diffed is what a write changed in a file's lines.
type Diffed struct {
	Added   []string `json:"added" jsonschema:"lines the file gained, as written"`
	Removed []string `json:"removed" jsonschema:"lines the file lost"`
}

// noLines is a Diffed with no line, for a call refused before anything was read.
func noLines() Diffed { return Diffed{Added: []string{}, Removed: []string{}} }

func (c *call) write(in WriteIn) (string, WriteOut, error) {
	f, err := c.resolve(in.Path)
	if err != nil {
		return "", WriteOut{Diffed: noLines()}, err
	}
	version, err := checkWrite(in, f.rel)
	if err != nil {
		return "", WriteOut{Path: f.rel, Diffed: noLines()}, err
	}
	return c.rewrite(f, version, "Rewrote", func(_ []byte, exists bool) ([]byte, error) {
		switch {
		case !exists && !layoutFile(f.rel):
			return nil, fail(resInvalid, "refused: %s does not exist, and memory_write only creates long_memory.md and logs/YYYY-MM-DD.md (YYYY-MM-DD a calendar date), or notes/NAME.md (NAME in lower-case letters, digits and dashes). Nothing was written.", f.rel)
		case exists && version == "":
			return nil, fail(resConflict, "refused: %s already exists; re-read it with memory_read to get its version, then write again. Nothing was written.", f.rel)
		}
		return []byte(in.Content), nil
	})
}

// rewrite replaces the file f by what edit makes of it (given its content and whether it
// exists), under the checks every rewrite passes: the client may see the file, the version
// (when given) is the file's, what the rewrite adds is at most MaxFileChars and holds no
// secret. verb says what was done to an existing file ("Rewrote", "Edited").
func (c *call) rewrite(f memFile, version, verb string, edit func(old []byte, exists bool) ([]byte, error)) (string, WriteOut, error) {
	out := WriteOut{Path: f.rel, Diffed: noLines()}
	c.s.writeMu.Lock()
	defer c.s.writeMu.Unlock()
	var exists bool
	var data []byte
	written, err := c.p.Write(c.change(""), func(tx *memstore.Tx) error {
		old, ok, err := tx.Read(f.path)
		exists = ok
		switch {
		case err != nil:
			return fail(resError, "%v", err)
		case exists && c.hidden(old):
			return c.notFound(f.rel)
		case !exists && version != "":
			return fail(resConflict, "refused: %s no longer exists (it was moved or deleted since you read it): re-read the index with memory_index; to create it anew, pass an empty version. Nothing was written.", f.rel)
		case exists && version != "" && version != gitrepo.BlobVersion(old):
			return fail(resConflict, "refused: %s changed since you read it (your version %s, now %s): re-read it with memory_read and apply your change to what is there now. Nothing was written.", f.rel, version, gitrepo.BlobVersion(old))
		}
		if data, err = edit(old, exists); err != nil {
			return err
		}
		if isNote(f.rel) {
			data = memstore.TouchNote(data, memstore.Date(c.now))
		}
		if exists {
			out.PreviousVersion = gitrepo.BlobVersion(old)
		}
		out.Added, out.Removed = lineDiff(old, data)
		if n := addedChars(out.Added); n > MaxFileChars {
			return fail(resTooLarge, "refused: the write adds %d characters, over the %d-character limit of what one call adds (a file may be larger). Split it: condense or drop what is no longer useful, move durable facts to long_memory.md and keep the details in the daily logs. Nothing was written.", n, MaxFileChars)
		}
		if line, reason := firstSecret(out.Added); reason != "" {
			return secretRefusal(fmt.Sprintf("line %d of the new content", lineNumber(data, line)), reason)
		}
		fc := fileContent(f.rel, data)
		out.Version, out.Chars, out.Lines = fc.Version, fc.Chars, fc.Lines
		if exists && string(old) == string(data) {
			out.Unchanged = true
			return nil
		}
		if exists {
			tx.Say(fmt.Sprintf("%s: %s (+%d −%d lines)", c.tool, f.rel, len(out.Added), len(out.Removed)))
		} else {
			tx.Say(fmt.Sprintf("%s: new %s (%d lines)", c.tool, f.rel, out.Lines))
		}
		return tx.Put(f.path, data)
	})
	switch {
	case err != nil:
		out.Added, out.Removed = []string{}, []string{}
		return "", out, asToolError(err)
	case out.Unchanged:
		return fmt.Sprintf("%s is unchanged (version %s): the content is what was there.\n", f.rel, out.Version), out, nil
	}
	c.size = len(data)
	if !exists {
		verb = "Created"
	}
	out.Committed = c.committed(written)
	return rewriteText(verb, exists, out), out, nil
}

// rewriteText is what the model reads of a rewrite: the new version and the lines changed.
func rewriteText(verb string, exists bool, out WriteOut) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: %d characters, %d lines, version %s", verb, out.Path, out.Chars, out.Lines, out.Version)
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
	out.writeLine(&b)
	return b.String()
}

// isVersion reports whether v has the form of a version: 10 lowercase hex digits.
func isVersion(v string) bool {
	return len(v) == 10 && strings.Trim(v, "0123456789abcdef") == ""
}

// controlLine is the number of the first line of content holding a control character other
// than a tab or a line break, or 0.
func controlLine(content string) int {
	i := strings.IndexFunc(content, func(r rune) bool { return unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' })
	if i < 0 {
		return 0
	}
	return strings.Count(content[:i], "\n") + 1
}

// firstSecret runs the secret guard over lines and returns the first flagged one.
func firstSecret(lines []string) (string, string) {
	for _, l := range lines {
		if reason := secret.Detect(l); reason != "" {
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

// addedChars counts the characters of the added lines, a line break each.
func addedChars(lines []string) int {
	n := 0
	for _, l := range lines {
		n += utf8.RuneCountInString(l) + 1
	}
	return n
}

// checkWrite refuses a memory_write whose content or version is not acceptable, before
// anything is read; it returns the version, normalised.
func checkWrite(in WriteIn, rel string) (string, error) {
	if strings.TrimSpace(in.Content) == "" {
		return "", fail(resInvalid, "refused: the content is empty; memory_write does not empty a file (use memory_forget to remove bullets). Nothing was written.")
	}
	if !utf8.ValidString(in.Content) {
		return "", fail(resInvalid, "refused: the content is not valid UTF-8. Nothing was written.")
	}
	if line := controlLine(in.Content); line > 0 {
		return "", fail(resInvalid, "refused: line %d of the content holds a control character (only tabs and line breaks are allowed). Nothing was written.", line)
	}
	version := strings.ToLower(strings.TrimSpace(in.Version))
	if version != "" && !isVersion(version) {
		return "", fail(resInvalid, "refused: %q is not a version: pass the 10 hex digits memory_read gave for %s, or an empty version to create a file. Nothing was written.", in.Version, rel)
	}
	return version, nil
}
