package capture

import (
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
	"carnet/memstore"
)

// Each test below pins one way real sessions were misread, on a short transcript written
// here in the agent's own format.

func TestLabelledClosingTexts(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, text string
		key        string
		want       []string
	}{
		{"emoji heading and intro sentence", "## 🚀 Next Steps\n\nHere is what I suggest:\n\n1. **Add tests** for the parser\n2. Wire the CLI\n", memstore.KeyNext,
			[]string{"Add tests for the parser", "Wire the CLI"}},
		{"recommended", "### Recommended Next Steps:\n- Run the migration\n", memstore.KeyNext, []string{"Run the migration"}},
		{"remaining work in bold", "**Remaining Work:**\n- Port refunds\n- Drop the flag\n", memstore.KeyNext, []string{"Port refunds", "Drop the flag"}},
		{"bold sub-headings", "## Next steps\n\n**Short term:**\n- Fix the cache\n\n**Later:**\n- Split the module\n", memstore.KeyNext,
			[]string{"Fix the cache", "Split the module"}},
		{"deeper sub-headings", "## Next steps\n### Immediate\n- Ship it\n### Later\n- Refactor\n## Notes\n- not a step\n", memstore.KeyNext,
			[]string{"Ship it", "Refactor"}},
		{"list items as sub-headings", "**Next steps:**\n- **Immediate actions:**\n  - Rotate the key\n- **Later:**\n  - Audit the logs\n", memstore.KeyNext,
			[]string{"Rotate the key", "Audit the logs"}},
		{"numbered heading", "## 3. Architecture Decisions\n- SQLite over Postgres: one user, one file\n", memstore.KeyDecisions,
			[]string{"SQLite over Postgres: one user, one file"}},
		{"review details", "## Known issues\n- Silent failure in `generate()`\n  - File: `identity.rs`\n- Line: 23\n- 2\n", memstore.KeyProblems,
			[]string{"Silent failure in `generate()`"}},
		{"key findings", "### 🔍 Key findings\n- The cache is never invalidated\n", memstore.KeyKnowledge, []string{"The cache is never invalidated"}},
		{"root cause prose", "### Root Cause\nThe token expired before the retry.\n", memstore.KeyKnowledge, []string{"The token expired before the retry."}},
		{"french", "## Prochaines étapes\n- Écrire la doc\n", memstore.KeyNext, []string{"Écrire la doc"}},
		{"a review's verdict", "### ✅ Good News: No panic!() in production\nThe code uses `?` throughout.\n", memstore.KeyKnowledge,
			[]string{"No panic!() in production", "The code uses `?` throughout."}},
		{"inline summary", "**Summary:** Created `hello.sh` and ran it.", memstore.KeyWork, []string{"Created `hello.sh` and ran it."}},
	} {
		got := labelled(c.text)[c.key]
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %s = %q, want %q", c.name, c.key, got, c.want)
		}
	}
	// A summary heading introduces a recap: its intro sentence is no work item.
	got := labelled("## Summary\n\nI've successfully implemented the feature. Here's what was accomplished:\n\n1. Added X\n")
	if len(got) != 0 {
		t.Errorf("summary heading: %q", got)
	}
	// Under a decisions heading, a paragraph is commentary, not a choice.
	if got := labelled("## Decisions\nEXAMINING AND FIXING FILES\n"); len(got) != 0 {
		t.Errorf("decisions prose: %q", got)
	}
	// A question that happens to start with a label word is no label.
	if got := labelled("Next, would you like me to run the full suite and then open a pull request for the team?"); len(got) != 0 {
		t.Errorf("prose: %q", got)
	}
}

func TestReasonsKeepTheSessionsWords(t *testing.T) {
	t.Parallel()
	tr := &transcript.Turn{Texts: []string{
		"Let me check the config because it looks odd.",
		"Found it. The root cause is that the cache key ignores the locale.",
		"I used a map instead of a slice so that lookups stay constant time.",
	}, Closing: "Done. Would you like me to add tests because of this?"}
	dec, know := reasons(tr)
	if !slices.Equal(dec, []string{"I used a map instead of a slice so that lookups stay constant time."}) {
		t.Errorf("decisions = %q", dec)
	}
	if !slices.Equal(know, []string{"The root cause is that the cache key ignores the locale."}) {
		t.Errorf("knowledge = %q", know)
	}
}

// bash adds a shell call and its result to b.
func bash(b *transcripttest.Claude, id, cmd, out string, isErr bool) {
	b.Use("m"+id, id, "Bash", map[string]any{"command": cmd})
	b.Result(id, out, isErr)
}

func TestFailuresAndTheirCauses(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Fix the build")
	bash(b, "t1", "rm -f build.log", "Bash operation blocked by hook:\n- rm is not allowed", true)
	bash(b, "t2", "rg -n missingSymbol src", "Exit code 1", true)
	bash(b, "t3", "npm test", "Exit code 1\n ✓ should throw on bad input\n ✗ parses dates\nError: expected 3 got 4", true)
	bash(b, "t4", "go vet ./...", "Exit code 1\n# carnet/x\nx.go:3: unreachable code", true)
	bash(b, "t5", "go vet ./...", "", false)
	bash(b, "t6", "make \\\n  release \\\n  VERSION=2", "Exit code 2\nmake: *** No rule to make target 'release'.  Stop.", true)
	bash(b, "t7", "git commit -m 'build: pin node' && git push", "[main 1a2b3c4] build: pin node\n 1 file changed\n ! [rejected]        main -> main (fetch first)", true)
	b.Say("m9", "Done.")
	tr := read(t, b.Write(t), transcript.ReadOptions{})
	tr.Root = "/home/dev/proj"
	e := Heuristic{Language: "en"}.extract(tr)
	noNoise(t, e)
	for _, p := range e.Problems {
		if strings.Contains(p, "rm -f") || strings.Contains(p, "rg -n") || strings.Contains(p, "✓") {
			t.Errorf("not a failure, or not its cause: %q", p)
		}
	}
	if !contains(e.Problems, "fixed: `go vet ./...` failed") {
		t.Errorf("a failure fixed later in the turn is not marked: %q", e.Problems)
	}
	if !contains(e.Problems, "`make release VERSION=2` failed") {
		t.Errorf("a multi-line command is not shown whole: %q", e.Problems)
	}
	if !contains(e.Work, "Commit 1a2b3c4: build: pin node") {
		t.Errorf("a commit followed by a rejected push is lost: %q", e.Work)
	}
}

func TestGoals(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"<command-message>ai-commit is running…</command-message>\n<command-name>/ai-commit</command-name>": "",
		"That's almost right. Make the circle larger":                                                       "",
		"Undo the last change": "",
		"still issues\n11/7/2025, 2:27:56 PM [CONVEX] ArgumentValidationError: extra field":     "",
		"Fix the login\n11/7/2025, 2:27:56 PM [CONVEX] ArgumentValidationError: extra field":    "Fix the login",
		"Last login: Fri Nov 7 14:25:43 on ttys058\n(base) ➜ app git:(master) ✗ npx convex dev": "",
		"I'm getting:\n\nAccess to script blocked by CORS policy":                               "",
		"Implement the following plan:\n\n# Plan: Live config fetch\n\n## Steps\n- one":         "Live config fetch",
	} {
		if got := goalOf(in); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", in, got, want)
		}
	}
	// Paths are cleaned before the goal is bounded, so none is cut in half.
	b := &transcripttest.Claude{}
	b.Prompt("Read /home/dev/proj/docs/very/long/path/to/the/specification/document.md and " + strings.Repeat("explain it ", 20))
	b.Say("m1", "ok")
	tr := read(t, b.Write(t), transcript.ReadOptions{})
	tr.Root = "/home/dev/proj"
	e := Heuristic{}.extract(tr)
	if len(e.Goal) != 1 || !strings.HasPrefix(e.Goal[0], "Read docs/very/long/path/to/the/specification/document.md and explain") {
		t.Errorf("goal = %q", e.Goal)
	}
	// A path right after a non-ASCII character is cleaned too.
	if got := NewPathFixer("/home/dev/proj").scrub("請閱讀/Users/someone/weave/doc.md, 這是"); got != "請閱讀doc.md, 這是" {
		t.Errorf("scrub = %q", got)
	}
}

func TestTodoLifecycle(t *testing.T) {
	t.Parallel()
	todo := func(b *transcripttest.Claude, id string, items ...string) {
		var list []any
		for i := 0; i < len(items); i += 2 {
			list = append(list, map[string]any{"content": items[i], "status": items[i+1]})
		}
		b.Use("m"+id, id, "TodoWrite", map[string]any{"todos": list})
		b.Result(id, "Todos have been modified", false)
	}
	b := &transcripttest.Claude{}
	b.Prompt("Port the billing module")
	todo(b, "t1", "Port charges", "in_progress", "Port refunds", "pending", "Write a spike", "pending")
	todo(b, "t2", "Port charges", "completed", "Port refunds", "pending")
	b.Say("m3", "Charges ported.")
	path := b.Write(t)
	e := Heuristic{}.extract(read(t, path, transcript.ReadOptions{}))
	if !slices.Equal(e.Next, []string{"Port refunds"}) || !slices.Equal(e.NextDone, []string{"Port charges", "Write a spike"}) {
		t.Errorf("next = %q, done = %q", e.Next, e.NextDone)
	}
	// The same lists in a subagent's transcript are its own plan, not the project's.
	sub := read(t, path, transcript.ReadOptions{})
	sub.Sidechain = true
	sub.Closing = "Charges ported.\n\n## Next steps\n- Refactor the client module\n"
	if e := (Heuristic{}).extract(sub); len(e.Next)+len(e.NextDone)+len(e.Goal) != 0 {
		t.Errorf("subagent: %+v", e)
	}
}

func TestFileListsKeepTheirCount(t *testing.T) {
	t.Parallel()
	var files []string
	for i := range 17 {
		files = append(files, "internal/some/rather/deep/package/file_"+strings.Repeat("x", i%5)+string(rune('a'+i))+".go")
	}
	s := memstore.ListFiles(files)
	if !strings.HasSuffix(s, " more)") || len(s) > maxBullet-30 {
		t.Errorf("%d bytes: %s", len(s), s)
	}
	e := clean(memstore.Extraction{Work: []string{"Fichiers modifiés : " + s}}, PathFixer{})
	if !strings.HasSuffix(e.Work[0], " more)") {
		t.Errorf("clipped: %s", e.Work[0])
	}
}
