package secret

import "testing"

func TestPersonal(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ text, what, found string }{
		{"Écrire à jeanne.martin@example.org pour l'accès.", "an e-mail address", "jeanne.martin@example.org"},
		{"Son portable : 06 12 34 56 78.", "a phone number", "06 12 34 56 78"},
		{"Call +1 (555) 123-4567 after 6.", "a phone number", "+1 (555) 123-4567"},
		{"Virement sur FR76 3000 6000 0112 3456 7890 189.", "an IBAN", "FR76 3000 6000 0112 3456 7890 189"},
		{"Le build du 2026-03-22 prend 40 s.", "", ""},
		{"La version 1.24.3 corrige le cache.", "", ""},
		{"Port 8080, timeout 30 s, 12 workers.", "", ""},
		{"FR76 3000 6000 0112 3456 7890 188 is no IBAN.", "", ""},
	} {
		start, end, what := Personal(tc.text)
		if what != tc.what || tc.text[start:end] != tc.found {
			t.Errorf("%q: %q %q, want %q %q", tc.text, what, tc.text[start:end], tc.what, tc.found)
		}
	}
}

func TestFind(t *testing.T) {
	t.Parallel()
	text := "le token est ghp_R2d2C3poBb8Luke9Leia0Han1Chewie2Yoda3 ici"
	start, end, why := Find(text)
	if why == "" || text[start:end] != "ghp_R2d2C3poBb8Luke9Leia0Han1Chewie2Yoda3" {
		t.Fatalf("Find = %q %q", text[start:end], why)
	}
	if _, _, why := Find("le token vit dans le coffre"); why != "" {
		t.Fatalf("prose flagged: %s", why)
	}
}
