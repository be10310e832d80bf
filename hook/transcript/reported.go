package transcript

import (
	"strings"
	"unicode"
)

// ErrorPart is the part of a line of text the user pasted that reports an error, in the
// shapes the cause reader knows from tool output, or "": the line when it opens with a
// failure (opensFailure: "Error: …", "TypeError: …", "src/a.ts:3:5: …", past a mark such as
// "✖ " or "⨯ ["), else the line from a word in it that opens one and ends in ":" ("got this
// now Caused by: org.x.PSQLException: …", "[uv run x]: error: …", "a.ts(3,5): error TS2307:
// …"). Not a warning, a stack frame, nor a line of source code (one that ends as a statement
// does, or whose error word sits inside a bracket it opened: "{ error: … }").
func ErrorPart(line string) string {
	t := strings.TrimLeftFunc(strings.TrimSpace(stripANSI(line)), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("./`'\"", r)
	})
	if strings.Count(t, "]") > strings.Count(t, "[") {
		t = strings.TrimSuffix(t, "]") // "⨯ [Error: …]" without its opening mark
	}
	if t == "" || isWarning(t) || isStackFrame(t) || isExcerpt(t) || strings.HasSuffix(t, ";") || strings.HasSuffix(t, "{") || strings.HasSuffix(t, ",") {
		return ""
	}
	if opensFailure(t) {
		return t
	}
	words, starts := fieldsAt(t)
	for i := 1; i < len(words); i++ {
		if !opensWithin(words, i) {
			continue
		}
		at := starts[i]
		if open := strings.Count(t[:at], "(") + strings.Count(t[:at], "{") - strings.Count(t[:at], ")") - strings.Count(t[:at], "}"); open > 0 {
			continue // a call's or an object's argument: source code
		}
		if i == 1 && strings.HasSuffix(words[0], ":") {
			return t // the location the tool put before it ("a.ts(3,5): error TS2307: …")
		}
		return t[at:]
	}
	return ""
}

// opensWithin reports words[i] opening an error within a line: an exception's or error's
// name ("org.x.PSQLException:", "TypeError:"); after a tool's prefix (a word ending in ":"),
// "error:", "fatal:" or "panic:"; "error" before its code ("error TS2307:").
func opensWithin(words []string, i int) bool {
	w := words[i]
	switch {
	case strings.HasSuffix(w, "Error:") || strings.HasSuffix(w, "Exception:"):
		return true
	case w == "error" && i+1 < len(words):
		code := strings.TrimSuffix(words[i+1], ":")
		return code != words[i+1] && code != "" && strings.Trim(code, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") == "" && strings.ContainsAny(code, "0123456789")
	}
	return strings.HasSuffix(words[i-1], ":") && (w == "error:" || w == "fatal:" || w == "panic:" || strings.HasPrefix(w, "error[") && strings.HasSuffix(w, "]:"))
}

// fieldsAt is strings.Fields with where each field starts.
func fieldsAt(t string) (words []string, starts []int) {
	start := -1
	for i, r := range t + " " {
		switch {
		case unicode.IsSpace(r) && start >= 0:
			words, starts, start = append(words, t[start:i]), append(starts, start), -1
		case !unicode.IsSpace(r) && start < 0:
			start = i
		}
	}
	return words, starts
}
