package capture

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript"
)

// goals runs turns through one session and returns the goals each wrote.
func goals(t *testing.T, turns ...*transcript.Turn) [][]string {
	t.Helper()
	s := &Session{}
	var out [][]string
	for _, tr := range turns {
		out = append(out, Capture(tr, s, "en").Goal)
	}
	return out
}

// A request whose turn only proposes (a plan, a layout, questions) is the task of the turn
// that carries it out: a go-ahead, or the answers to the agent's questions, that starts work
// on files the task under way had not touched. An unrelated request that works is its own.
func TestHeldRequestIsTheGoalOfItsWork(t *testing.T) {
	t.Parallel()
	first := turn("Add a cooldown before each piece can move", "Done.", edit("/repo/app.js"))
	split := turn("Split app.js into modules for the engine and the rendering. Propose a layout first.", "1. engine.js 2. render.js")
	fewer := turn("Propose a layout with fewer modules and a flat folder", "1. rules.js 2. ui.js")
	doIt := turn("Let's implement it", "Done.", edit("/repo/rules.js"), edit("/repo/ui.js"))
	got := goals(t, first, split, fewer, doIt)
	if want := []string{"Split app.js into modules for the engine and the rendering."}; !slices.Equal(got[3], want) {
		t.Errorf("go-ahead after a proposal: %q, want %q", got[3], want)
	}
	if len(got[1]) != 0 || len(got[2]) != 0 {
		t.Errorf("the proposal turns wrote %q %q", got[1], got[2])
	}

	first = turn("Rewrite the README for the real-time rules", "Done.", edit("/repo/README.md"))
	premove := turn("Now I want pieces in cooldown to take a pre-move. Make a plan first.", "Plan: queue the move.\n\nShould a blocked pre-move be cancelled?")
	answers := turn("1: cancel a blocked one. 2: a second pre-move replaces the first one", "Done.", edit("/repo/state.js"), edit("/repo/board.js"))
	got = goals(t, first, premove, answers)
	if want := []string{"Now I want pieces in cooldown to take a pre-move."}; !slices.Equal(got[2], want) {
		t.Errorf("answers to the agent's questions: %q, want %q", got[2], want)
	}

	first = turn("Add a cooldown before each piece can move", "Done.", edit("/repo/app.js"))
	count := turn("Count the lines of JavaScript in the project", "1,204 lines.")
	readme := turn("Rewrite the README for the real-time rules and how to run it", "Done.", edit("/repo/README.md"))
	got = goals(t, first, count, readme)
	if want := []string{"Rewrite the README for the real-time rules and how to run it"}; !slices.Equal(got[2], want) {
		t.Errorf("a new request after a question: %q, want %q", got[2], want)
	}
}

// A request about the task under way names the task's words; sharing only "that" or "make"
// with it is no sign, two words or a longer one are, and one is enough for a question.
func TestSameSubjectNeedsAName(t *testing.T) {
	t.Parallel()
	work := []*transcript.ToolUse{edit("/repo/rules.js"), edit("/repo/ui.js"), edit("/repo/rules.js")}
	first := turn("Make it so that pieces have a cooldown before they can move", "Done.", work...)
	for _, c := range []struct {
		prompt string
		goal   bool
	}{
		{"Change the rule so that the game ends when a king is taken", true},
		{"Let the cooldown run clockwise and start at the top of the square", false},
		{"Make it so a pawn on the last row turns into a queen", true},
		{"Make the pieces flash once their cooldown is over", false},
		{"Why do they move before their time is up?", false},
	} {
		got := goals(t, first, turn(c.prompt, "Done.", work...))
		if (len(got[1]) > 0) != c.goal {
			t.Errorf("%q: goal %q, want one: %v", c.prompt, got[1], c.goal)
		}
	}
}

// A reaction that opens a request ("Thanks! Now…") folds it into the task under way only
// when its work stays on that task's files; on other files, what follows is a new task.
func TestReactionThenANewTask(t *testing.T) {
	t.Parallel()
	first := turn("Build a todo app with Next.js", "Done.", edit("/repo/app/page.tsx"), edit("/repo/app/layout.tsx"))
	for _, c := range []struct {
		prompt string
		file   string
		want   []string
	}{
		{"Thanks! Please update CLAUDE.md for the current changes", "/repo/CLAUDE.md", []string{"Please update CLAUDE.md for the current changes"}},
		{"Merci ! Mets à jour le README avec les nouvelles commandes", "/repo/README.md", []string{"Mets à jour le README avec les nouvelles commandes"}},
		{"谢谢！请更新README里的命令说明和安装步骤", "/repo/README.md", []string{"请更新README里的命令说明和安装步骤"}},
		{"That's better. Now make the done items grey and struck through", "/repo/app/page.tsx", nil},
		{"Thanks! It still fails to save the items on reload", "/repo/app/page.tsx", nil},
	} {
		got := goals(t, first, turn(c.prompt, "Done.", edit(c.file)))
		if !slices.Equal(got[1], c.want) {
			t.Errorf("%q: goal %q, want %q", c.prompt, got[1], c.want)
		}
	}
}

// A goal longer than its line is cut where a clause ends, not inside one.
func TestLongGoalCutAtAClause(t *testing.T) {
	t.Parallel()
	long := "Make the board squares a fixed size in pixels so that they stay square whatever the pieces on them, " +
		"move the new game and flip buttons to the right of the board, and remove the current game and board captions " +
		"that sit above it since they repeat the title"
	got := goals(t, turn(long, "Done.", edit("/repo/styles.css")))
	if len(got[0]) != 1 || strings.HasSuffix(got[0][0], "…") || !strings.HasSuffix(got[0][0], "of the board") {
		t.Errorf("goal %q: want it cut after a whole clause", got[0])
	}
}

// A file a call names relative to its own folder is the file of the task under way when it
// is: a follow-up on it is no new task.
func TestFollowUpOnAFileNamedFromTheCallsFolder(t *testing.T) {
	t.Parallel()
	s := &Session{}
	Capture(turn("Add a cooldown before each piece can move", "Done.", edit("/repo/web/app.js")), s, "en")
	rel := &transcript.ToolUse{Name: "Edit", FilePath: "app.js", Cwd: "/repo/web", HasResult: true}
	if r := Capture(turn("That's almost right. But the cooldown should start at the top", "Done.", rel), s, "en"); len(r.Goal) != 0 {
		t.Errorf("a follow-up on web/app.js wrote a goal: %q", r.Goal)
	}
}

// A turn whose agent goes on with its own list of the work under way, unfinished when the
// last turn ended, and adds no item to it, continues that work: what the user said corrects
// or urges it ("no mock data!", "continue, do all of them"), on whatever files, in whatever
// language. A list that adds an item, or one the last turn had finished, is no such sign.
func TestCarriedListContinuesTheTask(t *testing.T) {
	t.Parallel()
	first := turn("Build the featured dishes section of the home page", "Started.", edit("/repo/src/hooks/use-dishes.ts"),
		todos("completed Create the dishes hook", "in_progress Build the dishes component", "pending Add the section to the home page"))
	for _, c := range []struct {
		prompt string
		list   *transcript.ToolUse
		goal   bool
	}{
		{"I DO NOT UNDERSTAND WHAT YOU ARE DOING. OUR IMAGES COME FROM THE DATABASE, NO MOCK DATA IN THE PROJECT", todos(
			"completed Create the dishes hook", "completed Build the dishes component", "in_progress Add the section to the home page"), false},
		{"continue, do not come back before you have done every one of your tasks", todos(
			"completed Create the dishes hook", "completed Build the dishes component", "completed Add the section to the home page"), false},
		{"NO QUIERO DATOS FALSOS, LAS IMAGENES VIENEN DE LA BASE DE DATOS, QUE QUEDE CLARO", todos(
			"completed Create the dishes hook", "completed Build the dishes component", "in_progress Add the section to the home page"), false},
		{"The pages load slowly, find where the latency comes from and fix it", todos(
			"completed Create the dishes hook", "completed Build the dishes component", "completed Add the section to the home page",
			"in_progress Fix the latency of the menu API"), true},
	} {
		got := goals(t, first, turn(c.prompt, "Done.", edit("/repo/src/components/dishes.tsx"), edit("/repo/src/app/page.tsx"), c.list))
		if (len(got[1]) > 0) != c.goal {
			t.Errorf("%q: goal %q, want one: %v", c.prompt, got[1], c.goal)
		}
	}

	done := turn("Build the featured dishes section of the home page", "Done.", edit("/repo/src/hooks/use-dishes.ts"),
		todos("completed Create the dishes hook", "completed Build the dishes component"))
	again := turn("Now show the recommended hearts on the menu page as well", "Done.", edit("/repo/src/app/menu/page.tsx"),
		edit("/repo/src/api/menu.ts"), todos("completed Create the dishes hook", "completed Build the dishes component"))
	if got := goals(t, done, again); len(got[1]) != 1 {
		t.Errorf("a new request after a finished list: %q, want its goal", got[1])
	}
}

// A request whose turn changes no file but for which the agent starts a list of its own (a
// study, a review, a check) is a task: it has its goal. Without a list, or with the list of
// the work under way, it is held as before.
func TestNewListWithoutEditsIsATask(t *testing.T) {
	t.Parallel()
	first := turn("Add a cooldown before each piece can move", "Done.", edit("/repo/app.js"))
	study := "I want you to study where the latency of the web pages comes from, we have serious speed problems"
	list := todos("pending Analyze the API response times", "pending Review the caching strategy")
	got := goals(t, first, turn(study, "Here is what I found.", list))
	if want := []string{study}; !slices.Equal(got[1], want) {
		t.Errorf("a study with its own list: %q, want %q", got[1], want)
	}
	if got = goals(t, first, turn(study, "Here is what I found.")); len(got[1]) != 0 {
		t.Errorf("a study without a list wrote %q", got[1])
	}
	why := turn("Why do the hearts show on the home page and not on the menu page?", "The menu page reads another field.")
	if got = goals(t, first, why, turn(study, "Here is what I found.", list)); !slices.Equal(got[2], []string{study}) {
		t.Errorf("a study with its own list after a question held: %q, want %q", got[2], study)
	}
	for _, cut := range []func(*transcript.Turn){func(t *transcript.Turn) { t.Interrupted = true }, func(t *transcript.Turn) { t.TurnedDown = true }} {
		tr := turn(study, "Here is the plan.", todos("pending Analyze the API response times", "pending Review the caching strategy"))
		cut(tr)
		if got = goals(t, first, tr); len(got[1]) != 0 {
			t.Errorf("a study cut or turned down before its answer wrote %q", got[1])
		}
	}
	listed := turn("Add a cooldown before each piece can move", "Started.", edit("/repo/app.js"),
		todos("completed Add the cooldown state", "pending Draw the cooldown circle"))
	carried := turn(study, "Here is what I found.", todos("completed Add the cooldown state", "in_progress Draw the cooldown circle"))
	if got = goals(t, listed, carried); len(got[1]) != 0 {
		t.Errorf("the list of the work under way carried on wrote %q", got[1])
	}
}

// The word that only tunes the model ("ultrathink", in any case) is no part of a goal, and
// the goal does not end on the comma that stood before it.
func TestTuningWordLeavesNoTrace(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ prompt, want string }{
		{"can you look at my github actions, and see what the issue is, and hypothesize it, plan it, ultrathink",
			"can you look at my github actions, and see what the issue is, and hypothesize it, plan it"},
		{"THE PAGES ARE SLOW, FIND WHERE THE LATENCY COMES FROM ULTRATHINK", "THE PAGES ARE SLOW, FIND WHERE THE LATENCY COMES FROM"},
		{"Ultrathink: why does the login redirect loop on Safari only?", "why does the login redirect loop on Safari only?"},
	} {
		got := goals(t, turn(c.prompt, "Done.", edit("/repo/app.js")))
		if !slices.Equal(got[0], []string{c.want}) {
			t.Errorf("%q: goal %q, want %q", c.prompt, got[0], c.want)
		}
	}
}

// A goal line keeps the later asks of its prompt's paragraph while the line holds them
// whole, not a sentence with a link; what folds or not still reads the lead sentence.
func TestGoalKeepsTheLaterAsks(t *testing.T) {
	t.Parallel()
	got := goals(t,
		turn("Change the rule such that the game is lost when the king is captured. There is also no concept of check in this variant. See https://lichess.org/variant for the rules.",
			"Done.", edit("/repo/rules.js")),
		turn("Update the readme to say that this is a real time chess version. Add a section on the cooldown rules of each piece. Then explain the pre-move queue and how a blocked pre-move is cancelled, with a short example game for a new player to follow along.",
			"Done.", edit("/repo/README.md")),
		turn("Also mention the cooldown rules in the readme. Keep it short.", "Done.", edit("/repo/README.md")))
	want := [][]string{
		{"Change the rule such that the game is lost when the king is captured. There is also no concept of check in this variant."},
		{"Update the readme to say that this is a real time chess version. Add a section on the cooldown rules of each piece."},
		nil,
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("turn %d: %q, want %q", i, got[i], want[i])
		}
	}
}

// The mark Claude Code leaves where the user pasted an image or a long text is no word of
// the goal.
func TestAttachmentMarkLeavesNoTrace(t *testing.T) {
	t.Parallel()
	got := goals(t, turn("The header overlaps the menu on mobile [Image #1], make it wrap [Pasted text #2 +40 lines]",
		"Done.", edit("/repo/header.css")))
	if want := []string{"The header overlaps the menu on mobile, make it wrap"}; !slices.Equal(got[0], want) {
		t.Errorf("goal %q, want %q", got[0], want)
	}
}

// A line the user broke with a backslash (Claude Code's "\" then Enter) goes on: no "\"
// is left in the goal, nor the empty line it made.
func TestBackslashLineBreakLeavesNoTrace(t *testing.T) {
	t.Parallel()
	for prompt, want := range map[string]string{
		"Two things to fix:\\\n\\\n1. the buttons sit too low\\\n2. the modal does not close": "Two things to fix: the buttons sit too low; the modal does not close",
		"Checkout fails on mobile:\\\n17:03:19.090 POST /api/pay 500\n17:03:19.091 retry 1":   "Checkout fails on mobile",
	} {
		if got := request(prompt); got != want {
			t.Errorf("request(%q) = %q, want %q", prompt, got, want)
		}
	}
}

// A command file the agent inlined (a spec-kit command as a Codex custom prompt: a "User
// Input" heading, the user's words in a fenced block, the command's instructions) asks what
// the block says; a block left empty asks nothing, like a slash command with no arguments.
func TestInlinedCommandAsksItsInput(t *testing.T) {
	t.Parallel()
	const instructions = "\n\nYou **MUST** consider the user input before proceeding (if not empty).\n\n## Outline\n\n1. Run `.specify/scripts/bash/check-prerequisites.sh --json` from repo root and parse FEATURE_DIR.\n2. Load tasks.md and execute each phase."
	for prompt, want := range map[string]string{
		"\n## User Input\n\n```text\nimplement the export tasks T040-T052\n```" + instructions:                                            "implement the export tasks T040-T052",
		"## User Input\n\n```text\n請實作匯出功能的任務\n```" + instructions:                                                                        "請實作匯出功能的任務",
		"## User Input\n\n```text\n\n```" + instructions:                                                                                  "",
		"<system-reminder>The user opened export.go.</system-reminder>\n## User Input\n\n```text\nadd the CSV export\n```" + instructions: "add the CSV export",
	} {
		if got := request(prompt); got != want {
			t.Errorf("request(%q) = %q, want %q", prompt, got, want)
		}
	}
	got := goals(t, turn("\n## User Input\n\n```text\nimplement the export tasks T040-T052\n```"+instructions, "Done.", edit("/repo/export.go")))
	if want := []string{"implement the export tasks T040-T052"}; !slices.Equal(got[0], want) {
		t.Errorf("goal %q, want %q", got[0], want)
	}
}

// A list under a lead that says the task details it: the lead is the request. Under a lead
// that says none ("Two things:"), or with no lead, the items are the asks, without their marks.
func TestListUnderALead(t *testing.T) {
	t.Parallel()
	for prompt, want := range map[string]string{
		"Add the export screen to the reports module\n   * a CSV button\n   * a date filter":    "Add the export screen to the reports module",
		"match the footer with the rest of the site here is the snippet\n  1. Required imports": "match the footer with the rest of the site here is the snippet",
		"Next steps:\n1. move the save button to the toolbar.\n2. drop the old dialog":          "Next steps: move the save button to the toolbar; drop the old dialog",
		"1. rename the config loader (and its tests)\n2. bump the version":                      "rename the config loader (and its tests); bump the version",
	} {
		if got := request(prompt); got != want {
			t.Errorf("request(%q) = %q, want %q", prompt, got, want)
		}
	}
}

// A follow-up on the task's subject whose work adds a file beside the task's files (in one
// of their folders) goes on with the task; one that works in another folder is a new task.
func TestFollowUpWithANewFileBesideTheTasks(t *testing.T) {
	t.Parallel()
	first := turn("Add a cooldown before each piece can move", "Done.", edit("/repo/src/rules.js"))
	follow := "Let the cooldown also show as a ring around the piece"
	for _, c := range []struct {
		file string
		goal bool
	}{{"/repo/src/ring.js", false}, {"/repo/docs/ring.md", true}} {
		got := goals(t, first, turn(follow, "Done.", edit("/repo/src/rules.js"), edit(c.file)))
		if (len(got[1]) > 0) != c.goal {
			t.Errorf("new file %s: goal %q, want one: %v", c.file, got[1], c.goal)
		}
	}
}

// A new request before any work replaces a held question (how hard, why): the go-ahead
// that follows carries out the newest.
func TestNewerRequestReplacesAHeldQuestion(t *testing.T) {
	t.Parallel()
	first := turn("Add a cooldown before each piece can move", "Done.", edit("/repo/app.js"))
	split := turn("How hard would it be to split the rendering code into smaller parts?", "Not hard: 1. board.js 2. pieces.js")
	theme := turn("Propose a dark theme for the settings page instead", "1. colors.css 2. settings.css")
	goOn := turn("ok go", "Done.", edit("/repo/colors.css"), edit("/repo/settings.css"))
	got := goals(t, first, split, theme, goOn)
	if want := []string{"Propose a dark theme for the settings page instead"}; !slices.Equal(got[3], want) {
		t.Errorf("go-ahead after a newer request: %q, want %q", got[3], want)
	}
}

// A long goal with no clause mark is cut before the "and" that joins one more ask rather
// than inside a word run.
func TestLongGoalCutBeforeAnAnd(t *testing.T) {
	t.Parallel()
	long := "Make the upload page accept several pictures at once from the phone gallery or the desktop file picker " +
		"and show a small preview of each photo with its size before the upload starts so the user can drop the ones " +
		"that are too big without leaving the page"
	got := goals(t, turn(long, "Done.", edit("/repo/upload.js")))
	if len(got[0]) != 1 || strings.HasSuffix(got[0][0], "…") || !strings.HasSuffix(got[0][0], "file picker") {
		t.Errorf("goal %q: want it cut before the and", got[0])
	}
}

// A request the agent answered by looking into things at length, changing no file, is a task
// of its own (a study); one answered in a call or two, or whose closing asks back, is not.
func TestStudyWithoutAListIsAGoal(t *testing.T) {
	t.Parallel()
	s := &Session{}
	Capture(turn("Add the export button to the report page", "Added.", edit("/repo/web/report.tsx")), s, "en")
	var calls []*transcript.ToolUse
	for i := range minStudyCalls {
		calls = append(calls, bash(fmt.Sprint(i), fmt.Sprintf("grep -rn export src/part%d", i), "src/a.ts:3: export", false))
	}
	r := Capture(turn("Find out why the nightly sync drops half of the rows", "The sync pages by offset while rows are deleted.", calls...), s, "en")
	if !slices.Equal(r.Goal, []string{"Find out why the nightly sync drops half of the rows"}) {
		t.Errorf("study goal = %q", r.Goal)
	}
	r = Capture(turn("Check whether the staging server still runs the old build", "It does. Shall I redeploy?", calls...), s, "en")
	if len(r.Goal) != 0 {
		t.Errorf("a study that ends asking: goal = %q", r.Goal)
	}
	r = Capture(turn("Look at the failing cron job on the worker host", "It is the timezone.", calls[:2]...), s, "en")
	if len(r.Goal) != 0 {
		t.Errorf("two calls: goal = %q", r.Goal)
	}
}

// The name the agent gave the session (Claude Code's ai-title, a Codex thread name,
// OpenCode's title) takes the place of the goal the session's first prompt wrote, in that
// turn; a name that comes or changes later leaves the goals as they are; a first prompt
// that wrote no goal (a greeting) gets no name.
func TestSessionNameTakesThePlaceOfTheFirstGoal(t *testing.T) {
	t.Parallel()
	aside := "now im using a CPU machine so when you're done with the code I'll switch to the GPU one, build the solver pipeline"
	s := &Session{}
	first := turn(aside, "Done.", edit("/repo/pipeline.py"))
	first.Title = "Build physics reasoning pipeline"
	if got := Capture(first, s, "en").Goal; !slices.Equal(got, []string{"Build physics reasoning pipeline"}) {
		t.Errorf("named in the first turn: %q", got)
	}
	later := func(s *Session, name string) { // a name given or changed after the first turn leaves the goals as they are
		t.Helper()
		tr := turn("add tests for the solver", "Done.", edit("/repo/test_solver.py"))
		tr.Title = name
		if r := Capture(tr, s, "en"); len(r.Replaced) != 0 || slices.Contains(r.Goal, name) {
			t.Errorf("named %q after the first turn: goal %q replaced %+v", name, r.Goal, r.Replaced)
		}
	}
	later(s, "Physics pipeline and its tests") // renamed

	s = &Session{}
	if wrote := Capture(turn(aside, "Done.", edit("/repo/pipeline.py")), s, "en").Goal; len(wrote) != 1 {
		t.Fatalf("first goal: %q", wrote)
	}
	later(s, "Build physics reasoning pipeline") // named in the second turn

	s = &Session{}
	hi := turn("hi", "Hello! What would you like to work on?")
	hi.Title = "User greeting handling"
	run := turn("how do i run the dev site? it should be in the docs somewhere", "Run `npm run dev`.")
	run.Title = hi.Title
	if got := Capture(hi, s, "en").Goal; len(got) != 0 {
		t.Errorf("a greeting wrote %q", got)
	}
	if r := Capture(run, s, "en"); slices.Contains(r.Goal, hi.Title) || len(r.Replaced) != 0 {
		t.Errorf("the name of a greeting was written: %q %+v", r.Goal, r.Replaced)
	}
}

// The session's name enters capture through Guard like every text of the turn: a secret in
// it is redacted there, and again in the goal it writes.
func TestSessionNameIsGuarded(t *testing.T) {
	t.Parallel()
	token := "ghp_" + strings.Repeat("a1B2c3D4e5", 4)[:36]
	first := turn("set up the deploy token for the CI and push", "Done.", edit("/repo/.github/workflows/ci.yml"))
	first.Title = "Deploy with token " + token
	g := Guard(first)
	if strings.Contains(g.Title, token) || !strings.Contains(g.Title, "[redacted]") {
		t.Errorf("guarded title %q", g.Title)
	}
	if got := Capture(g, &Session{}, "en").Goal; len(got) != 1 || strings.Contains(got[0], token) {
		t.Errorf("goal %q: the token is written", got)
	}
}
