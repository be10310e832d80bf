package secret

import (
	"strings"
	"testing"

	"carnet/secret/secrettest"
)

func TestRedact(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"the admin password is Winter2024!", "the admin password is [redacted]"},
		{"export AWS_SECRET_ACCESS_KEY=" + fakeAWSSecret, "export AWS_SECRET_ACCESS_KEY=[redacted]"},
		{"le mot de passe est Soleil2024!", "le mot de passe est [redacted]"},
		{"DATABASE_URL is postgres://admin:s3cretpw@db.internal:5432/app", "DATABASE_URL is postgres://admin:[redacted]@db.internal:5432/app"},
		{"mysql -u root -pS3cret42 app", "mysql -u root -p[redacted] app"},
		{"CI uses " + fakeGitHub + " and " + fakeNPM, "CI uses [redacted] and [redacted]"},
		{"-----BEGIN " + "RSA PRIVATE KEY-----", "[redacted]"},
		{"card 4111 1111 1111 1111 exp 12/30", "card [redacted] exp 12/30"},
		{"the api token it's \"9f2c4e7a1b3d5f6081a2c3e4f5d6b7a8\"", "the api token it's \"[redacted]\""},
		{"pour l'API le token c\u2019est 9f2c4e7a1b3d5f6081a2c3e4f5d6b7a8", "pour l'API le token c\u2019est [redacted]"},
		{"use the API token 9f2c4e7a1b3d5f6081a2c3e4f5d6b7a8 for staging", "use the API token [redacted] for staging"},
		{"mon secret 7Hq2xLp9Rt4Wz8Kc3Vb6 est là", "mon secret [redacted] est là"},
		{"the token 12 characters long", "the token 12 characters long"},
		{"rotate the token monthly", "rotate the token monthly"},
		{"the API key getUserProfileById is a function name", "the API key getUserProfileById is a function name"},
		{"nothing to hide here", "nothing to hide here"},
	} {
		got, found := Redact(tc.in)
		if got != tc.want || found != (tc.in != tc.want) {
			t.Errorf("Redact(%q) = %q, %v; want %q, %v", tc.in, got, found, tc.want, tc.in != tc.want)
		}
	}
}

// Whatever Redact returns passes Detect, keeps the words around the secret, and leaves clean
// text alone.
func TestRedactCorpus(t *testing.T) {
	for _, c := range append(secrettest.Positives(), secrettest.Negatives()...) {
		out, found := Redact(c.Text)
		if why := Detect(out); why != "" {
			t.Errorf("[%s] Redact(%q) = %q, still %q", c.Form, c.Text, out, why)
		}
		if found != (Detect(c.Text) != "") {
			t.Errorf("[%s] Redact(%q) found = %v, Detect says %q", c.Form, c.Text, found, Detect(c.Text))
		}
		if !found && out != c.Text {
			t.Errorf("[%s] Redact changed clean text %q into %q", c.Form, c.Text, out)
		}
		if found && !strings.Contains(out, redactedMark) {
			t.Errorf("[%s] Redact(%q) = %q without a mark", c.Form, c.Text, out)
		}
	}
	for _, tc := range secretCases {
		if out, _ := Redact(tc.text); Detect(out) != "" {
			t.Errorf("%s: Redact(%q) = %q still detected", tc.name, tc.text, out)
		}
	}
}
