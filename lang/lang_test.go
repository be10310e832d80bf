package lang

import "testing"

func TestFromLocale(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		env  map[string]string
		want string
	}{
		{nil, EN},
		{map[string]string{"LANG": "C"}, EN},
		{map[string]string{"LANG": "POSIX"}, EN},
		{map[string]string{"LANG": "C.UTF-8"}, EN},
		{map[string]string{"LANG": "fr_FR.UTF-8"}, FR},
		{map[string]string{"LANG": "fr"}, FR},
		{map[string]string{"LANG": "fr_CA.utf8"}, FR},
		{map[string]string{"LANG": "fr_BE@euro"}, FR},
		{map[string]string{"LANG": "en_US.UTF-8"}, EN},
		{map[string]string{"LANG": "de_DE.UTF-8"}, EN},
		{map[string]string{"LANG": "fry_NL"}, EN}, // Frisian, not French
		// POSIX precedence: LC_ALL, then LC_MESSAGES, then LANG; an empty one does not count.
		{map[string]string{"LC_ALL": "en_GB.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "fr_FR.UTF-8"}, EN},
		{map[string]string{"LC_ALL": "fr_FR.UTF-8", "LANG": "en_US.UTF-8"}, FR},
		{map[string]string{"LC_MESSAGES": "fr_FR.UTF-8", "LANG": "en_US.UTF-8"}, FR},
		{map[string]string{"LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr_FR.UTF-8"}, FR},
		{map[string]string{"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, EN},
		// LANGUAGE is GNU's, not POSIX's: it does not decide.
		{map[string]string{"LANGUAGE": "fr", "LANG": "en_US.UTF-8"}, EN},
	} {
		got := FromLocale(func(k string) string { return c.env[k] })
		if got != c.want {
			t.Errorf("FromLocale(%v) = %q, want %q", c.env, got, c.want)
		}
	}
}

func TestWords(t *testing.T) {
	t.Parallel()
	w := Words{
		"open items":    "éléments ouverts",
		"%d of %d kept": "%d gardés sur %d",
		"project":       "projet",
		"entry|entries": "entrée",
		"day":           "jour",
		"log":           "journal|journaux",
		"is %s":         "est %s",
	}
	if got := w.T(EN, "open items"); got != "open items" {
		t.Errorf("T(en) = %q", got)
	}
	if got := w.T(FR, "open items"); got != "éléments ouverts" {
		t.Errorf("T(fr) = %q", got)
	}
	if got := w.T(FR, "not in the catalog"); got != "not in the catalog" {
		t.Errorf("T(fr) of an unknown text = %q, want it unchanged", got)
	}
	if got := w.F(FR, "%d of %d kept", 3, 5); got != "3 gardés sur 5" {
		t.Errorf("F(fr) = %q", got)
	}
	if got := w.F(EN, "%d of %d kept", 3, 5); got != "3 of 5 kept" {
		t.Errorf("F(en) = %q", got)
	}
	for _, c := range []struct {
		l, word string
		n       int
		want    string
	}{
		{EN, "project", 0, "0 projects"},
		{EN, "project", 1, "1 project"},
		{EN, "project", 2, "2 projects"},
		{FR, "project", 0, "0 projet"}, // French counts 0 as singular
		{FR, "project", 1, "1 projet"},
		{FR, "project", 2, "2 projets"},
		{EN, "entry|entries", 2, "2 entries"},
		{EN, "entry|entries", 1, "1 entry"},
		{FR, "entry|entries", 2, "2 entrées"},
		{FR, "log", 3, "3 journaux"},
		{FR, "log", 1, "1 journal"},
		{FR, "unknown", 2, "2 unknowns"},
	} {
		if got := w.N(c.l, c.n, c.word); got != c.want {
			t.Errorf("N(%s, %d, %q) = %q, want %q", c.l, c.n, c.word, got, c.want)
		}
	}
}

func TestValid(t *testing.T) {
	t.Parallel()
	if Of("en") != EN || Of("fr") != FR || Of("") != FR || Of("de") != FR {
		t.Errorf("Of: %q %q %q %q", Of("en"), Of("fr"), Of(""), Of("de"))
	}
}
