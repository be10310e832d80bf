package secret

import (
	"slices"
	"strings"
	"testing"

	"carnet/secret/secrettest"
)

// Fake keys are assembled at run time so that push protection and secret scanners do not
// mistake this file for a leak; each has the shape of the real thing.
var (
	fakeAWSKey      = "AKIA" + "IOSFODNN7EXAMPLE"
	fakeAWSTemp     = "ASIA" + "Y34FZKBOKMUTVV7A"
	fakeAWSSecret   = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYEXAMPLEKEY"
	fakeGitHub      = "ghp_" + strings.Repeat("a1B2", 9)
	fakeGitHubApp   = "ghs_" + strings.Repeat("Zz9y", 9)
	fakeGitHubOAuth = "gho_" + strings.Repeat("Q7wE", 9)
	fakeGitHubPAT   = "github_pat_" + strings.Repeat("11AB", 5) + "cd" + "_" + strings.Repeat("xY3", 19) + "zz"
	fakeGitLab      = "glpat-" + "Xk9" + strings.Repeat("pQ", 9) + "z"
	fakeSlackBot    = "xoxb-" + "123456789012-1234567890123-" + strings.Repeat("AbCd", 6)
	fakeSlackUser   = "xoxp-" + "123456789012-123456789012-123456789012-" + strings.Repeat("ab12", 8)
	fakeSlackHook   = "https://hooks.slack.com/services/" + "T0A1B2C3D/B0A1B2C3D/" + strings.Repeat("Kq7x", 6)
	fakeStripeLive  = "sk_live_" + "51H" + strings.Repeat("aB3d", 6)
	fakeStripeRK    = "rk_live_" + "51H" + strings.Repeat("Zy8w", 6)
	fakeStripeTest  = "sk_test_" + "4eC39HqLyjWDarjtT1zdp7dc"
	fakeOpenAI      = "sk-" + strings.Repeat("T3Bl", 4) + strings.Repeat("bkFJ9z", 5) + "Aa"
	fakeOpenAIProj  = "sk-proj-" + strings.Repeat("Ab1_Cd2-", 8)
	fakeAnthropic   = "sk-ant-api03-" + strings.Repeat("xY9_", 20) + "AA"
	fakeGoogle      = "AIza" + "SyD-" + strings.Repeat("9tSrke72", 3) + "PouQMnMX7"
	fakeJWT         = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9" + "." +
		"eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0" + "." +
		"SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
	fakeNPM       = "npm_" + strings.Repeat("aZ09", 9)
	fakeSendGrid  = "SG." + strings.Repeat("aB1-", 5) + "cD" + "." + strings.Repeat("eF2_", 10) + "gH3"
	fakeHF        = "hf_" + strings.Repeat("AbCdEfGh", 4) + "Ij"
	fakeAzure     = "DefaultEndpointsProtocol=https;AccountName=carnet;AccountKey=" + strings.Repeat("Zm9vYmFy", 8) + "=="
	fakePEMHeader = "-----BEGIN " + "RSA PRIVATE KEY-----"
)

var secretCases = []struct {
	name   string
	text   string
	secret bool
}{
	// Known key formats.
	{"aws access key assigned", "aws_access_key_id = " + fakeAWSKey, true},
	{"aws access key in prose", "use " + fakeAWSKey + " for the backup bucket", true},
	{"aws temporary key", "STS gave " + fakeAWSTemp, true},
	{"aws secret assigned", "aws_secret_access_key = " + fakeAWSSecret, true},
	{"aws secret in words", "AWS secret key: " + fakeAWSSecret, true},
	{"github classic token", "GH token " + fakeGitHub + " expires in May", true},
	{"github app token", "export GITHUB_TOKEN=" + fakeGitHubApp, true},
	{"github oauth token in header", "curl -H 'Authorization: token " + fakeGitHubOAuth + "'", true},
	{"github fine-grained pat", fakeGitHubPAT, true},
	{"gitlab pat", "Runner uses " + fakeGitLab, true},
	{"slack bot token", "SLACK_BOT=" + fakeSlackBot, true},
	{"slack user token", "the bot posts with " + fakeSlackUser, true},
	{"slack webhook", "alerts go to " + fakeSlackHook, true},
	{"stripe live key", "Stripe: " + fakeStripeLive, true},
	{"stripe restricted key", "restricted key " + fakeStripeRK + " for reports", true},
	{"stripe test key", "tests use " + fakeStripeTest, true},
	{"openai key", "OPENAI_API_KEY=" + fakeOpenAI, true},
	{"openai project key", "key is " + fakeOpenAIProj, true},
	{"anthropic key", "set " + fakeAnthropic + " in CI", true},
	{"google api key", "maps key " + fakeGoogle, true},
	{"pem rsa header", fakePEMHeader, true},
	{"pem openssh block", "-----BEGIN " + "OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----", true},
	{"pem ec key", "key: -----BEGIN " + "EC PRIVATE KEY----- MHcCAQEEIB", true},
	{"pem pgp block", "-----BEGIN " + "PGP PRIVATE KEY BLOCK-----", true},
	{"jwt", "session cookie was " + fakeJWT, true},
	{"npm token", "//registry.npmjs.org/:_authToken=" + fakeNPM, true},
	{"sendgrid key", "mail via " + fakeSendGrid, true},
	{"hugging face token", "HF " + fakeHF, true},
	{"azure connection string", fakeAzure, true},
	{"bearer token", "Authorization: Bearer 4f9a8b7c6d5e4f3a2b1c0d9e8f7a", true},
	{"basic auth header", "Authorization: Basic dXNlcjpwYXNzd29yZA==", true},

	// A value after a secret word.
	{"password colon", "password: hunter2", true},
	{"password markdown bold", "- **Password**: Tr0ub4dor&3", true},
	{"env password", "DB_PASSWORD=Tr0ub4dor&3", true},
	{"password quoted", `password = "s3cr3t-value"`, true},
	{"password quoted letters", `password = "correcthorse"`, true},
	{"password bare word at end", "staging password: correcthorsebattery", true},
	{"json api key", `{"api_key": "a8f5f167f44f4964e6c998dee827110c"}`, true},
	{"camel api key", "apiKey: 'k-12345-abcde'", true},
	{"api key in words", "API key: 9f8e7d6c5b4a", true},
	{"a new key in words", "this is the new key: lY-_TNHKu1F1UAVEW5ZIEA", true},
	{"a key fused to a typo", "here is the wkey: lY-_TNHKu1F1UAVEW5ZIEA", true},
	{"a key of a kind in words", "the license key: Q3vT9xLm2PzR8kWn4YbH", true},
	{"export api key", "export API_KEY=abc123def456", true},
	{"http header api key", "X-Api-Key: 0a1b2c3d4e5f", true},
	{"client secret", "client_secret=3a1f9e2c7b", true},
	{"secret quoted", "secret: 'qwerty-9876'", true},
	{"pin", "PIN: 4821", true},
	{"pin code", "pin_code=902114", true},
	{"mot de passe", "Mot de passe : Soleil2024!", true},
	{"mdp", "mdp: azerty123", true},
	{"token in query string", "callback https://example.com/cb?token=abc123def456ghi", true},
	{"access token in query", "GET /api?user=7&access_token=ya29a0AfH6SMB", true},
	{"oauth code in a callback url", "opened http://localhost:3000/api/auth/callback?state=xyz&code=ya29a0AfB_byC3xQk9LmN2pR7sT", true},
	{"oauth code first in the query", "redirected to https://app.example.com/cb?code=8f14e45fceea167a5a36dedd4bea2543&scope=email", true},
	{"a status code in a query", "GET /errors?code=404 returns the page", false},
	{"a language code in a query", "see https://docs.example.com/run?code=python&lang=en", false},
	{"a code word outside a query", "exit code=1 after the build", false},
	{"pwd", "pwd=P@ssw0rd", true},
	{"cli flag", "run it with --password=hunter22 on staging", true},
	{"go string literal", `password := "hunter2!"`, true},
	{"php array", `'password' => 'hunter2'`, true},
	{"passphrase", "passphrase = correct-horse-42", true},
	{"token value then prose", "token: 7c9e6679a1b2 (staging only)", true},
	{"private key hex", "private_key: 4c0883a69102937d6231471b5dbb6204fe51296170827936ea5cce4b76994b0f", true},
	{"secret key django", "SECRET_KEY=django-insecure-9x2k", true},

	// URLs with credentials.
	{"postgres url", "DATABASE_URL is postgres://admin:s3cretpw@db.internal:5432/app", true},
	{"https url", "clone https://deploy:hunter22@git.example.com/repo.git", true},
	{"curl user flag", "curl -u admin:hunter2 https://api.internal/health", true},
	{"redis url no user", "redis://:p4ssw0rd@cache:6379/0", true},

	// Card numbers.
	{"visa spaced", "card 4111 1111 1111 1111 exp 12/30", true},
	{"mastercard contiguous", "5555555555554444", true},
	{"amex groups", "Amex 3782 822463 10005", true},
	{"visa dashes", "4242-4242-4242-4242", true},
	{"discover", "paid with 6011111111111117.", true},
	{"mastercard 2-series", "MC 2223 0031 2200 3222", true},
	{"visa 13 digits", "old card 4222222222222", true},

	// Prose about secrets.
	{"token expires", "the token expires after one hour", false},
	{"rotate api key", "rotate the API key monthly", false},
	{"password reset", "password reset flow uses email", false},
	{"token colon prose", "Token: expires after one hour, refresh before", false},
	{"secret colon prose", "Secret: the API key lives in .env, never in git", false},
	{"api key colon prose", "API key: rotate monthly via the console", false},
	{"a new key that is a name", "the new key: user_profile_settings_v2", false},
	{"a sort key in words", "the sort key: createdAtTimestamp2024", false},
	{"a hotkey", "hotkey: Ctrl+Shift+K", false},
	{"password required", "password: required, min 8 chars", false},
	{"password field", "the `password` field is hashed with bcrypt", false},
	{"password hashing", "Password hashing: argon2id", false},
	{"stored in vault", "Token: stored in 1Password under Staging", false},
	{"secret store", "Secret store: Vault", false},
	{"token budget", "Token budget: 2500", false},
	{"token ttl", "token_ttl: 3600", false},
	{"token type", "token_type=bearer", false},
	{"max tokens", "max_tokens=4096", false},
	{"short number after secret", "secret: 1983", false},
	{"tokens count", "tokens: 1532 in, 210 out", false},
	{"tokenizer", "tokenizer: bpe", false},
	{"secret name", "secretName: db-credentials", false},
	{"token url", "token_url: https://oauth2.googleapis.com/token", false},
	{"password reset url", "PASSWORD_RESET_URL=/account/reset", false},
	{"french prose", "le jeton expire au bout d'une heure", false},
	{"mot de passe oublié", "Mot de passe oublié : flux par e-mail", false},
	{"mot de passe à changer", "mot de passe : à changer", false},
	{"bearer prose", "Use Bearer tokens issued by the IdP", false},
	{"jwt prose", "JWTs start with eyJ because that is base64 of {\"", false},
	{"aws prefix prose", "AKIA prefix marks long-term keys, ASIA temporary ones", false},
	{"ghp prose", "ghp_ tokens need the repo scope", false},
	{"sk prose", "the sk- prefix means secret key", false},
	{"sk in words", "task-list and risk-free and desk-booking-service-for-everyone", false},
	{"public cert", "-----BEGIN CERTIFICATE-----", false},
	{"public key", "-----BEGIN PUBLIC KEY-----", false},
	{"github actions inherit", "token: inherit", false},
	{"secret word", "secret: Kubernetes", false},
	{"token quoted word", `token = "refresh"`, false},
	{"pin version", "pin: v1.2.3", false},
	{"spinner", "spinner: dots", false},
	{"pwd path", "pwd: /work/main", false},
	{"etc passwd", "/etc/passwd: root entry", false},

	// Placeholders and references.
	{"redacted", "password: <redacted>", false},
	{"redacted brackets", "token: [REDACTED]", false},
	{"stars", "password: ***", false},
	{"masked key", "api_key=sk-****abcd", false},
	{"xxx", "secret = xxxxxxxx", false},
	{"env braces", "api_key=${API_KEY}", false},
	{"env dollar", "token: $GITHUB_TOKEN", false},
	{"changeme", "password: changeme", false},
	{"your key", "API_KEY=your-api-key-here", false},
	{"template", "token: {{ .Token }}", false},
	{"empty quoted", `api_key: ""`, false},
	{"typescript type", "password: string", false},
	{"generic type", "token: Option<String>", false},
	{"url placeholder password", "postgres://user:${DB_PASS}@localhost/app", false},
	{"url angle password", "https://user:<password>@host/path", false},

	// Code.
	{"go header get", `token := r.Header.Get("Authorization")`, false},
	{"go getenv", `API_KEY = os.Getenv("API_KEY")`, false},
	{"go comparison", `if password == "" {`, false},
	{"go not equal", `if token != "" { return }`, false},
	{"variable", "token = accessToken", false},
	{"go variable", "token := newSessionID", false},
	{"dotted", "secret: s.value", false},
	{"process env", "apiKey: process.env.API_KEY", false},
	{"python environ", "password = os.environ['DB_PASSWORD']", false},
	{"dict lookup", "password = config['password']", false},
	{"curl env password", "curl -u admin:$ADMIN_PASS https://x", false},
	{"named variable", "PrivateKey: dummyPrivateKey,", false},
	{"variable with digits", "privateKey = jwtTestEC256PrivateKey", false},
	{"struct literal", "token := Token{}", false},
	{"hex constant", "FS_IOC_REMOVE_ENCRYPTION_KEY_ALL_USERS = 0xc0406619", false},
	{"mock token", `AccessToken: "mock-token"`, false},
	{"lock token urn", "Token: `urn:uuid:181d4fae-7d8c-11d0-a765-00a0c91e6bf2`", false},
	{"escape sequence", `want "Password: \r\n"`, false},
	{"call", "password = getPassword()", false},
	{"struct tag", "Password string `json:\"password\"`", false},
	{"go scope", "Token::new(raw)", false},

	// Numbers and ids that are not cards.
	{"phone fr", "call +33 6 12 34 56 78 for access", false},
	{"phone us", "(555) 123-4567", false},
	{"phone us dashes", "+1-555-123-4567", false},
	{"order number", "order #123456789 shipped", false},
	{"amazon order", "Order 112-3456789-1234567 arrived", false},
	{"luhn fails", "card 4111 1111 1111 1112", false},
	{"luhn fails contiguous", "4111111111111112", false},
	{"build stamp", "build 20240601123456", false},
	{"id with digits", "bucket-4242424242424242 was emptied", false},
	{"timestamp ms", "created at 1700000000000", false},
	{"isbn", "ISBN 978-3-16-148410-0", false},
	{"git sha", "fixed in 9fceb02d0ae598e95dc970b74767f19372d61af8", false},
	{"short sha", "see 9fceb02", false},
	{"sha 12", "commit 9fceb02d0ae5 reverted", false},
	{"digit sha", "commit 4111111111111111abcdef0123456789abcdef01", false},
	{"sha256", "sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", false},
	{"uuid", "request 123e4567-e89b-12d3-a456-426614174000 failed", false},
	{"digit uuid", "id 12345678-1234-5678-1234-567812345678", false},
	{"date", "2024-06-01: migrated", false},
	{"datetime", "at 2024-06-01T12:30:00Z", false},
	{"version", "go 1.26.7 and v2.1.1", false},
	{"ip port", "listen on 192.168.1.10:8080", false},
	{"file path", "memstore/secret.go:42 handles it", false},
	{"ssh path", "key is in ~/.ssh/id_ed25519", false},
	{"ssh url", "ssh://git@github.com:22/org/repo.git", false},
	{"url port", "https://example.com:8443/path?page=2", false},
	{"empty", "", false},
	{"plain bullet", "- [x] Refactor the merge so that done items tick across days", false},
	{"passphrase with no value", "passphrase: ,", false},
	{"passcode with a bare dot", "passcode = .", false},
	{"passphrase with bold only", "my passphrase: **", false},
}

func TestDetectSecret(t *testing.T) {
	t.Parallel()
	pos, neg := 0, 0
	seen := map[string]bool{}
	for _, tc := range secretCases {
		if seen[tc.name] {
			t.Fatalf("duplicate case name %q", tc.name)
		}
		seen[tc.name] = true
		if tc.secret {
			pos++
		} else {
			neg++
		}
		t.Run(tc.name, func(t *testing.T) {
			got := Detect(tc.text)
			if tc.secret && got == "" {
				t.Errorf("Detect(%q) = \"\", want a reason", tc.text)
			}
			if !tc.secret && got != "" {
				t.Errorf("Detect(%q) = %q, want \"\"", tc.text, got)
			}
		})
	}
	if pos < 30 || neg < 30 {
		t.Errorf("want at least 30 positive and 30 negative cases, have %d and %d", pos, neg)
	}
}

func TestDetectSecretReasons(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ text, want string }{
		{"id " + fakeAWSKey, "looks like an AWS access key"},
		{"password: hunter2", "value after 'password'"},
		{"API key: 9f8e7d6c5b4a", "value after 'api key'"},
		{"Mot de passe : Soleil2024!", "value after 'mot de passe'"},
		{"4111 1111 1111 1111", "card number (Luhn)"},
		{fakePEMHeader, "private key block (PEM)"},
		{"token: " + fakeGitHub, "looks like a GitHub token"},
	} {
		if got := Detect(tc.text); got != tc.want {
			t.Errorf("Detect(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// The reason names the kind of secret, never the secret itself.
func TestDetectSecretReasonHidesValue(t *testing.T) {
	t.Parallel()
	for _, tc := range secretCases {
		if !tc.secret {
			continue
		}
		reason := Detect(tc.text)
		for _, f := range strings.FieldsFunc(tc.text, func(r rune) bool { return strings.ContainsRune(" :='\"", r) }) {
			if len(f) >= 6 && strings.ContainsAny(f, "0123456789") && strings.Contains(reason, f) {
				t.Errorf("%s: reason %q echoes %q", tc.name, reason, f)
			}
		}
	}
}

func TestDetectSecretProseAllocatesNothing(t *testing.T) {
	allocs := testing.AllocsPerRun(100, func() { scanText(benchBullet) })
	if allocs != 0 {
		t.Errorf("Detect on prose allocates %.0f times, want 0", allocs)
	}
}

const benchBullet = "Refactored the session store: tokens now expire after one hour and the refresh flow retries twice on 401 (see auth/refresh.go)."

// BenchmarkDetectSecret measures the scan itself (Detect of a text it has not just found clean).
func BenchmarkDetectSecret(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		scanText(benchBullet)
	}
}

// Detect remembers the texts it found clean, never one that holds a secret, and forgets them
// past its bounds: asked again, in any order, it says the same.
func TestDetectRemembersCleanTextsOnly(t *testing.T) {
	var texts []string
	for _, set := range [][]secrettest.Case{secrettest.Positives(), secrettest.Negatives()} {
		for _, c := range set {
			texts = append(texts, c.Text)
		}
	}
	first := make([]string, len(texts))
	for i, s := range texts {
		first[i] = Detect(s)
	}
	for i, s := range slices.Backward(texts) {
		if again := Detect(s); again != first[i] {
			t.Errorf("Detect(%q) = %q, then %q", s, first[i], again)
		}
		if out, _ := Redact(s); Detect(out) != "" {
			t.Errorf("Redact(%q) = %q, which Detect finds a secret in", s, out)
		}
	}
	clean.Lock()
	n := len(clean.texts)
	for s := range clean.texts {
		if scanText(s).reason != "" {
			t.Errorf("remembered as clean, holds a secret: %q", s)
		}
	}
	clean.Unlock()
	if len(texts) <= cleanMax || n > cleanMax {
		t.Errorf("%d texts asked, %d remembered: the bound (%d) is not exercised or not kept", len(texts), n, cleanMax)
	}
}

func FuzzDetectSecret(f *testing.F) {
	for _, tc := range secretCases {
		f.Add(tc.text)
	}
	f.Add("password: \"unterminated")
	f.Add("::==:=:=>=\x00\xff" + fakePEMHeader[:12])
	f.Add(strings.Repeat("4111 ", 40))
	f.Add(strings.Repeat("password=", 100))
	f.Fuzz(func(t *testing.T, s string) {
		first := Detect(s)
		if again := Detect(s); again != first {
			t.Fatalf("Detect(%q) gave %q then %q", s, first, again)
		}
		if out, found := Redact(s); Detect(out) != "" || found != (first != "") {
			t.Fatalf("Redact(%q) = %q, %v: Detect says %q", s, out, found, Detect(out))
		}
	})
}

// A public key or certificate block passes whole; what is not its base64 body is still read.
func TestPublicBlocks(t *testing.T) {
	t.Parallel()
	for _, c := range secrettest.PublicBlocks() {
		if why := Detect(c.Text); why != "" {
			t.Errorf("[%s] refused (%s)", c.Form, why)
		}
		lines := strings.Split(c.Text, "\n")
		marks := PublicLines(lines)
		for i, l := range lines {
			if strings.HasPrefix(l, "-----") || i > 0 && strings.HasPrefix(lines[i-1], "-----BEGIN") {
				if marks == nil || !marks[i] {
					t.Errorf("[%s] line %d not marked public: %q", c.Form, i, l)
				}
			}
		}
	}
	cert := secrettest.PublicBlocks()[3].Text
	body := strings.Split(cert, "\n")[2]
	for _, bad := range []string{
		strings.Replace(cert, body, "password: Winter2024!", 1),                                      // a value inside the block
		strings.Replace(cert, body, "-----BEGIN RSA PRIVATE KEY-----", 1),                            // a private key in it
		strings.TrimSuffix(cert, "-----END CERTIFICATE-----") + "ghp_" + strings.Repeat("a1B2c3", 6), // a token after a block that never ends
		"-----BEGIN CERTIFICATE-----\n" + body,                                                       // no END: not known to be a block
	} {
		if Detect(bad) == "" {
			t.Errorf("not refused:\n%s", bad)
		}
	}
	if m := PublicLines([]string{"- a bullet", "no block here"}); m != nil {
		t.Errorf("marks without a block: %v", m)
	}
}

// Media written inline pass; base64 in another data URI is read as any base64.
func TestDataURIs(t *testing.T) {
	t.Parallel()
	key := "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj"
	if why := Detect(`<img src="data:image/png;base64,` + key + `">`); why != "" {
		t.Errorf("an image refused: %s", why)
	}
	if Detect("data:text/plain;base64,"+key) == "" || Detect("data:application/octet-stream;base64,"+key) == "" {
		t.Error("base64 in a non-media data URI passed")
	}
}
