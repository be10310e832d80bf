package hook

import (
	"context"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
	"time"

	"carnet/memstore"
	"carnet/memstore/gitrepo/query"
	"carnet/memstore/stale"
)

// RefWait is the longest a load waits for the check of its bullets' references when the
// check's cache does not answer for HEAD: past it the load goes with what the last check
// found (at another HEAD), and Load.RefsPartial says so (the hook then finishes the check in
// the background). RefWaitFirst is the wait when no check ever ran: there is nothing to fall
// back on. With the cache warm the check runs no git and takes a few milliseconds.
var (
	RefWait      = 250 * time.Millisecond
	RefWaitFirst = time.Second
)

// HeldBack is a bullet the load left out because what it names is gone from the code.
type HeldBack struct {
	Path string // the memory file
	Text string // the bullet
	Why  string // "`app.js` deleted in abc1234; …"
}

// holdStale checks the references of the load's bullets (see memstore/stale): a bullet that
// names a file or a name gone since it was written is left out, except an open item, which
// stays marked "⚠ `app.js` deleted in abc1234". A line of the head says how many were left
// out (a warning of the load). History (a log's context, goal, problems, work done, finished
// items) is not checked.
func (l *Load) holdStale(p *memstore.Project) {
	var bullets []stale.Bullet
	type at struct {
		part *LoadPart
		b    *loadBlock
	}
	var where []at
	var notes map[string]string
	for _, part := range l.Parts {
		date := ""
		for _, b := range part.blocks {
			if b.isHeading() {
				if memstore.IsDate(b.name) {
					date = b.name
				}
				continue
			}
			sb, ok := l.staleBullet(p, part, b, date, &notes)
			if !ok {
				continue
			}
			bullets = append(bullets, sb)
			where = append(where, at{part, b})
		}
	}
	if len(bullets) == 0 {
		return
	}
	c, err := stale.New(p)
	if err != nil {
		return // no repository: nothing to check against
	}
	wait := RefWait
	if !c.HasCache() {
		wait = RefWaitFirst
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	rep, err := c.Check(ctx, bullets)
	switch {
	case errors.Is(err, query.ErrNeedsGit):
		l.RefsNote = "references not checked: " + err.Error()
		return
	case err != nil:
		l.RefsNote = "references not checked: " + err.Error()
		return
	case rep.Partial:
		l.RefsPartial = true
		l.RefsNote = fmt.Sprintf("references as an earlier check found them (the check of %s did not finish within %s; `carnet check` completes it)", short7(rep.Head), wait)
	default:
		l.RefsNote = "references checked against HEAD " + short7(rep.Head)
	}
	changed := 0
	for _, res := range rep.Results {
		if slices.ContainsFunc(res.Verdicts, func(v stale.Verdict) bool { return v.State == stale.Changed }) {
			changed++
		}
	}
	if changed > 0 {
		l.RefsNote += fmt.Sprintf("; %d of the bullets loaded name files changed since they were written", changed)
	}
	lang := p.WS.Config.Language
	drop := map[*loadBlock]bool{}
	for i, sb := range bullets {
		res, ok := rep.Find(sb.Path, sb.Text)
		if !ok {
			continue
		}
		gone := res.Gone()
		if len(gone) == 0 {
			continue
		}
		var why, say []string
		for _, v := range gone {
			why = append(why, v.String())
			say = append(say, v.Say(lang))
		}
		b := where[i].b
		if sb.Open {
			first, rest, _ := strings.Cut(b.text, "\n")
			b.text = first + " ⚠ " + strings.Join(say, " ; ") + "\n" + rest
			b.tokens = Tokens(b.text)
			continue
		}
		drop[b] = true
		l.HeldBack = append(l.HeldBack, HeldBack{Path: sb.Path, Text: sb.Text, Why: strings.Join(why, "; ")})
	}
	if len(drop) == 0 {
		return
	}
	for _, part := range l.Parts {
		kept := part.blocks[:0]
		for _, b := range part.blocks {
			if !drop[b] {
				kept = append(kept, b)
			}
		}
		part.blocks = kept
	}
	w := heldWords["en"]
	if lang == "fr" {
		w = heldWords["fr"]
	}
	l.Warnings = append(l.Warnings, fmt.Sprintf(w, len(drop)))
}

var heldWords = map[string]string{
	"en": "%d bullets left out: they name files or code gone since they were written (`carnet check` lists them).",
	"fr": "%d puces écartées : elles citent des fichiers ou du code disparus depuis (`carnet check` les liste).",
}

// staleBullet is the bullet a block of the load is, when its references are checked: long
// memory and notes whole, and the claims of a log (learnings, decisions, open items).
func (l *Load) staleBullet(p *memstore.Project, part *LoadPart, b *loadBlock, date string, notes *map[string]string) (stale.Bullet, bool) {
	src := part.Path
	if b.item != "" {
		src = b.item
	}
	text := b.bullet
	if text == "" {
		first, _, _ := strings.Cut(b.text, "\n")
		t, ok := strings.CutPrefix(strings.TrimSpace(first), "- ")
		if !ok {
			if t, ok = strings.CutPrefix(strings.TrimSpace(first), "* "); !ok {
				return stale.Bullet{}, false
			}
		}
		text = strings.TrimSpace(t)
	}
	sb := stale.Bullet{Path: src, Text: text}
	switch {
	case src == "":
		return sb, false
	case src == p.LongMemoryPath():
		sb.Date = date
	case strings.HasPrefix(src, p.NotesDir()+"/"):
		if *notes == nil {
			*notes = map[string]string{}
		}
		d, ok := (*notes)[src]
		if !ok {
			if data, err := p.ReadFile(src); err == nil {
				m, _, _ := memstore.ParseFrontMatter(data)
				d = m.Updated
			}
			(*notes)[src] = d
		}
		sb.Date = d
	default:
		if !stale.Claim(b.key) && b.item == "" {
			return sb, false
		}
		sb.Date = strings.TrimSuffix(path.Base(src), ".md")
		if memstore.IsDate(b.since) {
			sb.Date = b.since // a carried item speaks of the day it was first written
		} else if _, since := memstore.OpenSince(text); memstore.IsDate(since) {
			sb.Date = since
		}
		sb.Open = b.item != "" || b.key == memstore.KeyNext
	}
	return sb, memstore.IsDate(sb.Date) && !strings.HasPrefix(sb.Text, "✅")
}

func short7(h string) string {
	if len(h) > 7 {
		return h[:7]
	}
	return h
}

// DroppedOpen counts the open items the load left out for want of room: what a session would
// not be told is still to do.
func (l *Load) DroppedOpen() int {
	n := 0
	for _, part := range l.Parts {
		for _, b := range part.blocks {
			if b.item != "" && !b.kept {
				n++
			}
		}
	}
	return n
}
