package secret

import "strings"

// Values written after a secret word: `password: x`, `api_key=…`, `"token": "…"`.

// assignedSecret finds a value written after a password/token/secret word in `key: value`,
// `key=value`, `key := "value"` or `'key' => 'value'` form, and names the word.
func assignedSecret(s string) finding {
	for start := 0; start < len(s); {
		k := strings.IndexAny(s[start:], ":=")
		if k < 0 {
			return finding{}
		}
		i := start + k
		start = i + 1
		if f := secretAfter(s, i); f.reason != "" {
			return f
		}
	}
	return finding{}
}

// separator kinds for secretAfter.
const (
	sepColon  = iota // key: value (YAML, JSON, prose)
	sepEquals        // key=value (env files, flags, query strings)
	sepCode          // token := expr, token = expr: code, where a bare word is a variable
)

// secretAfter looks at the separator at s[i] (':' or '=') and reports the secret word when the
// name before it is one and the value after it looks like a real value.
func secretAfter(s string, i int) finding {
	j, kind, ok := separatorAt(s, i)
	if !ok {
		return finding{}
	}
	a, e, ok := nameBefore(s, i)
	if !ok || kind == sepColon && comparisonBefore(s, a) {
		return finding{} // "if password == confirm_password: proceed" is a condition, not a key
	}
	word, stem := secretWord(s, a, e)
	if word == "" && strings.EqualFold(s[a:e], "value") {
		word, stem = attributeName(s, a) // <add key="Password" value="…"/>
	}
	if word == "" && kind == sepEquals && a > 0 && (s[a-1] == '?' || s[a-1] == '&') && strings.EqualFold(s[a:e], "code") {
		word, stem = "code", "code" // an OAuth callback's ?code=…: the authorization code, worth a token until used
	}
	if word == "" {
		return finding{}
	}
	v, ok := valueAfter(s, i, j)
	if !ok {
		return finding{}
	}
	found := func(reason string) finding { return finding{reason, v.start, v.start + len(v.text)} }

	if len(v.text) == 40 && isAWSSecretShape(v.text) && containsFoldASCII(s[max(0, a-24):e], "aws") {
		return found("looks like an AWS secret access key")
	}
	if !v.quoted && passphraseWords[word] && v.text != "" && asciiLower(v.text[0]) {
		if pe := passphraseEnd(s, v.start); pe > 0 {
			return finding{"value after '" + word + "'", v.start, pe}
		}
	}
	if len(v.text) < 4 || strings.ContainsAny(v.text, " \t") || placeholderValue(v.text) {
		return finding{}
	}
	if valueIsSecret(word, stem, v.text, kind, v.quoted, lineEndsAt(s, v.end)) {
		return found("value after '" + word + "'")
	}
	return finding{}
}

// comparisonBefore reports a comparison (==, !=) on the line before s[a]: the colon after it
// ends a condition (Python, Ruby, a ternary), it does not give a key its value.
func comparisonBefore(s string, a int) bool {
	line := s[lineStart(s, a):a]
	return strings.Contains(line, "==") || strings.Contains(line, "!=")
}

// separatorAt reads the separator at s[i]: it returns where the value may start and the
// separator's kind, or false for an operator that assigns nothing (::, ://, ==, !=, <= …).
func separatorAt(s string, i int) (j, kind int, ok bool) {
	if s[i] == ':' {
		return colonAt(s, i)
	}
	return equalsAt(s, i)
}

// colonAt reads the ':' at s[i]: "key: value", or "token := expr" in code.
func colonAt(s string, i int) (j, kind int, ok bool) {
	if i > 0 && s[i-1] == ':' {
		return 0, 0, false // second colon of "::"
	}
	j = i + 1
	if j < len(s) {
		switch s[j] {
		case '=':
			return j + 1, sepCode, true
		case ':', '/':
			return 0, 0, false // "::" or "://"
		}
	}
	return j, sepColon, true
}

// equalsAt reads the '=' at s[i]: "key=value", "token = expr" (spaced, as in code) or the
// PHP/Ruby "key => value".
func equalsAt(s string, i int) (j, kind int, ok bool) {
	if i > 0 && strings.IndexByte("=!<>:+-*/%&|^~", s[i-1]) >= 0 {
		return 0, 0, false // ==, !=, <=, :=, += …
	}
	j = i + 1
	if j < len(s) {
		switch s[j] {
		case '=':
			return 0, 0, false
		case '>':
			j++ // PHP/Ruby "=>"
		}
	}
	if (i > 0 && s[i-1] == ' ') || (j < len(s) && s[j] == ' ') {
		return j, sepCode, true
	}
	return j, sepEquals, true
}

// nameBefore finds the name s[a:e] written before the separator at s[i]: it skips closing
// quotes, brackets and markdown bold, then reads an identifier of at most 64 bytes. It
// refuses a path (/etc/passwd:) and a shell default (${TOKEN:-default}).
func nameBefore(s string, i int) (a, e int, ok bool) {
	e = i
	for n := 0; e > 0 && n < 6 && strings.IndexByte(" \t\"'`*]", s[e-1]) >= 0; n++ {
		e--
	}
	a = e
	for a > 0 && e-a <= 64 && secretKeyByte(s[a-1]) {
		a--
	}
	switch {
	case a == e || e-a > 64:
		return 0, 0, false
	case a > 0 && (s[a-1] == '/' || s[a-1] == '\\'):
		return 0, 0, false // a path such as /etc/passwd:
	case a > 1 && s[a-1] == '{' && s[a-2] == '$':
		return 0, 0, false // ${TOKEN:-default}
	}
	return a, e, true
}

// assignedValue is the value written after a separator.
type assignedValue struct {
	text   string // the value, without its quotes or markdown bold
	start  int    // where text starts in s
	end    int    // where the value ends in s, closing quote included
	quoted bool
}

// valueAfter reads the value that starts, after blanks, at s[j], for the separator at s[i];
// false when the line ends first or a quote is not closed within 256 bytes.
func valueAfter(s string, i, j int) (assignedValue, bool) {
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if j >= len(s) {
		return assignedValue{}, false
	}
	if q := s[j]; q == '"' || q == '\'' || q == '`' {
		lim := min(len(s), j+1+256)
		k := strings.IndexByte(s[j+1:lim], q)
		if k < 0 {
			return assignedValue{}, false
		}
		return assignedValue{text: s[j+1 : j+1+k], start: j + 1, end: j + 2 + k, quoted: true}, true
	}
	query := strings.IndexByte(s[:i], '?') >= 0 // in a query string, & starts the next parameter
	end := j
	for end < len(s) && end-j < 256 && !secretValueStop(s[end]) && (s[end] != '&' || !query) {
		end++
	}
	v := strings.TrimLeft(s[j:end], "*")
	start := end - len(v)
	return assignedValue{text: strings.TrimRight(v, ".!?:*"), start: start, end: end}, true
}

// valueIsSecret judges the value v written after the secret word: kind is the separator,
// quoted whether v was in quotes, lineEnd whether nothing follows it on its line.
func valueIsSecret(word, stem, v string, kind int, quoted, lineEnd bool) bool {
	if word == "PIN" {
		return onlyDigits(v) // "pin: v1.2.3" pins a version
	}
	if bareWord(v) && (containsFoldASCII(v, stem) || namesSecret(v)) &&
		(!anyDigit(v) || (kind == sepCode && !quoted)) {
		return false // password = password, token: myToken, privateKey = testEC256PrivateKey
	}
	if !quoted && bareWord(v) && !anyDigit(v) &&
		(kind == sepCode || (kind == sepColon && !lineEnd)) {
		// A bare word: in code it is a variable (token = newToken); in prose it is the start
		// of a sentence (Token: expires hourly) unless it ends the line.
		return false
	}
	switch {
	case passwordWords[word]:
		return true
	case word == "key" || word == "sig" || word == "code":
		// A key of unknown kind: only a value that looks generated (a cache key, a sort key
		// and a map key are names).
		return randomToken(v)
	case word == "auth":
		return len(v) >= 8 && (anyDigit(v) || randomLetters(v))
	}
	// People choose passwords; tokens, keys and secrets are generated, so they hold
	// digits or look random. "secret: Kubernetes" and "token: mock-token" are not secrets,
	// nor is a short number after a token word (a count, an id).
	if !anyDigit(v) && !randomLetters(v) {
		return false
	}
	return !onlyDigits(v) || len(v) >= 8
}

// attributeName finds the secret word in the key="…" or name="…" attribute that comes before
// a value="…" attribute at s[a:] in the same tag.
func attributeName(s string, a int) (word, stem string) {
	tag := s[max(0, a-120):a]
	if k := strings.LastIndexByte(tag, '<'); k >= 0 {
		tag = tag[k:]
	}
	for _, attr := range [...]string{`key="`, `name="`} {
		k := strings.LastIndex(tag, attr)
		if k < 0 {
			continue
		}
		name := tag[k+len(attr):]
		if q := strings.IndexByte(name, '"'); q > 0 {
			off := len(s[:a]) - len(tag) + k + len(attr)
			return secretWord(s, off, off+q)
		}
	}
	return "", ""
}

// passphraseWords are the words whose value may be several words.
var passphraseWords = map[string]bool{"passphrase": true, "passcode": true}

// passphraseEnd returns where a passphrase written as three to eight plain words, starting at
// s[i], ends; 0 when the words read as a sentence ("see the team vault").
func passphraseEnd(s string, i int) int {
	end := lineEnd(s, i)
	text := strings.TrimRight(s[i:end], " \t.\"'`")
	n := 0
	for w := range strings.FieldsSeq(text) {
		if len(w) < 3 || !onlyBytes(w, lowerChars) || lookupLower(stopWords, w) {
			return 0
		}
		n++
	}
	if n < 3 || n > 8 {
		return 0
	}
	return i + len(text)
}

// stopWords make a run of words a sentence rather than a passphrase.
var stopWords = map[string]bool{
	"the": true, "and": true, "for": true, "from": true, "with": true, "see": true, "not": true,
	"are": true, "this": true, "that": true, "our": true, "your": true, "les": true, "des": true,
	"dans": true, "pour": true, "sur": true, "avec": true, "est": true, "pas": true, "voir": true,
	"une": true, "was": true, "has": true, "will": true, "must": true, "should": true, "into": true,
	"stored": true, "saved": true, "kept": true, "optional": true, "required": true,
}

// secretWords maps a name component to the word shown in the reason.
var secretWords = map[string]string{
	"password": "password", "passwd": "passwd", "pwd": "pwd", "passphrase": "passphrase",
	"passcode": "passcode", "token": "token", "secret": "secret", "apikey": "api key",
	"pin": "PIN", "mdp": "mot de passe", "motdepasse": "mot de passe", "pass": "pass", "pw": "pw",
	"auth": "auth", "credential": "credential", "credentials": "credentials", "creds": "creds",
	"sig": "sig",
}

// fusedWords end a name written without separators: PGPASSWORD, MYSQL_ROOTPASSWORD.
var fusedWords = [...]string{"password", "passwd", "passphrase", "secret", "token", "apikey"}

// plainKeys are the words that make a following "key" a name, not a credential.
var plainKeys = map[string]bool{
	"public": true, "pub": true, "primary": true, "foreign": true, "sort": true, "partition": true,
	"cache": true, "idempotency": true, "hot": true, "map": true, "dict": true, "lookup": true,
	"row": true, "index": true, "unique": true, "composite": true, "group": true, "routing": true,
	"shard": true, "object": true, "file": true, "translation": true, "message": true,
	"ssh": true, "host": true, "gpg": true, "pgp": true, "cle": true, "hash": true, "range": true,
	"dedup": true, "dedupe": true, "join": true, "lock": true, "kms": true, "settings": true,
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
	"hash": true, "hashing": true, "salt": true, "rounds": true, "stdin": true, "prompt": true,
	"helper": true, "fingerprint": true, "command": true, "cmd": true,
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
	for k := range n {
		p := parts[k]
		w := lookupLower(secretWords, p)
		if w == "" && strings.EqualFold(p, "key") {
			switch {
			case k == 0:
			case lookupLower(keyPairs, parts[k-1]) != "":
				w = lookupLower(keyPairs, parts[k-1])
			case !lookupLower(plainKeys, parts[k-1]):
				w = "key"
			}
		}
		if w == "" {
			w = fusedWord(p)
		}
		if w == "" && len(p) > 3 && strings.EqualFold(p[len(p)-3:], "key") && !lookupLower(plainKeys, p[:len(p)-3]) {
			w = "key" // a key fused to a word (licensekey, or a typo: "ne wkey"): only a generated value
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
		if !lookupLower(plainKeys, w1) {
			return "key", parts[0] // "the new key: …", "license key: …": only a generated value
		}
	case strings.EqualFold(parts[0], "passe") && strings.EqualFold(w1, "de"):
		if w2, _ := previousWord(s, b); strings.EqualFold(w2, "mot") {
			return "mot de passe", parts[0]
		}
	}
	return "", ""
}

// fusedWord finds a secret word that ends a longer name component (PGPASSWORD).
func fusedWord(p string) string {
	for _, w := range fusedWords {
		if len(p) > len(w) && strings.EqualFold(p[len(p)-len(w):], w) {
			return w
		}
	}
	return ""
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
	"pass": true, "pwd": true, "passwd": true, "guest": true,
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
