package memstore

import (
	"strings"
	"testing"
)

// TestFoldClaimRestatedWork: a work bullet of the hook that says again, in fewer words, what
// one of the day's says (same lines, same verb, most words) is folded into the more complete;
// one about other lines stays.
func TestFoldClaimRestatedWork(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	full := "Added 3 retry fields to `api/schema.ts` in the `jobs.settings` validator (lines 120-123)"
	for _, work := range [][]string{
		{full},
		{"Added 3 retry fields to the jobs schema (lines 120-123)", "Added 3 retry fields to `settingsSchema` validator (lines 40-43)"},
	} {
		if _, err := p.Merge(Extraction{Work: work}, Change{Writer: "hook", Now: day("2026-03-26")}); err != nil {
			t.Fatal(err)
		}
	}
	got := read(t, p.WS.Abs(p.LogPath("2026-03-26")))
	want := "## Travail produit\n- " + full + "\n- Added 3 retry fields to `settingsSchema` validator (lines 40-43)\n"
	if !strings.HasSuffix(got, want) {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
}

// TestFoldClaimLabelledNotes: the day's "Note: …" facts that restate one caveat about one
// thing fold into the most complete; a note about something else stays; what a person adds
// through the CLI is never folded into the hook's.
func TestFoldClaimLabelledNotes(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	notes := []string{
		"Note: For complete replies, ensure `glab` CLI is available so `merge-requests.json` can be generated; otherwise replies may be empty because events.json contains only user comments.",
		"Note: if the Glab CLI export fails and only `events.json` is available, the file will contain only user comments because bot replies aren't stored there.",
		"Note: Your checkout lacks bot replies because the `glab` CLI export isn't returning them.",
		"Note: the `deploy` script needs a token in the environment, read at start.",
	}
	for _, n := range notes {
		if _, err := p.Merge(Extraction{Knowledge: []string{n}}, Change{Writer: "hook", Now: day("2026-03-27")}); err != nil {
			t.Fatal(err)
		}
	}
	mine := "Note: the `glab` CLI export never returns bot replies."
	if _, err := p.Merge(Extraction{Knowledge: []string{mine}}, Change{Writer: "cli", Now: day("2026-03-27")}); err != nil {
		t.Fatal(err)
	}
	got := read(t, p.WS.Abs(p.LogPath("2026-03-27")))
	want := "## Connaissances acquises\n- " + notes[1] + "\n- " + notes[3] + "\n- " + mine + "\n"
	if !strings.HasSuffix(got, want) {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
}

func TestSameClaim(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		key, a, b string
		want      bool
	}{
		{KeyWork, "Added 3 retry fields to the jobs schema (lines 120-123)", "Added 3 retry fields to `api/schema.ts` in the `jobs.settings` validator (lines 120-123)", true},
		{KeyWork, "Added 3 retry fields to the jobs schema (lines 120-123)", "Added 3 retry fields to the jobs schema (lines 40-43)", false}, // other lines
		{KeyWork, "Updated the login form and its styles", "Updated the login form and its tests", false},                                    // nothing names the thing
		{KeyWork, "Note: ran `make` in tools/, then the build in web/", "Note: ran `make` twice before the build", false},                    // labels fold facts only
		{KeyKnowledge, "Tip: `make gen` rewrites api/types.go", "Note: `make gen` rewrites api/types.go from the schema", true},              // three quarters of the words
		{KeyKnowledge, "Note: `make gen` needs protoc on the PATH", "Note: `make test` needs a database on port 5432", false},
		{KeyWork, "Fichiers modifiés : api/schema.ts, api/jobs.ts", "Fichiers modifiés api/schema.ts and api/jobs.ts for the retry", false}, // a file list merges by name
	} {
		if got := (claims{}).sameClaim(c.key, c.a, c.b); got != c.want {
			t.Errorf("sameClaim(%s, %q, %q) = %v, want %v", c.key, c.a, c.b, got, c.want)
		}
	}
}
