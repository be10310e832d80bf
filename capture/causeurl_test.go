package capture

import (
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A failure's cause keeps a long URL as its host and first path segments: the bullet says
// which service refused, not the whole address.
func TestLongURLsInACauseAreCut(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Push the generated files")
	b.Use("m1", "g1", "mcp__github__push_files", map[string]any{"owner": "o", "repo": "r", "branch": "main"})
	b.Result("g1", "failed to get branch reference: GET https://api.example.com/repos/some-org/eval-85611489-0cec-4a77-b02f-c74703a9b30f/git/ref/heads/main: 409 Git Repository is empty.", true)
	bash(b, "b1", "git push origin main", "fatal: unable to access 'https://example.com/org/repo.git/': Could not resolve host: example.com", true)
	b.Say("m9", "The repository is empty.")
	e := extractEN(t, b, "/home/dev/proj")
	got := strings.Join(e.Problems, "\n")
	if !strings.Contains(got, "GET https://api.example.com/repos/some-org/…: 409 Git Repository is empty.") {
		t.Errorf("the long URL is not cut to its host and first segments:\n%s", got)
	}
	if !strings.Contains(got, "'https://example.com/org/repo.git/': Could not resolve host") {
		t.Errorf("a short URL is cut:\n%s", got)
	}
}
