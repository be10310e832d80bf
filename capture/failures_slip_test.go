package capture

import (
	"strings"
	"testing"

	"carnet/hook/transcript"
)

// The shell refusing the line itself is the agent's slip, retried, not the project failing:
// a cd that failed anywhere in a chain (its folder missing, a cd wrapper the shell does not
// define), a glob or a pair of parentheses zsh found no match for, a line it could not
// parse. A script of the project that fails on its own syntax did fail.
func TestShellSlipsAreNoFailures(t *testing.T) {
	t.Parallel()
	r := Capture(turn("try the wizard", "Done.",
		bash("1", "mkdir -p /repo/tmp && cd /repo/tmp", "cd:1: command not found: __zoxide_z", true),
		bash("2", "ls -la ./src/app/(public)/", "(eval):1: no matches found: ./src/app/(public)/", true),
		bash("3", "npm run build && cd dist && ls", "bash: line 1: cd: dist: No such file or directory", true),
		bash("4", "rm logs/*.log", "zsh:1: no matches found: logs/*.log", true),
		bash("5", "echo $((1+)) && make", "(eval):1: parse error near `)'", true),
		bash("6", "./scripts/build.sh", "./scripts/build.sh: line 3: syntax error near unexpected token `('", true),
		bash("7", "npm test", "FAIL src/a.test.ts > adds: expected 2, got 3", true)), &Session{}, "en")
	if len(r.Problems) != 2 || !strings.Contains(r.Problems[0], "build.sh") || !strings.Contains(r.Problems[1], "npm test") {
		t.Errorf("problems = %q", r.Problems)
	}
}

// A call that exits non-zero and prints no word of an error reported a state, it did not
// fail: an ssh login check that has no shell to give, a server the agent stopped, a
// command that printed nothing. A test, build or lint run that fails that quietly still
// failed, and an error in what the call printed still counts.
func TestQuietNonZeroExitIsNoFailure(t *testing.T) {
	t.Parallel()
	r := Capture(turn("set up the deploy key", "Done.",
		bash("1", "ssh -T git@git.example.com", "Hi dev! You have authenticated, but there is no shell access.", true),
		bash("2", "pkill -f 'vite --port 5173'", "", true),
		bash("3", "docker stop web", "web", true),
		bash("4", "go test ./...", "ok  \tcarnet/a\t0.01s", true),
		bash("5", "curl -sf https://api.example.com/health", "curl: (7) Failed to connect to api.example.com port 443", true)), &Session{}, "en")
	if len(r.Problems) != 2 || !strings.Contains(r.Problems[0], "go test") || !strings.Contains(r.Problems[1], "curl") {
		t.Errorf("problems = %q", r.Problems)
	}
}

// A call that only asks is no failure: a git command that looks at history in a repository
// with no commit yet or for a revision that is not there, in the folder it stands in or in
// the one its -C names. A git command that changes something still fails.
func TestQuestionsAnsweredNoAreNoFailures(t *testing.T) {
	t.Parallel()
	r := Capture(turn("set up the project", "Done.",
		bash("2", "git status && git log --oneline -5", "fatal: your current branch 'main' does not have any commits yet", true),
		bash("3", "git show v1.2:src/app.ts", "fatal: invalid object name 'v1.2'.", true),
		bash("5", "git -C ../site log --oneline -3", "fatal: not a git repository (or any of the parent directories): .git", true),
		bash("4", "git merge feature/login", "CONFLICT (content): Merge conflict in src/app.ts\nAutomatic merge failed; fix conflicts and then commit the result.", true)), &Session{}, "en")
	if len(r.Problems) != 1 || !strings.Contains(r.Problems[0], "git merge") {
		t.Errorf("problems = %q", r.Problems)
	}
}

// A call whose exit "| head" hid is a failure when its output shows an error and it ran the
// project's check or a program of its own; a search's or a lookup's results that hold an
// error line are what it found.
func TestPipedErrorIsAFailureOnlyOfTheProjectsRun(t *testing.T) {
	t.Parallel()
	r := Capture(Guard(turn("fix the build", "Done.",
		bash("1", "npm run build 2>&1 | tail -20", "Error: Cannot find module './config'", false),
		bash("2", "python3 scripts/train.py | head -40", "ValueError: bad shape (3, 4)", false),
		bash("3", "curl -s 'https://api.github.com/search/issues?q=vite' | grep -A2 title | head -20", "  title: Error: Cannot find module 'vite' after the upgrade", false),
		bash("4", "gh issue list --search crash | head -5", "1234\tOPEN\tTypeError: x is undefined in the login form", false))), &Session{}, "en")
	if len(r.Problems) != 2 || !strings.Contains(r.Problems[0], "npm run build") || !strings.Contains(r.Problems[1], "train.py") {
		t.Errorf("problems = %q", r.Problems)
	}
}

// A command that changes to a folder of the project is the project's, whatever the blanks
// in its name (quoted, or escaped with a backslash); one in another folder is not.
func TestCdIntoAFolderWithBlanksStaysInTheProject(t *testing.T) {
	t.Parallel()
	tr := turn("build it", "Failing.",
		bash("1", `cd /work/My\ App/server && ./mvnw compile`, "[INFO] Scanning for projects...\n[ERROR] COMPILATION ERROR :\n[ERROR] /work/My App/server/src/A.java:[3,8] cannot find symbol", true),
		bash("2", `cd "/work/My App/web" && npm run build`, "error TS2322: Type 'string' is not assignable to type 'number'.", true),
		bash("3", `cd /srv/other\ repo && make`, "make: *** [all] Error 2", true))
	tr.Root, tr.Cwd = "/work/My App", "/work/My App"
	r := Capture(tr, &Session{}, "en")
	if len(r.Problems) != 2 || !strings.Contains(r.Problems[0], "mvnw compile") || !strings.Contains(r.Problems[1], "npm run build") {
		t.Errorf("problems = %q", r.Problems)
	}
}

// A server started in the foreground runs until the call's time runs out: it was serving,
// nothing failed; so does a call that waits (a sleep before a check, a watch, a log
// followed). A test or a script that times out did fail.
func TestServerTimedOutIsNoFailure(t *testing.T) {
	t.Parallel()
	r := Capture(turn("run it", "It runs.",
		bash("1", "npm run dev", "Command timed out after 2m 0.0s ⚠ Port 3000 is in use, trying 3001 instead.", true),
		bash("2", "cd web && pnpm run preview -- --port 4173", "Command timed out after 10s", true),
		bash("3", "python manage.py runserver 8000", "Command timed out after 1m 0s", true),
		bash("4", "npx vite --host", "Command timed out after 2m 0.0s", true),
		bash("7", "sleep 180 && gh run view 17456322327", "Command timed out after 2m 0.0s\nRefreshing run status every 3 seconds.", true),
		bash("8", "gh run watch 17456183654", "Command timed out after 2m 0.0s", true),
		bash("9", "docker compose logs -f api", "Command timed out after 2m 0.0s", true),
		bash("5", "npm test", "Command timed out after 2m 0.0s", true),
		bash("6", "node scripts/seed.mjs", "Command timed out after 2m 0.0s", true)), &Session{}, "en")
	if len(r.Problems) != 2 || !strings.Contains(r.Problems[0], "npm test") || !strings.Contains(r.Problems[1], "seed.mjs") {
		t.Errorf("problems = %q", r.Problems)
	}
}

// An MCP call a service turned down for its limits (a rate limit, no credit left) is no
// failure of the project, nor is a call the agent got wrong and then got past with the same
// server through another of its tools. A server's call that failed with nothing after it
// still failed, and one its retry got through is fixed.
func TestMCPRefusalsAndSlipsAreNoFailures(t *testing.T) {
	t.Parallel()
	mcp := func(id, name, out string, failed bool) *transcript.ToolUse {
		return &transcript.ToolUse{ID: id, Name: name, MCP: true, HasResult: true, IsError: failed, Output: out}
	}
	r := Capture(turn("check the orders page", "Done.",
		mcp("1", "mcp__search__web_search", "Error: 429 Too Many Requests: retry in 30s", true),
		mcp("2", "mcp__docs__fetch", "Error: monthly quota exhausted for this key", true),
		mcp("3", "mcp__browser__click", "Error: element ref e12 not found in the page", true),
		mcp("4", "mcp__browser__snapshot", "- button \"Pay\"", false),
		mcp("5", "mcp__db__apply_migration", "ERROR: relation \"orders\" does not exist", true),
		mcp("6", "push_files", "409 Git Repository is empty.", true),
		mcp("7", "create_branch", `{"ref": "refs/heads/main"}`, false),
		mcp("8", "push_files", `{"ref": "refs/heads/main"}`, false)), &Session{}, "en")
	if len(r.Problems) != 2 || !strings.Contains(r.Problems[0], "orders") || !strings.HasPrefix(r.Problems[1], "fixed: `push_files`") {
		t.Errorf("problems = %q", r.Problems)
	}
}

// A failing script the agent typed inline (python -c, node -e, a here-document on an
// interpreter's standard input), alone or after a cd or a curl whose answer it parses, is
// the agent's probe: its error is its own throwaway code's. A file of the project run by its
// interpreter, or an inline script beside the project's own command, still fails.
func TestInlineScriptsAreProbes(t *testing.T) {
	t.Parallel()
	r := Capture(turn("check the export", "Done.",
		bash("1", `python3 -c "import json; print(json.load(open('out.json'))['rows'][:50])"`, "KeyError: 'rows'", true),
		bash("2", "cd frontend && node -p \"require('./node_modules/react/package.json').version\"", "Error: Cannot find module './node_modules/react/package.json'", true),
		bash("3", "curl -s localhost:8000/api | python3 -c 'import json,sys; json.load(sys.stdin)'", "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)", true),
		bash("4", "python3 - <<'EOF'\nfrom PIL import Image\nEOF", "ModuleNotFoundError: No module named 'PIL'", true),
		bash("5", `bash -lc "cd api && python3 -c 'import app'"`, "ImportError: cannot import name 'db' from 'app'", true),
		bash("6", "python3 scripts/export.py", "KeyError: 'rows'", true),
		bash("7", `npm run build && node -e "console.log(1)"`, "Error: Cannot find module './config'", true)), &Session{}, "en")
	if len(r.Problems) != 2 || !strings.Contains(r.Problems[0], "export.py") || !strings.Contains(r.Problems[1], "npm run build") {
		t.Errorf("problems = %q", r.Problems)
	}
}
