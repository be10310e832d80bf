package memstore

import "testing"

// A carried item's "(ouvert depuis le DATE)" gives its first day, and is not part of what
// it says: the same item written again is a duplicate of it.
func TestOpenSince(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, rest, since string }{
		{"Check the export. (open since 2026-01-10)", "Check the export.", "2026-01-10"},
		{"Vérifier l'export (ouvert depuis le 2026-01-10) !7 #export", "Vérifier l'export !7 #export", "2026-01-10"},
		{"Check the export (open since last week)", "Check the export (open since last week)", ""},
		{"Check the export", "Check the export", ""},
	} {
		if rest, since := OpenSince(tc.in); rest != tc.rest || since != tc.since {
			t.Errorf("OpenSince(%q) = %q, %q", tc.in, rest, since)
		}
	}
	if got := CarriedText("Check the export !7", "2026-01-10", "en"); got != "Check the export (open since 2026-01-10) !7" {
		t.Errorf("CarriedText: %q", got)
	}
	if got := CarriedText("Check the export (open since 2026-01-10)", "2026-02-17", "fr"); got != "Check the export (open since 2026-01-10)" {
		t.Errorf("carried twice: %q", got)
	}
	agent := "Check the export !7 <!-- agent:claude -->" // an agent's item keeps its marker at the end
	if got := CarriedText(agent, "2026-01-10", "en"); got != "Check the export (open since 2026-01-10) !7 <!-- agent:claude -->" {
		t.Errorf("an agent's item: %q", got)
	}
	if rest, since := OpenSince("Check the export (open since 2026-01-10) !7 <!-- agent:claude -->"); rest != agent || since != "2026-01-10" {
		t.Errorf("OpenSince of an agent's item: %q, %q", rest, since)
	}
	if !Similar("Vérifier l'export sous Windows. (ouvert depuis le 2026-01-10)", "Vérifier l'export sous Windows") {
		t.Error("a carried item and the same item written again are one")
	}
	d := ParseDoc([]byte("## À suivre\n- Check the export (open since 2026-01-10)\n"))
	if it := openItemsOf(d, LogFile{Date: "2026-02-17", Path: "p"}); len(it) != 1 || it[0].First() != "2026-01-10" || it[0].Date != "2026-02-17" {
		t.Errorf("open items: %+v", it)
	}
}
