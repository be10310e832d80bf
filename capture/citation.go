package capture

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// isCitation reports a bibliography entry: authors' names, the year in parentheses, then a
// quoted title ("Forsgren, Storey, Nagappan (2021). "The SPACE of …" ACM Queue."). It points
// to a source; the fact it supports, if any, is said elsewhere.
func isCitation(s string) bool {
	for i := 0; i+6 <= len(s); i++ {
		if s[i] != '(' || s[i+5] != ')' || !isYear(s[i+1:i+5]) {
			continue
		}
		return authorsOnly(s[:i]) && strings.ContainsAny(s[i+6:], "\"“«")
	}
	return false
}

// isYear reports four digits from 1900 to 2099.
func isYear(y string) bool {
	for i := range 4 {
		if y[i] < '0' || y[i] > '9' {
			return false
		}
	}
	return y[:2] == "19" || y[:2] == "20"
}

// authorsOnly reports a list of names: capitalised words between commas ("and", "&" and
// "et al." allowed), more than one of them.
func authorsOnly(s string) bool {
	names := 0
	for w := range strings.FieldsFuncSeq(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		switch r, _ := utf8.DecodeRuneInString(w); {
		case w == "and" || w == "&" || w == "et" || w == "al.":
		case unicode.IsUpper(r):
			names++
		default:
			return false
		}
	}
	return names > 1
}
