package capture

import (
	"strings"
	"testing"
)

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

// The tag Claude Code wraps a refused call's error in is system text: the error stays, the
// tag goes.
func TestToolErrorTagLeavesNoTrace(t *testing.T) {
	t.Parallel()
	r := Capture(turn("build the page", "Still failing.",
		bash("1", "npm run build", "<tool_use_error>src/page.ts(3,1): error TS2304: Cannot find name 'x'</tool_use_error>", true)), &Session{}, "en")
	if len(r.Problems) != 1 || strings.Contains(r.Problems[0], "tool_use_error") || !strings.Contains(r.Problems[0], "error TS2304: Cannot find name 'x'") {
		t.Errorf("problems = %q", r.Problems)
	}
}
