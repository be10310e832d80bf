package capture

import "strings"

// checkedSection lists the lines of a closing text under a heading marked done ("## ✅
// Completed"), down to the next heading, the lines of code aside: what they say is
// settled, so they may close an earlier to-do on the same subject (see Evidence). With
// absent set, it lists instead the sections whose heading finds a concern absent ("### ✅
// Good News: No panic!() in production"), heading included: they make a to-do moot, they
// do not show it done (see Settled).
func checkedSection(closing string, absent bool) []string {
	var out []string
	under := false
	for t := range proseLines(closing) {
		switch {
		case t == "":
		case headingLevel(t) > 0:
			under = strings.ContainsAny(t, "✅✔") && findsAbsent(t) == absent
			if under && absent {
				out = append(out, stripMarkup(t))
			}
		case under:
			out = append(out, stripItem(t))
		}
	}
	return out
}
