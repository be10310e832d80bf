package capture

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript"
)

// turn builds a turn of the project /repo.
func turn(prompt, closing string, tools ...*transcript.ToolUse) *transcript.Turn {
	return &transcript.Turn{Prompt: prompt, Closing: closing, Texts: []string{closing}, Tools: tools, Root: "/repo", Cwd: "/repo"}
}

func bash(id, cmd, out string, failed bool) *transcript.ToolUse {
	return &transcript.ToolUse{ID: id, Name: "Bash", Command: cmd, HasResult: true, IsError: failed, Output: out}
}

func edit(path string) *transcript.ToolUse {
	return &transcript.ToolUse{Name: "Edit", FilePath: path, HasResult: true}
}

func todos(items ...string) *transcript.ToolUse {
	u := &transcript.ToolUse{Name: "TodoWrite", HasResult: true}
	for _, it := range items {
		status, content, _ := strings.Cut(it, " ")
		u.Todos = append(u.Todos, transcript.Todo{Content: content, Status: status})
	}
	return u
}

// One goal per task: a follow-up, a reaction to the last answer, a repeat or a tweak of the
// same files and subject is not a new goal; a new task is.
func TestGoalsFoldFollowUps(t *testing.T) {
	t.Parallel()
	s := &Session{}
	prompts := []struct {
		prompt string
		tools  []*transcript.ToolUse
		goal   bool
	}{
		{"Add a cooldown before each piece can move", []*transcript.ToolUse{edit("/repo/app.js")}, true},
		{"yes, go ahead", []*transcript.ToolUse{edit("/repo/app.js")}, false},
		{"That's almost right. But the cooldown should start at the top", []*transcript.ToolUse{edit("/repo/app.js")}, false},
		{"Make the cooldown circle slightly larger", []*transcript.ToolUse{edit("/repo/app.js")}, false},
		{"Put the legend on the left side, in a lighter grey", []*transcript.ToolUse{edit("/repo/app.js")}, false},
		{"commit and push", []*transcript.ToolUse{bash("g", "git add -A && git commit -m x && git push", "[main 1a2b3c4] x", false)}, false},
		{"Write an export script for the session history", []*transcript.ToolUse{edit("/repo/export.py")}, true},
		{"好的，继续", nil, false},
		{"实现用户登录页面", []*transcript.ToolUse{edit("/repo/login.js")}, true}, // one clause of a language written without spaces
		{"ログイン画面を作って", []*transcript.ToolUse{edit("/repo/login.html")}, true},
		{"请把地图系统改成六边形网格并且更新所有相关的渲染代码", []*transcript.ToolUse{edit("/repo/map.gd")}, true}, // no space in a long sentence: not a pasted token
		{"好", nil, false},
		{"I'm getting\n\nTraceback (most recent call last):\n  File \"x.py\"", nil, false},
	}
	for _, p := range prompts {
		r := Capture(turn(p.prompt, "Done.", p.tools...), s, "en")
		if got := len(r.Goal) > 0; got != p.goal {
			t.Errorf("%q: goal written %v (%q), want %v", p.prompt, got, r.Goal, p.goal)
		}
	}
}

// A go-ahead ("yes, do them" after a review, "ok 開始" after a discussion) carries out the task
// asked before: the agent's list of that work is its plan, not a goal of its own. A request
// held while the agent proposed is the task the go-ahead starts.
func TestGoAheadStartsATask(t *testing.T) {
	t.Parallel()
	s := &Session{}
	Capture(turn("Review the crate for unwrap calls", "Found two silent failures."), s, "en")
	r := Capture(turn("yes, I agree, let's do them", "Done.", edit("/repo/src/id.rs"), edit("/repo/src/dht.rs"),
		todos("completed Fix the silent failure in generate()", "completed Stop masking handshake errors")), s, "en")
	if len(r.Goal) != 0 {
		t.Errorf("go-ahead with a list: %q (the list is the agent's plan of the task asked before, not a goal)", r.Goal)
	}
	r = Capture(turn("ok go on", "Done.", edit("/repo/src/id.rs"), edit("/repo/src/dht.rs"), todos("completed Add tests", "completed Run them")), s, "en")
	if len(r.Goal) != 0 {
		t.Errorf("same files: %q", r.Goal)
	}
	r = Capture(turn("ok go on", "Done.", edit("/repo/ci.yml"), edit("/repo/hooks/pre-commit")), s, "en")
	if len(r.Goal) != 0 {
		t.Errorf("no list: %q", r.Goal)
	}
	task := func(subject string) *transcript.ToolUse {
		return &transcript.ToolUse{Name: "TaskCreate", HasResult: true, Task: &transcript.Task{Subject: subject, Status: "pending"}}
	}
	s = &Session{}
	Capture(turn("Read doc.md and propose ideas; we discuss before building", "Three ideas."), s, "en")
	r = Capture(turn("ok 開始", "Built.", task("Set up the project"), task("Compute the Ship pillar"), edit("/repo/app.py"), edit("/repo/src/fetch.py")), s, "en")
	if len(r.Goal) != 0 {
		t.Errorf("go-ahead with tasks: %q", r.Goal)
	}
	s = &Session{}
	r = Capture(turn("/review", "Report.", todos("in_progress Audit the security", "pending Check the tests")), s, "en")
	if len(r.Goal) != 0 {
		t.Errorf("first prompt with nothing to read: %q", r.Goal)
	}
	r = Capture(turn("Make sure the unwrap calls are only in tests", "Checked."), s, "en")
	if !slices.Equal(r.Goal, []string{"Make sure the unwrap calls are only in tests"}) {
		t.Errorf("the next request: %q", r.Goal)
	}
	s = &Session{}
	Capture(turn("Fix the login redirect", "Fixed.", edit("/repo/src/login.ts")), s, "en")
	Capture(turn("Now plan a CSV export of the report", "Here is a plan: a route and a button. Shall I go?"), s, "en")
	r = Capture(turn("ok go", "Done.", edit("/repo/src/export/csv.ts"), edit("/repo/src/export/route.ts"),
		todos("completed Add the route", "completed Add the button")), s, "en")
	if !slices.Equal(r.Goal, []string{"Now plan a CSV export of the report"}) {
		t.Errorf("go-ahead after a held request: %q", r.Goal)
	}
}

// The agent's list in its latest state: open items open, done ones closed; an item in
// progress that a later list no longer has is closed after work and dropped without; one
// never started is dropped.
func TestTodoListLifecycle(t *testing.T) {
	t.Parallel()
	s := &Session{}
	r := Capture(turn("Build the importer", "Started.", todos("in_progress Parse the CSV", "pending Write the rows", "pending Add a retry")), s, "en")
	if !slices.Equal(r.Next, []string{"Parse the CSV", "Write the rows", "Add a retry"}) {
		t.Fatalf("open = %q", r.Next)
	}
	r = Capture(turn("go on", "Parsed.", edit("/repo/csv.go"), todos("completed Parse the CSV", "in_progress Write the rows")), s, "en")
	if !slices.Equal(r.Close, []string{"Parse the CSV"}) || !slices.Equal(r.Drop, []string{"Add a retry"}) {
		t.Errorf("after work: close %q drop %q", r.Close, r.Drop)
	}
	r = Capture(turn("what's left?", "The rows.", todos("pending Check the totals")), s, "en")
	if !slices.Equal(r.Drop, []string{"Write the rows"}) || slices.Contains(r.Close, "Write the rows") {
		t.Errorf("without work: close %q drop %q", r.Close, r.Drop)
	}
}

// A new plan, or the list written again after a compaction: the old items it drops that no
// list ever started are given up, not done, even after a turn of work; the one it had in
// progress is done as before.
func TestTodoListReplaced(t *testing.T) {
	t.Parallel()
	s := &Session{}
	Capture(turn("Analyse the run", "Started.", todos("in_progress Run the analysis", "pending Write the report",
		"pending Draw the workflow chart", "pending Plan the fix step by step")), s, "en")
	r := Capture(turn("no, keep it simple", "Done.", edit("/repo/report.md"),
		todos("completed Run the analysis", "completed Write the report", "pending Send the report")), s, "en")
	if !slices.Equal(r.Drop, []string{"Draw the workflow chart", "Plan the fix step by step"}) ||
		!slices.Equal(r.Close, []string{"Run the analysis", "Write the report"}) {
		t.Errorf("replaced, half kept: close %q drop %q", r.Close, r.Drop)
	}

	s = &Session{}
	Capture(turn("Work the backlog", "Started.", todos("in_progress Task 1", "pending Task 2", "pending Task 3", "pending Task 4")), s, "en")
	r = Capture(turn("go on", "Continued.", edit("/repo/a.go"), todos("pending Task 4", "in_progress Task 9")), s, "en")
	if !slices.Equal(r.Drop, []string{"Task 2", "Task 3"}) || !slices.Equal(r.Close, []string{"Task 1"}) {
		t.Errorf("replaced, one kept: close %q drop %q", r.Close, r.Drop)
	}
}

// The closing text's next steps are open items; the next closing's list supersedes them (what
// it leaves out is dropped, not done).
func TestClosingNextSteps(t *testing.T) {
	t.Parallel()
	s := &Session{}
	r := Capture(turn("Add the API", "Added the endpoint.\n\n## Next steps\n1. Add a test for the endpoint\n2. Deploy to staging\n\nWould you like me to do it?", edit("/repo/api.go")), s, "en")
	if !slices.Equal(r.Next, []string{"Add a test for the endpoint", "Deploy to staging"}) {
		t.Fatalf("next = %q", r.Next)
	}
	r = Capture(turn("add the test", "Tested.\n\n**Remaining:**\n- Deploy to staging\n", edit("/repo/api_test.go")), s, "en")
	if len(r.Close) != 0 || !slices.Equal(r.Drop, []string{"Add a test for the endpoint"}) || !slices.Equal(r.Next, []string{"Deploy to staging"}) {
		t.Errorf("close %q next %q", r.Close, r.Next)
	}
	// turns of work that never name it again: after nextExpiry of them, it no longer holds;
	// a turn read again after the Stop gate blocked it (the agent's notes, then its stop) is
	// the same turn, not one more
	for i := range nextExpiry {
		work := turn("next task", "Done.", edit(fmt.Sprintf("/repo/task%d.go", i)))
		r = Capture(work, s, "en")
		if dropped := slices.Contains(r.Drop, "Deploy to staging"); dropped != (i == nextExpiry-1) {
			t.Errorf("turn %d of work: dropped %v", i+1, dropped)
		}
		if i < nextExpiry-1 {
			again := *work
			again.AnswersBlock, again.Closing = true, "Recorded."
			if r = Capture(&again, s, "en"); slices.Contains(r.Drop, "Deploy to staging") {
				t.Errorf("turn %d of work read again after a block: dropped", i+1)
			}
		}
	}
}

// A failure's cause is the line that says why; the same command going through later marks
// it fixed, in the turn or in a later one; grep finding nothing is no failure.
func TestFailures(t *testing.T) {
	t.Parallel()
	s := &Session{}
	r := Capture(turn("Fix the greeting", "Still failing.",
		bash("1", "cd web && go test ./... 2>&1 | tail -20", `greet_test.go:8: Greet("bob") = "hi bob", want "hello bob"`, true),
		bash("2", "grep -rn TODO src", "", true),
		bash("3", "npm run build", "error  TS2304: Cannot find name 'x'", true),
		bash("4", "npm run build", "", false)), s, "en")
	want := []string{"`go test ./...` failed: greet_test.go:8: Greet(\"bob\") = \"hi bob\", want \"hello bob\"", "fixed: `npm run build` failed: error TS2304: Cannot find name 'x'"}
	if !slices.Equal(r.Problems, want) {
		t.Fatalf("problems = %q", r.Problems)
	}
	r = Capture(turn("try again", "Passing.", edit("/repo/greet.go"), bash("5", "go test ./...", "ok", false)), s, "en")
	if !slices.Equal(r.Fixed, want[:1]) {
		t.Errorf("fixed later = %q", r.Fixed)
	}

	// A chain is told by the part that failed: the one the output names, the push after a
	// commit that went through; that part run again later, with other options, fixes it.
	s = &Session{}
	push := bash("7", "git add -A && git commit -m wip && git push", "! [rejected] main -> main (fetch first)", true)
	push.CommitHash = "abc1234"
	r = Capture(turn("lint and push", "Failed.",
		bash("6", "cd web && npm install && npm run lint", "> web@1.0 lint\n> eslint .\n3:1 error 'x' is never used", true), push), s, "en")
	if len(r.Problems) != 2 || !strings.HasPrefix(r.Problems[0], "`npm run lint` failed") || !strings.HasPrefix(r.Problems[1], "`git push` failed") {
		t.Fatalf("chains: %q", r.Problems)
	}
	r = Capture(turn("again", "Clean.", edit("/repo/web/a.ts"), bash("8", "npm run lint -- --fix", "", false),
		bash("9", "git pull --rebase && git push origin main", "main -> main", false)), s, "en")
	if len(r.Fixed) != 2 {
		t.Errorf("chains fixed later: %q", r.Fixed)
	}

	// the same command run later on everything, or on one of the operands, fixes it; run on
	// another operand, it does not
	s = &Session{}
	Capture(turn("fix the tests", "Failing.", bash("10", "pytest tests/test_api.py::test_login -x", "E   assert 401 == 200", true),
		bash("11", "go test ./parser/", "parse_test.go:9: got 2 rows, want 3", true)), s, "en")
	r = Capture(turn("again", "Better.", edit("/repo/api.py"), bash("12", "pytest -q", "12 passed", false),
		bash("13", "go test ./lexer/", "ok", false)), s, "en")
	if len(r.Fixed) != 1 || !strings.Contains(r.Fixed[0], "pytest") {
		t.Errorf("fixed on some: %q", r.Fixed)
	}

	// reading a file that is not there, or a path that is not, is the agent looking in the
	// wrong place; a test that misses its fixture failed
	r = Capture(turn("look around", "Found it.",
		bash("14", "cat types/README.md", "cat: types/README.md: No such file or directory", true),
		bash("15", "sed -n '1,80p' src/app.ts | nl", "sed: can't read src/app.ts: No such file or directory", true),
		bash("16", "python - <<'PY'\nimport json\nprint(json.load(open('out.json')))\nPY", "Traceback (most recent call last):\nFileNotFoundError: [Errno 2] No such file or directory: 'out.json'", true),
		bash("17", "ls build && node scripts/run.js", "Error: ENOENT: no such file or directory, open 'data.csv'", true),
		bash("18", "pytest tests/test_load.py", "E   FileNotFoundError: [Errno 2] No such file or directory: 'fixtures/a.csv'", true),
		bash("19", "sed -i 's/a/b/' conf.ini && make", "make: *** [all] Error 2", true)), &Session{}, "en")
	if len(r.Problems) != 2 || !strings.Contains(r.Problems[0], "pytest") || !strings.Contains(r.Problems[1], "make") {
		t.Errorf("missing paths: %q", r.Problems)
	}

	// what the machine refused (a sandbox, no network) is not the project failing
	r = Capture(turn("start it", "Started.",
		bash("20", "PORT=3001 npm run dev", "Error: listen EPERM: operation not permitted 0.0.0.0:3001", true),
		bash("21", "npm install zod", "npm error code ENOTFOUND", true),
		bash("22", "npm test", "FAIL src/a.test.ts: expected 2, got 3", true)), &Session{}, "en")
	if len(r.Problems) != 1 || !strings.Contains(r.Problems[0], "npm test") {
		t.Errorf("refused by the machine: %q", r.Problems)
	}

	// PowerShell's cd, echo, head, tail and grep (Set-Location, Write-Host, Select-Object,
	// Select-String, any case) are what they are in sh: the command is what they run or filter
	s = &Session{}
	Capture(turn("build on Windows", "Failing.", bash("37", "Set-Location web; npm run build 2>&1 | Select-Object -Last 20", "error TS2307: Cannot find module './api'", true),
		bash("38", "npm test 2>&1 | select-string FAIL", "FAIL src/api.test.ts > fetches", true)), s, "en")
	r = Capture(turn("again", "Passing.", edit("/repo/web/src/api.ts"), bash("39", "cd web && npm run build", "built in 2.1s", false),
		bash("40", "npm test | Select-Object -First 40", "Tests 12 passed", false)), s, "en")
	if len(r.Fixed) != 2 {
		t.Errorf("PowerShell filters fixed later: %q", r.Fixed)
	}

	// a question's no is no failure: a test, a diff, a lookup or a process signal that found
	// nothing, whatever runs after it in an && chain (it prints nothing; a part that failed
	// would say why)
	r = Capture(turn("check", "Checked.",
		bash("30", "git diff --quiet && echo clean", "", true),
		bash("31", "test -f .env && cat .env", "Exit code 1", true),
		bash("32", "pkill -f vite", "", true),
		bash("33", "kill 4242", "bash: kill: (4242) - No such process", true),
		bash("34", "lsof -ti :5173 | xargs kill -9", "", true)), &Session{}, "en")
	if len(r.Problems) != 0 {
		t.Errorf("questions: %q", r.Problems)
	}
	r = Capture(turn("check", "Checked.",
		bash("35", "test -f dist/index.html && npm run preview", "Error: Cannot find module 'vite'", true),
		bash("36", "go build ./... && echo built", "main.go:3:1: syntax error: non-declaration statement", true),
		bash("41", `npm run lint && npm test 2>&1 | grep -E "Tests" | tail -2`, "3:1 error 'x' is never used", true)), &Session{}, "en")
	if len(r.Problems) != 3 {
		t.Errorf("after a question: %q", r.Problems)
	}

	// a call the user or the agent's approval rules refused or cancelled, in each agent's own
	// words (OpenCode, Gemini CLI, Codex and its reviewer), is not the project failing
	for _, refused := range []string{"The user rejected permission to use this specific tool call.",
		"The user has specified a rule which prevents you from using this specific tool call.", "Tool execution aborted",
		"[Operation Cancelled] Reason: User denied execution.", "exec command rejected by user",
		"This action was rejected due to unacceptable risk."} {
		r = Capture(turn("clean up", "Stopped.", bash("23", "rm -rf dist", refused, true),
			bash("24", "make migrate", `Error 1: relation "users" does not exist`, true)), &Session{}, "en")
		if len(r.Problems) != 1 || !strings.Contains(r.Problems[0], "make migrate") {
			t.Errorf("refused by the user or the rules (%s): %q", refused, r.Problems)
		}
	}
}

// File lists name every file, relative; a list too long for one bullet is grouped by folder.
func TestFileLists(t *testing.T) {
	t.Parallel()
	var files []string
	for _, n := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z"} {
		files = append(files, "src/components/widgets/"+n+"_widget_component.tsx")
	}
	files = append(files, "README.md")
	got := FileListBullets("Files changed: ", files)
	if len(got) != 1 || !strings.HasSuffix(got[0], "), README.md") || !strings.HasPrefix(got[0], "Files changed: src/components/widgets/ (a_widget_component.tsx, ") || strings.Count(got[0], "widgets/ (") != 2 {
		t.Fatalf("grouped = %q", got)
	}
	var back []string
	for _, b := range got {
		back = append(back, ParseFileList(strings.TrimPrefix(b, "Files changed: "))...)
	}
	if !slices.Equal(back, files) {
		t.Errorf("ParseFileList = %q", back)
	}
	if got := FileListBullets("Files changed: ", []string{"a.go", "b/c.go"}); !slices.Equal(got, []string{"Files changed: a.go, b/c.go"}) {
		t.Errorf("short list = %q", got)
	}
}

// Decisions and facts come only from what the agent put under a heading that says so, and
// from sentences that set a choice against another with a reason; narration, counts and
// questions are none.
func TestStatements(t *testing.T) {
	t.Parallel()
	closing := "Done.\n\n## Key decisions\n- Cache greetings per locale: the greeting differs by region\n- Let me know if you want more\n\n" +
		"**Root cause:** the client closed the body before reading it.\n\n### Findings\n- 0 instances of unwrap() in production code\n\n" +
		"I used flock instead of a pid file, because a lock is released when the process dies.\n"
	r := Capture(turn("Fix the importer", closing, edit("/repo/imp.go")), &Session{}, "en")
	if !slices.Equal(r.Decisions, []string{"Cache greetings per locale: the greeting differs by region", "I used flock instead of a pid file, because a lock is released when the process dies."}) {
		t.Errorf("decisions = %q", r.Decisions)
	}
	if !slices.Equal(r.Knowledge, []string{"the client closed the body before reading it."}) {
		t.Errorf("knowledge = %q", r.Knowledge)
	}
}

// A decision the closing text puts to the user (its heading asks for it) is not one the
// turn made: its options and its open question are no decision, in any language.
func TestPendingDecisions(t *testing.T) {
	t.Parallel()
	for lang, closing := range map[string]string{
		"en": "Both builds pass.\n\nDecision needed:\n- **Option A**: keep the queue in Redis and add a retry worker\n- **Option B**: move the queue into Postgres with a jobs table\n",
		"it": "Build ok.\n\n**Decisioni aperte:**\n- (1) tenere la coda in Redis con un worker di retry\n- (2) spostare la coda in Postgres con una tabella jobs\n",
		"zh": "构建通过。\n\n待决定：缓存是否按地区拆分。\n\n你是否同意按地区拆分缓存？\n",
	} {
		r := Capture(turn("Compare the two queues", closing, edit("/repo/queue.go")), &Session{}, lang)
		if len(r.Decisions) > 0 {
			t.Errorf("%s: decisions = %q", lang, r.Decisions)
		}
	}
	r := Capture(turn("Fix the queue", "Done.\n\n## Decisions made\n- Kept the queue in Redis: the workers already read it\n", edit("/repo/queue.go")), &Session{}, "en")
	if !slices.Equal(r.Decisions, []string{"Kept the queue in Redis: the workers already read it"}) {
		t.Errorf("decisions made = %q", r.Decisions)
	}
}

// Work left half done: a refused commit is open until a later commit goes through.
func TestHalfDone(t *testing.T) {
	t.Parallel()
	s := &Session{}
	r := Capture(turn("commit it", "The hook refused.", bash("1", "git commit -m x", "husky - pre-commit hook exited with code 1", true)), s, "en")
	if len(r.Next) != 1 || !strings.HasPrefix(r.Next[0], "Commit refused, to redo: ") {
		t.Fatalf("next = %q", r.Next)
	}
	r = Capture(turn("fix and commit", "Committed.", bash("2", "git commit -m x", "[main abc1234] x", false)), s, "en")
	if len(r.Drop) != 1 || !strings.HasPrefix(r.Drop[0], "Commit refused") || len(r.Close) != 0 {
		t.Errorf("redone: drop %q close %q", r.Drop, r.Close)
	}
}

// A transcript recorded on Windows names files with its paths: they are made relative too.
func TestWindowsPaths(t *testing.T) {
	t.Parallel()
	fx := transcript.NewPathFixer(`C:\Users\me\app`)
	for in, want := range map[string]string{`C:\Users\me\app\src\main.go`: "src/main.go", `c:/Users/me/app/README.md`: "README.md", `src\util.go`: "src/util.go"} {
		if got, inside := fx.Rel(in); got != want || !inside {
			t.Errorf("Rel(%q) = %q %v, want %q", in, got, inside, want)
		}
	}
}

func TestWindowsPathsInText(t *testing.T) {
	t.Parallel()
	fx := transcript.NewPathFixer(`C:\Users\me\app`)
	if got := fx.Scrub(`Error in C:\Users\me\app\src\main.go:3 and C:\Windows\system32\x.dll`); got != "Error in src/main.go:3 and x.dll" {
		t.Errorf("scrub = %q", got)
	}
}

// An error the user reports is a problem: the line of the prompt in an error's shape,
// without its timestamp; a sentence that only says something does not work is none.
func TestReportedErrors(t *testing.T) {
	t.Parallel()
	r := Capture(turn("still issues\n11/7/2025, 2:27:56 PM [CONVEX M(config:update)] ArgumentValidationError: Object contains extra field `x`", "Fixed.", edit("/repo/a.ts")), &Session{}, "en")
	if !slices.Equal(r.Problems, []string{"Error reported: ArgumentValidationError: Object contains extra field `x`"}) {
		t.Errorf("pasted: %q", r.Problems)
	}
	r = Capture(turn("The drag and drop doesn't seem to be working. Try again.", "Rewrote it.", edit("/repo/a.ts")), &Session{}, "en")
	if len(r.Problems) != 0 {
		t.Errorf("prose: %q", r.Problems)
	}

	// a commit that names what the error names fixed it: in a later turn, or in the turn
	commit := func(id, msg string) *transcript.ToolUse {
		u := bash(id, "git add -A && git commit -m \""+msg+"\"", "[main 1a2b3c4] "+msg, false)
		u.CommitHash, u.CommitSubject = "1a2b3c4", strings.SplitN(msg, "\n", 2)[0]
		return u
	}
	s := &Session{}
	first := Capture(turn("still issues\n[CONVEX M(config:update)] ArgumentValidationError: Object contains extra field `aiStarsGradientEnd`", "Fixed.", edit("/repo/a.ts")), s, "en")
	r = Capture(turn("commit and push", "Pushed.", commit("2", "fix: add the fields to the validator\n\nFixes the ArgumentValidationError on save")), s, "en")
	if !slices.Equal(r.Fixed, first.Problems) {
		t.Errorf("fixed by a later commit: %q, reported %q", r.Fixed, first.Problems)
	}
	r = Capture(turn("the workflow still fails: Error: This request has been automatically failed because it uses a deprecated version of `actions/upload-artifact: v3`", "Fixed.",
		edit("/repo/.github/workflows/ci.yml"), commit("3", "Update the artifact action to v4\n\n- actions/upload-artifact from v3 to v4")), &Session{}, "en")
	if len(r.Problems) != 1 || !strings.HasPrefix(r.Problems[0], "fixed: Error reported:") {
		t.Errorf("fixed in the turn: %q", r.Problems)
	}
	// the user going on to another task after the agent worked on the report: it was fixed;
	// reporting it again, or no work on it, leaves it open
	s = &Session{}
	first = Capture(turn("Nothing happens when I press new game:\n\nUncaught TypeError: board is null", "Fixed the handler.", edit("/repo/ui.js")), s, "en")
	r = Capture(turn("The drag and drop does nothing:\n\nError: no drop target", "Rewrote it.", edit("/repo/drag.js")), s, "en")
	if len(r.Fixed) != 0 {
		t.Errorf("another report is no moving on: %q", r.Fixed)
	}
	r = Capture(turn("Add a red highlight when a king is in check", "Added.", edit("/repo/board.css")), s, "en")
	if len(r.Fixed) != 2 || r.Fixed[0] != first.Problems[0] {
		t.Errorf("moved on: %q", r.Fixed)
	}
	s = &Session{}
	Capture(turn("The login button is broken: Error: token missing", "It needs a token I do not have."), s, "en")
	r = Capture(turn("Write the export script", "Written.", edit("/repo/export.py")), s, "en")
	if len(r.Fixed) != 0 {
		t.Errorf("no work on the report: %q", r.Fixed)
	}
	// a product's name is no code word: a commit about GitHub does not fix an error that names it
	s = &Session{}
	Capture(turn("the deploy fails: Error: GitHub rejected the TypeScript build", "Looked.", edit("/repo/ci.yml")), s, "en")
	r = Capture(turn("commit", "Done.", commit("7", "Update the GitHub workflow for TypeScript")), s, "en")
	if len(r.Fixed) != 0 {
		t.Errorf("product names: %q", r.Fixed)
	}
	// a commit that names nothing of it, or an error with no code word, leaves it open
	s = &Session{}
	Capture(turn("it crashes: TypeError: renderBoard is not a function", "Fixed.", edit("/repo/ui.js")), s, "en")
	Capture(turn("The drag and drop fails:\nError: no drop target", "Rewrote it.", edit("/repo/drag.js")), s, "en")
	r = Capture(turn("commit", "Done.", commit("4", "Rework the drag and drop")), s, "en")
	if len(r.Fixed) != 0 || len(s.Reported) != 1 {
		t.Errorf("named nothing: fixed %q, open %q", r.Fixed, s.Reported)
	}
	// a command's failure a later commit names is fixed too
	s = &Session{}
	Capture(turn("run it", "It fails.", bash("5", "node app.js", "TypeError: loadConfig is not a function", true)), s, "en")
	r = Capture(turn("fix and commit", "Done.", edit("/repo/app.js"), commit("6", "Export loadConfig from the config module")), s, "en")
	if len(r.Fixed) != 1 || !strings.Contains(r.Fixed[0], "node app.js") {
		t.Errorf("failure named by a commit: %q", r.Fixed)
	}
}

// An inlined command file's own instructions are no report: their error lines say how the
// command handles errors ("ERROR: stop on a failed gate"). An error the user wrote in its
// input block is one.
func TestInlinedCommandReportsOnlyItsInput(t *testing.T) {
	t.Parallel()
	const instructions = "\n\nYou **MUST** consider the user input before proceeding (if not empty).\n\n## Outline\n\n1. Run the checks.\nERROR: if a gate fails, stop and report it.\n2. Execute the tasks."
	r := Capture(turn("## User Input\n\n```text\nimplement the export tasks\n```"+instructions, "Done.", edit("/repo/export.go")), &Session{}, "en")
	if len(r.Problems) != 0 {
		t.Errorf("the command's instructions: %q", r.Problems)
	}
	r = Capture(turn("## User Input\n\n```text\nthe export crashes: TypeError: rows is undefined\n```"+instructions, "Fixed.", edit("/repo/export.go")), &Session{}, "en")
	if !slices.Equal(r.Problems, []string{"Error reported: TypeError: rows is undefined"}) {
		t.Errorf("the user's input: %q", r.Problems)
	}
}

// When the session ends, what it leaves open is an open item: the question its last answer
// asks, a failure no later call fixed, a turn cut in the middle.
func TestSessionEnding(t *testing.T) {
	t.Parallel()
	s := &Session{}
	first := Capture(turn("Build it", "Broken.", bash("1", "npm run build", "TypeError: generate is not a function", true),
		bash("1b", "python3 scripts/fetch_prices.py", "ConnectionError: timed out", true)), s, "en")
	end := turn("Build it", "I prepared four commits.\n\nWould you like me to proceed with creating these commits?")
	end.SessionEnded = true
	want := []string{"Question left unanswered: Would you like me to proceed with creating these commits?",
		"Still failing when the session ended: `npm run build`"}
	if open := openAfter(first, Capture(end, s, "en")); !slices.Equal(open, want) {
		t.Errorf("open = %q", open)
	}
	cut := turn("Implement the plan.", "", bash("2", "./export.sh", "ok", false))
	cut.SessionEnded = true
	s = &Session{Goals: []string{"Rewrite the grant application"}}
	r := Capture(cut, s, "en")
	if !slices.Equal(r.Next, []string{"Resume the interrupted work: Rewrite the grant application"}) {
		t.Errorf("cut = %q", r.Next)
	}
}

// What made a failing command work is a fact: a variant of it that went through, or the one
// command run before it went through, with no change to the files in between.
func TestUnblocked(t *testing.T) {
	t.Parallel()
	r := Capture(turn("install the skill", "Done.",
		bash("1", "a-sdlc install --force", "(eval):1: command not found: a-sdlc", true),
		bash("2", "uv run a-sdlc install --force", "Installed 12 templates", false)), &Session{}, "en")
	if !slices.Equal(r.Knowledge, []string{"`a-sdlc install --force` fails here ((eval):1: command not found: a-sdlc); `uv run a-sdlc install --force` works"}) {
		t.Errorf("variant: %q", r.Knowledge)
	}
	r = Capture(turn("run the analysis", "Done.",
		bash("1", "python3 analyze.py", "ModuleNotFoundError: No module named 'scipy'", true),
		bash("2", "pip install scipy", "Successfully installed scipy", false),
		bash("3", "python3 analyze.py", "wrote report.csv", false)), &Session{}, "en")
	if !slices.Equal(r.Knowledge, []string{"`python3 analyze.py` only went through after `pip install scipy` (before: ModuleNotFoundError: No module named 'scipy')"}) {
		t.Errorf("unblocked: %q", r.Knowledge)
	}
}

// A chain that failed (add, commit, push) is not told by its last step: which step failed
// its output does not say. The chain run again, another commit message or not, is told by
// all its steps; another chain that shares a first step with it is no run of it again.
func TestUnblockedChain(t *testing.T) {
	t.Parallel()
	chain := `git add src/report.ts && git commit -m "Make the report tests independent of the clock and the locale" && git push`
	r := Capture(turn("commit it", "Done.",
		bash("1", chain, "[warn] Code style issues found in the above file. Run Prettier with --write to fix.", true),
		bash("2", "npx prettier --write src/report.ts", "src/report.ts 120ms", false),
		bash("3", strings.Replace(chain, "locale", "locale, all green", 1), "[main 1a2b3c4] Make the report tests\nTo github.com:o/r.git", false)), &Session{}, "en")
	want := []string{"`git add && git commit && git push` only went through after `prettier --write src/report.ts` (before: [warn] Code style issues found in the above file. Run Prettier with --write to fix.)"}
	if !slices.Equal(r.Knowledge, want) {
		t.Errorf("chain: %q, want %q", r.Knowledge, want)
	}
	r = Capture(turn("merge it", "Done.",
		bash("1", "git checkout --theirs data/a.json && git commit -m merge && git branch -d feature", "error: Committing is not possible because you have unmerged files.", true),
		bash("2", "git branch -D feature", "Deleted branch feature", false),
		bash("3", "git checkout --ours data/b.json && git add -f data/a.json && git commit -m merged", "[main 2b3c4d5] merged", false)), &Session{}, "en")
	if len(r.Knowledge) != 0 {
		t.Errorf("another chain: %q", r.Knowledge)
	}
}

// The user's choices are decisions: the answers to the agent's questions, in Claude Code's
// and Codex's shapes. A plan approved (not one turned down: it comes back changed, or later)
// names its task: its title is the goal, in place of the prompt that asked for it, in the
// turn or in the one that proposed it.
func TestChoices(t *testing.T) {
	t.Parallel()
	plan := &transcript.ToolUse{Name: "ExitPlanMode", Plan: "# Plan: Live config refresh\n\nReload the config when its file changes, without a restart. Then tell the workers.\n\n## Steps\n- add refresh", HasResult: true}
	ask := &transcript.ToolUse{Name: "AskUserQuestion", HasResult: true, Questions: []transcript.Question{{Header: "Approach", Text: "Which approach?",
		Options: map[string]string{"Optimistic UI (Recommended)": "Show the change at once, roll back on error.", "Server first": "Wait for the server"}}},
		Answer: `User has answered your questions: "Which approach?"="Optimistic UI (Recommended)". You can now continue with the user's answers in mind.`}
	refused := &transcript.ToolUse{Name: "ExitPlanMode", Plan: "# Plan: Poll the config\n\nPoll it every minute.", HasResult: true, IsError: true,
		Output: "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed."}
	r := Capture(turn("refresh the config", "Done.", refused, plan, ask, edit("/repo/a.py")), &Session{}, "en")
	want := []string{"Chosen (Approach): Optimistic UI — Show the change at once, roll back on error"}
	if !slices.Equal(r.Decisions, want) {
		t.Errorf("claude: %q", r.Decisions)
	}
	if !slices.Equal(r.Goal, []string{"Live config refresh"}) {
		t.Errorf("claude goal: %q", r.Goal)
	}
	codex := &transcript.ToolUse{Name: "request_user_input", HasResult: true, Questions: []transcript.Question{{ID: "deadline", Header: "Deadline", Text: "Which deadline?"}},
		Answer: `{"answers":{"deadline":{"answers":["1 August 2026"]}}}`}
	s := &Session{}
	proposing := Capture(turn("Write the application for the spring round", "<proposed_plan>\n# Grant reapplication\n- rewrite the summary section\n- add the usage figures\n</proposed_plan>", codex), s, "en")
	if !slices.Equal(proposing.Goal, []string{"Write the application for the spring round"}) {
		t.Fatalf("proposing goal: %q", proposing.Goal)
	}
	r = Capture(turn("Implement the plan.", "Done.", edit("/repo/app.md")), s, "en")
	if len(r.Goal) != 0 || r.Replaced["Write the application for the spring round"].Text != "Grant reapplication" {
		t.Errorf("codex plan: goal %q, replaced %v", r.Goal, r.Replaced)
	}
}

// An approved plan is told by its title, as the goal, not by its first sentence (most often
// the goal or the old state said again); what its
// decision section lists is a decision when it is stated as one, not a bare name or a step.
func TestPlanApprovalSaysWhatIsNew(t *testing.T) {
	t.Parallel()
	plan := "# Plan: Export pipeline for the session history\n\n## Context\n\nThe app keeps its history in three hard-coded tables with their own columns.\n\n" +
		"## Design decisions\n\n- Single writer process\n- Stream the rows to the file instead of building them in memory, since histories reach a gigabyte\n"
	r := Capture(turn("Implement the following plan:\n\n"+plan, "Done.", edit("/repo/export.py")), &Session{}, "en")
	if len(r.Goal) != 1 || !strings.Contains(r.Goal[0], "Export pipeline for the session history") {
		t.Fatalf("goal = %q", r.Goal)
	}
	want := []string{"Stream the rows to the file instead of building them in memory, since histories reach a gigabyte"}
	if !slices.Equal(r.Decisions, want) {
		t.Errorf("title as the goal: decisions = %q, want %q", r.Decisions, want)
	}
	// The Codex app's prompt to implement a plan: the same, and with no heading its first paragraph.
	r = Capture(turn("PLEASE IMPLEMENT THIS PLAN:\n"+plan, "Done.", edit("/repo/export.py")), &Session{}, "en")
	if !slices.Equal(r.Goal, []string{"Export pipeline for the session history"}) || !slices.Equal(r.Decisions, want) {
		t.Errorf("codex app plan: goal = %q, decisions = %q", r.Goal, r.Decisions)
	}
	r = Capture(turn("PLEASE IMPLEMENT THIS PLAN: Knowledge layer for the document space.\n\nScope: a retrieval service and a pgvector migration.", "Done.", edit("/repo/export.py")), &Session{}, "en")
	if !slices.Equal(r.Goal, []string{"Knowledge layer for the document space."}) {
		t.Errorf("plan with no heading: goal = %q", r.Goal)
	}
	approved := &transcript.ToolUse{Name: "ExitPlanMode", Plan: plan, HasResult: true}
	r = Capture(turn("write an exporter for the history", "Done.", approved, edit("/repo/export.py")), &Session{}, "en")
	if !slices.Equal(r.Decisions, want) || !slices.Equal(r.Goal, []string{"Export pipeline for the session history"}) {
		t.Errorf("goal = %q, decisions = %q, want %q", r.Goal, r.Decisions, want)
	}
}

// An answer the user wrote instead of picking an option is no choice among them (it asks
// something else, or objects); an option whose label holds a comma is one.
func TestFreeAnswerIsNoChoice(t *testing.T) {
	t.Parallel()
	ask := &transcript.ToolUse{Name: "AskUserQuestion", HasResult: true, Questions: []transcript.Question{
		{Header: "Storage", Text: "Where should the cache live?", Options: map[string]string{"On disk": "Survives restarts", "In memory": "Faster"}},
		{Header: "Browser", Text: "Open the app when it starts?", Options: map[string]string{"Yes, open it": "Opens the default browser", "No": "Start only"}}},
		Answer: `User has answered your questions: "Where should the cache live?"="WAIT, FIRST TELL ME WHY THE OLD CACHE BROKE AND WHETHER WE STILL NEED IT AT ALL", ` +
			`"Open the app when it starts?"="Yes, open it". You can now continue with the user's answers in mind.`}
	r := Capture(turn("add a cache", "Done.", ask, edit("/repo/cache.go")), &Session{}, "en")
	if want := []string{"Chosen (Browser): Yes, open it — Opens the default browser"}; !slices.Equal(r.Decisions, want) {
		t.Errorf("decisions = %q, want %q", r.Decisions, want)
	}
}

// A command run through timeout, time, env, nice or with an assignment before it is that
// command: it fails as itself and its plain run fixes it, and the reverse.
func TestFailuresThroughWrappers(t *testing.T) {
	t.Parallel()
	s := &Session{}
	r := Capture(turn("Fix the parser", "Still failing.",
		bash("1", "timeout 300 go test ./parser/ 2>&1 | tail -20", "parse_test.go:9: got 2 rows, want 3", true),
		bash("2", "CI=1 npm test", "Expected: 3\nReceived: 2", true),
		bash("3", "env NODE_ENV=test nice -n 5 npx vitest run", "AssertionError: expected 2 to be 3", true)), s, "en")
	want := []string{"`go test ./parser/` failed: parse_test.go:9: got 2 rows, want 3", "`npm test` failed: Expected: 3 Received: 2",
		"`vitest run` failed: AssertionError: expected 2 to be 3"}
	if !slices.Equal(r.Problems, want) {
		t.Fatalf("problems = %q", r.Problems)
	}
	r = Capture(turn("again", "Passing.", edit("/repo/parse.go"), bash("4", "go test ./parser/", "ok", false),
		bash("5", "time npm test", "Tests: 4 passed", false), bash("6", "timeout -k 5 60 npx vitest run", "passed", false)), s, "en")
	if len(r.Fixed) != 3 {
		t.Errorf("fixed later = %q", r.Fixed)
	}
}

// A command that failed inside the agent's sandbox and went through when run again outside
// it (Codex's require_escalated) is no failure; another command run outside it proves
// nothing of the first.
func TestSandboxRefusedIsNoFailure(t *testing.T) {
	t.Parallel()
	escalated := func(b *transcript.ToolUse) *transcript.ToolUse { b.Escalated = true; return b }
	r := Capture(turn("check the server", "It answers.",
		bash("1", "curl -sS http://127.0.0.1:8080/api/health && curl -sS http://127.0.0.1:8080/api/snapshot | jq .mode", "curl: (7) Failed to connect to 127.0.0.1 port 8080 after 0 ms: Couldn't connect to server", true),
		escalated(bash("2", "curl -sS http://127.0.0.1:8080/api/health", `{"status":"ok"}`, false)),
		bash("3", "npm test", "AssertionError: expected 2 to be 3", true),
		escalated(bash("4", "npm install", "added 3 packages", false))), &Session{}, "en")
	if want := []string{"`npm test` failed: AssertionError: expected 2 to be 3"}; !slices.Equal(r.Problems, want) {
		t.Errorf("problems = %q, want %q", r.Problems, want)
	}
}

// The pull requests the turn opened or merged are work done: `gh pr create` with the address
// it printed and its title, `gh pr merge N`, the GitHub MCP server's tools. A call that failed
// opened nothing.
func TestPullRequestsOpenedAndMerged(t *testing.T) {
	t.Parallel()
	create := bash("1", `gh pr create --title "Add the CSV export" --body "Closes #4"`, "https://github.com/acme/shop/pull/42", false)
	create.Pull = "42"
	merge := bash("2", "gh pr merge 41 --squash --delete-branch", "✓ Squashed and merged pull request #41", false)
	failed := bash("3", `gh pr create --title "Retry"`, "pull request create failed: GraphQL: No commits between main and feature", true)
	mcp := &transcript.ToolUse{Name: "mcp__github__create_pull_request", HasResult: true, Subject: "Fix the login redirect", Pull: "43"}
	r := Capture(turn("ship it", "Opened.", create, merge, failed, mcp), &Session{}, "en")
	want := []string{"PR #42 opened: Add the CSV export", "PR #41 merged", "PR #43 opened: Fix the login redirect"}
	if !slices.Equal(r.Work, want) {
		t.Errorf("work = %q, want %q", r.Work, want)
	}
	if fr := Capture(turn("ouvre la PR", "Ouverte.", create), &Session{}, "fr"); !slices.Equal(fr.Work, []string{"PR #42 ouverte : Add the CSV export"}) {
		t.Errorf("fr work = %q", fr.Work)
	}
	if got := transcript.PullShown("Creating pull request for feat into main in acme/shop\n\nhttps://github.com/acme/shop/pull/42\n"); got != "42" {
		t.Errorf("PullShown = %q", got)
	}
}

// The error a pasted log reports is its error-shaped line, or the message under the log's
// verdict; a plan the user accepted, a shouted complaint, report none.
func TestReportedLine(t *testing.T) {
	t.Parallel()
	for p, want := range map[string]string{
		"deploy fails:\n10:01:02.100 Installing...\n10:01:03.200 Compiled successfully\n10:01:04.300 Error: No address provided to StoreClient.\n10:01:04.301     at new l (chunk.js:2:5)": "Error: No address provided to StoreClient.",
		"the build stopped:\\\n10:01:02.100 Deploying outputs...\n\nBuild Failed\nOutdated version of the framework detected, please update.":                                              "Build Failed: Outdated version of the framework detected, please update.",
		"got this when starting it Caused by: org.acme.db.PoolException: FATAL: no slots left":                                                                                             "org.acme.db.PoolException: FATAL: no slots left",
		"LOGIN NOT WORKING???": "",
		"Audit the code. Check for:\n- TypeScript errors\n- broken imports\n- unused imports":              "",
		"External images fail to load:\n- timeout\n- ENOTFOUND\n- slow domains\n\nThis breaks pages.":      "",
		"Add the registration form.\n\nUX:\n- loading state\n- error state\n--------------------\nPHASE 6": "",
		"Implement the following plan:\n\n## Errors\nError: shown as a toast when the save fails":          "",
		"PLEASE IMPLEMENT THIS PLAN:\n# Saving\n\n## Errors\nError: shown as a toast when the save fails":  "",
	} {
		r := Capture(turn(p, "Fixed.", edit("/repo/a.ts")), &Session{}, "en")
		got := ""
		if len(r.Problems) > 0 {
			got = strings.TrimPrefix(r.Problems[0], "Error reported: ")
		}
		if got != want {
			t.Errorf("%q: %q, want %q", p, r.Problems, want)
		}
	}
}

// A turn that goes to another folder outside the project (a sibling repository, a site's
// folder) and changes files there names them by that folder; one it did not go to (an
// editor's settings, a plan in the agent's own folder) stays out.
func TestFilesInAFolderTheAgentWentTo(t *testing.T) {
	t.Parallel()
	tr := turn("fix the parser in the library", "Fixed.",
		&transcript.ToolUse{Name: "Bash", Command: "cd /srv/lib && go test ./...", Cwd: "/repo", HasResult: true},
		edit("/srv/lib/src/parse.go"), edit("/home/ana/.claude/plans/plan.md"), edit("/srv/other/main.go"), edit("/repo/go.mod"))
	tr.Root, tr.Cwd, tr.StartCwd, tr.SessionCwd = "/repo", "/repo", "/repo", "/repo"
	s := &Session{}
	r := Capture(tr, s, "en")
	if want := []string{"Files changed: lib/src/parse.go, go.mod"}; !slices.Equal(r.Work, want) {
		t.Errorf("work = %q, want %q", r.Work, want)
	}
	// a later turn of the session works there without going there again
	tr = turn("update its readme and drop the old parser", "Done.",
		edit("/srv/lib/README.md"), &transcript.ToolUse{Name: "Bash", Command: "rm /srv/lib/src/old.go", Cwd: "/repo", HasResult: true})
	tr.Root, tr.Cwd, tr.StartCwd, tr.SessionCwd = "/repo", "/repo", "/repo", "/repo"
	r = Capture(tr, s, "en")
	if want := []string{"Files changed: lib/README.md", "Files deleted: lib/src/old.go"}; !slices.Equal(r.Work, want) {
		t.Errorf("later turn: work = %q, want %q", r.Work, want)
	}
}

// What an agent writes to its own store (Claude Code's transcripts and auto memory under
// ~/.claude/projects/) is not a file of the project, even for a session started in the home
// folder; a file of the user's own agent setup (a Codex prompt) is.
func TestAgentsOwnStoreIsNoFileOfTheProject(t *testing.T) {
	t.Parallel()
	tr := turn("remember that the VPS runs Debian 12, and add a review prompt", "Saved.",
		edit("/home/ana/.claude/projects/-home-ana/memory/MEMORY.md"), edit("/home/ana/.claude/projects/-home-ana/memory/vps.md"),
		edit("/home/ana/.claude/plans/vps-setup.md"), edit("/home/ana/.codex/prompts/review.md"), edit("/home/ana/notes/vps.md"))
	tr.Root, tr.Cwd, tr.StartCwd, tr.SessionCwd = "/home/ana", "/home/ana", "/home/ana", "/home/ana"
	r := Capture(tr, &Session{}, "en")
	if want := []string{"Files changed: .codex/prompts/review.md, notes/vps.md"}; !slices.Equal(r.Work, want) {
		t.Errorf("work = %q, want %q", r.Work, want)
	}
}
