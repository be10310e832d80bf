package mcpserver

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"

	"carnet/memstore"
	"carnet/secret"
)

const (
	// MaxFileChars is the most one memory_write may add to a file, in characters (SPEC §5):
	// the file itself may be larger.
	MaxFileChars = 20000
	// maxBulletChars is the longest bullet memory_add accepts: memstore cuts longer ones,
	// and a confirmation must echo what was written, never a cut copy.
	maxBulletChars = memstore.MaxBulletChars
)

// AddIn is the input of memory_add.
type AddIn struct {
	Section    string   `json:"section"`
	Bullets    []string `json:"bullets"`
	Importance int      `json:"importance,omitempty"`
	Tags       []string `json:"tags,omitempty"`
	Scope
}

// AddOut is what memory_add returns.
type AddOut struct {
	Added      []Written `json:"added" jsonschema:"the bullets as written"`
	Duplicates []string  `json:"duplicates" jsonschema:"bullets already in memory, not written again"`
	Similar    []string  `json:"similar,omitempty" jsonschema:"bullets written though near one already in memory"`
	Committed
}

// Written is a bullet as it was written.
type Written struct {
	Path    string `json:"path" jsonschema:"relative to the memory folder"`
	Section string `json:"section"`
	Text    string `json:"text"`
}

// DoneIn is the input of memory_done.
type DoneIn struct {
	Text string `json:"text,omitempty" jsonschema:"words of the item"`
	All  bool   `json:"all,omitempty" jsonschema:"every match"`
	Scope
}

// DoneOut is what memory_done returns.
type DoneOut struct {
	Ticked []Written `json:"ticked" jsonschema:"the lines written in the Done section"`
	Committed
}

func (s *Server) addWriteTools() {
	addTool(s, toolSpec{
		name:  "memory_add",
		title: "Add to memory",
		write: true,
		desc:  `Appends bullets (one fact each) to a section of today's log or long_memory.md, weighed (importance 1-10, most 4-6) and tagged. Skips exact duplicates.`,
	}, func(in *jsonschema.Schema) {
		sec := prop(in, "section")
		for _, k := range memstore.SectionNames() {
			sec.Enum = append(sec.Enum, k)
		}
		imp := prop(in, "importance")
		imp.Minimum, imp.Maximum = new(1.0), new(float64(memstore.MaxImportance))
		bl := prop(in, "bullets")
		bl.MinItems = new(1)
		bl.Items.MinLength = new(1)
	}, (*call).add)

	addTool(s, toolSpec{
		name:  "memory_done",
		title: "Tick an item",
		write: true,
		desc:  `Ticks the open next step holding text's words; several match: none ticked unless all.`,
	}, nil, (*call).done)

	addTool(s, toolSpec{
		name:        "memory_write",
		title:       "Rewrite a file",
		write:       true,
		destructive: true,
		idempotent:  true,
		desc:        `Replaces a whole file; version from memory_read (empty to create). Refused if the file changed.`,
	}, nil, (*call).write)

	addTool(s, toolSpec{
		name:        "memory_forget",
		title:       "Forget a bullet",
		write:       true,
		destructive: true,
		desc:        `Removes one bullet (by its text; section when several); git keeps it.`,
	}, func(in *jsonschema.Schema) {
		prop(in, "bullet").MinLength = new(1)
	}, (*call).forget)
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
	key := memstore.AddKey(in.Section)
	if key == "" {
		return "", out, fail(resInvalid, "refused: unknown section %q (one of %s)", in.Section, strings.Join(memstore.SectionNames(), ", "))
	}
	if len(in.Bullets) == 0 {
		return "", out, fail(resInvalid, "refused: no bullet given")
	}
	weight, err := memstore.CheckWeight(in.Importance, in.Tags)
	if err != nil {
		return "", out, fail(resInvalid, "refused: %v. Nothing was written.", err)
	}
	target := c.p.LogPath(memstore.Date(c.now))
	if key == memstore.KeyLongTerm {
		target = c.p.LongMemoryPath()
	}
	c.path = rel(c.p, target)
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
		if reason := secret.Detect(b); reason != "" {
			return "", out, secretRefusal(what, reason)
		}
	}
	c.s.writeMu.Lock()
	defer c.s.writeMu.Unlock()
	var body []string
	written, err := c.p.Write(c.change(""), func(tx *memstore.Tx) error {
		for i, b := range in.Bullets {
			text := tx.CleanBullet(b)
			if text == "" { // nothing but control characters, which are dropped
				return fail(resInvalid, "refused: bullet %d is empty once its control characters are dropped. Nothing was written.", i+1)
			}
			text = memstore.WithWeight(text, weight)
			ok, err := tx.AddBullet(key, text)
			if err != nil {
				return err
			}
			if len(tx.Refused) > 0 {
				return secretRefusal(fmt.Sprintf("bullet %d", i+1), tx.Refused[0].Reason)
			}
			if ok {
				if n := len(tx.Similar); n > 0 && tx.Similar[n-1].Text == text {
					out.Similar = append(out.Similar, text)
				}
				out.Added = append(out.Added, Written{Path: c.path, Section: key, Text: text})
				body = append(body, "- "+text)
				c.size += len(text)
			} else {
				out.Duplicates = append(out.Duplicates, text)
			}
		}
		tx.Say(fmt.Sprintf("memory_add: %s to %s", memstore.Plural(len(out.Added), "bullet"), c.path), body...)
		return nil
	})
	if err != nil {
		out.Added, out.Duplicates, out.Similar = []Written{}, []string{}, nil
		return "", out, asToolError(err)
	}

	var b strings.Builder
	if len(out.Added) > 0 {
		fmt.Fprintf(&b, "Added to %s (%s):\n", c.path, key)
		for _, a := range out.Added {
			fmt.Fprintf(&b, "- %s%s\n", a.Text, c.change("").Marker()) // as the file holds it
		}
		out.Committed = c.committed(written)
	}
	if len(out.Similar) > 0 {
		b.WriteString("written, though near a fact already in memory (check it is a different one; memory_search shows both):\n")
		for _, s := range out.Similar {
			fmt.Fprintf(&b, "- %s\n", s)
		}
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
	out.writeLine(&b)
	return b.String(), out, nil
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
	var written memstore.Written
	var err error
	if text == "" {
		items, written, err = c.p.DoneAll(c.change(""))
	} else {
		items, written, err = c.p.Done(text, in.All, c.change(""))
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
	var paths []string
	seen := map[string]bool{}
	b.WriteString("Ticked into Done:\n")
	for _, it := range items {
		line := "✅ " + strings.TrimSpace(strings.TrimPrefix(it.Text, "✅"))
		w := Written{Path: rel(c.p, it.Path), Section: memstore.KeyDone, Text: line}
		out.Ticked = append(out.Ticked, w)
		fmt.Fprintf(&b, "- %s  (%s)\n", line, w.Path)
		c.size += len(line)
		if !seen[it.Path] {
			seen[it.Path] = true
			paths = append(paths, w.Path)
		}
	}
	c.path = strings.Join(paths, ",")
	out.Committed = c.committed(written)
	out.writeLine(&b)
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
