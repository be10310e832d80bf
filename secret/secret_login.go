package secret

import "strings"

// Logins written in prose, without the word "password" before the value: a user and a
// password as a pair after a word that says they are credentials ("Credentials for staging:
// admin / P@ssw0rd123"), or a whole login in one sentence: an address, a user name and a
// password ("log into 10.0.0.5 as root with Tr0ub4dor99"). A person pastes them in a
// prompt; the prompt becomes the session's goal, so they must be caught like any secret.

// credentialWords announce a user and a password that follow.
var credentialWords = map[string]bool{
	"credentials": true, "credential": true, "creds": true, "login": true, "logins": true,
	"identifiants": true, "identifiant": true, "account": true, "compte": true,
	"access": true, "acces": true, "acc\xc3\xa8s": true,
	"user/pass": true, "user/password": true, "username/password": true, "login/password": true,
}

// loginWords say that a sentence is about signing in somewhere.
var loginWords = map[string]bool{
	"as": true, "user": true, "username": true, "utilisateur": true, "login": true, "log": true,
	"connect": true, "connecter": true, "sign": true, "ssh": true, "compte": true, "account": true,
	"takes": true, "answers": true, "avec": true, "uses": true, "using": true, "with": true,
}

// pairSecret finds "USER / PASSWORD" (or USER/PASSWORD, USER:PASSWORD) after a credentials
// word in the same line.
func pairSecret(s string) finding {
	for i := 0; i < len(s); {
		a, e := nextField(s, i)
		if a == e {
			break
		}
		i = e
		if w := strings.TrimRight(trimPunct(s[a:e]), ":."); len(w) < 5 || len(w) > 17 || !lookupLower(credentialWords, w) {
			continue
		}
		if f := pairAfter(s, e); f.reason != "" {
			return f
		}
	}
	return finding{}
}

// pairAfter looks for the pair in the rest of the line after s[:k].
func pairAfter(s string, k int) finding {
	end := lineEnd(s, k)
	for range 10 {
		a, e := nextField(s, k)
		if a == e || a >= end {
			return finding{}
		}
		f := strings.TrimRight(s[a:e], ",;")
		if f == "/" { // "USER / PASSWORD": the fields around the slash
			ua, ue := previousField(s, a)
			va, ve := nextField(s, e)
			if ua < ue && va < ve && va < end && userName(strings.TrimRight(s[ua:ue], ",")) {
				if v := trimSentence(s[va:ve]); passwordLike(v) {
					return finding{"credentials (user / password)", va, va + len(v)}
				}
			}
		}
		for _, sep := range [...]string{"/", ":"} { // "USER/PASSWORD", "USER:PASSWORD"
			if u, v, ok := strings.Cut(f, sep); ok && userName(u) && passwordLike(trimSentence(v)) {
				start := a + len(u) + 1
				return finding{"credentials (user / password)", start, start + len(trimSentence(v))}
			}
		}
		k = e
	}
	return finding{}
}

// loginSecret finds a login in one sentence: an address, a word that says one signs in
// there (or a user name devices ship with), and a value that can only be a password.
func loginSecret(s string) finding {
	for from := 0; from < len(s); {
		to := sentenceEnd(s, from)
		if f := loginIn(s, from, to); f.reason != "" {
			return f
		}
		from = to + 1
	}
	return finding{}
}

// sentenceEnd is where the sentence starting at s[from] ends: a line break, or a full stop
// or a semicolon before a space (an address keeps its dots, a password its "!").
func sentenceEnd(s string, from int) int {
	for i := from; i < len(s); i++ {
		switch s[i] {
		case '\n':
			return i
		case '.', ';':
			if i+1 == len(s) || s[i+1] == ' ' {
				return i
			}
		}
	}
	return len(s)
}

func loginIn(s string, from, to int) finding {
	address := false // first the address, the rarest part in prose
	for k := from; k < to && !address; {
		a, e := nextField(s, k)
		if a == e || a >= to {
			break
		}
		k = min(e, to)
		if f := s[a:k]; strings.IndexByte(f, '.') >= 0 || strings.IndexByte(f, ':') >= 0 && strings.Contains(f, "://") {
			address = addressLike(trimPunct(f))
		}
	}
	if !address {
		return finding{}
	}
	login, at, end := false, -1, -1
	for k := from; k < to; {
		a, e := nextField(s, k)
		if a == e || a >= to {
			break
		}
		k = min(e, to)
		f := trimPunct(s[a:k])
		switch {
		case f == "/" || len(f) <= 13 && (lookupLower(loginWords, f) || commonAccount(f)):
			login = true // a word that says one signs in, a user devices ship with, "USER / PASSWORD"
		case at < 0 && !addressLike(f):
			if v := trimSentence(f); passwordLike(v) {
				at = a + strings.Index(s[a:k], v)
				end = at + len(v)
			}
		}
	}
	if !login || at < 0 {
		return finding{}
	}
	return finding{"login (address, user and password)", at, end}
}

// trimPunct is a field without the quotes, brackets and commas around it.
func trimPunct(f string) string {
	isPunct := func(c byte) bool { return c == ',' || c == ';' || c == '(' || c == ')' || c == '"' || c == '\'' }
	for len(f) > 0 && isPunct(f[0]) {
		f = f[1:]
	}
	for len(f) > 0 && isPunct(f[len(f)-1]) {
		f = f[:len(f)-1]
	}
	return f
}

// previousField returns the field that ends before s[i], skipping spaces.
func previousField(s string, i int) (int, int) {
	e := i
	for e > 0 && (s[e-1] == ' ' || s[e-1] == '\t') {
		e--
	}
	a := e
	for a > 0 && s[a-1] != ' ' && s[a-1] != '\t' && s[a-1] != '\n' {
		a--
	}
	return a, e
}

// userName reports a field that can be a user name: letters, digits and . _ - @, starting with
// a letter, 2 to 32 bytes.
func userName(u string) bool {
	if len(u) < 2 || len(u) > 32 || !asciiLetter(u[0]) {
		return false
	}
	for k := 0; k < len(u); k++ {
		if c := u[k]; !asciiAlnum(c) && strings.IndexByte("._-@", c) < 0 {
			return false
		}
	}
	return true
}

// commonAccounts are the user names devices and databases ship with.
var commonAccounts = map[string]bool{
	"admin": true, "administrator": true, "root": true, "ubnt": true, "pi": true, "sa": true,
	"operator": true, "guest": true, "support": true, "deploy": true, "postgres": true,
	"oracle": true, "sysadmin": true, "superuser": true,
}

func commonAccount(u string) bool {
	return len(u) >= 2 && len(u) <= 13 && lookupLower(commonAccounts, strings.TrimRight(u, ":."))
}

// addressLike reports an IPv4 address (with a port), a URL, or a host name with a dot and
// a domain of letters (nas.local, db.example.com).
func addressLike(f string) bool {
	if k := strings.Index(f, "://"); k > 0 && onlyBytes(f[:k], lowerChars+"+") {
		return true
	}
	host, _, _ := strings.Cut(f, ":")
	host, _, _ = strings.Cut(host, "/")
	dots := strings.Count(host, ".")
	if dots == 0 {
		return false
	}
	if dots == 3 && onlyBytes(host, digitChars+".") {
		return !strings.Contains(host, "..") && host[0] != '.' && host[len(host)-1] != '.'
	}
	tld := host[strings.LastIndexByte(host, '.')+1:]
	if len(tld) < 2 || !onlyBytes(tld, lowerChars) || host[0] == '.' || strings.Contains(host, "..") {
		return false
	}
	return onlyBytes(host, lowerChars+digitChars+"-.")
}

// passwordLike reports a value that can only be a chosen password: no path, address or
// version in it, and letters mixed with symbols, or with both cases and digits.
func passwordLike(v string) bool {
	if len(v) < 6 || len(v) > 64 || placeholderValue(v) || strings.ContainsAny(v, "./\\:") || !anyLetter(v) {
		return false
	}
	symbols := 0
	for k := 0; k < len(v); k++ {
		c := v[k]
		switch {
		case strings.IndexByte("!@#$%^&*?+=~", c) >= 0:
			symbols++
		case !asciiAlnum(c) && c != '-' && c != '_':
			return false
		}
	}
	if symbols > 0 {
		return true
	}
	return anyUpper(v) && anyLower(v) && anyDigit(v) && !strings.ContainsAny(v, "-_")
}
