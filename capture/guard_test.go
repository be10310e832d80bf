package capture

import (
	"strings"
	"testing"

	"carnet/hook/transcript"
)

// The guarded turn the rules read holds the outputs they use, redacted (a failed call's, a
// pull request's creation), and no other output at all.
func TestGuardKeepsOnlyTheOutputsTheRulesRead(t *testing.T) {
	t.Parallel()
	const key = "AKIAIOSFODNN7EXAMPLE wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
	turn := &transcript.Turn{Tools: []*transcript.ToolUse{
		{Name: "Bash", Command: "cat .env", HasResult: true, Output: "AWS=" + key},
		{Name: "Bash", Command: "make deploy", HasResult: true, IsError: true, Output: "error: bad key " + key},
		{Name: "Bash", Command: "gh pr create --fill", HasResult: true, Output: "https://github.com/o/r/pull/42"},
	}}
	g := guardTurn(turn)
	if out := g.Tools[0].Output; out != "" {
		t.Errorf("a successful call's output was copied: %q", out)
	}
	if out := g.Tools[1].Output; strings.Contains(out, "AKIA") || !strings.Contains(out, "error: bad key") {
		t.Errorf("a failed call's output = %q, want its cause, redacted", out)
	}
	if out := g.Tools[2].Output; out != "https://github.com/o/r/pull/42" {
		t.Errorf("a pull request's creation lost its output: %q", out)
	}
	if turn.Tools[0].Output == "" {
		t.Error("the guard changed the turn it was given")
	}
}
