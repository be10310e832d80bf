package capture

import "testing"

// An item longer than its line is cut where a clause ends when no sentence ends late enough,
// never inside a parenthesis or a code span; only a cut inside a clause is marked "…".
func TestClipAtAClause(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"Converting the starter template (a todo app with auth and widgets) into OutreachIQ — a minimal MCP server exposing two tools (`find_person` and `enrich_company`) to desktop clients",
			"Converting the starter template (a todo app with auth and widgets) into OutreachIQ"},
		{"Prepare a ready application for the engineering grants program, replacing the prior draft with the current technical product and its roadmap",
			"Prepare a ready application for the engineering grants program"},
		{"Keep the options that we listed last week (the first one, the second one, the third one, the fourth one and the fifth) as written in the draft",
			"Keep the options that we listed last week (the first one, the second one, the third one, the fourth one and the fifth)…"},
		{"A short one, that fits", "A short one, that fits"},
	} {
		if got := clip(c.in, 120); got != c.want {
			t.Errorf("clip(%q)\n = %q\nwant %q", c.in, got, c.want)
		}
	}
}
