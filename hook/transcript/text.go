package transcript

import (
	"strings"
	"unicode/utf8"
)

// CleanText makes s valid UTF-8 and drops NUL bytes: every text carnet keeps from a
// transcript or a hook payload goes through it.
func CleanText(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if strings.IndexByte(s, 0) >= 0 {
		s = strings.ReplaceAll(s, "\x00", "")
	}
	return s
}

// Clip cuts s to at most n bytes on a rune boundary, marking the cut with "…".
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

// ClipWords cuts s to about n bytes at a word boundary, marking the cut with "…".
func ClipWords(s string, n int) string {
	if len(s) <= n {
		return s
	}
	c := Clip(s, n)
	c = strings.TrimSuffix(c, "…")
	if i := strings.LastIndexByte(c, ' '); i > n/2 {
		c = c[:i]
	}
	return strings.TrimRight(c, " ,;:") + "…"
}
