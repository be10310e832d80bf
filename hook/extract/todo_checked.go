package extract

import "strings"

// checkedSection lists the lines of a closing text under a heading marked done ("### ✅
// Good News: No panic!() in production", "## ✅ Completed"), down to the next heading, the
// lines of code aside: what they say is settled, so they may close an earlier to-do on
// the same subject (see Evidence).
func checkedSection(closing string) []string {
	var out []string
	under, inFence := false, false
	for l := range strings.Lines(closing) {
		t := strings.TrimSpace(l)
		switch {
		case isFence(t):
			inFence = !inFence
		case inFence || t == "":
		case headingLevel(t) > 0:
			under = strings.ContainsAny(t, "✅✔")
		case under:
			out = append(out, stripItem(t))
		}
	}
	return out
}
