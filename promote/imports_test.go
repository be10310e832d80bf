package promote

import (
	"strings"
	"testing"

	"carnet/memstore"
)

func TestComputeImport(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	w.gitInit(t)
	w.write(t, lmRel, "# Mémoire long terme — cmms_doc\n\n## "+day(10)+"\n- "+fact(1)+"\n")
	w.write(t, "memory_sessions/notes/deploy.md", "---\ntitle: Deploy\n---\n\n# Deploy\n")
	body := "\nHow it goes.\n"
	items := []ImportItem{
		{Source: "a", Dest: ToLongMemory, Date: day(10), Text: reworded(1)},                                  // long memory says it
		{Source: "a", Dest: ToLongMemory, Date: day(-5), Text: fact(2)},                                      // a future date: today
		{Source: "b", Dest: ToLongMemory, Date: day(3), Text: "the token: " + strings.Repeat("Xq9vB7zT", 3)}, // a secret
		{Source: "c", Dest: ToNote, Note: &ImportNote{Slug: "deploy", Input: memstore.NoteInput{Title: "Deploy", Body: &body}}},
		{Source: "c", Dest: ToNote, Note: &ImportNote{Slug: "release", Input: memstore.NoteInput{Title: "Release", Body: &body}}},
		{Source: "d", Dest: ToToday, Key: memstore.KeyDecisions, Text: "Orders are idempotent.", Body: []string{"  (from d)"}},
	}
	pl, err := ComputeImport(w.p, items, testNow)
	must(t, err)
	if got := pl.Summary(); got != "import 1 fact into long memory, 1 note, 1 bullet into today's log" {
		t.Fatalf("summary %q", got)
	}
	notes := strings.Join(pl.Notes, "\n")
	for _, want := range []string{"left out an item of b: it looks like a secret", "notes/deploy.md exists: c is not imported over it", "1 item already in memory"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	if lm := string(pl.longMem.Content()); !strings.Contains(lm, "## "+day(0)+"\n- "+fact(2)+"\n") {
		t.Fatalf("long memory:\n%s", lm)
	}
	res, err := Apply(w.p, pl, testNow)
	must(t, err)
	if !strings.HasPrefix(res.Message, "memory(cmms_doc): import: 1 fact into long memory, today's log, 1 note") {
		t.Fatalf("message %q", res.Message)
	}
	if !strings.Contains(w.read(t, "memory_sessions/notes/release.md"), "title: Release") || !strings.Contains(w.read(t, logRel(0)), "- Orders are idempotent.\n  (from d)\n") {
		t.Fatal("the note or today's log was not written")
	}
}
