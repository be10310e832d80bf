package capture

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"carnet/hook/transcript"
)

// BenchmarkHeuristic measures the extraction of one busy turn (200 tool calls, a long
// closing text) once it is read: the part of the hook's work this package owns.
//
//	go test ./capture -run '^$' -bench Heuristic -benchmem
func BenchmarkHeuristic(b *testing.B) {
	tr := busyTurn()
	h := Heuristic{}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		h.Extract(ctx, tr)
	}
}

// BenchmarkEvidence measures, on the same turn, the evidence of work done the hook hands
// to memstore (Evidence, Succeeded, Delivered).
func BenchmarkEvidence(b *testing.B) {
	tr := busyTurn()
	b.ReportAllocs()
	for b.Loop() {
		Evidence(tr)
		Succeeded(tr)
		Delivered(tr)
	}
}

// busyTurn is a turn of 200 tool calls and a long closing text.
func busyTurn() *transcript.Turn {
	tr := &transcript.Turn{Root: "/home/dev/proj", Cwd: "/home/dev/proj",
		Prompt: "Port the billing module to the new API, see /home/dev/proj/docs/billing.md"}
	for i := range 200 {
		switch i % 4 {
		case 0:
			tr.Tools = append(tr.Tools, &transcript.ToolUse{Name: "Edit", FilePath: fmt.Sprintf("/home/dev/proj/pkg/f%d.go", i), HasResult: true})
		case 1:
			tr.Tools = append(tr.Tools, &transcript.ToolUse{Name: "Bash", Command: "go test ./pkg/...", HasResult: true, IsError: true, Output: "--- FAIL: TestX (0.01s)"})
		case 2:
			tr.Tools = append(tr.Tools, &transcript.ToolUse{Name: "Bash", Command: "rg -n charge pkg", HasResult: true, IsError: true, Output: "Exit code 1"})
		default:
			tr.Tools = append(tr.Tools, &transcript.ToolUse{Name: "TodoWrite", Todos: []transcript.Todo{{Content: "Port charges", Status: "completed"}, {Content: fmt.Sprintf("Port item %d", i), Status: "pending"}}})
		}
		tr.Texts = append(tr.Texts, "I used a map instead of a slice because lookups dominate. Let me run the tests again.")
	}
	tr.Closing = "## Summary\n\nDone.\n\n## 🚀 Next Steps\n\n**Short term:**\n- Port refunds\n- Remove the flag\n\n### Root Cause\nThe cache key ignored the locale.\n" +
		strings.Repeat("Some more prose about the change, with a sentence or two.\n", 100)
	return tr
}
