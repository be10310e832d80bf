package capture

import (
	"carnet/hook/transcript/transcripttest"
	"slices"
	"strings"
	"testing"
)

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
// "Development commands", each with the comment that says what it does, are knowledge when
// they have an option ("npm run dev" says only its script's name: see knowledge_listing_test.go).
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
	want := []string{"`python scripts/sync.py --refresh-config`: Refresh configuration manually"}
	for _, w := range want {
		if !slices.Contains(e.Knowledge, w) {
			t.Errorf("missing %q in %q", w, e.Knowledge)
		}
	}
	if got := strings.Join(e.Knowledge, "\n"); strings.Contains(got, "rm -rf") || strings.Contains(got, "prompts") {
		t.Errorf("a command outside a usage section or a comment with no command kept:\n%s", got)
	}
}

// What a closing text lists under "Artifacts" (the repository, how the work deploys) is
// where and how the work lives: knowledge for next time; what is only ready now ("`/dist`
// directory is ready for deployment") is the state the session ended in, not a fact for
// next time.
func TestArtifactsAreKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Build the admin dashboard from the design")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/src/App.tsx", "content": "x"})
	b.Result("w1", "File created successfully at: /home/dev/proj/src/App.tsx", false)
	b.Say("m2", "The dashboard is implemented.\n\n**Artifacts:**\n*   **GitHub Repo:** [acme/dash](https://github.com/acme/dash)\n"+
		"*   **Build:** `/dist` directory is ready for deployment.\n*   **Docs:** the API docs are now ready to publish.\n"+
		"*   **Deploy:** every push to `main` deploys the dashboard to the staging site.\n")
	e := extractEN(t, b, "/home/dev/proj")
	if len(e.Knowledge) != 2 || !strings.Contains(e.Knowledge[0], "github.com/acme/dash") || !strings.Contains(e.Knowledge[1], "every push to `main` deploys") {
		t.Errorf("knowledge = %q", e.Knowledge)
	}
}

// A review's verdict ("Overall Assessment", "Verdict") grades the code: no fact to reuse.
func TestVerdictIsNoKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("review the crate for panics")
	b.Use("m1", "r1", "Read", map[string]any{"file_path": "/home/dev/proj/src/lib.rs"})
	b.Result("r1", "fn main() {}", false)
	b.Say("m2", "## Overall Assessment\n\n- **Zero panic risks** in production code\n- **Proper error handling** throughout\n\n"+
		"**Verdict**: Production-ready with minor fixes needed.\n\n### Root Cause\nThe handshake defaults to \"unknown\" when the prefix is missing.\n")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"The handshake defaults to \"unknown\" when the prefix is missing."}
	if !slices.Equal(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q", e.Knowledge, want)
	}
}

// While debugging, "X is failing because Y", a guess ("I think the issue is…") or what
// the agent does next is a state of the moment; the cause found is knowledge.
func TestDebuggingStateIsNoKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("why is the last test failing?")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/test/perf.test.ts", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "Good, so the record has an `id` object. But the test is failing because `created.id` is undefined. Let me run a quick test:")
	b.Say("m3", "I think the issue is that the client is not initialized in the test environment. Let me check the setup.")
	b.Say("m4", "The pre-commit hook is failing because one test is still failing. Let me bypass it since this is a CI fix:")
	b.Say("m5", "The issue is that the test uses a mock API client that returns nothing for `post` calls. Let me configure the mock.")
	b.Say("m6", "All 13 tests pass now.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"The issue is that the test uses a mock API client that returns nothing for `post` calls."}
	if !slices.Equal(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q", e.Knowledge, want)
	}
}

// The answer to a question keeps what it states, in any language, not its conclusion,
// nor what the agent says it will do next ("我拿到 URL 後會…", "讓我把…拆給你看").
func TestAnswerKeepsNoNextMove(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("能查到是誰建立了這個 bot 嗎？")
	b.Use("m1", "r1", "Read", map[string]any{"file_path": "/home/dev/proj/doc.md"})
	b.Result("r1", "x", false)
	b.Say("m2", "GitHub API 不直接暴露 bot 帳號的建立者。讓我把每個來源拆給你看。但有間接訊號可以參考一下。\n\n"+
		"**結論**:可以做但 ROI 低,現有 4 pillar 已經夠了。\n\n我拿到 URL 後會:填進 SUBMISSION.md → 停 timer → 報告總時間。")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"GitHub API 不直接暴露 bot 帳號的建立者。"} // its conclusion is a judgement (TestConclusionIsNoKnowledge)
	if !slices.Equal(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q", e.Knowledge, want)
	}
}

// "(that was killing the drag)", "which was causing the loop": a cause named after the fix.
func TestCauseNamedAfterTheFixIsKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("drag and drop does nothing")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/app.js", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "Drag-and-drop works now.\n\n- Stopped rerendering the board during drag start (that was killing the drag).\n- Added a drop effect hint.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Stopped rerendering the board during drag start (that was killing the drag)."}
	if !slices.Equal(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q", e.Knowledge, want)
	}
}

// A durable state said with "still" ("the old endpoint is still used by…") is a fact, not
// a failing state of the moment.
func TestStillUsedIsKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("check whether the v1 endpoint can go")
	b.Use("m1", "r1", "Read", map[string]any{"file_path": "/home/dev/proj/api.go"})
	b.Result("r1", "x", false)
	b.Say("m2", "Not yet. The v1 endpoint is still used by the mobile app because it pins the old client.")
	e := extractEN(t, b, "/home/dev/proj")
	if !slices.Contains(e.Knowledge, "The v1 endpoint is still used by the mobile app because it pins the old client.") {
		t.Errorf("knowledge = %q", e.Knowledge)
	}
}

// "likely because …" is a guess at a cause, like "probably": not a fact learned.
func TestLikelyCauseIsAGuess(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("the export has no responses")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/export.py", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "- A warning is emitted if no responses are found (likely because the export file is missing).\n"+
		"- The history file holds only user prompts because the CLI never stores replies there.")
	e := extractEN(t, b, "/home/dev/proj")
	if want := []string{"The history file holds only user prompts because the CLI never stores replies there."}; !slices.Equal(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q", e.Knowledge, want)
	}
}

// A preview, sandbox or local address listed under "Artifacts" lives as long as the
// session: not knowledge. The repository and the production address are kept.
func TestPassingAddressesAreNoKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Build the admin dashboard from the design")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/src/App.tsx", "content": "x"})
	b.Result("w1", "File created successfully at: /home/dev/proj/src/App.tsx", false)
	b.Say("m2", "The dashboard is implemented.\n\n**Artifacts:**\n*   **GitHub Repo:** [acme/dash](https://github.com/acme/dash)\n"+
		"*   **Preview URL:** https://ta-01abc-5173.wo-xyz.w.sandbox.example\n*   **App:** http://localhost:5173/\n"+
		"*   **Production:** https://dash.acme.example\n")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"GitHub Repo: [acme/dash](https://github.com/acme/dash)", "Production: https://dash.acme.example"}
	if !slices.Equal(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q", e.Knowledge, want)
	}
}

// A bibliography entry points to a source: it is no fact to reuse. A sentence that cites
// a year while saying something is kept.
func TestCitationIsNoKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("where does this framework come from?")
	b.Say("m1", "# Sources\n\n**The framework is a synthesis, not a reproduction of one paper.**\n\n"+
		"**Smith, Jones, Brown (2021). \"The Shape of Team Output.\" ACM Queue.**\n\n"+
		"**Teams measured by one metric game it (Smith 2021), so the dashboard shows four.**\n")
	e := extractEN(t, b, "/home/dev/proj")
	got := strings.Join(e.Knowledge, "\n")
	if strings.Contains(got, "ACM Queue") {
		t.Errorf("citation kept as knowledge:\n%s", got)
	}
	if !strings.Contains(got, "synthesis") {
		t.Errorf("the fact was lost:\n%s", got)
	}
}
