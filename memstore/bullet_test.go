package memstore

import (
	"strings"
	"testing"
)

// Control characters never reach a memory file: cleanBullet, which every writer uses,
// drops them (NUL, ESC, DEL, C1); whitespace ones (tab, newline) become one space.
func TestCleanBulletDropsControlCharacters(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"plain":                        "plain",
		"a\x00b":                       "ab",
		"\x1b[31mrouge\x1b[0m":         "[31mrouge[0m",
		"del\x7f c1\u009b ok":          "del c1 ok",
		"tab\there\nnewline\r\nend":    "tab here newline end",
		"\x00- marker after NUL":       "marker after NUL",
		"\x07\x08":                     "",
		"accents é ✅ stay":             "accents é ✅ stay",
		"bad utf8 \xff kept as it was": "bad utf8 \xff kept as it was",
	} {
		if got := cleanBullet("", in); got != want {
			t.Errorf("cleanBullet(%q) = %q, want %q", in, got, want)
		}
	}

	// through a real write
	_, p := newTestWorkspace(t, nil)
	if _, err := p.Merge(Extraction{Work: []string{"Sortie \x1b[2Jeffacée\x00 ici"}}, Change{Now: day("2026-03-22")}); err != nil {
		t.Fatal(err)
	}
	got := readRel(t, p, p.LogPath("2026-03-22"))
	if strings.ContainsAny(got, "\x00\x1b") || !strings.Contains(got, "- Sortie [2Jeffacée ici\n") {
		t.Errorf("log written:\n%q", got)
	}
}
