package capture

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// pauseSemicolon reads two dots typed as a pause between two clauses ("… what it now is ..
// stress the payments", "… the app.. stress") as a semicolon. An ellipsis ("..."), a parent
// folder ("../") and a range ("1..5") are not pauses: only two dots after a letter or a
// space and before a space are.
func pauseSemicolon(g string) string {
	if !strings.Contains(g, ".. ") {
		return g
	}
	var b strings.Builder
	for {
		i := strings.Index(g, ".. ")
		if i < 0 {
			b.WriteString(g)
			return b.String()
		}
		before := strings.TrimRight(g[:i], " ")
		r, _ := utf8.DecodeLastRuneInString(before)
		if before == "" || !unicode.IsLetter(r) || strings.HasSuffix(g[:i], ".") {
			b.WriteString(g[:i+3])
		} else {
			b.WriteString(before + "; ")
		}
		g = strings.TrimLeft(g[i+3:], " ")
	}
}
