package extract

import "strings"

// A change told at its place in the code ("Updated `mcp.rs:1019` to use "uninitialized"
// instead of "unknown" for clarity") is a line of the summary of changes: the edit made,
// located for the reviewer, not a choice a colleague would keep, even when it names what
// it replaced. A choice is told by what it is, not by the line it landed on.

// placedEdit reports a decision that opens with an action verb (see actionVerbs) and
// points at a line of a file (`name.ext:123`).
func placedEdit(s string) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(s), " ")
	if _, ok := actionVerbs[strings.ToLower(first)]; !ok {
		return false
	}
	return hasLinePosition(s)
}

// hasLinePosition reports a file name with an extension followed by a colon and a line
// number ("mcp.rs:1019", "src/a.go:12:3"); not an address's port ("https://host.dev:8080").
func hasLinePosition(s string) bool {
	for i := strings.IndexByte(s, ':'); i >= 0; {
		if i+1 < len(s) && isDigit(s[i+1]) {
			name := s[strings.LastIndexAny(s[:i], " `'\"(")+1 : i]
			dot := strings.LastIndexByte(name, '.')
			if dot > 0 && dot < len(name)-1 && !isDigit(name[dot+1]) && !strings.Contains(name, "://") {
				return true
			}
		}
		j := strings.IndexByte(s[i+1:], ':')
		if j < 0 {
			return false
		}
		i += j + 1
	}
	return false
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
