// Package secret tells whether a line of text holds a secret (a key, a token, a password, a
// card number) that must never be written to memory. It knows nothing of memory files.
package secret

import (
	"regexp"
	"strings"
	"sync"
)

// The secret guard (SPEC §5): every write path runs Detect on each bullet and refuses the
// ones that look like a credential. It must stay cheap on ordinary prose, so each known key format
// sits behind a plain substring test and the regexp only runs when that literal is present; the
// `name: value` and card-number checks are hand-written byte scans that allocate nothing.

// Detect reports why text looks like a secret, or "" when it does not.
// The reason is short and human ("looks like an AWS access key", "value after 'password'",
// "card number (Luhn)") and never quotes the secret itself.
func Detect(text string) string {
	var present byteSet
	digits := 0
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c < 64:
			present.lo |= 1 << c
			if c >= '0' && c <= '9' {
				digits++
			}
		case c < 128:
			present.hi |= 1 << (c - 64)
			if c >= 'A' && c <= 'Z' {
				present.hi |= 1 << (c + 'a' - 'A' - 64) // lower case too: need strings are folded
			}
		}
	}
	formats := secretFormats()
	for i := range formats {
		f := &formats[i]
		if !present.hasAll(f.need) || !f.triggered(text) {
			continue
		}
		for _, m := range f.re.FindAllString(text, -1) {
			if f.valid == nil || f.valid(m) {
				return f.reason
			}
		}
	}
	if present.has(':') || present.has('=') {
		if reason := assignedSecret(text); reason != "" {
			return reason
		}
	}
	if digits >= 13 && hasCardNumber(text) {
		return "card number (Luhn)"
	}
	return ""
}

// byteSet records which ASCII bytes a text holds, so that a format whose literal needs a byte
// the text lacks is skipped without searching.
type byteSet struct{ lo, hi uint64 }

func (b *byteSet) has(c byte) bool {
	switch {
	case c < 64:
		return b.lo&(1<<c) != 0
	case c < 128:
		return b.hi&(1<<(c-64)) != 0
	}
	return false
}

func (b *byteSet) hasAll(s string) bool {
	for i := 0; i < len(s); i++ {
		if !b.has(s[i]) {
			return false
		}
	}
	return true
}

// secretFormat is one known credential shape.
type secretFormat struct {
	reason   string
	need     string   // bytes the text must hold (case-folded) before anything else is tried
	literals []string // one of them must occur for re to have a chance; nil: skip this test
	fold     string   // lower-case word that must occur, ignoring case; "": skip this test
	re       *regexp.Regexp
	valid    func(match string) bool // optional second look at each match
}

// triggered runs the substring tests that must hold for f.re to have a chance.
func (f *secretFormat) triggered(s string) bool {
	if f.fold != "" && !containsFoldASCII(s, f.fold) {
		return false
	}
	if f.literals == nil {
		return true
	}
	for _, l := range f.literals {
		if strings.Contains(s, l) {
			return true
		}
	}
	return false
}

// secretFormats is compiled on first use, so that processes which never write memory
// (the UI, SessionStart) do not pay for the regexps at start-up.
var secretFormats = sync.OnceValue(func() []secretFormat {
	return []secretFormat{
		{reason: "private key block (PEM)", need: "-BK", literals: []string{"-----BEGIN"},
			re: regexp.MustCompile(`-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----`)},
		{reason: "looks like an AWS access key", need: "A", literals: []string{"AKIA", "ASIA", "ABIA", "ACCA"},
			re: regexp.MustCompile(`\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b`)},
		{reason: "looks like a GitHub token", need: "gh_", literals: []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"},
			re: regexp.MustCompile(`\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b`)},
		{reason: "looks like a GitLab token", need: "gl-", literals: []string{"glpat-"},
			re: regexp.MustCompile(`\bglpat-[A-Za-z0-9_\-]{20,}`)},
		{reason: "looks like a Slack token", need: "x-", literals: []string{"xox", "xapp-"},
			re:    regexp.MustCompile(`\b(?:xox[abprse]-[A-Za-z0-9\-]{10,}|xapp-[0-9]-[A-Za-z0-9\-]{10,})`),
			valid: anyDigit},
		{reason: "Slack webhook URL", need: "k/", literals: []string{"hooks.slack.com/"},
			re: regexp.MustCompile(`hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_]+/[A-Za-z0-9_/]+`)},
		{reason: "looks like a Stripe secret key", need: "k_", literals: []string{"k_live_", "k_test_", "whsec_"},
			re: regexp.MustCompile(`\b(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9+/]{24,})`)},
		{reason: "looks like an Anthropic API key", need: "sk-", literals: []string{"sk-ant-"},
			re: regexp.MustCompile(`\bsk-ant-[A-Za-z0-9_\-]{20,}`), valid: anyDigit},
		{reason: "looks like an OpenAI API key", need: "sk-", literals: []string{"sk-"},
			re: regexp.MustCompile(`\bsk-(?:(?:proj|svcacct|admin)-[A-Za-z0-9_\-]{20,}|[A-Za-z0-9]{20,})`), valid: anyDigit},
		{reason: "looks like a Google API key", need: "AIz", literals: []string{"AIza"},
			re: regexp.MustCompile(`\bAIza[0-9A-Za-z_\-]{35}`)},
		{reason: "looks like a JWT", need: "J.", literals: []string{"eyJ"},
			re: regexp.MustCompile(`\beyJ[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]*`)},
		{reason: "looks like an npm token", need: "n_", literals: []string{"npm_"},
			re: regexp.MustCompile(`\bnpm_[A-Za-z0-9]{36}\b`), valid: anyDigit},
		{reason: "looks like a PyPI token", need: "y-", literals: []string{"pypi-AgE"},
			re: regexp.MustCompile(`\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_\-]{50,}`)},
		{reason: "looks like a SendGrid API key", need: "SG.", literals: []string{"SG."},
			re: regexp.MustCompile(`\bSG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}\b`)},
		{reason: "looks like a Hugging Face token", need: "hf_", literals: []string{"hf_"},
			re: regexp.MustCompile(`\bhf_[A-Za-z0-9]{34,}\b`), valid: mixedCase},
		{reason: "looks like a DigitalOcean token", need: "_v1", literals: []string{"_v1_"},
			re: regexp.MustCompile(`\bdo[por]_v1_[a-f0-9]{64}\b`)},
		{reason: "Azure storage account key", need: "K=", literals: []string{"AccountKey="},
			re: regexp.MustCompile(`AccountKey=[A-Za-z0-9+/]{40,}`)},
		{reason: "URL with embedded credentials", need: ":/@", literals: []string{"://"},
			re:    regexp.MustCompile("\\b[A-Za-z][A-Za-z0-9+.\\-]*://[^\\s/:@'\"<>`]*:[^\\s/@'\"<>`]+@[A-Za-z0-9\\[]"),
			valid: urlPasswordReal},
		{reason: "credentials after -u user:password", need: "-u:", literals: []string{"-u ", "-u=", "--user"},
			re:    regexp.MustCompile(`(?:^|[ \t])(?:-u|--user)[ =][^\s:'"]+:[^\s'"]+`),
			valid: userFlagReal},
		{reason: "bearer token", need: "brr", fold: "bearer",
			re: regexp.MustCompile(`(?i)\bbearer[ \t]+[A-Za-z0-9._~+/\-]{20,}=*`), valid: bearerReal},
		{reason: "basic auth credentials", need: "z:", fold: "authorization",
			re: regexp.MustCompile(`(?i)\bauthorization:[ \t]*basic[ \t]+[A-Za-z0-9+/]{8,}={0,2}`)},
	}
})

// urlPasswordReal tells a URL's real password from a placeholder ("${DB_PASS}", "password").
func urlPasswordReal(m string) bool {
	rest := m[strings.Index(m, "://")+3:]
	userinfo := rest[:strings.LastIndexByte(rest, '@')]
	pw := userinfo[strings.IndexByte(userinfo, ':')+1:]
	return len(pw) >= 3 && !placeholderValue(pw)
}

// userFlagReal keeps "curl -u user:password" when the password is not a placeholder.
func userFlagReal(m string) bool {
	m = strings.TrimLeft(m, " \t")
	m = strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(m, "--user"), "-u"), " =")
	pw := m[strings.IndexByte(m, ':')+1:]
	return len(pw) >= 3 && !placeholderValue(pw)
}

// bearerReal keeps "Bearer <token>" where the token mixes letters and digits.
func bearerReal(m string) bool {
	tok := strings.TrimLeft(m[len("bearer"):], " \t")
	return anyDigit(tok) && anyLetter(tok) && !placeholderValue(tok)
}

// containsFoldASCII reports whether s contains needle, ignoring ASCII case.
func containsFoldASCII(s, needle string) bool {
	n := len(needle)
	if n == 0 {
		return true
	}
	for i := 0; i+n <= len(s); i++ {
		if asciiToLower(s[i]) != asciiToLower(needle[0]) {
			continue
		}
		j := 1
		for j < n && asciiToLower(s[i+j]) == asciiToLower(needle[j]) {
			j++
		}
		if j == n {
			return true
		}
	}
	return false
}

// onlyBytes reports whether every byte of v is in set.
func onlyBytes(v, set string) bool {
	for i := 0; i < len(v); i++ {
		if strings.IndexByte(set, v[i]) < 0 {
			return false
		}
	}
	return true
}

func onlyDigits(v string) bool { return v != "" && onlyBytes(v, "0123456789") }

// bareWord matches a bare word or identifier: letters, digits and underscores.
func bareWord(v string) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i]; !asciiAlnum(c) && c != '_' {
			return false
		}
	}
	return v != ""
}

func anyDigit(v string) bool {
	for i := 0; i < len(v); i++ {
		if asciiDigit(v[i]) {
			return true
		}
	}
	return false
}

func anyLetter(v string) bool {
	for i := 0; i < len(v); i++ {
		if asciiLetter(v[i]) {
			return true
		}
	}
	return false
}

func anyUpper(v string) bool {
	for i := 0; i < len(v); i++ {
		if asciiUpper(v[i]) {
			return true
		}
	}
	return false
}

func anyLower(v string) bool {
	for i := 0; i < len(v); i++ {
		if asciiLower(v[i]) {
			return true
		}
	}
	return false
}

// mixedCase keeps matches with both cases, as random tokens have and identifiers rarely do.
func mixedCase(v string) bool { return anyUpper(v) && anyLower(v) }

// secretKeyByte matches the bytes of a name before a separator: API_KEY, x-api-key, cfg.password.
func secretKeyByte(c byte) bool { return asciiAlnum(c) || c == '_' || c == '-' || c == '.' }

// secretValueStop ends an unquoted value.
func secretValueStop(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', ';', ')', ']', '}', '&', '"', '\'', '`', '|', '<', '>':
		return true
	}
	return false
}

func asciiToLower(c byte) byte {
	if asciiUpper(c) {
		return c + 'a' - 'A'
	}
	return c
}

func asciiUpper(c byte) bool  { return c >= 'A' && c <= 'Z' }
func asciiLower(c byte) bool  { return c >= 'a' && c <= 'z' }
func asciiDigit(c byte) bool  { return c >= '0' && c <= '9' }
func asciiLetter(c byte) bool { return asciiUpper(c) || asciiLower(c) }
func asciiAlnum(c byte) bool  { return asciiLetter(c) || asciiDigit(c) }
