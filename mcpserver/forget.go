package mcpserver

import (
	"fmt"
	"slices"
	"strings"

	"carnet/memstore"
)

// ForgetIn is the input of memory_forget.
type ForgetIn struct {
	Path    string `json:"path"`
	Bullet  string `json:"bullet" jsonschema:"its text"`
	Section string `json:"section,omitempty" jsonschema:"its heading"`
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
	written, err := c.p.Write(c.change("memory_forget: 1 bullet from "+f.rel), func(tx *memstore.Tx) error {
		d, err := tx.Doc(f.path)
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
		tx.Say("memory_forget: 1 bullet from "+f.rel, out.Removed...)
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
	out.Commit, out.CommitNote = c.committed(written)
	writeCommitLine(&b, out.Commit, out.CommitNote)
	return b.String(), out, nil
}

// pickBullet finds the one bullet of d that query names: same text, else same text once
// normalised (case, accents, punctuation); section, when given, narrows the choice. The
// bullets that only come close are named in the error.
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
	tm := memstore.MatchText(len(all), func(i int) string { return all[i].Bullet.Text }, query)
	pick := func(idx []int) []memstore.SectionBullet {
		out := make([]memstore.SectionBullet, len(idx))
		for j, i := range idx {
			out[j] = all[i]
		}
		return out
	}
	m := pick(tm.Exact)
	if len(m) == 0 {
		m = pick(tm.Same)
	}
	near := pick(slices.Sorted(slices.Values(slices.Concat(tm.Near, tm.Contains))))
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
