package capture

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
	"carnet/memstore"
)

// extractEN reads the transcript b wrote and extracts it in English, with root as the workspace.
func extractEN(t *testing.T, b *transcripttest.Claude, root string) memstore.Extraction {
	t.Helper()
	tr := read(t, b.Write(t), transcript.ReadOptions{})
	tr.Root = root
	e := Heuristic{Language: "en"}.extract(tr)
	noNoise(t, e)
	return e
}

func TestEveryCommitAndPullRequest(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Split the parser into small commits and open a PR")
	for i := range 7 {
		bash(b, fmt.Sprint("c", i), fmt.Sprintf("git commit -m 'parser: step %d'", i), fmt.Sprintf("[main abc%d123] parser: step %d\n 1 file changed", i, i), false)
	}
	bash(b, "p1", `gh pr create --title "Parser in small steps" --body "x"`, "https://github.com/o/r/pull/42\n", false)
	bash(b, "p2", "gh pr merge 42 --squash", "✓ Squashed and merged pull request #42", false)
	b.Use("m9", "g1", "mcp__github__create_pull_request", map[string]any{"owner": "o", "repo": "r", "title": "Docs for the parser"})
	b.Result("g1", `{"id":1,"number":43,"state":"open"}`, false)
	b.Use("m9", "g2", "mcp__github__merge_pull_request", map[string]any{"owner": "o", "repo": "r", "pullNumber": 43})
	b.Result("g2", `{"merged":true}`, false)
	bash(b, "p3", `gh pr create --title "Refused"`, "pull request create failed: GraphQL: No commits", true)
	b.Say("m10", "Done.")
	e := extractEN(t, b, "/home/dev/proj")
	for i := range 7 {
		if !contains(e.Work, fmt.Sprintf("Commit abc%d123: parser: step %d", i, i)) {
			t.Errorf("commit %d missing: %q", i, e.Work)
		}
	}
	for _, want := range []string{"Opened PR #42: Parser in small steps", "Merged PR #42", "Opened PR #43: Docs for the parser", "Merged PR #43"} {
		if !slices.Contains(e.Work, want) {
			t.Errorf("%q missing: %q", want, e.Work)
		}
	}
	if contains(e.Work, "Refused") {
		t.Errorf("a PR that was not opened is recorded: %q", e.Work)
	}
}

func TestCommitFixesAndPushes(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Commit the fix")
	bash(b, "c1", "git add x.go && git commit -m 'fix: x'", "husky - pre-commit script failed (code 1)", true)
	bash(b, "c2", "git add x.go && git commit --no-verify -m 'fix: x'", "[main 1a2b3c4] fix: x", false)
	bash(b, "c3", "git commit -m 'docs: y' && git push", "[main 5d6e7f8] docs: y\n ! [rejected]        main -> main (fetch first)", true)
	b.Say("m9", "Done.")
	e := extractEN(t, b, "/home/dev/proj")
	if !slices.Contains(e.Problems, "fixed: `git add x.go && git commit` failed: husky - pre-commit script failed (code 1)") {
		t.Errorf("a refused commit made later is not marked fixed: %q", e.Problems)
	}
	if !slices.Contains(e.Problems, "`git push` failed: ! [rejected] main -> main (fetch first)") {
		t.Errorf("the push, not the commit, failed: %q", e.Problems)
	}
}

func TestInterruptions(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Port the refund endpoint")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/refund.go"})
	b.Result("e1", "ok", false)
	b.Add(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "[Request interrupted by user]"}}}})
	e := extractEN(t, b, "/home/dev/proj")
	if !slices.Contains(e.Problems, "Turn interrupted by the user") || !slices.Contains(e.Next, "Resume the interrupted work (last file changed: refund.go)") {
		t.Errorf("user abort: %+v", e) // the goal is the turn's own Goal bullet: the to-do does not say it again
	}

	b = &transcripttest.Claude{}
	b.Prompt("Scaffold the gateway")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/main.py"})
	b.Result("w1", "ok", false)
	b.Say("m2", "Provider API request failed.\n\nProvider exception:\nRequest timed out.\n\nRequest ID: req_1")
	e = extractEN(t, b, "/home/dev/proj")
	if !slices.Contains(e.Problems, "Turn interrupted: Provider API request failed. Request timed out.") || len(e.Next) != 1 {
		t.Errorf("API timeout: %+v", e)
	}
	if strings.Contains(e.Next[0], "Scaffold") || !strings.Contains(e.Next[0], "main.py") {
		t.Errorf("the resume to-do repeats the goal instead of saying where the work stopped: %q", e.Next)
	}

	// A refused tool call is not an interruption.
	b = &transcripttest.Claude{}
	b.Prompt("Clean up")
	bash(b, "r1", "rm -rf build", "The user doesn't want to proceed with this tool use.", true)
	b.Add(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "[Request interrupted by user for tool use]"}}}})
	if e := extractEN(t, b, "/home/dev/proj"); len(e.Problems)+len(e.Next) != 0 {
		t.Errorf("refusal: %+v", e)
	}
}

func TestPathsFollowTheRepository(t *testing.T) {
	t.Parallel()
	// In the workspace: after cd to another repository, its files and commits are not the project's.
	b := &transcripttest.Claude{}
	b.Prompt("Fix the client in both repos")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/client.go"})
	b.Result("e1", "ok", false)
	b.Add(map[string]any{"type": "assistant", "cwd": "/home/dev/other", "message": map[string]any{"id": "m2", "role": "assistant",
		"content": []any{map[string]any{"type": "tool_use", "id": "e2", "name": "Edit", "input": map[string]any{"file_path": "/home/dev/other/lib.go"}}}}})
	b.Result("e2", "ok", false)
	bash(b, "c1", "cd /home/dev/other && git commit -am 'lib: fix'", "[main 9f9f9f9] lib: fix", false)
	b.Say("m3", "Done.")
	e := extractEN(t, b, "/home/dev/proj")
	if !slices.Equal(e.Work, []string{"Files changed: client.go"}) {
		t.Errorf("work = %q", e.Work)
	}

	// Recorded elsewhere (the root is not among the transcript's folders): the folder the turn
	// started in stands for the root, so a new repository made under it keeps its folder.
	b = &transcripttest.Claude{}
	b.Add(map[string]any{"type": "user", "cwd": "/Users/ann/work", "message": map[string]any{"role": "user", "content": "Create the gateway repo here"}})
	b.Add(map[string]any{"type": "assistant", "cwd": "/Users/ann/work/gateway", "message": map[string]any{"id": "m1", "role": "assistant",
		"content": []any{map[string]any{"type": "tool_use", "id": "w1", "name": "Write", "input": map[string]any{"file_path": "/Users/ann/work/gateway/main.py"}}}}})
	b.Result("w1", "ok", false)
	b.Say("m2", "Created.")
	if e := extractEN(t, b, "/tmp/replay"); !slices.Equal(e.Work, []string{"Files changed: gateway/main.py"}) {
		t.Errorf("work = %q", e.Work)
	}

	// A home folder is no project: a path under it is not made relative to it.
	b = &transcripttest.Claude{}
	b.Add(map[string]any{"type": "user", "cwd": "/Users/ann", "message": map[string]any{"role": "user", "content": "Read /Users/ann/personal/weave/doc.md and sum it up"}})
	b.Say("m1", "It is a take-home project.")
	if e := extractEN(t, b, "/tmp/replay"); !slices.Equal(e.Goal, []string{"Read doc.md and sum it up"}) {
		t.Errorf("goal = %q", e.Goal)
	}
}

func TestReviewFindingsAreNotProblems(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Look over the crate")
	b.Say("m1", "## Code Review Report\n\n### Known issues\n- Silent failure in `generate()`\n\n## Next steps\n- Fix `generate()`\n")
	e := extractEN(t, b, "/home/dev/proj")
	if len(e.Problems) != 0 || !slices.Equal(e.Next, []string{"Fix `generate()`"}) {
		t.Errorf("%+v", e)
	}
}

func TestPlansGiveGoalsAndDecisions(t *testing.T) {
	t.Parallel()
	plan := "# Plan: Cache invalidation\n\n## Approach\n- Key the cache by locale and version, because stale entries broke French pages\n\n## Steps\n1. Change the key\n"
	b := &transcripttest.Claude{}
	b.Prompt("The French pages show English text")
	b.Use("m1", "x1", "ExitPlanMode", map[string]any{"plan": plan})
	b.Result("x1", "User has approved your plan.", false)
	b.Say("m2", "Starting.")
	e := extractEN(t, b, "/home/dev/proj")
	if !slices.Contains(e.Goal, "Plan: Cache invalidation") || !contains(e.Decisions, "Key the cache by locale and version") {
		t.Errorf("accepted plan: %+v", e)
	}
	// A rejected plan decided nothing.
	b = &transcripttest.Claude{}
	b.Prompt("The French pages show English text")
	b.Use("m1", "x1", "ExitPlanMode", map[string]any{"plan": plan})
	b.Result("x1", "The user doesn't want to proceed with this tool use.", true)
	b.Say("m2", "Waiting.")
	if e := extractEN(t, b, "/home/dev/proj"); len(e.Decisions) != 0 || len(e.Goal) != 1 {
		t.Errorf("rejected plan: %+v", e)
	}
	// Codex proposes its plan in its answer; "Implement the plan." is then no goal of its own.
	b = &transcripttest.Claude{}
	b.Prompt("Implement the plan.")
	b.Say("m1", "<proposed_plan>\n"+plan+"</proposed_plan>")
	if e := extractEN(t, b, "/home/dev/proj"); !slices.Equal(e.Goal, []string{"Plan: Cache invalidation"}) || len(e.Decisions) != 1 {
		t.Errorf("proposed plan: %+v", e)
	}
}

func TestTasksHaveALifecycle(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Build the dashboard")
	for i, s := range []string{"Fetch the data", "Compute the scores", "Deploy"} {
		id := fmt.Sprint("tc", i)
		b.Use("m1", id, "TaskCreate", map[string]any{"subject": s, "description": "long text", "activeForm": "doing"})
		b.Result(id, fmt.Sprintf("Task #%d created successfully: %s", i+1, s), false)
	}
	b.Use("m2", "tu1", "TaskUpdate", map[string]any{"taskId": "1", "status": "completed"})
	b.Result("tu1", "Updated task #1 status", false)
	b.Use("m2", "tu2", "TaskUpdate", map[string]any{"taskId": 2, "status": "in_progress"})
	b.Result("tu2", "Updated task #2 status", false)
	b.Say("m3", "Scores next.")
	e := extractEN(t, b, "/home/dev/proj")
	if !slices.Equal(e.Next, []string{"Compute the scores", "Deploy"}) || !slices.Equal(e.NextDone, []string{"Fetch the data"}) {
		t.Errorf("next = %q, done = %q", e.Next, e.NextDone)
	}
}

func TestGoalsOfApprovalsAndPastes(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"yes, I agree with all these three actions, lets do them": "",
		"ok merge":            "",
		"Implement the plan.": "",
		"yes that makes sense, but count the deposits":                                                          "yes that makes sense, but count the deposits",
		"take Phase 2 to PR   │\n│   with the orchestrator":                                                     "take Phase 2 to PR with the orchestrator",
		"performance test still fails... \"\"Current runner version: '2.327.1'\nRunner Image\nOperating System": "performance test still fails...",
	} {
		if got := goalOf(in); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", in, got, want)
		}
	}
	// A heading's sentence that introduces a quote keeps what it says before it.
	got := labelled("### Root Cause\nGitHub deprecated `upload-artifact@v3` in April 2024. Any workflow using v3 fails with:\n```\nError\n```\n")
	if !slices.Equal(got[memstore.KeyKnowledge], []string{"GitHub deprecated `upload-artifact@v3` in April 2024."}) {
		t.Errorf("root cause = %q", got)
	}
}

func TestTurnsThatSayLittle(t *testing.T) {
	t.Parallel()
	// An approval's goal is what the turn's to-do list set out to do, when the whole list
	// fits in a goal: the first three of four items are not (goal finding c14, c06).
	b := &transcripttest.Claude{}
	b.Prompt("yes, I agree with all three, let's do them")
	b.Use("m1", "t1", "TodoWrite", map[string]any{"todos": []any{
		map[string]any{"content": "Fix the silent failure", "status": "completed"},
		map[string]any{"content": "Add clippy lints", "status": "completed"},
		map[string]any{"content": "Enforce clippy in CI", "status": "completed"},
		map[string]any{"content": "Document it", "status": "completed"},
	}})
	b.Result("t1", "Todos have been modified", false)
	b.Say("m2", "All done.")
	if e := extractEN(t, b, "/home/dev/proj"); len(e.Goal) != 0 {
		t.Errorf("goal = %q", e.Goal)
	}
	// The answer to a question is worth knowing.
	b = &transcripttest.Claude{}
	b.Prompt("How do I update the tool I already installed?")
	b.Say("m1", "Run the installer again:\n\n```bash\nuv run tool install --force\n```\n\nThis copies the templates from your source tree to the commands folder. No package reinstall is needed.")
	if e := extractEN(t, b, "/home/dev/proj"); !slices.Equal(e.Knowledge, []string{"`uv run tool install --force` copies the templates from your source tree to the commands folder."}) {
		t.Errorf("knowledge = %q", e.Knowledge)
	}
}

func TestClosingTextDetails(t *testing.T) {
	t.Parallel()
	got := labelled("### Next Steps\nConvex redeploys by itself. Watch for:\n- ✅ \"Functions ready!\" in the terminal\n\nThen test:\n" +
		"1. Navigate to `/preview`\n2. Open Appearance\n3. Change the type to \"Gradient\"\n4. Refresh the page\n")
	if !slices.Equal(got[memstore.KeyNext], []string{"Navigate to `/preview`; Open Appearance; Change the type to \"Gradient\"; Refresh the page"}) {
		t.Errorf("a manual check's steps: %q", got[memstore.KeyNext])
	}
	got = labelled("## Next steps\n1. Run `./setup.sh`\n2. All future code will be checked automatically\n")
	if !slices.Equal(got[memstore.KeyNext], []string{"Run `./setup.sh`"}) {
		t.Errorf("a statement of what follows is no step: %q", got[memstore.KeyNext])
	}
	got = labelled("### Solution Applied\n- Line 93: Changed `upload@v3` → `upload@v4`\n- Line 202: Changed `upload@v3` → `upload@v4`\n")
	if e := clean(memstore.Extraction{Decisions: got[memstore.KeyDecisions]}, PathFixer{}); !slices.Equal(e.Decisions, []string{"Changed `upload@v3` → `upload@v4`"}) {
		t.Errorf("decisions = %q", e.Decisions)
	}
	e := clean(memstore.Extraction{Knowledge: []string{
		"The CI failure is not due to the test code but because the workflow uses a deprecated `upload-artifact@v3`.",
		"The CI failure was not due to the tests themselves, but because the workflow was using a deprecated `upload-artifact@v3`.",
		"GitHub deprecated `upload-artifact@v3` in April 2024.",
	}}, PathFixer{})
	if len(e.Knowledge) != 2 {
		t.Errorf("a restated fact is kept twice: %q", e.Knowledge)
	}
	first := "No single composite as headline: the composite orders the cards, but the four pillars are the substance of the dashboard."
	long := first + " " + strings.Repeat("The pillars are shown side by side so that each shape of contribution stays visible ", 4)
	e = clean(memstore.Extraction{Decisions: []string{
		"Bots removed via a 3-layer check: user type, bot suffix, known list.",
		"Bots removed via a 3-layer check: user type, bot suffix, known list. The known list alone misses new bots.",
		long,
	}}, PathFixer{})
	if !slices.Equal(e.Decisions, []string{"Bots removed via a 3-layer check: user type, bot suffix, known list.", first}) {
		t.Errorf("decisions = %q", e.Decisions)
	}
	e = clean(memstore.Extraction{Knowledge: []string{"request 1350 of the batch timed out", "request 2291 of the batch timed out"}}, PathFixer{})
	if len(e.Knowledge) != 2 {
		t.Errorf("two facts about two requests are one: %q", e.Knowledge)
	}
	// A review's "instead of" recommends; it decides nothing.
	b := &transcripttest.Claude{}
	b.Prompt("Review the identity module")
	b.Say("m1", "## Review\nFix `generate()`: return errors instead of silent failures.")
	if e := extractEN(t, b, "/home/dev/proj"); len(e.Decisions) != 0 {
		t.Errorf("review: %q", e.Decisions)
	}
}

func TestQuestionsAndOffersAreNoSteps(t *testing.T) {
	t.Parallel()
	got := labelled("## Next steps\n- Layer in the cooldown rules\n- Adjust the AI depth if you want faster play\n\n## Questions\n- Should a premove be kept when the square is taken? (Assume no.)\n")
	if !slices.Equal(got[memstore.KeyNext], []string{"Layer in the cooldown rules"}) {
		t.Errorf("next = %q", got[memstore.KeyNext])
	}
}

func TestGoalsCountCharactersNotBytes(t *testing.T) {
	t.Parallel()
	g := "новый репо в 4alvit аккаунте (отдельный фолдер тут в корне директории). fastapi-mqtt-gateway - Production-ready REST/WebSocket → MQTT bridge, with auth"
	if len(g) <= maxGoal {
		t.Fatalf("the test needs more than %d bytes: %d", maxGoal, len(g))
	}
	if got := goalOf(g); got != g {
		t.Errorf("goalOf = %q", got)
	}
	// An answer's own sentences are knowledge; the points it lists, or a plan, are not.
	b := &transcripttest.Claude{}
	b.Prompt("Can we find who created a bot?")
	b.Say("m1", "Yes, the first PR that adds a bot's workflow names its owner in most repositories.\n\n- Look at `.github/workflows/*.yml` authors to find the maintainers of the bot")
	if e := extractEN(t, b, "/home/dev/proj"); !slices.Equal(e.Knowledge, []string{"Yes, the first PR that adds a bot's workflow names its owner in most repositories."}) {
		t.Errorf("knowledge = %q", e.Knowledge)
	}
}

func TestMarkdownWrittenGivesDecisions(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Write up the dashboard")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/SUBMISSION.md",
		"content": "# Submission\n\n## Approach\n- Score engineers on four pillars, because one number hides the shape of a contribution\n\n### Deliberate non-decisions\n- No per-line counts: they reward churn\n\n## Time\n- 33 minutes\n"})
	b.Result("w1", "File created successfully", false)
	b.Use("m1", "w2", "Write", map[string]any{"file_path": "/home/dev/proj/notes.txt", "content": "## Approach\n- not a document carnet reads\n"})
	b.Result("w2", "File created successfully", false)
	b.Say("m2", "Written.")
	e := extractEN(t, b, "/home/dev/proj")
	if !slices.Equal(e.Decisions, []string{"Score engineers on four pillars, because one number hides the shape of a contribution", "No per-line counts: they reward churn"}) {
		t.Errorf("decisions = %q", e.Decisions)
	}
	if slices.Contains(e.Goal, "Plan: Submission") {
		t.Errorf("a document's title is no goal: %q", e.Goal)
	}
}
