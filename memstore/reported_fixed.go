package memstore

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
)

// ReportedPrefix opens, in each log language, a Problèmes bullet that is an error the user
// reported (pasted in a prompt) rather than a call that failed.
var ReportedPrefix = map[string]string{"fr": "Erreur signalée : ", "en": "Reported error: "}

// minFixShared is how many words of a reported error a line of fix shares with it when it
// does not name the error ("Fix: update deprecated actions artifact v3" for "… uses a
// deprecated version of actions/upload-artifact").
const minFixShared = 3

// fixVerbs open a line of evidence that says something was fixed.
var fixVerbs = []string{"fix", "fixed", "fixes", "corrigé", "corrige", "corriger"}

// genericWords are in most errors and most fixes: they say nothing of which error it is.
var genericWords = set(strings.Fields(`error errors fix fixed fixes failed fail failing this that with from been have when into uses used cannot`))

// markReportedFixed marks fixed the day's reported errors a line of evidence says it fixed:
// the line opens with a fix verb and names the error ("Fixed ArgumentValidationError …")
// or shares minFixShared of its words.
func markReportedFixed(today *Doc, evidence []string, lang string) {
	var fixes []string
	for _, e := range evidence {
		line := strings.TrimLeft(strings.ToLower(e), "-*•+#✅✔ \t") // a closing text's list item: "- Fixed …"
		verb, _, _ := strings.Cut(line, " ")
		if slices.Contains(fixVerbs, strings.TrimRight(verb, ":!")) {
			fixes = append(fixes, e)
		}
	}
	s, ok := today.Section(KeyProblems)
	if len(fixes) == 0 || !ok {
		return
	}
	prefix := cmp.Or(FixedPrefix[lang], FixedPrefix["fr"])
	for _, b := range today.Bullets(s) {
		err := reportedError(b.Text)
		if err != "" && slices.ContainsFunc(fixes, func(f string) bool { return fixNames(f, err) }) {
			today.SetBulletText(b, prefix+b.Text)
		}
	}
}

// reportedError is the error a reported-error bullet not yet marked fixed names, or "".
func reportedError(text string) string {
	for _, p := range ReportedPrefix {
		if err, ok := strings.CutPrefix(text, p); ok {
			return err
		}
	}
	return ""
}

// fixNames reports whether a line of fix names the error: its name ("ArgumentValidationError",
// not a bare "Error") or minFixShared of its words.
func fixNames(fix, err string) bool {
	low := strings.ToLower(fix)
	name, _, _ := strings.Cut(err, ":")
	if len(name) > len("Error") && !strings.Contains(name, " ") && strings.Contains(low, strings.ToLower(name)) {
		return true
	}
	have := fixWords(low)
	n := 0
	for _, w := range fixWords(strings.ToLower(err)) {
		if slices.Contains(have, w) {
			n++
		}
	}
	return n >= minFixShared
}

// fixWords are the distinct words of a lower-case text that may tell one error from another.
func fixWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len(w) >= 4 && !genericWords[w] && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}
