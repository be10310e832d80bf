package capture

import (
	"strings"
	"unicode"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// maxReported bounds the error line a reported error keeps.
const maxReported = 200

// reportedError reads the first error line the user pasted in the prompt (a log line
// "… ValidationError: …", "Error: …", "error[E0382]: …") as a problem of the session, or
// "". A subagent's prompt is a delegation and a plan restates the errors it plans for.
func reportedError(t *transcript.Turn, w wording) string {
	if t.Sidechain || strings.HasPrefix(t.Prompt, planPrompt) ||
		!strings.Contains(t.Prompt, "rror") && !strings.Contains(t.Prompt, "xception:") {
		return ""
	}
	for line := range strings.Lines(t.Prompt) {
		if e := errorLine(strings.TrimSpace(line)); e != "" {
			if i := strings.Index(e, ". "); i > 0 { // its first sentence: "Learn more: …" is no part of it
				e = e[:i+1]
			}
			return memstore.ReportedPrefix[w.lang] + transcript.ClipWords(e, maxReported)
		}
	}
	return ""
}

// errorLine is the error a log line reports, from its error's name on, or "": the name
// ends in "Error" or "Exception" and opens the line or follows a log prefix ("[…] ",
// "(…) ", "> ", "Uncaught "), never a word of prose ("the Error: prefix").
func errorLine(l string) string {
	for _, tag := range []string{"Error: ", "Exception: ", "error: ", "]: "} {
		i := strings.Index(l, tag)
		if i < 0 {
			continue
		}
		start := strings.LastIndexFunc(l[:i], func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '.' && r != '['
		}) + 1
		name := l[start : i+len(tag)-2]
		if !errorName(name) || strings.TrimSpace(l[i+len(tag):]) == "" {
			continue
		}
		if start == 0 || logPrefix(l[:start]) {
			return l[start:]
		}
	}
	return ""
}

// errorName is the name of an error: "TypeError", "Error", or "error"/"error[E0382]" (a
// compiler's, only at the line's start, which errorLine's caller checks by position).
func errorName(name string) bool {
	base, _, _ := strings.Cut(name, "[")
	switch {
	case base == "error":
		return true
	case base == "" || !unicode.IsUpper(rune(base[0])):
		return false
	}
	return strings.HasSuffix(base, "Error") || strings.HasSuffix(base, "Exception")
}

// logPrefix reports what a log line prints before its error: a bracketed or
// parenthesised tag, a prompt mark, "Uncaught".
func logPrefix(p string) bool {
	p = strings.TrimSpace(p)
	return strings.HasSuffix(p, "]") || strings.HasSuffix(p, ")") || strings.HasSuffix(p, ">") ||
		strings.HasSuffix(p, ":") || strings.HasSuffix(p, "Uncaught")
}
