package capture

import (
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript"
)

// The checks that went through are written as one knowledge bullet, each kind once, in the
// folder they ran in, with their variables; a failed run, one piped into tail whose output
// shows an error, one test or one file, a path of the user's machine, a server and a
// command of another repository are not.
func TestCommandsThatWentThrough(t *testing.T) {
	t.Parallel()
	tools := []*transcript.ToolUse{
		bash("1", "cd web && npm run build 2>&1", "built", false),
		bash("11", "npm run test:offline | tail -30", "Tests 3 failed", false),
		bash("13", "cargo test 2>&1 | tail -5", "test result: ok. 13 passed", false),
		bash("12", "COREPACK_ENABLE_PROJECT_SPEC=0 pnpm lint", "ok", false),
		bash("2", "go test ./capture -run TestGoal", "ok", false),
		bash("3", "go test ./...", "ok", false),
		bash("4", "go test ./... -count=1", "ok", false),
		bash("5", "npm test", "1 failing", true),
		bash("6", "pytest /Users/me/tmp/test_x.py", "ok", false),
		bash("7", "npx vitest run src/a.test.ts", "ok", false),
		bash("8", "cd /elsewhere/repo && make test", "ok", false),
		bash("9", "npm run dev", "ready on :3000", false),
		bash("10", "node scripts/build.mjs", "done", false),
	}
	r := Capture(turn("check everything", "All green.", tools...), &Session{}, "en")
	want := []string{"Commands that went through here: `cd web && npm run build`, `cargo test`, `COREPACK_ENABLE_PROJECT_SPEC=0 pnpm lint`, `go test ./...`"}
	if !slices.Equal(r.Knowledge, want) {
		t.Errorf("knowledge:\n got %q\nwant %q", r.Knowledge, want)
	}
	if r := Capture(turn("check", "Failing.", bash("1", "npm test", "1 failing", true)), &Session{}, "en"); len(r.Knowledge) != 0 {
		t.Errorf("a failed check: %q", r.Knowledge)
	}
}

// The session holds one commands bullet: a later turn that adds a kind rewrites it with the
// new command (Apply finds it in the day's Learnings), a kind already listed adds nothing,
// and a bullet a person wrote with the same opening is left as it is.
func TestCommandsBulletGrows(t *testing.T) {
	t.Parallel()
	p := applyWorkspace(t, "# Session log — 2026-03-22\n\n## Learnings\n- Commands that went through here: `make`\n")
	s := &Session{}
	apply(t, p, Capture(turn("run the tests", "Green.", bash("1", "go test ./...", "ok", false)), s, "en"))
	if r := Capture(turn("again", "Green.", bash("2", "go test ./... -count=1", "ok", false)), s, "en"); len(r.Knowledge)+len(r.Replaced) != 0 {
		t.Errorf("a kind listed already: %q %q", r.Knowledge, r.Replaced)
	}
	_, log := apply(t, p, Capture(turn("lint it", "Clean.", bash("3", "golangci-lint run", "0 issues", false)), s, "en"))
	if strings.Count(log, "- Commands that went through here: `go test ./...`, `golangci-lint run`\n") != 1 ||
		strings.Count(log, "Commands that went through here") != 2 || !strings.Contains(log, "- Commands that went through here: `make`\n") {
		t.Errorf("grown:\n%s", log)
	}
}
