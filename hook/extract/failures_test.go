package extract

import (
	"carnet/hook/transcript/transcripttest"
	"strings"
	"testing"
)

// A search at the end of a pipeline that finds nothing exits 1: no failure. Neither is a
// curl probe that printed the redirect it was asked to report.
func TestNoMatchAndStatusProbesAreNoFailures(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Find where the todo filter is defined and check the deployed page")
	b.Use("m1", "b1", "Bash", map[string]any{"command": `find . -name "*.ts" | grep -v node_modules | xargs grep -l "export.*useFilter\|useFilter" 2>/dev/null`})
	b.Result("b1", "Error", true)
	b.Use("m1", "b2", "Bash", map[string]any{"command": `curl -sL -o /dev/null -w "HTTP %{http_code}\n" "https://app.example.com/"`})
	b.Result("b2", "Exit code 47\nHTTP 303", true)
	b.Use("m1", "b3", "Bash", map[string]any{"command": `curl -s -w "HTTP %{http_code}\n" "https://app.example.com/api"`})
	b.Result("b3", "Exit code 22\nHTTP 500", true)
	b.Use("m1", "b4", "Bash", map[string]any{"command": `find . -name "*.ts" | xargs wc -l`})
	b.Result("b4", "Error", true)
	b.Say("m2", "The filter is not defined yet; the page redirects to a login.")
	e := extractEN(t, b, "/home/dev/proj")
	got := strings.Join(e.Problems, "\n")
	if strings.Contains(got, "grep") || strings.Contains(got, "HTTP 303") {
		t.Errorf("a no-match or a redirect probe is a problem:\n%s", got)
	}
	if !strings.Contains(got, "HTTP 500") || !strings.Contains(got, "xargs wc") {
		t.Errorf("real failures lost:\n%s", got)
	}
}
