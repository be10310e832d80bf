package extract

import (
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
)

// A TaskUpdate of a task created in an earlier turn (the hook gives it its subject) opens
// or closes that task's to-do.
func TestTaskUpdateOfAnEarlierTask(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("go on with the deploy")
	b.Use("m1", "tu1", "TaskUpdate", map[string]any{"taskId": "4", "status": "completed"})
	b.Result("tu1", "Updated task #4 status", false)
	b.Use("m1", "tu2", "TaskUpdate", map[string]any{"taskId": "5", "status": "in_progress"})
	b.Result("tu2", "Updated task #5 status", false)
	b.Use("m1", "tu3", "TaskUpdate", map[string]any{"taskId": "6", "status": "completed"})
	b.Result("tu3", "Updated task #6 status", false)
	b.Say("m2", "Deployed.")
	tr := read(t, b.Write(t), transcript.ReadOptions{})
	tr.Root = "/home/dev/proj"
	names := map[string]string{"4": "Fetch the data", "5": "Deploy the app"} // #6: unknown, left alone
	for _, u := range tr.Tools {
		if u.Task != nil && u.Task.Subject == "" {
			u.Task.Subject = names[u.Task.ID]
		}
	}
	e := Heuristic{Language: "en"}.extract(tr)
	if !slices.Equal(e.NextDone, []string{"Fetch the data"}) || !slices.Equal(e.Next, []string{"Deploy the app"}) {
		t.Errorf("done = %q, next = %q", e.NextDone, e.Next)
	}
}

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

// An example and a remark on this session's own state are not knowledge.
func TestExamplesAndSessionRemarksAreNoKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Fix the stars bug")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/convex/schema.ts", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "Fixed.\n\n**Note:** The git diff --stat shows 24 files with changes because other work was done in this session. "+
		"The stars query failed because the schema lacked the config fields.\n\n"+
		"For example: the stars list is empty because the index was never built, or another cause you prefer.")
	e := extractEN(t, b, "/home/dev/proj")
	got := strings.Join(e.Knowledge, "\n")
	if strings.Contains(got, "this session") || strings.Contains(got, "For example") {
		t.Errorf("noise kept as knowledge:\n%s", got)
	}
	if !strings.Contains(got, "schema lacked the config fields") {
		t.Errorf("the cause was lost:\n%s", got)
	}
}

// The commands a closing text or a written README/CLAUDE.md shows under "Usage" or
// "Development commands", each with the comment that says what it does, are knowledge.
func TestUsageCommandsAreKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Document the project in CLAUDE.md")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/CLAUDE.md", "content": "# App\n\n## Development Commands\n```bash\n" +
		"# Start development server\nnpm run dev\n\n# Type checking\nnpm run type-check\n```\n\n## Example output\n```bash\n# Remove the cache\nrm -rf .next\n```\n"})
	b.Result("w1", "File created successfully at: /home/dev/proj/CLAUDE.md", false)
	b.Say("m2", "Done.\n\n### Usage:\n```bash\n# Refresh configuration manually\npython scripts/sync.py --refresh-config\n\n"+
		"# If database not found, prompts: \"Refresh? (y/n)\"\n```\n")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"`python scripts/sync.py --refresh-config`: Refresh configuration manually",
		"`npm run dev`: Start development server", "`npm run type-check`: Type checking"}
	for _, w := range want {
		if !slices.Contains(e.Knowledge, w) {
			t.Errorf("missing %q in %q", w, e.Knowledge)
		}
	}
	if got := strings.Join(e.Knowledge, "\n"); strings.Contains(got, "rm -rf") || strings.Contains(got, "prompts") {
		t.Errorf("a command outside a usage section or a comment with no command kept:\n%s", got)
	}
}

// "No X - just Y" in a closing text is a choice: what was left out and what was kept.
func TestRefusalIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Add a way to refresh the config")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/sync.py", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "The implementation is minimal. No automatic fetching or complex caching - just simple, explicit refresh when needed.\n\n"+
		"No tests were run on the new flag. No errors, just two warnings from the linter. "+
		"No package reinstall needed - just the `install` command refreshes the templates.")
	e := extractEN(t, b, "/home/dev/proj")
	if !slices.Equal(e.Decisions, []string{"No automatic fetching or complex caching - just simple, explicit refresh when needed."}) {
		t.Errorf("decisions = %q", e.Decisions)
	}
	if !slices.Equal(e.Knowledge, []string{"No package reinstall needed - just the `install` command refreshes the templates."}) {
		t.Errorf("knowledge = %q (what is not needed is how the tool works)", e.Knowledge)
	}
}

// What a closing text lists under "Artifacts" (the repository, the build) is where the
// work lives: knowledge for next time.
func TestArtifactsAreKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Build the admin dashboard from the design")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/src/App.tsx", "content": "x"})
	b.Result("w1", "File created successfully at: /home/dev/proj/src/App.tsx", false)
	b.Say("m2", "The dashboard is implemented.\n\n**Artifacts:**\n*   **GitHub Repo:** [acme/dash](https://github.com/acme/dash)\n"+
		"*   **Build:** `/dist` directory is ready for deployment.\n")
	e := extractEN(t, b, "/home/dev/proj")
	if len(e.Knowledge) != 2 || !strings.Contains(e.Knowledge[0], "github.com/acme/dash") {
		t.Errorf("knowledge = %q", e.Knowledge)
	}
}

// A closing text's report of work done gives, in the imperative, what it may close; a
// to-do the same turn opens is not closed by its own report.
func TestDoneStatements(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Fix the silent failures")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/src/id.rs", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "## Summary\n\n1. **Fixed Silent Failures** ✅\n   - `generate()` now returns an error\n"+
		"2. **Added clippy lint for unwrap_used** - catches future issues\n- Fixed it\n\n"+
		"```\nFixed 3 files in the build\n```\n\n## Next steps\n- Add clippy lint for unwrap_used in the CI config too\n")
	e := extractEN(t, b, "/home/dev/proj")
	if !slices.Equal(e.NextDone, []string{"Fix Silent Failures"}) {
		t.Errorf("done = %q", e.NextDone)
	}
}

// A short answer to the agent is no goal; a question, a longer statement or a task is.
func TestRepliesAreNoGoals(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"應該是都可以看到的":            "",
		"就是這個session開始的時間":     "",
		"it's the staging one": "",
		"對齊按鈕":                 "對齊按鈕",
		"所以現在還差什麼？":            "所以現在還差什麼？",
		"應該是哪一個檔案？":            "應該是哪一個檔案？",
		"對照 indicator.md 修改 scoring 的權重, 並且把 feedback.md 的建議加進 README": "對照 indicator.md 修改 scoring 的權重, 並且把 feedback.md 的建議加進 README",
		"it's broken again, please fix the login redirect":             "it's broken again, please fix the login redirect",
	} {
		if got := goalOf(in); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", in, got, want)
		}
	}
}
