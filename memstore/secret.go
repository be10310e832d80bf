package memstore

import (
	"regexp"
	"strings"
	"sync"
)

// The secret guard (SPEC §5): every write path runs DetectSecret on each bullet and refuses the
// ones that look like a credential. It must stay cheap on ordinary prose, so each known key format
// sits behind a plain substring test and the regexp only runs when that literal is present; the
// `name: value` and card-number checks are hand-written byte scans that allocate nothing.

// DetectSecret reports why text looks like a secret, or "" when it does not.
// The reason is short and human ("looks like an AWS access key", "value after 'password'",
// "card number (Luhn)") and never quotes the secret itself.
func DetectSecret(text string) string {
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

// assignedSecret finds a value written after a password/token/secret word in `key: value`,
// `key=value`, `key := "value"` or `'key' => 'value'` form, and names the word.
func assignedSecret(s string) string {
	for start := 0; start < len(s); {
		k := strings.IndexAny(s[start:], ":=")
		if k < 0 {
			return ""
		}
		i := start + k
		start = i + 1
		if reason := secretAfter(s, i); reason != "" {
			return reason
		}
	}
	return ""
}

// separator kinds for secretAfter.
const (
	sepColon  = iota // key: value (YAML, JSON, prose)
	sepEquals        // key=value (env files, flags, query strings)
	sepCode          // token := expr, token = expr: code, where a bare word is a variable
)

// secretAfter looks at the separator at s[i] (':' or '=') and reports the secret word when the
// name before it is one and the value after it looks like a real value.
func secretAfter(s string, i int) string {
	j := i + 1
	kind := sepColon
	if s[i] == ':' {
		if i > 0 && s[i-1] == ':' {
			return "" // second colon of "::"
		}
		if j < len(s) {
			switch s[j] {
			case '=':
				kind = sepCode
				j++
			case ':', '/':
				return "" // "::" or "://"
			}
		}
	} else {
		if i > 0 && strings.IndexByte("=!<>:+-*/%&|^~", s[i-1]) >= 0 {
			return "" // ==, !=, <=, :=, += …
		}
		kind = sepEquals
		if j < len(s) {
			switch s[j] {
			case '=':
				return ""
			case '>':
				j++ // PHP/Ruby "=>"
			}
		}
		if (i > 0 && s[i-1] == ' ') || (j < len(s) && s[j] == ' ') {
			kind = sepCode
		}
	}

	// The name: skip closing quotes, brackets and markdown bold, then read an identifier.
	e := i
	for n := 0; e > 0 && n < 6 && strings.IndexByte(" \t\"'`*]", s[e-1]) >= 0; n++ {
		e--
	}
	a := e
	for a > 0 && e-a <= 64 && secretKeyByte(s[a-1]) {
		a--
	}
	if a == e || e-a > 64 {
		return ""
	}
	if a > 0 && (s[a-1] == '/' || s[a-1] == '\\') {
		return "" // a path such as /etc/passwd:
	}
	if a > 1 && s[a-1] == '{' && s[a-2] == '$' {
		return "" // ${TOKEN:-default}
	}
	word, stem := secretWord(s, a, e)
	if word == "" {
		return ""
	}

	// The value.
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if j >= len(s) {
		return ""
	}
	var v string
	quoted := false
	end := j
	if q := s[j]; q == '"' || q == '\'' || q == '`' {
		lim := min(len(s), j+1+256)
		k := strings.IndexByte(s[j+1:lim], q)
		if k < 0 {
			return ""
		}
		v = s[j+1 : j+1+k]
		quoted = true
		end = j + 2 + k
	} else {
		for end < len(s) && end-j < 256 && !secretValueStop(s[end]) {
			end++
		}
		v = strings.Trim(s[j:end], "*")
		v = strings.TrimRight(v, ".!?:")
	}

	if len(v) == 40 && isAWSSecretShape(v) && containsFoldASCII(s[max(0, a-24):e], "aws") {
		return "looks like an AWS secret access key"
	}
	if len(v) < 4 || strings.ContainsAny(v, " \t") || placeholderValue(v) {
		return ""
	}
	reason := "value after '" + word + "'"
	if word == "PIN" {
		if !onlyDigits(v) {
			return "" // "pin: v1.2.3" pins a version
		}
		return reason
	}
	if bareWord(v) && (containsFoldASCII(v, stem) || namesSecret(v)) &&
		(!anyDigit(v) || (kind == sepCode && !quoted)) {
		return "" // password = password, token: myToken, privateKey = testEC256PrivateKey
	}
	if !quoted && bareWord(v) && !anyDigit(v) &&
		(kind == sepCode || (kind == sepColon && !lineEndsAt(s, end))) {
		// A bare word: in code it is a variable (token = newToken); in prose it is the start
		// of a sentence (Token: expires hourly) unless it ends the line.
		return ""
	}
	if !passwordWords[word] {
		// People choose passwords; tokens, keys and secrets are generated, so they hold
		// digits or look random. "secret: Kubernetes" and "token: mock-token" are not secrets,
		// nor is a short number after a token word (a count, an id).
		if !anyDigit(v) && !randomLetters(v) {
			return ""
		}
		if onlyDigits(v) && len(v) < 8 {
			return ""
		}
	}
	return reason
}

// secretWords maps a name component to the word shown in the reason.
var secretWords = map[string]string{
	"password": "password", "passwd": "passwd", "pwd": "pwd", "passphrase": "passphrase",
	"passcode": "passcode", "token": "token", "secret": "secret", "apikey": "api key",
	"pin": "PIN", "mdp": "mot de passe", "motdepasse": "mot de passe",
}

// passwordWords are the secret words whose values people choose, so a plain word after them
// may be the secret.
var passwordWords = map[string]bool{
	"password": true, "passwd": true, "pwd": true, "passphrase": true, "passcode": true,
	"mot de passe": true,
}

// keyPairs are the words that make a following "key" a secret ("api key", "private_key").
var keyPairs = map[string]string{
	"api": "api key", "private": "private key", "access": "access key", "auth": "auth key",
	"encryption": "encryption key", "signing": "signing key", "master": "master key",
	"secret": "secret key",
}

// describingWords after a secret word make the name about the secret, not the secret itself.
var describingWords = map[string]bool{
	"url": true, "uri": true, "endpoint": true, "ttl": true, "expiry": true, "expires": true,
	"expiration": true, "exp": true, "lifetime": true, "timeout": true, "length": true, "len": true,
	"size": true, "type": true, "name": true, "names": true, "file": true, "path": true, "dir": true,
	"env": true, "var": true, "field": true, "header": true, "policy": true, "count": true,
	"limit": true, "budget": true, "usage": true, "cost": true, "ref": true, "reset": true,
	"hint": true, "label": true, "min": true, "max": true, "regex": true, "pattern": true,
	"location": true, "store": true, "manager": true, "provider": true, "source": true,
	"mode": true, "scope": true, "scopes": true, "kind": true, "format": true, "strength": true,
	"rotation": true, "id": true, "prefix": true, "suffix": true, "version": true,
	"algorithm": true, "alg": true, "encoding": true, "issuer": true, "audience": true,
	"enabled": true, "required": true, "set": true, "valid": true, "validity": true,
	"hash": true, "hashing": true, "salt": true, "rounds": true,
}

// maxNameParts bounds the components of a name that secretWord looks at.
const maxNameParts = 12

// secretWord reports the secret word that the name s[a:e] is about ("password", "api key",
// "mot de passe", …) and the component that matched, or "" when the name is not about a secret
// or only describes one (token_ttl, password_reset_url).
func secretWord(s string, a, e int) (word, stem string) {
	var parts [maxNameParts]string
	n := splitName(s[a:e], &parts)
	if n == 0 {
		return "", ""
	}
	for k := 0; k < n; k++ {
		p := parts[k]
		w := lookupLower(secretWords, p)
		if w == "" && k > 0 && strings.EqualFold(p, "key") {
			w = lookupLower(keyPairs, parts[k-1])
		}
		if w == "" {
			continue
		}
		described := false
		for _, q := range parts[k+1 : n] {
			if lookupLower(describingWords, q) {
				described = true
				break
			}
		}
		if !described {
			return w, p
		}
	}
	if n != 1 {
		return "", ""
	}
	// Names written as words: "API key: …", "mot de passe : …".
	w1, b := previousWord(s, a)
	switch {
	case strings.EqualFold(parts[0], "key") && w1 != "":
		if w := lookupLower(keyPairs, w1); w != "" {
			return w, parts[0]
		}
	case strings.EqualFold(parts[0], "passe") && strings.EqualFold(w1, "de"):
		if w2, _ := previousWord(s, b); strings.EqualFold(w2, "mot") {
			return "mot de passe", parts[0]
		}
	}
	return "", ""
}

// lookupLower looks a name component up in m without allocating for the usual short names.
func lookupLower[V any](m map[string]V, k string) V {
	var zero V
	if len(k) > 16 {
		return zero
	}
	var buf [16]byte
	for i := 0; i < len(k); i++ {
		buf[i] = asciiToLower(k[i])
	}
	return m[string(buf[:len(k)])]
}

// splitName cuts an identifier into its words: snake_case, kebab-case, dotted.path, camelCase
// and HTTPHeader styles. It keeps the last maxNameParts words.
func splitName(id string, parts *[maxNameParts]string) int {
	n := 0
	add := func(w string) {
		if w == "" {
			return
		}
		if n == maxNameParts {
			copy(parts[:], parts[1:])
			n--
		}
		parts[n] = w
		n++
	}
	start := 0
	for i := 0; i < len(id); i++ {
		c := id[i]
		if c == '_' || c == '-' || c == '.' {
			add(id[start:i])
			start = i + 1
			continue
		}
		if i > start && asciiUpper(c) {
			p := id[i-1]
			if asciiLower(p) || asciiDigit(p) ||
				(asciiUpper(p) && i+1 < len(id) && asciiLower(id[i+1])) {
				add(id[start:i])
				start = i
			}
		}
	}
	add(id[start:])
	return n
}

// previousWord returns the ASCII word that ends, after spaces, just before position a, and where
// it starts.
func previousWord(s string, a int) (string, int) {
	e := a
	for e > 0 && (s[e-1] == ' ' || s[e-1] == '\t') && a-e < 4 {
		e--
	}
	if e == a {
		return "", a
	}
	b := e
	for b > 0 && e-b < 32 && asciiLetter(s[b-1]) {
		b--
	}
	return s[b:e], b
}

// commonValues are values that say something about a secret without being one.
var commonValues = map[string]bool{
	"none": true, "null": true, "nil": true, "undefined": true, "empty": true, "true": true,
	"false": true, "yes": true, "required": true, "optional": true, "redacted": true,
	"hidden": true, "masked": true, "removed": true, "omitted": true, "unset": true,
	"changeme": true, "change_me": true, "change-me": true, "changeit": true, "example": true,
	"exemple": true, "sample": true, "placeholder": true, "dummy": true, "fake": true, "test": true,
	"string": true, "str": true, "int": true, "integer": true, "bool": true, "boolean": true,
	"text": true, "bytes": true, "secret": true, "password": true, "token": true, "value": true,
	"tbd": true, "todo": true, "n/a": true, "vault": true, "keychain": true, "keyring": true,
	"1password": true, "bitwarden": true, "lastpass": true, "keepass": true, "sops": true,
	"doppler": true, "env": true, "environment": true, "github": true, "gitlab": true, "jwt": true,
	"oauth": true, "oauth2": true, "bearer": true, "basic": true, "opaque": true, "hashed": true,
	"bcrypt": true, "argon2": true, "argon2id": true, "scrypt": true, "pbkdf2": true,
	"sha1": true, "sha256": true, "sha512": true, "md5": true, "hs256": true, "rs256": true,
	"es256": true, "expired": true, "revoked": true, "rotated": true, "valid": true,
	"invalid": true, "missing": true, "aucun": true, "vide": true, "inconnu": true,
}

// placeholderValue reports values that stand for a secret without being one: masks, env and
// template references, code, types, versions, dates, durations, paths, URLs, stock words.
func placeholderValue(v string) bool {
	if v == "" {
		return true
	}
	switch v[0] {
	case '<', '$', '%', '{', '[', '(', '@':
		return true
	}
	for i := 0; i < len(v); i++ {
		if v[i] >= 0x80 {
			return true // accented prose, masks like •••, "…"
		}
	}
	if strings.ContainsAny(v, "(<[{\\") || strings.Contains(v, "***") || strings.Contains(v, "...") ||
		containsFoldASCII(v, "xxx") || strings.Contains(v, "://") {
		return true
	}
	if strings.HasPrefix(v, "/") || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") ||
		strings.HasPrefix(v, "~/") || strings.HasPrefix(v, "urn:") {
		return true
	}
	if len(v) <= 18 && (strings.HasPrefix(v, "0x") || strings.HasPrefix(v, "0X")) {
		return true // a constant in code
	}
	if len(v) > 4 && strings.EqualFold(v[:4], "your") {
		return true // your_api_key, YOUR-TOKEN-HERE
	}
	if lookupLower(commonValues, v) || onlyBytes(v, "*xX#?.-_") {
		return true
	}
	return dottedName(v) || versionShaped(v) || dateShaped(v) || durationShaped(v)
}

// dottedName matches code references such as cfg.Token or process.env.API_KEY.
func dottedName(v string) bool {
	dots := 0
	segStart := true
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '.':
			if segStart {
				return false
			}
			dots++
			segStart = true
		case asciiLetter(c) || c == '_':
			segStart = false
		case asciiDigit(c):
			if segStart {
				return false
			}
		default:
			return false
		}
	}
	return dots > 0 && !segStart
}

// versionShaped matches 1.2, v1.26.7, 10.0.0.1, 2.0.0-rc1.
func versionShaped(v string) bool {
	if v[0] == 'v' || v[0] == 'V' {
		v = v[1:]
	}
	if i := strings.IndexAny(v, "-+"); i >= 0 {
		v = v[:i]
	}
	if v == "" || !asciiDigit(v[0]) || !asciiDigit(v[len(v)-1]) || !strings.Contains(v, ".") ||
		strings.Contains(v, "..") {
		return false
	}
	return onlyBytes(v, "0123456789.")
}

// dateShaped matches values that start with a YYYY-MM-DD date.
func dateShaped(v string) bool {
	if len(v) < 10 || v[4] != '-' || v[7] != '-' {
		return false
	}
	return onlyBytes(v[:4], "0123456789") && onlyBytes(v[5:7], "0123456789") &&
		onlyBytes(v[8:10], "0123456789")
}

// durationUnits are the units durationShaped accepts after a number.
var durationUnits = map[string]bool{
	"ms": true, "s": true, "m": true, "h": true, "d": true, "w": true, "j": true, "min": true,
	"mins": true, "sec": true, "secs": true, "hour": true, "hours": true, "day": true,
	"days": true, "minute": true, "minutes": true, "second": true, "seconds": true, "week": true,
	"weeks": true, "month": true, "months": true, "year": true, "years": true, "jour": true,
	"jours": true, "b": true, "kb": true, "mb": true, "gb": true, "k": true, "bits": true,
	"chars": true, "characters": true, "caracteres": true, "tokens": true,
}

// durationShaped matches 3600s, 1h, 15min, 30jours, 256MB: a number and a unit, possibly
// repeated (1h30m).
func durationShaped(v string) bool {
	i := 0
	for i < len(v) {
		d := i
		for i < len(v) && asciiDigit(v[i]) {
			i++
		}
		u := i
		for i < len(v) && asciiLetter(v[i]) {
			i++
		}
		if d == u || u == i || !lookupLower(durationUnits, v[u:i]) {
			return false
		}
	}
	return true
}

// namesSecret reports a value that names a secret instead of holding one (user_password,
// GITHUB_TOKEN).
func namesSecret(v string) bool {
	for _, w := range [...]string{"token", "password", "passwd", "secret", "apikey", "api_key", "passphrase"} {
		if containsFoldASCII(v, w) {
			return true
		}
	}
	return false
}

// randomLetters tells a generated value without digits from words: case changes in the middle
// ("aBcDeFgH") or one long run with no separator.
func randomLetters(v string) bool {
	changes := 0
	for i := 1; i < len(v); i++ {
		if asciiLower(v[i-1]) && asciiUpper(v[i]) {
			changes++
		}
	}
	return changes >= 2 || (len(v) >= 20 && !strings.ContainsAny(v, "-_."))
}

// isAWSSecretShape matches the 40-character base64 alphabet of an AWS secret access key.
func isAWSSecretShape(v string) bool {
	return anyDigit(v) && anyUpper(v) && anyLower(v) &&
		strings.Trim(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/+") == ""
}

// lineEndsAt reports whether only closing punctuation follows s[i:] on its line.
func lineEndsAt(s string, i int) bool {
	for ; i < len(s); i++ {
		switch s[i] {
		case '\n', '\r':
			return true
		case ' ', '\t', '.', ',', ';', ':', '!', '?', ')', ']', '}', '*', '`', '"', '\'':
		default:
			return false
		}
	}
	return true
}

// hasCardNumber finds a 13–19 digit number, contiguous or in card-style groups ("4111 1111
// 1111 1111", "3782-822463-10005"), that starts like a payment card and passes the Luhn check
// (luhnCard). Phone numbers, order numbers, dates and ids inside words do not have that shape.
func hasCardNumber(s string) bool {
	for i := 0; i < len(s); {
		if !asciiDigit(s[i]) {
			i++
			continue
		}
		if i > 0 && (asciiAlnum(s[i-1]) || s[i-1] == '_' || s[i-1] == '.' ||
			(s[i-1] == '-' && i > 1 && asciiLetter(s[i-2]))) { // inside a word or an id (bucket-4242…)
			for i < len(s) && asciiDigit(s[i]) {
				i++
			}
			continue
		}
		var digits [19]byte
		var groups [6]int
		nd, ng, j := 0, 0, i
		for {
			st := j
			for j < len(s) && asciiDigit(s[j]) {
				if nd < len(digits) {
					digits[nd] = s[j]
				}
				nd++
				j++
			}
			groups[ng] = j - st
			ng++
			if ng < len(groups) && j+1 < len(s) && (s[j] == ' ' || s[j] == '-') && asciiDigit(s[j+1]) {
				j++
				continue
			}
			break
		}
		endOK := j == len(s) || !(asciiAlnum(s[j]) || s[j] == '_' ||
			(s[j] == '.' && j+1 < len(s) && asciiDigit(s[j+1])))
		switch {
		case ng == 1:
			if endOK && nd >= 13 && nd <= 19 && luhnCard(digits[:nd]) {
				return true
			}
		case groups[0] == 4 && nd >= 13 && nd <= 19 && endOK && cardGroups(groups[1:ng]):
			if luhnCard(digits[:nd]) {
				return true
			}
		case groups[0] >= 13 && groups[0] <= 19:
			if luhnCard(digits[:groups[0]]) {
				return true
			}
		}
		i = j
	}
	return false
}

// cardGroups reports whether the groups after the first have card sizes (3 to 6 digits).
func cardGroups(g []int) bool {
	for _, n := range g {
		if n < 3 || n > 6 {
			return false
		}
	}
	return true
}

// luhnCard checks that d starts like a payment card (Mastercard 2221–2720 and 51–55, Amex,
// JCB and Diners 30 and 34–39, Visa 4, Maestro 5, Discover and UnionPay 6) and passes the
// Luhn checksum.
func luhnCard(d []byte) bool {
	switch d[0] {
	case '2':
		p := int(d[1]-'0')*100 + int(d[2]-'0')*10 + int(d[3]-'0')
		if p < 221 || p > 720 {
			return false // 20xx… is a timestamp, not a card
		}
	case '3':
		if d[1] >= '1' && d[1] <= '3' {
			return false
		}
	case '4', '5', '6':
	default:
		return false
	}
	sum := 0
	for i := len(d) - 1; i >= 0; i-- {
		n := int(d[i] - '0')
		if (len(d)-1-i)%2 == 1 {
			n *= 2
			if n > 9 {
				n -= 9
			}
		}
		sum += n
	}
	return sum%10 == 0
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
