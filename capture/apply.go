package capture

import (
	"errors"
	"slices"
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// Apply writes what capture made of a turn into the project, inside the hook's Tx, and is
// the only place capture changes what is already there. It may change or remove only the
// bullets capture wrote itself (the storage refuses the rest, see memstore.Tx.Captured):
//
//  1. an earlier failure of the session's that now fails another way takes the new cause,
//     its list of the commands that went through takes the new ones;
//  2. the day's file lists take the turn's files (one list per kind for the day);
//  3. the new bullets are merged (appended, deduplicated) and the items closed are ticked;
//  4. items dropped (a plan that changed) leave À suivre unticked; failures fixed since are
//     marked so; open items the turn's request named are ticked when the turn did the work.
func Apply(tx *memstore.Tx, r Result, res *memstore.MergeResult) (Changes, error) {
	var ch Changes
	today, err := tx.Log(memstore.Date(tx.Now()))
	if err != nil {
		return ch, err
	}
	e := r.Extraction
	for old, now := range r.Replaced {
		if b, ok := ownBullet(today, now.Key, old); ok {
			today.SetBulletText(b, now.Text)
			ch.Rewritten = append(ch.Rewritten, now.Text)
		} else {
			e.Add(now.Key, now.Text) // the day has it no more (a new day's log): written anew
		}
	}
	dropGateText(&e)
	e.Work = foldFileLists(today, e.Work, r.RemovedFiles, &ch)
	yieldToAgent(today, &e, &ch)
	e.NextDone = append(e.NextDone, r.Close...)
	if err := tx.Merge(e, res); err != nil {
		return ch, err
	}
	if err := dropItems(tx, r.Drop, &ch); err != nil {
		return ch, err
	}
	for _, f := range r.Fixed {
		b, ok := ownBullet(today, memstore.KeyProblems, f)
		switch {
		case !ok || strings.HasPrefix(b.Text, fixedPrefix(f)):
		case hasOwn(today, memstore.KeyProblems, fixedPrefix(f)+b.Text):
			s, _ := today.Section(memstore.KeyProblems) // the same failure, fixed once already: said once
			today.RemoveBullet(s, b)
			ch.Removed = append(ch.Removed, b.Text)
		default:
			today.SetBulletText(b, fixedPrefix(f)+b.Text)
			ch.Rewritten = append(ch.Rewritten, fixedPrefix(f)+b.Text)
		}
	}
	for _, asked := range append([]string{r.Asked}, r.Shown...) {
		if asked == "" {
			continue
		}
		if err := closeAsked(tx, asked, e.Next, res); err != nil {
			return ch, err
		}
	}
	return ch, nil
}

// dropGateText removes the bullets that hold the Stop gate's message (a model that read it
// in the session, a goal taken from the gate's retry): the loop's own text is not memory.
func dropGateText(e *memstore.Extraction) {
	for _, key := range memstore.AddKeys() {
		items := e.Field(key)
		if slices.ContainsFunc(items, isGateText) {
			kept := slices.DeleteFunc(slices.Clone(items), isGateText)
			e.Set(key, kept)
		}
	}
}

// isGateText reports a bullet that holds the gate's message.
func isGateText(s string) bool {
	return transcript.IsGatePrompt(s) || strings.Contains(s, transcript.GateMark)
}

// agentKeys are the sections where the agent's notes say what capture may guess.
var agentKeys = []string{memstore.KeyDecisions, memstore.KeyKnowledge, memstore.KeyNext}

// yieldToAgent lets the agent's notes of the day win over capture's guesses: a bullet of
// capture's (already there, or of this turn) that an agent's note of the same section
// says too — the same subject, not only the same words — goes.
func yieldToAgent(today *memstore.Doc, e *memstore.Extraction, ch *Changes) {
	for _, key := range agentKeys {
		s, ok := today.Section(key)
		if !ok {
			continue
		}
		var notes []string
		for _, b := range today.Bullets(s) {
			if memstore.ByAgent(b.Text) {
				notes = append(notes, memstore.Identity(b.Text))
			}
		}
		if len(notes) == 0 {
			continue
		}
		said := func(text string) bool {
			return slices.ContainsFunc(notes, func(n string) bool { return sameSubject(n, text) })
		}
		p := fieldOf(e, key)
		*p = slices.DeleteFunc(*p, said)
		for { // one at a time: a removal moves the lines after it
			s, ok := today.Section(key)
			if !ok {
				break
			}
			i := slices.IndexFunc(today.Bullets(s), func(b memstore.Bullet) bool {
				return !memstore.ByAgent(b.Text) && today.MayChange(b, false) && said(b.Text)
			})
			if i < 0 {
				break
			}
			b := today.Bullets(s)[i]
			ch.Removed = append(ch.Removed, b.Text)
			today.RemoveBullet(s, b)
		}
	}
}

// sameSubject reports two statements of one subject: they open on the same words (two of
// the first three content words) and share three at least, or most of each one's words
// are in the other.
func sameSubject(a, b string) bool {
	wa, wb := stems(a), stems(b)
	in := func(ws []string, w string) bool { return slices.Contains(ws, w) }
	common, head := 0, 0
	for i, w := range wa {
		if in(wb, w) {
			common++
			if i < 3 && slices.Index(wb, w) < 3 {
				head++
			}
		}
	}
	return common >= 3 && (head >= 2 || overlap(a, b) >= 0.5 && overlap(b, a) >= 0.5)
}

// stems are a text's content words with their plural or -ing/-ed endings dropped, for
// telling one subject said in two forms ("Streaming the rows", "Stream the row").
func stems(s string) []string {
	ws := memstore.ContentWords(memstore.Normalize(s))
	for i, w := range ws {
		for _, end := range []string{"ing", "ed", "s"} {
			if len(w) > len(end)+3 && strings.HasSuffix(w, end) {
				ws[i] = strings.TrimSuffix(w, end)
				break
			}
		}
	}
	return ws
}

// fieldOf is the extraction's list of section key.
func fieldOf(e *memstore.Extraction, key string) *[]string {
	switch key {
	case memstore.KeyDecisions:
		return &e.Decisions
	case memstore.KeyKnowledge:
		return &e.Knowledge
	}
	return &e.Next
}

// Changes says what Apply changed of what was there, for the debug log: a rewrite or a
// removal is one, never a duplicate.
type Changes struct {
	Rewritten []string `json:"rewritten,omitempty"`
	Removed   []string `json:"removed,omitempty"`
}

// fixedPrefix is the fixed mark in the language of a failure bullet: one that opens as
// capture's English problem bullets do (a failed command, a reported error), else French.
func fixedPrefix(text string) string {
	en := wordings["en"]
	if strings.Contains(text, "` failed") || opens(text, en.failed) || opens(text, en.reported) {
		return memstore.FixedPrefix["en"]
	}
	return memstore.FixedPrefix["fr"]
}

// hasOwn reports capture's own bullet of section key in doc that says text.
func hasOwn(doc *memstore.Doc, key, text string) bool {
	_, ok := ownBullet(doc, key, text)
	return ok
}

// ownBullet finds capture's own bullet of section key in doc (at rel) that says text.
func ownBullet(doc *memstore.Doc, key, text string) (memstore.Bullet, bool) {
	s, ok := doc.Section(key)
	if !ok {
		return memstore.Bullet{}, false
	}
	n := memstore.Normalize(text)
	for _, b := range doc.Bullets(s) {
		if memstore.Normalize(b.Text) == n && doc.MayChange(b, false) {
			return b, true
		}
	}
	return memstore.Bullet{}, false
}

// foldFileLists merges the turn's file lists into the day's: one list per kind (created,
// changed, deleted), capture's own, rewritten with the turn's new names; a file created that
// day is not listed as changed. It returns the other items of work.
func foldFileLists(today *memstore.Doc, work, removed []string, ch *Changes) []string {
	var rest []string
	lists := map[string][]string{}
	var openings []string
	for _, it := range work {
		o, files, ok := fileList(it)
		if !ok {
			rest = append(rest, it)
			continue
		}
		if _, seen := lists[o]; !seen {
			openings = append(openings, o)
		}
		lists[o] = append(lists[o], files...)
	}
	if len(openings) == 0 && len(removed) == 0 {
		return rest
	}
	s, own, created := ownFileLists(today)
	var written []string // the files the turn wrote: not deleted, whatever an earlier turn did
	for _, o := range openings {
		if !deletedList(o) {
			written = append(written, lists[o]...)
		}
	}
	for _, b := range own { // the kinds the turn adds nothing to still lose the files it removed
		if o, _, _ := fileList(b.Text); !slices.Contains(openings, o) && (len(removed) > 0 || deletedList(o) && len(written) > 0) {
			openings = append(openings, o)
		}
	}
	var add []string
	for _, o := range openings {
		var all []string
		var mine []memstore.Bullet
		for _, b := range own {
			if bo, files, _ := fileList(b.Text); bo == o {
				all = append(all, files...)
				mine = append(mine, b)
			}
		}
		all, changed := foldedList(o, all, lists[o], removed, written, created)
		if !changed {
			continue // nothing new
		}
		bullets := FileListBullets(o, all)
		for i, b := range slices.Backward(mine) { // bottom up: the lines above keep their place
			if i < len(bullets) {
				today.SetBulletText(b, bullets[i])
				ch.Rewritten = append(ch.Rewritten, bullets[i])
			} else {
				today.RemoveBullet(s, b)
			}
		}
		add = append(add, bullets[min(len(mine), len(bullets)):]...)
	}
	return append(add, rest...)
}

// ownFileLists are the day's file lists that capture wrote, in its work section, and the
// files of its created lists.
func ownFileLists(today *memstore.Doc) (s memstore.Section, own []memstore.Bullet, created map[string]bool) {
	s, hasWork := today.Section(memstore.KeyWork)
	created = map[string]bool{}
	if !hasWork {
		return s, nil, created
	}
	for _, b := range today.Bullets(s) {
		o, files, ok := fileList(b.Text)
		if !ok || !today.MayChange(b, false) {
			continue
		}
		own = append(own, b)
		for _, f := range files {
			created[f] = created[f] || createdList(o)
		}
	}
	return s, own, created
}

// foldedList is the list of kind o once the turn's files are in: without the ones it
// removed (a deleted list: without the ones it wrote again), with the new ones added; a file
// created that day goes in no other list (deleted, it is a helper of the day's). It reports
// whether the list changed.
func foldedList(o string, all, added, removed, written []string, created map[string]bool) ([]string, bool) {
	before := len(all)
	all = slices.DeleteFunc(all, func(f string) bool {
		return !deletedList(o) && slices.Contains(removed, f) || deletedList(o) && slices.Contains(written, f)
	})
	changed := len(all) < before
	for _, f := range added {
		if !slices.Contains(all, f) && (createdList(o) || !created[f]) && (deletedList(o) || !slices.Contains(removed, f)) {
			all, changed = append(all, f), true
		}
	}
	return all, changed
}

// IsFileList reports a bullet that is one of capture's file lists ("Files changed: …").
func IsFileList(text string) bool {
	_, _, ok := fileList(text)
	return ok
}

// fileList reads a file-list bullet: its opening and its files.
func fileList(text string) (opening string, files []string, ok bool) {
	for _, w := range wordings {
		for _, o := range []string{w.created, w.changed, w.deleted} {
			if rest, cut := strings.CutPrefix(text, o); cut {
				return o, ParseFileList(rest), true
			}
		}
	}
	return "", nil, false
}

func createdList(opening string) bool {
	return opening == wordings["fr"].created || opening == wordings["en"].created
}

func deletedList(opening string) bool {
	return opening == wordings["fr"].deleted || opening == wordings["en"].deleted
}

// dropItems removes capture's own open items that no longer hold, unticked.
func dropItems(tx *memstore.Tx, drop []string, ch *Changes) error {
	if len(drop) == 0 {
		return nil
	}
	items, err := tx.OpenItems()
	if err != nil {
		return err
	}
	for _, text := range drop {
		n := memstore.Normalize(text)
		for _, it := range items {
			if memstore.Normalize(it.Text) != n {
				continue
			}
			d, err := tx.Doc(it.Path)
			if err != nil {
				return err
			}
			if b, ok := ownBullet(d, memstore.KeyNext, it.Text); ok {
				s, _ := d.Section(memstore.KeyNext)
				d.RemoveBullet(s, b)
				ch.Removed = append(ch.Removed, it.Text)
			}
		}
	}
	return nil
}

// askedShare is how much of an open item's words a request must hold to name it.
const askedShare = 0.6

// closeAsked ticks the open items (capture's or an agent's) that the turn's request named,
// now that the turn did the work: "add the retry to the importer" closes "Add a retry to
// the importer".
func closeAsked(tx *memstore.Tx, asked string, fresh []string, res *memstore.MergeResult) error {
	items, err := tx.OpenItems()
	if err != nil {
		return err
	}
	for _, it := range items {
		if len(contentWords(it.Text)) < 2 || overlap(it.Text, asked) < askedShare || overlap(asked, it.Text) < 0.3 ||
			slices.ContainsFunc(fresh, func(f string) bool { return memstore.Normalize(f) == memstore.Normalize(it.Text) }) {
			continue // an item the turn itself wrote is still to do
		}
		err := tx.TickItem(it)
		switch {
		case errors.Is(err, memstore.ErrProtected):
		case err != nil:
			return err
		default:
			res.Ticked = append(res.Ticked, memstore.Item{Key: memstore.KeyDone, Text: it.Text, Path: it.Path})
		}
	}
	return nil
}
