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
func Detect(text string) string { return scan(text).reason }

// A text on its way to memory is checked at each step that may change it (capture's guard on
// the turn, its cleaning of each bullet, memory's guard on each bullet and on each new line),
// and most steps hand the next one the same text. So scan remembers the texts it last found
// clean: the same text again costs a lookup, not a scan. The result is the same: a scan
// depends on the text alone.
var clean = struct {
	sync.Mutex
	texts map[string]struct{}
	bytes int
}{}

// Bounds of the texts clean remembers: an agent's turn holds a few dozen short ones; a long-
// running server forgets them all once it holds more.
const (
	cleanMax      = 512     // texts
	cleanMaxBytes = 1 << 20 // their bytes
	cleanMaxText  = 8 << 10 // a longer text is not remembered
)

// scan finds the first secret in text (scanText), remembering a text found clean.
func scan(text string) finding {
	if len(text) > cleanMaxText {
		return scanText(text)
	}
	clean.Lock()
	_, ok := clean.texts[text]
	clean.Unlock()
	if ok {
		return finding{}
	}
	f := scanText(text)
	if f.reason != "" {
		return f
	}
	clean.Lock()
	if clean.texts == nil || len(clean.texts) >= cleanMax || clean.bytes+len(text) > cleanMaxBytes {
		clean.texts, clean.bytes = make(map[string]struct{}, 64), 0
	}
	clean.texts[strings.Clone(text)] = struct{}{} // not a slice of a larger text kept alive
	clean.bytes += len(text)
	clean.Unlock()
	return f
}

// finding is one secret found in a text: why, and where its value lies (text[start:end]).
type finding struct {
	reason     string
	start, end int
}

// Word stems noticed by the first pass, so that the word-level checks run only on text that
// mentions a secret.
const (
	stemPass   = 1 << iota // pass(word|phrase|code|e), pwd, mdp
	stemSecret             // token, secret, key
)

// scanText finds the first secret in text, its public key and certificate blocks aside.
func scanText(text string) finding {
	text = maskPublic(text)
	var present byteSet
	digits := 0
	stems := 0
	var last uint32 // the last four bytes, lower case
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c < 64:
			present.lo |= 1 << c
			if c >= '0' && c <= '9' {
				digits++
			}
		case c < 128:
			present.hi |= 1 << (c - 64)
			if c >= 'A' && c <= 'Z' {
				present.hi |= 1 << (c + 'a' - 'A' - 64) // lower case too: need strings are folded
				c += 'a' - 'A'
			}
		}
		last = last<<8 | uint32(c)
		switch last {
		case 'p'<<24 | 'a'<<16 | 's'<<8 | 's', 'w'<<24 | 'i'<<16 | 'f'<<8 | 'i':
			stems |= stemPass
		case 'o'<<24 | 'k'<<16 | 'e'<<8 | 'n', 'c'<<24 | 'r'<<16 | 'e'<<8 | 't':
			stems |= stemSecret
		}
		if last&0xffff == 'p'<<8|'w' { // pw, pwd
			stems |= stemPass
		}
		switch last & 0xffffff {
		case 'm'<<16 | 'd'<<8 | 'p':
			stems |= stemPass
		case 'k'<<16 | 'e'<<8 | 'y':
			stems |= stemSecret
		}
	}
	if f := formatSecret(text, &present); f.reason != "" {
		return f
	}
	if f := tokenSecret(text); f.reason != "" {
		return f
	}
	if present.has(':') || present.has('=') {
		if f := lineSecret(text); f.reason != "" {
			return f
		}
		if f := assignedSecret(text); f.reason != "" {
			return f
		}
	}
	if present.has('<') && present.has('>') {
		if f := xmlSecret(text); f.reason != "" {
			return f
		}
	}
	if f := commandSecret(text); f.reason != "" {
		return f
	}
	if stems != 0 {
		if f := proseSecret(text, stems); f.reason != "" {
			return f
		}
	}
	if f := loginsSecret(text, &present); f.reason != "" {
		return f
	}
	if digits >= 13 {
		if s, e := cardNumber(text); e > s {
			return finding{"card number (Luhn)", s, e}
		}
	}
	return finding{}
}

// loginsSecret finds credentials said as "USER / PASSWORD" and logins said in one sentence,
// in a text that holds what they need: a slash or a colon, a dot or a colon for an address.
func loginsSecret(text string, present *byteSet) finding {
	if present.has('/') || present.has(':') {
		if f := pairSecret(text); f.reason != "" {
			return f
		}
	}
	if present.has('.') || present.has(':') { // an address: an IP, a host name, a URL
		return loginSecret(text)
	}
	return finding{}
}

// redactedMark replaces each secret value in Redact's output.
const redactedMark = "[redacted]"

// Redact returns text with each secret value that Detect would find replaced by "[redacted]",
// keeping the words around it ("the admin password is [redacted]"); a key block line is
// replaced whole. found reports whether anything was replaced. The result passes Detect.
func Redact(text string) (out string, found bool) {
	out = text
	for range 64 {
		f := scan(out)
		if f.reason == "" {
			return out, found
		}
		found = true
		out = out[:f.start] + redactedMark + out[f.end:]
	}
	// A text with that many secrets loses every line that still holds one.
	var b strings.Builder
	for line := range strings.Lines(out) {
		body := strings.TrimRight(line, "\r\n")
		if scan(body).reason != "" {
			b.WriteString(redactedMark + line[len(body):])
			continue
		}
		b.WriteString(line)
	}
	return b.String(), true
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

// secretFormat is one credential shape that needs a regexp: URLs, headers, armour lines.
type secretFormat struct {
	reason   string
	need     string   // bytes the text must hold (case-folded) before anything else is tried
	literals []string // one of them must occur for re to have a chance; nil: skip this test
	fold     string   // lower-case word that must occur, ignoring case; "": skip this test
	re       *regexp.Regexp
	group    int                            // the submatch that holds the secret; 0: all of it
	valid    func(match, value string) bool // optional second look at each match
	line     bool                           // the secret runs to the end of its line
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

// formatSecret runs the regexp formats whose literals occur in s.
func formatSecret(s string, present *byteSet) finding {
	formats := secretFormats()
	for i := range formats {
		f := &formats[i]
		if !present.hasAll(f.need) || !f.triggered(s) {
			continue
		}
		for _, m := range f.re.FindAllStringSubmatchIndex(s, -1) {
			a, e := m[2*f.group], m[2*f.group+1]
			if a < 0 {
				continue
			}
			if f.valid != nil && !f.valid(s[m[0]:m[1]], s[a:e]) {
				continue
			}
			if f.line {
				e = lineEnd(s, e)
			}
			return finding{f.reason, a, e}
		}
	}
	return finding{}
}

// lineEnd returns the index of the end of the line that holds s[i-1].
func lineEnd(s string, i int) int {
	if k := strings.IndexAny(s[i:], "\r\n"); k >= 0 {
		return i + k
	}
	return len(s)
}

// secretFormats is compiled on first use, so that processes which never write memory
// (the UI, SessionStart) do not pay for the regexps at start-up. Formats that are a prefix and
// a body are in tokenRules, which need no regexp.
var secretFormats = sync.OnceValue(func() []secretFormat {
	return []secretFormat{
		{reason: "private key block (PEM)", need: "ky", literals: []string{"PRIVATE KEY"},
			re:   regexp.MustCompile(`(?m)-----(?:BEGIN|END)[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|^[ \t>*-]*(?:BEGIN|END) [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?[ \t-]*$`),
			line: true},
		{reason: "PuTTY private key", need: "-:", literals: []string{"PuTTY-User-Key-File-", "Private-Lines:", "Private-MAC:"},
			re: regexp.MustCompile(`(?m)^[ \t>*-]*(?:Private-Lines|Private-MAC):.*$|\bPuTTY-User-Key-File-\d+:.*$`)}, // the header, wherever a paste puts it
		{reason: "Slack webhook URL", need: "k/", literals: []string{"hooks.slack.com/"},
			re: regexp.MustCompile(`hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_]+/[A-Za-z0-9_/]+`)},
		{reason: "Discord webhook URL", need: "/", literals: []string{"/api/webhooks/"},
			re: regexp.MustCompile(`/api/webhooks/\d+/([A-Za-z0-9_\-]{40,})`), group: 1},
		{reason: "Microsoft Teams webhook URL", need: "/", literals: []string{"webhook.office.com/"},
			re: regexp.MustCompile(`webhook\.office\.com/webhookb2/[^\s'"<>]+`)},
		{reason: "looks like a JWT", need: "J.", literals: []string{"eyJ"},
			re: regexp.MustCompile(`\beyJ[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]*`)},
		{reason: "Azure storage account key", need: "K=", literals: []string{"AccountKey="},
			re: regexp.MustCompile(`AccountKey=([A-Za-z0-9+/]{40,}={0,2})`), group: 1},
		{reason: "looks like a Telegram bot token", need: ":", literals: []string{":AA"},
			re: regexp.MustCompile(`\b\d{8,10}:AA[A-Za-z0-9_\-]{33}\b`)},
		{reason: "password hash", need: "", literals: []string{"$apr1$", "$1$", "$5$", "$6$", "$y$", "$2a$", "$2b$", "$2y$", "{SHA}", "{SSHA}", "$argon2"},
			re: regexp.MustCompile(`\$(?:apr1|1|5|6|y)\$[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{20,}|\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}|\{S?SHA\}[A-Za-z0-9+/]{26,}={0,2}|\$argon2(?:id|i|d)\$\S+`)},
		{reason: "looks like a Braintree token", need: "$", literals: []string{"access_token$"},
			re: regexp.MustCompile(`access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}`)},
		{reason: "URL with embedded credentials", need: ":/@", literals: []string{"://"},
			re:    regexp.MustCompile("\\b[A-Za-z][A-Za-z0-9+.\\-]*://([^\\s/:@'\"<>`]*):([^\\s/'\"<>`]+)@[A-Za-z0-9\\[]"),
			group: 2, valid: urlPasswordReal},
		{reason: "credentials after -u user:password", need: "-u:", literals: []string{"-u ", "-u=", "--user"},
			re:    regexp.MustCompile(`(?:^|[ \t])(?:-u|--user)[ =]['"]?([^\s:'"]+):([^\s'"]+)`),
			group: 2, valid: func(_, pw string) bool { return len(pw) >= 3 && !placeholderValue(pw) }},
		{reason: "bearer token", need: "brr", fold: "bearer",
			re: regexp.MustCompile(`(?i)\bbearer[ \t]+([A-Za-z0-9._~+/\-]{20,}=*)`), group: 1, valid: bearerReal},
		{reason: "basic auth credentials", need: "z:", fold: "authorization",
			re: regexp.MustCompile(`(?i)\bauthorization:[ \t]*basic[ \t]+([A-Za-z0-9+/]{8,}={0,2})`), group: 1},
	}
})

// urlPasswordReal tells a URL's real password from a placeholder ("${DB_PASS}", "password")
// and from a documented default where the password repeats the user (guest:guest).
func urlPasswordReal(m, pw string) bool {
	rest := m[strings.Index(m, "://")+3:]
	user := rest[:strings.IndexByte(rest, ':')]
	return len(pw) >= 3 && !placeholderValue(pw) && !strings.EqualFold(user, pw)
}

// bearerReal keeps "Bearer <token>" where the token mixes letters and digits.
func bearerReal(_, tok string) bool {
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

// secretValueStop ends an unquoted value (& ends one only in a query string: see secretAfter).
func secretValueStop(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', ';', ')', ']', '}', '"', '\'', '`', '|', '<', '>':
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
