package capture

import (
	"context"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
	"carnet/memstore"
	"carnet/secret/secrettest"
)

// read reads the last turn of the transcript at path.
func read(t *testing.T, path string, opt transcript.ReadOptions) *transcript.Turn {
	t.Helper()
	tr, err := transcript.ReadTurn(context.Background(), path, opt)
	if err != nil {
		t.Fatalf("ReadTurn(%s): %v", filepath.Base(path), err)
	}
	return tr
}

// contains reports whether one of list holds sub.
func contains(list []string, sub string) bool {
	return slices.ContainsFunc(list, func(s string) bool { return strings.Contains(s, sub) })
}

func extractFixture(t *testing.T, name string, opt transcript.ReadOptions, root string) memstore.Extraction {
	t.Helper()
	tr := read(t, transcripttest.Fixture(t, name), opt)
	tr.Root = root
	e, raw, err := Heuristic{}.Extract(context.Background(), tr)
	if err != nil || len(raw) == 0 {
		t.Fatalf("extract: %v (raw %q)", err, raw)
	}
	noNoise(t, e)
	return e
}

// noNoise checks the rules every extraction obeys: no empty or multi-line bullet, no
// absolute path, no stop-hook feedback, nothing long.
func noNoise(t *testing.T, e memstore.Extraction) {
	t.Helper()
	for _, key := range extractionKeys {
		for _, s := range e.Field(key) {
			switch {
			case strings.TrimSpace(s) == "":
				t.Errorf("%s: empty bullet", key)
			case strings.Contains(s, "\n"):
				t.Errorf("%s: multi-line bullet %q", key, s)
			case strings.Contains(s, "/tmp/") || strings.Contains(s, "/home/"):
				t.Errorf("%s: absolute path in %q", key, s)
			case strings.Contains(s, "Stop hook feedback"):
				t.Errorf("%s: stop-hook feedback in %q", key, s)
			case len(s) > maxBullet+10:
				t.Errorf("%s: %d-byte bullet", key, len(s))
			}
		}
	}
}

// The fixtures are carnet's own Claude Code sessions (hook/agentstest/claude_sessions.go);
// the roots are the repositories they were recorded in.

func TestHeuristicToolHeavyFixture(t *testing.T) {
	t.Parallel()
	e := extractFixture(t, "claude-code-2.1.328_heavy.jsonl", transcript.ReadOptions{}, "/tmp/TestAgentClaudeSessionsheavy3730381186/003/shop")
	want := memstore.Extraction{
		Goal:      []string{"Add a multiply function to calc.sh, with a test, and commit it."},
		Problems:  []string{"Échec de `sh test_calc.sh` : test_calc.sh: 2: add: not found"},
		Knowledge: []string{"Added `multiply` to calc.sh with a test; the first test run failed because test_calc.sh did not source calc.sh."},
		Work:      []string{"Fichiers modifiés : calc.sh, test_calc.sh", "Commit 2d46428 : calc: add multiply with its test"},
		Decisions: []string{"Source calc.sh from the tests rather than copying the functions."},
		Next:      []string{"Add a divide function."},
		// the closing text's report, in the imperative: it ticks an open to-do that has all its words
		NextDone: []string{"Add `multiply` to calc.sh with a test"},
	}
	if !reflect.DeepEqual(e, want) {
		t.Errorf("got  %#v\nwant %#v", e, want)
	}
}

func TestHeuristicHelloOutsideRoot(t *testing.T) {
	t.Parallel()
	// The transcript's cwd is not under the workspace root: paths are made relative to it.
	e := extractFixture(t, "claude-code-2.1.328_hello.jsonl", transcript.ReadOptions{}, "/somewhere/else")
	if !contains(e.Work, "Fichiers créés : hello.sh") {
		t.Errorf("travail = %q", e.Work)
	}
	if !contains(e.Work, "Created `hello.sh`, a POSIX shell script") {
		t.Errorf("the **Summary:** of the closing text is missing: %q", e.Work)
	}
	if len(e.Goal) != 1 || !strings.HasPrefix(e.Goal[0], "Write a shell script called hello.sh") {
		t.Errorf("objectif = %q", e.Goal)
	}
}

func TestHeuristicRefusedToolsAreNotProblems(t *testing.T) {
	t.Parallel()
	e := extractFixture(t, "claude-code-2.1.328_denied.jsonl", transcript.ReadOptions{}, "/tmp/TestAgentClaudeSessionsdenied4276349638/003/shop")
	if len(e.Problems) != 0 || !slices.Equal(e.Goal, []string{"The server does not start"}) {
		t.Errorf("%+v", e)
	}
}

func TestHeuristicOtherFixtures(t *testing.T) {
	t.Parallel()
	e := extractFixture(t, "claude-code-2.1.328_compact.jsonl", transcript.ReadOptions{}, "/tmp/TestAgentClaudeSessionscompact3124881072/003/shop")
	if !slices.Equal(e.Goal, []string{"Mark the multiply placeholder in calc.sh with issue 12."}) || !slices.Equal(e.Work, []string{"Fichiers modifiés : calc.sh"}) {
		t.Errorf("compact: %+v", e)
	}
	e = extractFixture(t, "claude-code-2.1.328_delegate.jsonl", transcript.ReadOptions{}, "/tmp/TestAgentClaudeSessionsdelegate2108473513/003/shop")
	if !slices.Equal(e.Goal, []string{"Which shell scripts does this repository have?"}) {
		t.Errorf("delegate: %+v", e)
	}
	e = extractFixture(t, "claude-code-2.1.328_delegate_subagent.jsonl", transcript.ReadOptions{Sidechain: true}, "/tmp/TestAgentClaudeSessionsdelegate2108473513/003/shop")
	// A subagent's prompt is the main agent's delegation, not the session's goal; its failed
	// Read of a directory is no problem of the session.
	if !reflect.DeepEqual(e, memstore.Extraction{}) {
		t.Errorf("subagent: %+v", e)
	}
}

func TestHeuristicSynthetic(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Migrate the billing module to the new API\n\nDetails follow…\nOK-done Write the migration plan\nok-done: review PR 12")
	b.Use("m1", "t1", "Bash", map[string]any{"command": "go test ./billing/...", "description": "run tests"})
	b.Result("t1", "Exit code 1\n\n=== RUN TestX\nok  \tother\n--- FAIL: TestCharge (0.01s)\n    charge_test.go:12: got 3 want 4", true)
	b.Use("m1", "t2", "Bash", map[string]any{"command": "go test ./billing/...", "description": "again"})
	b.Result("t2", "Exit code 1\n--- FAIL: TestCharge", true)
	b.Use("m2", "t3", "Bash", map[string]any{"command": "cat /home/dev/proj/.env"})
	b.Result("t3", "The user doesn't want to proceed with this tool use.", true)
	b.Use("m2", "t4", "MultiEdit", map[string]any{"file_path": "/home/dev/proj/billing/charge.go", "edits": []any{}})
	b.Result("t4", "ok", false)
	b.Use("m2", "t5", "NotebookEdit", map[string]any{"notebook_path": "/home/dev/proj/nb/a.ipynb"})
	b.Result("t5", "ok", false)
	b.Use("m2", "t6", "Edit", map[string]any{"file_path": "/etc/hosts"})
	b.Result("t6", "ok", false)
	b.Use("m3", "t7", "TodoWrite", map[string]any{"todos": []any{
		map[string]any{"content": "Port the charge endpoint", "status": "completed"},
		map[string]any{"content": "Port the refund endpoint", "status": "in_progress"},
		map[string]any{"content": "Delete the old client", "status": "pending"},
		map[string]any{"content": "  ", "status": "pending"},
	}})
	b.Result("t7", "Todos have been modified", false)
	b.Use("m3", "t8", "Bash", map[string]any{"command": "git commit -am 'billing: port charge endpoint'"})
	b.Result("t8", "[main 1a2b3c4d] billing: port charge endpoint\n 2 files changed", false)
	b.Say("m4", "Done.\n\n**Decision:** keep the old client behind a flag until /home/dev/proj/billing/old.go is unused.\n\n"+
		"## Next steps\n- Port refunds\n  - nested detail\n- Remove the flag\n\nGotcha: the sandbox API rejects amounts under 50 cents.\n"+
		"```\nDecision: inside a code block\n```\nTODO:\n")
	tr := read(t, b.Write(t), transcript.ReadOptions{})
	tr.Root = "/home/dev/proj"
	e, _, _ := Heuristic{}.Extract(context.Background(), tr)
	noNoise(t, e)
	want := memstore.Extraction{
		Goal:      []string{"Migrate the billing module to the new API"},
		Problems:  []string{"Échec de `go test ./billing/...` : --- FAIL: TestCharge (0.01s)"},
		Knowledge: []string{"the sandbox API rejects amounts under 50 cents."},
		Work: []string{"Fichiers modifiés : billing/charge.go, nb/a.ipynb", // /etc/hosts is not the project's
			"Commit 1a2b3c4d : billing: port charge endpoint"},
		Decisions: []string{"keep the old client behind a flag until billing/old.go is unused."},
		Next:      []string{"Port the refund endpoint", "Delete the old client", "Port refunds", "Remove the flag"},
		NextDone:  []string{"Write the migration plan", "review PR 12", "Port the charge endpoint"},
	}
	if !reflect.DeepEqual(e, want) {
		t.Errorf("got  %#v\nwant %#v", e, want)
	}

	en, _, _ := Heuristic{Language: "en"}.Extract(context.Background(), tr)
	if en.Work[0] != "Files changed: billing/charge.go, nb/a.ipynb" || en.Problems[0] != "`go test ./billing/...` failed: --- FAIL: TestCharge (0.01s)" {
		t.Errorf("english wording: %q %q", en.Work, en.Problems)
	}
}

func TestHeuristicNothingHappened(t *testing.T) {
	t.Parallel()
	e := Heuristic{}.extract(&transcript.Turn{Prompt: "Fix it"})
	if !e.Empty() || len(e.Goal) != 0 {
		t.Errorf("a prompt with no answer gave %+v", e)
	}
	e = Heuristic{}.extract(&transcript.Turn{Prompt: "ok", Closing: "Sure."})
	if !e.Empty() {
		t.Errorf("an acknowledgement gave %+v", e)
	}
}

func TestHeuristicDropsSecrets(t *testing.T) {
	t.Parallel()
	tr := &transcript.Turn{Prompt: "Set password: hunter2hunter2 in the config", Closing: "Decision: rotate the key AKIAIOSFODNN7EXAMPLE today."}
	e := Heuristic{}.extract(tr)
	for _, key := range extractionKeys {
		for _, s := range e.Field(key) {
			if strings.Contains(s, "hunter2") || strings.Contains(s, "AKIA") {
				t.Errorf("%s kept a secret: %q", key, s)
			}
		}
	}
}

func TestGoalOf(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"  fix   the\tlogin bug  ": "fix the login bug",
		"yes":                      "",
		"Merci !":                  "",
		"<task-notification>\n<task-id>1</task-id>\n</task-notification>":                                                              "",
		"<command-message>memory_load</command-message>\n<command-name>/memory_load</command-name>\n<command-args>cmms</command-args>": "/memory_load cmms",
		"first paragraph\nstill first\n\nsecond paragraph":                                                                             "first paragraph still first",
		strings.Repeat("word ", 100): strings.TrimSpace(strings.Repeat("word ", 39)) + " word…",
	} {
		if got := goalOf(in); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCommitMessage(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`git commit -m "fix: parser"`:   "fix: parser",
		`git commit -m 'single quoted'`: "single quoted",
		"git add . && git commit -m \"$(cat <<'EOF'\nAdd heredoc subject\n\nBody\nEOF\n)\"": "Add heredoc subject",
		"git commit -F - <<EOF\nFrom stdin\nEOF":                                            "From stdin",
		"git status":                                                                        "",
	} {
		if got := commitMessage(in); got != want {
			t.Errorf("commitMessage(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPathFixer(t *testing.T) {
	t.Parallel()
	fx := NewPathFixer("/work/repo", "/home/dev/other")
	for in, want := range map[string]string{
		"see /work/repo/src/a.go:12 and /home/dev/other/b.go.": "see src/a.go:12 and b.go.",
		"route /api/v1/users stays":                            "route /api/v1/users stays",
		"url https://example.com/home/x stays":                 "url https://example.com/home/x stays",
		"(/tmp/build/out.log)":                                 "(out.log)",
		"`/Users/me/code/x.py`":                                "`x.py`",
		"relative src/a.go stays":                              "relative src/a.go stays",
	} {
		if got := fx.scrub(in); got != want {
			t.Errorf("scrub(%q) = %q, want %q", in, got, want)
		}
	}
	if r, in := fx.Rel("/work/repo/x/y.go"); r != "x/y.go" || !in {
		t.Errorf("rel = %q %v", r, in)
	}
	if r, in := fx.Rel("/opt/z/w.go"); r != "w.go" || in {
		t.Errorf("rel outside = %q %v", r, in)
	}
}

// The guard runs on the turn's raw text: a key pasted in the prompt or listed under a label
// leaves no line, even once its armour lines lose their dashes; a bullet that holds a secret
// keeps its other words.
func TestHeuristicRedactsBeforeCleaning(t *testing.T) {
	t.Parallel()
	for _, k := range secrettest.KeyFiles() {
		turn := &transcript.Turn{Prompt: k.Text + "\n\nuse this key for deploys",
			Closing: "Learned:\n- the admin password is Winter2024!" + strings.ReplaceAll("\n"+k.Text, "\n", "\n- ") + "\n"}
		e, raw, _ := Heuristic{Language: "en"}.Extract(context.Background(), turn)
		for _, key := range extractionKeys {
			for _, b := range e.Field(key) {
				if strings.Contains(b, "PRIVATE") || strings.Contains(b, "PuTTY") || strings.Contains(b, "Private-") {
					t.Errorf("[%s] %s: %q", k.Form, key, b)
				}
			}
		}
		for line := range strings.Lines(k.Text) {
			if l := strings.TrimSpace(line); len(l) >= 16 && !strings.Contains(l, " ") && strings.Contains(string(raw), l) {
				t.Errorf("[%s] a line of the key was kept: %q", k.Form, l)
			}
		}
		if !slices.Contains(e.Knowledge, "the admin password is [redacted]") {
			t.Errorf("[%s] knowledge %q", k.Form, e.Knowledge)
		}
	}
}
