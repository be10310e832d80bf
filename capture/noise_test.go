package capture

import (
	"slices"
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

// An error message too long for its bullet keeps its whole first sentences, not a sentence
// cut in the middle.
func TestLongErrorKeepsWholeSentences(t *testing.T) {
	t.Parallel()
	r := Capture(turn("the CI fails:\nError: This request has been automatically failed because it uses a deprecated version of `actions/upload-artifact: v3`. Learn more: https://github.blog/changelog/2024-04-16-deprecation-notice-v3-of-the-artifact-actions/",
		"Fixed.", edit("/repo/.github/workflows/ci.yml")), &Session{}, "en")
	if want := "Error reported: Error: This request has been automatically failed because it uses a deprecated version of `actions/upload-artifact: v3`."; !slices.Contains(r.Problems, want) {
		t.Errorf("reported: %q, want %q", r.Problems, want)
	}
	out := "Error: The deployment was refused because the project has no production branch configured for this team of the organisation. Set one in the dashboard settings, under Git and branches, then try the deployment again"
	r = Capture(turn("deploy it", "It failed.", bash("1", "npm run deploy", out, true)), &Session{}, "en")
	if want := "`npm run deploy` failed: Error: The deployment was refused because the project has no production branch configured for this team of the organisation."; !slices.Contains(r.Problems, want) {
		t.Errorf("cause: %q, want %q", r.Problems, want)
	}
}
