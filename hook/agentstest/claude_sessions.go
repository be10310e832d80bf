package agentstest

import (
	"encoding/json"
	"maps"
	"path/filepath"
	"strings"
)

// The Claude Code sessions scripts/record-agents.sh records as the reader's fixtures (our own
// content in Claude Code's format): a short one, a tool-heavy one, one that is compacted and
// sent back once by the Stop gate, and one that delegates to a subagent.
func init() {
	maps.Copy(Scripts, map[string]Script{
		"hello": {
			Steps: []Step{
				{Write: "hello.sh", Content: "#!/bin/sh\necho 'Hello world'\n"},
				{Shell: "sh hello.sh"},
			},
			Closing: "Created `hello.sh` and ran it: it prints Hello world.\n\n**Summary:** Created `hello.sh`, a POSIX shell script that prints Hello world.",
		},
		// denied runs a command that the session's permissions refuse.
		"denied": {
			Steps:   []Step{{Shell: "./server.sh start"}, {Shell: "./server.sh status"}},
			Closing: "I cannot run the server without permission to use Bash.",
		},
		"heavy": {
			Steps: []Step{
				{Shell: "ls *.sh"},
				{Tool: "Read", Input: map[string]any{"file_path": "calc.sh"}},
				{Tool: "Read", Input: map[string]any{"file_path": "test_calc.sh"}},
				{Tool: "Edit", Input: map[string]any{"file_path": "calc.sh", "old_string": "# multiply: to do\n",
					"new_string": "multiply() { echo $(($1 * $2)); }\n"}},
				{Tool: "Edit", Input: map[string]any{"file_path": "test_calc.sh", "old_string": "# tests end\n",
					"new_string": "[ \"$(multiply 6 7)\" = 42 ] || { echo 'FAIL: multiply 6 7' >&2; exit 1; }\n# tests end\n"}},
				{Shell: "sh test_calc.sh"},
				{Tool: "Read", Input: map[string]any{"file_path": "test_calc.sh"}},
				{Tool: "Edit", Input: map[string]any{"file_path": "test_calc.sh", "old_string": "#!/bin/sh\n", "new_string": "#!/bin/sh\n. ./calc.sh\n"}},
				{Shell: "sh test_calc.sh && echo 'all tests pass'"},
				{Shell: "git add calc.sh test_calc.sh && git commit -m 'calc: add multiply with its test'"},
			},
			Closing: "Added `multiply` to calc.sh with a test; the first test run failed because test_calc.sh did not source calc.sh.\n\n" +
				"Decisions:\n- Source calc.sh from the tests rather than copying the functions.\n\nNext steps:\n- Add a divide function.\n",
		},
		"compact": {
			Steps: []Step{
				{Shell: "git log --oneline -3"},
				{Tool: "Read", Input: map[string]any{"file_path": "calc.sh"}, Context: 990000},
			},
			AfterCompact: &Script{
				Steps: []Step{
					{Tool: "Read", Input: map[string]any{"file_path": "calc.sh"}},
					{Tool: "Edit", Input: map[string]any{"file_path": "calc.sh", "old_string": "# multiply: to do\n", "new_string": "# multiply: see issue 12\n"}},
				},
				Closing: "All done. calc.sh now points at issue 12 for multiply.",
			},
			Closing: "<summary>The user asked to mark the multiply placeholder in calc.sh with issue 12.</summary>",
		},
		"delegate": {
			Steps: []Step{
				{Tool: "Agent", Input: map[string]any{"description": "Survey the scripts", "subagent_type": "general-purpose",
					"prompt": "Survey the shell scripts of this repository: list them and say what each one does."}},
			},
			Closing: "The survey is done: calc.sh holds the arithmetic, test_calc.sh its tests.",
			Subagents: map[string]Script{
				"Survey the shell scripts": {
					Steps: []Step{
						{Tool: "Read", Input: map[string]any{"file_path": "scripts"}},
						{Shell: "ls *.sh scripts"},
						{Tool: "Read", Input: map[string]any{"file_path": "calc.sh"}},
					},
					Closing: "calc.sh defines add; test_calc.sh checks it.",
				},
			},
		},
	})
}

// compactionAsk and compactionDone are what Claude Code's compaction request asks, and what
// opens the conversation it continues with.
const (
	compactionAsk  = "create a detailed summary of the conversation"
	compactionDone = "This session is being continued from a previous conversation"
)

// claudeScript is the script of the conversation a Messages request belongs to: the
// compaction's summary, a subagent's, the rest of a compacted session, or the session's own.
func (s *Server) claudeScript(req map[string]any) Script {
	sc := s.Script
	msgs, _ := req["messages"].([]any)
	if len(msgs) == 0 {
		return sc
	}
	last, _ := json.Marshal(msgs[len(msgs)-1])
	if strings.Contains(string(last), compactionAsk) {
		return Script{Closing: sc.Closing}
	}
	first, _ := json.Marshal(msgs[0])
	for key, sub := range sc.Subagents {
		if strings.Contains(string(first), key) {
			return sub
		}
	}
	all, _ := json.Marshal(msgs)
	if sc.AfterCompact != nil && strings.Contains(string(all), compactionDone) {
		return *sc.AfterCompact
	}
	return sc
}

// step is the step to answer with after n tool results, or nil for the closing text.
func (sc Script) step(n int) *Step {
	if n >= 0 && n < len(sc.Steps) {
		return &sc.Steps[n]
	}
	return nil
}

// claudeInput is a tool input with its relative file_path taken in the repository.
func (s *Server) claudeInput(in map[string]any) map[string]any {
	out := maps.Clone(in)
	if p, ok := out["file_path"].(string); ok && !filepath.IsAbs(p) {
		out["file_path"] = filepath.Join(s.Repo, p)
	}
	return out
}

// inputTokens is the input_tokens an answer reports: a step's Context, or a few.
func inputTokens(step *Step) int {
	if step != nil && step.Context > 0 {
		return step.Context
	}
	return 10
}
