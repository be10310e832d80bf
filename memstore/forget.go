package memstore

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"carnet/memstore/gitrepo"
	"carnet/memstore/gitrepo/purge"
)

// Forgetting: a bullet named by its text leaves a file (the MCP memory_forget, the UI's
// delete), or a text leaves every memory file of a project and, with Purge, the history of
// its memory folder too. What is forgotten never goes into a commit message.

// ForgottenFile is what a forget removed from one file: the lines, exactly as they were.
type ForgottenFile struct {
	Path    string   // workspace-relative
	Section string   // the heading of the bullet's section (one bullet forgotten); "" otherwise
	Lines   []string // the lines removed
}

// PickError says why PickBullet found no single bullet: Ambiguous (several hold the text)
// or not found.
type PickError struct {
	Ambiguous bool
	Msg       string
}

func (e *PickError) Error() string { return e.Msg }

// PickBullet finds the one bullet of d that query names: the same text, else the same text
// once normalised (case, accents, punctuation); section, when given (a key or a heading),
// narrows the choice. file names d in the errors, which list the candidates (several
// bullets hold the text) or the bullets that only come close.
func PickBullet(d *Doc, file, query, section string) (SectionBullet, error) {
	all := d.AllBullets()
	if section = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(section), "#")); section != "" {
		var in []SectionBullet
		for _, sb := range all {
			if sb.Section.Key == section || Normalize(sb.Section.Heading) == Normalize(section) ||
				(sb.Section.Key != "" && sb.Section.Key == SectionKey(section)) {
				in = append(in, sb)
			}
		}
		all = in
	}
	tm := MatchText(len(all), func(i int) string { return all[i].Bullet.Text }, query)
	pick := func(idx []int) []SectionBullet {
		out := make([]SectionBullet, len(idx))
		for j, i := range idx {
			out[j] = all[i]
		}
		return out
	}
	m := pick(tm.Exact)
	if len(m) == 0 {
		m = pick(tm.Same)
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
		return SectionBullet{}, &PickError{Ambiguous: true, Msg: b.String()}
	}
	near := pick(slices.Sorted(slices.Values(slices.Concat(tm.Near, tm.Contains))))
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
	return SectionBullet{}, &PickError{Msg: b.String()}
}

// ForgetBullet removes from the file rel the one bullet query names (see PickBullet), with
// its nested lines; a section left without bullets goes too (errors name the file relative
// to the memory folder, as an agent sees it). check, when set, vets the
// file's content before anything changes (a client that may not see it). c.What is the
// commit's subject; the removed lines are never put in the commit message.
func (p *Project) ForgetBullet(c Change, rel, query, section string, check func(data []byte) error) (ForgottenFile, Written, error) {
	out := ForgottenFile{Path: rel}
	w, err := p.Write(c, func(tx *Tx) error {
		data, _, err := tx.Read(rel)
		if err != nil {
			return err
		}
		if check != nil {
			if err := check(data); err != nil {
				return err
			}
		}
		d, err := tx.Doc(rel)
		if err != nil {
			return err
		}
		sb, err := PickBullet(d, strings.TrimPrefix(rel, p.RelDir+"/"), query, section)
		if err != nil {
			return err
		}
		out.Section = sb.Section.Heading
		out.Lines = slices.Clone(d.Lines()[sb.Bullet.Line:sb.Bullet.End])
		d.RemoveBullet(sb.Section, sb.Bullet)
		tx.Say(c.What)
		return nil
	})
	if err != nil {
		return ForgottenFile{Path: rel}, w, err
	}
	return out, w, nil
}

// CheckForgetText refuses a text too vague to forget by: empty, on several lines, or shorter
// than 3 characters (it would take away half the memory).
func CheckForgetText(text string) error {
	switch t := strings.TrimSpace(text); {
	case t == "":
		return errors.New("say what to forget: the text of a bullet, or a part of it (a key, a name)")
	case strings.ContainsAny(text, "\r\n"):
		return errors.New("the text to forget is on several lines: give one line (a bullet, or the part of it to forget)")
	case utf8.RuneCountInString(t) < 3:
		return fmt.Errorf("%q is too short to forget by: give at least 3 characters (the bullet's text, or the secret itself)", t)
	}
	return nil
}

// ForgetText is data without text: every bullet one of whose lines holds text goes whole,
// with its nested lines, and every other line holding text goes; nothing else changes, byte
// for byte. removed lists the lines taken out. The search is byte for byte (case counts).
func ForgetText(data []byte, text string) (out []byte, removed []string) {
	if text == "" || !strings.Contains(string(data), text) {
		return data, nil
	}
	d := ParseDoc(data)
	lines := d.Lines()
	drop := make([]bool, len(lines))
	for _, sb := range d.AllBullets() {
		b := sb.Bullet
		if slices.ContainsFunc(lines[b.Line:b.End], func(l string) bool { return strings.Contains(l, text) }) {
			for i := b.Line; i < b.End; i++ {
				drop[i] = true
			}
		}
	}
	for i, l := range lines {
		if strings.Contains(l, text) {
			drop[i] = true
		}
	}
	for i := range slices.Backward(lines) {
		if drop[i] {
			removed = append(removed, lines[i])
			d.RemoveLines(i, i+1)
		}
	}
	slices.Reverse(removed)
	return d.Bytes(), removed
}

// ForgetMessage is a commit message without text: a line of its body holding it goes, and
// in its subject the text becomes "[…]" (the rest of the subject says what the commit was).
func ForgetMessage(msg []byte, text string) []byte {
	s := string(msg)
	subject, body, hasBody := strings.Cut(s, "\n")
	subject = strings.ReplaceAll(subject, text, "[…]")
	if !hasBody {
		return []byte(subject)
	}
	var b strings.Builder
	b.WriteString(subject + "\n")
	for l := range strings.Lines(body) {
		if !strings.Contains(l, text) {
			b.WriteString(l)
		}
	}
	return []byte(b.String())
}

// Find lists, for each memory file of the project holding text, the lines ForgetText would
// take out.
func (p *Project) FindText(text string) ([]ForgottenFile, error) {
	files, err := p.Files()
	if err != nil {
		return nil, err
	}
	var out []ForgottenFile
	for _, f := range files {
		data, err := p.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("cannot read %s: %w", f, unwrapPath(err))
		}
		if _, removed := ForgetText(data, text); len(removed) > 0 {
			out = append(out, ForgottenFile{Path: f, Lines: removed})
		}
	}
	return out, nil
}

// Forget takes text out of every memory file of the project that holds it (ForgetText), in
// one write, committed as c says. The commit says which files, never the text.
func (p *Project) Forget(c Change, text string) ([]ForgottenFile, Written, error) {
	if err := CheckForgetText(text); err != nil {
		return nil, Written{}, err
	}
	found, err := p.FindText(text)
	if err != nil || len(found) == 0 {
		return nil, Written{}, err
	}
	var out []ForgottenFile
	w, err := p.Write(c, func(tx *Tx) error {
		out = nil
		n := 0
		var names []string
		for _, f := range found {
			data, _, err := tx.Read(f.Path)
			if err != nil {
				return err
			}
			after, removed := ForgetText(data, text)
			if len(removed) == 0 {
				continue
			}
			if err := tx.Put(f.Path, after); err != nil {
				return err
			}
			out = append(out, ForgottenFile{Path: f.Path, Lines: removed})
			n += len(removed)
			names = append(names, strings.TrimPrefix(f.Path, p.RelDir+"/"))
		}
		tx.Say(cmp.Or(c.What, fmt.Sprintf("forget %s from %s", Plural(n, "line"), strings.Join(names, ", "))))
		return nil
	})
	if err != nil {
		return nil, w, err
	}
	return out, w, nil
}

// Purged says what Purge did.
type Purged struct {
	Files   []ForgottenFile      // what left the files (the forget commit)
	Pending gitrepo.CommitResult // the commit of memory left uncommitted before, if any
	Commit  gitrepo.CommitResult // the forget commit
	History purge.Result         // the rewrite of history
}

// ErrNoRepo refuses a purge outside git: there is no history to rewrite.
var ErrNoRepo = errors.New("the workspace is not in a git repository: there is no history to rewrite (carnet forget without --purge takes the text out of the files)")

// Purge forgets text for real: it takes it out of the project's memory files in one commit
// (committing first, in a commit of its own, any memory left uncommitted), then rewrites it
// out of the history of the project's memory folder on every local branch and tag
// (purge.Rewrite: the refs as they were are kept under a backup until DropBackups). It
// refuses, before writing anything, on uncommitted changes outside the memory folder, a
// detached HEAD, or a merge or rebase in progress.
func (p *Project) Purge(c Change, text string) (Purged, error) {
	var res Purged
	if err := CheckForgetText(text); err != nil {
		return res, err
	}
	repo, err := p.WS.Repo()
	if errors.Is(err, gitrepo.ErrNotGitRepository) {
		return res, ErrNoRepo
	}
	if err != nil {
		return res, err
	}
	ctx := cmp.Or(c.Context, context.Background())
	if err := purge.CheckClean(ctx, repo, p.RelDir); err != nil {
		return res, err
	}
	c.Commit = CommitAlways
	pending, err := repo.Pending(p.RelDir)
	if err != nil {
		return res, err
	}
	if len(pending) > 0 {
		keep := c
		keep.What = "commit the memory left uncommitted, before forgetting a text"
		if res.Pending, err = p.CommitPending(keep); err != nil {
			return res, fmt.Errorf("cannot commit the memory left uncommitted, so nothing was forgotten: %w", err)
		}
	}
	files, w, err := p.Forget(c, text)
	res.Files, res.Commit = files, w.Commit
	if err != nil {
		return res, err
	}
	if w.CommitErr != nil {
		return res, fmt.Errorf("the text left the files, but their commit failed (%w): history is not rewritten; commit them and run the purge again", w.CommitErr)
	}
	unlock, err := p.Lock() // no carnet write of this project while history is rewritten
	if err != nil {
		return res, err
	}
	defer unlock()
	res.History, err = purge.Rewrite(ctx, repo, purge.Options{
		Paths: []string{p.RelDir},
		Text:  []byte(text),
		Rewrite: func(_ string, data []byte) ([]byte, error) {
			out, _ := ForgetText(data, text)
			return out, nil
		},
		Message: func(msg []byte) []byte { return ForgetMessage(msg, text) },
		Now:     c.Now,
	})
	return res, err
}
