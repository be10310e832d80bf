package secret

import "strings"

// Secrets that only their surroundings give away: credential files (.pgpass, .netrc, XML
// config), command lines (mysql -pX, sshpass -p X) and sentences ("the admin password is X").

// lineSecret looks at each line for the credential files whose lines have a fixed shape:
// .pgpass (host:port:db:user:password) and the checksum line of a PGP armour block.
func lineSecret(s string) finding {
	for a := 0; a < len(s); {
		e := lineEnd(s, a)
		line := strings.Trim(s[a:e], " \t")
		off := a + strings.Index(s[a:e], line)
		if len(line) == 5 && line[0] == '=' && onlyBytes(line[1:], alnumChars+"+/") {
			return finding{"key block line (checksum)", a, e}
		}
		if shortKeyLine(line) {
			return finding{"key block line (base64)", a, e}
		}
		if k := pgpassValue(line); k > 0 {
			return finding{"password in a .pgpass line", off + k, off + len(line)}
		}
		a = e + 1
	}
	return finding{}
}

// pgpassValue returns where the password of a .pgpass line starts, or 0.
func pgpassValue(line string) int {
	if strings.Count(line, ":") != 4 || strings.ContainsAny(line, " \t\"'") {
		return 0
	}
	var f [5]string
	rest := line
	for k := range f {
		f[k], rest, _ = strings.Cut(rest, ":")
		if f[k] == "" {
			return 0
		}
	}
	if (f[1] != "*" && !onlyDigits(f[1])) || onlyDigits(f[0]) || len(f[4]) < 3 || placeholderValue(f[4]) {
		return 0
	}
	return len(line) - len(f[4])
}

// xmlSecret finds <password>value</password> and its kin.
func xmlSecret(s string) finding {
	for k := 0; k < len(s); {
		gt := strings.IndexByte(s[k:], '>')
		if gt < 0 {
			break
		}
		gt += k
		k = gt + 1
		lt := strings.LastIndexByte(s[:gt], '<')
		if lt < 0 || lt+1 == gt || !onlyName(s[lt+1:gt]) {
			continue
		}
		word, stem := secretWord(s, lt+1, gt)
		if word == "" {
			continue
		}
		close := strings.IndexByte(s[gt+1:], '<')
		if close < 0 || !strings.HasPrefix(s[gt+1+close:], "</") {
			continue
		}
		v := s[gt+1 : gt+1+close]
		if len(v) < 4 || strings.ContainsAny(v, " \t\n") || placeholderValue(v) {
			continue
		}
		if valueIsSecret(word, stem, v, sepColon, true, true) {
			return finding{"value after '" + word + "'", gt + 1, gt + 1 + close}
		}
	}
	return finding{}
}

func onlyName(v string) bool {
	for k := 0; k < len(v); k++ {
		if !secretKeyByte(v[k]) {
			return false
		}
	}
	return true
}

// flagKind says how a command's option carries its password.
type flagKind uint8

const (
	flagNext  flagKind = iota + 1 // the next argument: sshpass -p X
	flagFused                     // glued to the option: mysql -pX
	flagBoth                      // either: 7z -pX, sshpass -pX
)

// cliFlag is an option that takes a password for one family of commands.
type cliFlag struct {
	flag string
	kind flagKind
}

// commandFlags maps a command to its password options. Options written --password X and
// --token X are known to every command.
var commandFlags = map[string][]cliFlag{
	"mysql": {{"-p", flagFused}}, "mysqldump": {{"-p", flagFused}}, "mysqladmin": {{"-p", flagFused}},
	"mariadb": {{"-p", flagFused}}, "mysqlimport": {{"-p", flagFused}}, "mysqlcheck": {{"-p", flagFused}},
	"mysqlshow": {{"-p", flagFused}}, "mariadb-dump": {{"-p", flagFused}},
	"sshpass":   {{"-p", flagBoth}},
	"redis-cli": {{"-a", flagNext}},
	"mongo":     {{"-p", flagNext}}, "mongosh": {{"-p", flagNext}}, "mongodump": {{"-p", flagNext}},
	"mongorestore": {{"-p", flagNext}}, "mongoexport": {{"-p", flagNext}}, "mongoimport": {{"-p", flagNext}},
	"sqlcmd": {{"-P", flagNext}}, "bcp": {{"-P", flagNext}}, "osql": {{"-P", flagNext}},
	"ldapsearch": {{"-w", flagNext}}, "ldapadd": {{"-w", flagNext}}, "ldapmodify": {{"-w", flagNext}},
	"ldapdelete": {{"-w", flagNext}}, "ldapwhoami": {{"-w", flagNext}}, "ldappasswd": {{"-w", flagNext}},
	"zip": {{"-P", flagNext}}, "unzip": {{"-P", flagNext}}, "7z": {{"-p", flagFused}}, "7za": {{"-p", flagFused}},
	"plink": {{"-pw", flagNext}}, "pscp": {{"-pw", flagNext}}, "psftp": {{"-pw", flagNext}},
	"openssl":   {{"-passin", flagNext}, {"-passout", flagNext}, {"-pass", flagNext}, {"-k", flagNext}},
	"keytool":   {{"-storepass", flagNext}, {"-keypass", flagNext}, {"-srcstorepass", flagNext}, {"-deststorepass", flagNext}},
	"jarsigner": {{"-storepass", flagNext}, {"-keypass", flagNext}},
	"xfreerdp":  {{"/p:", flagFused}}, "wlfreerdp": {{"/p:", flagFused}},
	"ssh-keygen": {{"-N", flagNext}, {"-P", flagNext}},
	"az":         {{"-p", flagNext}}, "influx": {{"-password", flagNext}},
	// Commands that take a password as a plain argument: see commandArgs.
	"smbclient": nil, "rpcclient": nil, "htpasswd": nil, "sqlplus": nil, "rabbitmqctl": nil,
	// login subcommands: -p is a port elsewhere (docker run -p 8080:80).
	"login": {{"-p", flagNext}},
}

// commandSecret finds a password given on a command line.
func commandSecret(s string) finding {
	if !strings.Contains(s, " -") && !strings.Contains(s, " /p:") && !strings.Contains(s, "sqlplus ") &&
		!strings.Contains(s, "rabbitmqctl ") {
		return finding{}
	}
	var flags []cliFlag
	var cmd string
	argc := 0
	for i := 0; i < len(s); {
		a, e := nextField(s, i)
		if a == e {
			break
		}
		i = e
		f := s[a:e]
		switch f {
		case "|", "||", "&&", ";":
			flags, cmd, argc = nil, "", 0
			continue
		}
		if fl, ok := commandFlags[baseName(f)]; ok && !strings.HasPrefix(f, "-") {
			flags, cmd, argc = fl, baseName(f), 0
			continue
		}
		argc++
		if vs, ve := cliValue(s, a, e, flags); ve > vs {
			return finding{"password on a command line", vs, ve}
		}
		if vs, ve := commandArgs(s, a, e, cmd, argc); ve > vs {
			return finding{"password on a command line", vs, ve}
		}
	}
	return finding{}
}

// commandArgs finds a password given as a plain argument: htpasswd -b file user PASSWORD,
// sqlplus user/PASSWORD@db, smbclient -U user%PASSWORD, rabbitmqctl add_user user PASSWORD.
func commandArgs(s string, a, e int, cmd string, argc int) (int, int) {
	f := s[a:e]
	switch cmd {
	case "sqlplus":
		if argc == 1 {
			if k := strings.IndexByte(f, '/'); k > 0 {
				end := len(f)
				if at := strings.IndexByte(f, '@'); at > k {
					end = at
				}
				if realValue(f[k+1 : end]) {
					return a + k + 1, a + end
				}
			}
		}
	case "smbclient", "rpcclient":
		if k := strings.IndexByte(f, '%'); k > 0 && realValue(f[k+1:]) && precededBy(s, a, "-U") {
			return a + k + 1, e
		}
	case "htpasswd":
		// htpasswd -b[c] file user password
		if argc == 4 && strings.Contains(s, " -b") && realValue(unquote(f)) {
			return quotedSpan(s, a, e)
		}
	case "rabbitmqctl":
		if argc == 3 && (strings.Contains(s, "add_user") || strings.Contains(s, "change_password")) && realValue(unquote(f)) {
			return quotedSpan(s, a, e)
		}
	}
	return 0, 0
}

// precededBy reports whether the field before s[a:] is flag.
func precededBy(s string, a int, flag string) bool {
	p := strings.TrimRight(s[:a], " \t")
	return strings.HasSuffix(p, " "+flag) || p == flag
}

// cliValue returns the password that the option s[a:e] carries, or the next field holds.
func cliValue(s string, a, e int, flags []cliFlag) (int, int) {
	f := s[a:e]
	if !strings.HasPrefix(f, "-") && !strings.HasPrefix(f, "/") {
		return 0, 0
	}
	for _, fl := range flags {
		if !strings.HasPrefix(f, fl.flag) {
			continue
		}
		if len(f) > len(fl.flag) && fl.kind != flagNext {
			v := f[len(fl.flag):]
			if realValue(unquote(v)) && !strings.Contains(v, "=") {
				return quotedSpan(s, a+len(fl.flag), e)
			}
		}
		if len(f) == len(fl.flag) && fl.kind != flagFused {
			return nextValue(s, e)
		}
	}
	// --password X, --token X, -storepass X: the next field, when the option names a secret.
	if !strings.HasPrefix(f, "--") || strings.Contains(f, "=") {
		return 0, 0
	}
	name := strings.TrimLeft(f, "-")
	word, _ := secretWord(f, len(f)-len(name), len(f))
	if word == "" || word == "key" || word == "PIN" {
		return 0, 0
	}
	return nextValue(s, e)
}

// nextValue returns the field after s[:i] when it is a real value.
func nextValue(s string, i int) (int, int) {
	a, e := nextField(s, i)
	if a == e {
		return 0, 0
	}
	v := unquote(s[a:e])
	if strings.HasPrefix(v, "-") || !realValue(v) {
		return 0, 0
	}
	return quotedSpan(s, a, e)
}

// realValue keeps a password that is not a reference or a placeholder.
func realValue(v string) bool {
	v = strings.TrimPrefix(v, "pass:") // openssl -passin pass:X
	return len(v) >= 3 && !placeholderValue(v) && !strings.HasPrefix(v, "env:") &&
		!strings.HasPrefix(v, "file:") && !strings.HasPrefix(v, "fd:")
}

// nextField returns the bounds of the field after s[:i]; a quoted field runs to its quote.
func nextField(s string, i int) (int, int) {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	a := i
	if i < len(s) && (s[i] == '"' || s[i] == '\'') {
		if k := strings.IndexByte(s[i+1:], s[i]); k >= 0 {
			return a, i + 2 + k
		}
	}
	for i < len(s) && s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r' {
		if (s[i] == '"' || s[i] == '\'') && i > a {
			if k := strings.IndexByte(s[i+1:], s[i]); k >= 0 {
				i += k + 1 // -p'secret with space'
			}
		}
		i++
	}
	return a, i
}

// unquote strips the quotes around a field.
func unquote(f string) string {
	if len(f) >= 2 && (f[0] == '"' || f[0] == '\'') && f[len(f)-1] == f[0] {
		return f[1 : len(f)-1]
	}
	return f
}

// quotedSpan returns the bounds of s[a:e] without its quotes and openssl's "pass:".
func quotedSpan(s string, a, e int) (int, int) {
	if e-a >= 2 && (s[a] == '"' || s[a] == '\'') && s[e-1] == s[a] {
		a, e = a+1, e-1
	}
	if strings.HasPrefix(s[a:e], "pass:") {
		a += len("pass:")
	}
	return a, e
}

// baseName returns a command's name without its directory.
func baseName(f string) string {
	return f[strings.LastIndexByte(f, '/')+1:]
}

// proseSecret finds a secret stated in a sentence: "the admin password is Winter2024!",
// "le mot de passe de l'admin est …", "use password X for the kiosk", and .netrc lines.
func proseSecret(s string, stems int) finding {
	for i := 0; i < len(s); {
		if !asciiLetter(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && asciiLetter(s[j]) {
			j++
		}
		w := s[i:j]
		inWord := (i > 0 && (asciiDigit(s[i-1]) || strings.IndexByte("_-./$", s[i-1]) >= 0)) ||
			(j < len(s) && (asciiDigit(s[j]) || strings.IndexByte("_-(", s[j]) >= 0))
		if !inWord {
			if word, strong := proseWord(s, i, w, stems); word != "" {
				if f := proseValue(s, j, word, strong); f.reason != "" {
					return f
				}
				if f := setTo(s, i, j, word, strong); f.reason != "" {
					return f
				}
			}
		}
		i = j
	}
	return finding{}
}

// proseWord reports the secret word that w (at s[i:]) is, and whether it names a password
// (chosen by people) rather than a generated token.
func proseWord(s string, i int, w string, stems int) (string, bool) {
	if stems&stemPass != 0 {
		switch {
		case strings.EqualFold(w, "password"), strings.EqualFold(w, "passwd"), strings.EqualFold(w, "pwd"),
			strings.EqualFold(w, "passcode"):
			return lowerWord(w), true
		case strings.EqualFold(w, "passphrase"):
			return "passphrase", true
		case strings.EqualFold(w, "pw"):
			return "pw", true
		case strings.EqualFold(w, "pass"):
			return "pass", true // its value must still look chosen: "pass rate is 95 %" is not one
		case strings.EqualFold(w, "wifi"):
			if w1, _ := previousWord(s, i); lookupLower(wifiCodeWords, w1) {
				return "wifi " + lowerWord(w1), true // "le code wifi est …"
			}
		case strings.EqualFold(w, "mdp"):
			return "mot de passe", true
		case strings.EqualFold(w, "passe"):
			if w1, b := previousWord(s, i); strings.EqualFold(w1, "de") {
				if w2, _ := previousWord(s, b); strings.EqualFold(w2, "mot") {
					return "mot de passe", true
				}
			}
		}
	}
	if stems&stemSecret != 0 {
		switch {
		case strings.EqualFold(w, "token"), strings.EqualFold(w, "secret"):
			return lowerWord(w), false
		case strings.EqualFold(w, "key"):
			if w1, _ := previousWord(s, i); w1 != "" {
				if lookupLower(wifiWords, w1) {
					return "wifi key", true // chosen by people, as a password is
				}
				if k := lookupLower(keyPairs, w1); k != "" {
					return k, false
				}
			}
		}
	}
	return "", false
}

func lowerWord(w string) string {
	for _, k := range [...]string{"password", "passwd", "pwd", "passcode", "token", "secret", "code", "key"} {
		if strings.EqualFold(w, k) {
			return k
		}
	}
	return w
}

// wifiWords name a wireless network before "key"; wifiCodeWords name its key before "wifi".
var (
	wifiWords     = map[string]bool{"wifi": true, "wlan": true, "wpa": true, "wireless": true}
	wifiCodeWords = map[string]bool{"code": true, "cle": true, "cl\xc3\xa9": true, "key": true}
)

// setWords, before a password word, say a value follows "to": "set the password to X".
var setWords = map[string]bool{
	"set": true, "changed": true, "change": true, "reset": true, "updated": true, "update": true,
}

// setTo finds "set the password to X": a setting verb a few words before the secret word
// s[i:j], "to" right after it, then the value.
func setTo(s string, i, j int, word string, password bool) finding {
	a, e := nextField(s, j)
	if a == e || !strings.EqualFold(s[a:e], "to") {
		return finding{}
	}
	verb := false
	for k, n := i, 0; n < 3 && !verb; n++ {
		w, b := previousWord(s, k)
		if w == "" {
			break
		}
		verb, k = lookupLower(setWords, w), b
	}
	if !verb {
		return finding{}
	}
	va, ve := nextField(s, e)
	if va == ve {
		return finding{}
	}
	return valueFinding(s, va, ve, word, password, false)
}

// linkWords join a secret word to its value: "password is X", "mot de passe est X", "the
// token it's X" (the contractions with either apostrophe).
var linkWords = map[string]bool{
	"is": true, "was": true, "est": true, "etait": true, "\xc3\xa9tait": true, "reste": true, "vaut": true,
	"it's": true, "that's": true, "here's": true, "c'est": true,
	"it\u2019s": true, "that\u2019s": true, "here\u2019s": true, "c\u2019est": true,
}

// fillWords may come between a link word and the value: "the password is now X".
var fillWords = map[string]bool{
	"now": true, "still": true, "currently": true, "maintenant": true, "toujours": true,
	"d\xc3\xa9sormais": true, "actuellement": true, "simply": true, "just": true,
}

// stopProse words after a secret word mean the sentence is about the secret, not its value.
var stopProse = map[string]bool{
	"not": true, "never": true, "pas": true, "jamais": true, "must": true, "should": true,
	"doit": true, "can": true, "will": true, "peut": true, "isn't": true, "wasn't": true,
}

// proseValue reads what follows the secret word that ends at s[j]: a few plain words
// ("for the wifi", "de l'admin"), a link word or a colon, then the value.
func proseValue(s string, j int, word string, password bool) finding {
	k := j
	linked := false
	for n := range 7 {
		a, e := nextField(s, k)
		if a == e || s[a] == '\n' {
			return finding{}
		}
		f := s[a:e]
		if !linked && n == 0 && a == j+1 {
			if fd := valueRightAfter(s, a, e, j, word, password); fd.reason != "" {
				return fd
			}
		}
		if !linked && n > 0 && len(f) > 1 && f[len(f)-1] == ':' && plainWord(f[:len(f)-1]) {
			linked = true // "password for the staging box: X"
			k = e
			break
		}
		if f == ":" || f == "=" || f == "=>" {
			linked = true
			k = e
			break
		}
		lw := strings.TrimRight(f, ",")
		if lookupLower(linkWords, lw) {
			linked = true
			k = e
			for {
				a2, e2 := nextField(s, k)
				if a2 == e2 || !lookupLower(fillWords, s[a2:e2]) {
					break
				}
				k = e2
			}
			break
		}
		if lookupLower(stopProse, lw) || lookupLower(describingWords, lw) || !plainWord(lw) {
			return finding{}
		}
		k = e
	}
	if !linked {
		return finding{}
	}
	a, e := nextField(s, k)
	if a == e {
		return finding{}
	}
	if word == "passphrase" && asciiLower(s[a]) {
		if pe := passphraseEnd(s, a); pe > 0 {
			return finding{"value after 'passphrase'", a, pe}
		}
	}
	return valueFinding(s, a, e, word, password, false)
}

// valueRightAfter reads "password X": the value s[a:e] right after the password word that
// ends at s[j], when it cannot be a word (a .netrc line, a strong value, one in brackets);
// "token X" after a word that names a generated secret, when X looks generated.
func valueRightAfter(s string, a, e, j int, word string, password bool) finding {
	f := s[a:e]
	if !password {
		if v := trimSentence(unquote(f)); randomToken(v) && onlyBytes(v, alnumChars+"_-") {
			return valueFinding(s, a, e, word, false, false)
		}
		return finding{}
	}
	if netrcLine(s, j) {
		return valueFinding(s, a, e, word, true, true)
	}
	if v := trimSentence(unquote(f)); strongValue(v) {
		return valueFinding(s, a, e, word, true, false)
	}
	if in := strings.TrimRight(f, ".,;"); len(in) > 2 && in[0] == '(' && in[len(in)-1] == ')' { // "password (X)"
		if v := in[1 : len(in)-1]; strongValue(v) {
			return finding{"value after '" + word + "'", a + 1, a + 1 + len(v)}
		}
	}
	return finding{}
}

// valueFinding judges the field s[a:e] stated as the value of a secret word in a sentence.
func valueFinding(s string, a, e int, word string, password, any bool) finding {
	f := s[a:e]
	quoted := len(f) >= 2 && (f[0] == '"' || f[0] == '\'' || f[0] == '`') && f[len(f)-1] == f[0]
	a, e = quotedSpan(s, a, e)
	v := trimSentence(s[a:e])
	a += strings.Index(s[a:e], v)
	e = a + len(v)
	if len(v) < 4 || placeholderValue(v) || unitFollows(s, e) {
		return finding{}
	}
	ok := false
	switch {
	case any:
		ok = true
	case password:
		ok = (quoted && !bareCommonWord(v)) || strongValue(v) || (onlyDigits(v) && len(v) >= 4)
	default:
		ok = randomToken(v) || (anyDigit(v) && anyLetter(v) && len(v) >= 12)
	}
	if !ok {
		return finding{}
	}
	return finding{"value after '" + word + "'", a, e}
}

// trimSentence strips the punctuation that ends a sentence or a clause from v.
func trimSentence(v string) string {
	v = strings.Trim(v, "`")
	for len(v) > 0 && strings.IndexByte(".,;)", v[len(v)-1]) >= 0 {
		v = v[:len(v)-1]
	}
	return v
}

// strongValue tells a chosen password from a word: it mixes letters with digits or symbols,
// or changes case in the middle.
func strongValue(v string) bool {
	if len(v) < 6 || placeholderValue(v) || !anyLetter(v) {
		return false
	}
	symbols := 0
	for k := 0; k < len(v); k++ {
		if strings.IndexByte("!@#$%^&*?+=~", v[k]) >= 0 {
			symbols++
		}
	}
	return (anyDigit(v) && !lookupLower(durationUnits, strings.TrimLeft(v, digitChars))) ||
		symbols > 0 || randomLetters(v)
}

// bareCommonWord reports a plain lower-case word, which quotes alone do not make a password.
func bareCommonWord(v string) bool { return onlyBytes(v, lowerChars) && len(v) < 8 }

// plainWord reports an ordinary word between a secret word and its link word.
func plainWord(w string) bool {
	for k := 0; k < len(w); k++ {
		if c := w[k]; !asciiLetter(c) && c != '\'' && c < 0x80 {
			return false
		}
	}
	return w != ""
}

// unitFollows reports a length or a duration after the value ("12 characters").
func unitFollows(s string, e int) bool {
	a, b := nextField(s, e)
	return a < b && lookupLower(durationUnits, strings.TrimRight(s[a:b], ".,;"))
}

// netrcLine reports a .netrc entry: "machine HOST login USER password …" before s[j].
func netrcLine(s string, j int) bool {
	line := s[lineStart(s, j):j]
	var f [6]string
	n := 0
	for w := range strings.FieldsSeq(line) {
		if n == len(f) {
			return false
		}
		f[n] = w
		n++
	}
	return n == 5 && f[0] == "machine" && f[2] == "login" &&
		(strings.ContainsAny(f[1], ".:") || f[1] == "localhost")
}

// randomToken reports a value that looks generated: long, and switching often between letters
// and digits or between cases (a cache key or an identifier does not).
func randomToken(v string) bool {
	if len(v) < 16 || strings.ContainsAny(v, " \t") || placeholderValue(v) {
		return false
	}
	letters, digits, switches, caseChanges := 0, 0, 0, 0
	var prev byte
	for k := 0; k < len(v); k++ {
		c := v[k]
		if !asciiAlnum(c) {
			continue
		}
		if asciiDigit(c) {
			digits++
		} else {
			letters++
		}
		if prev != 0 && asciiDigit(prev) != asciiDigit(c) {
			switches++
		}
		if prev != 0 && asciiLower(prev) && asciiUpper(c) {
			caseChanges++
		}
		prev = c
	}
	if letters == 0 || digits == 0 {
		return letters >= 20 && caseChanges >= 4
	}
	return 5*switches >= letters+digits || (caseChanges >= 3 && anyUpper(v) && anyLower(v))
}
