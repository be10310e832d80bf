package extract

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// An approved plan's "Tech Stack" is what the plan proposes: its short "Label: value" lines
// stay one folded decision.
func TestPlanStackListIsOneDecision(t *testing.T) {
	t.Parallel()
	plan := "# Plan: Todo app\n\n## Tech Stack\n- **Framework**: Next.js 14 (App Router)\n- **Language**: TypeScript\n" +
		"- **Styling**: Tailwind CSS\n- **Storage**: localStorage\n"
	b := &transcripttest.Claude{}
	b.Prompt("plan the todo app")
	b.Use("m1", "x1", "ExitPlanMode", map[string]any{"plan": plan})
	b.Result("x1", "User has approved your plan.", false)
	b.Say("m2", "Done.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Framework: Next.js 14 (App Router); Language: TypeScript; Styling: Tailwind CSS; Storage: localStorage"}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// Two "Label: value" lines in a written document are no stack list: they stay.
func TestDocShortLabelLinesStay(t *testing.T) {
	t.Parallel()
	d := []string{"Storage: localStorage", "Language: TypeScript", "Keep one reducer."}
	if got := withoutStack(d); !slices.Equal(got, d) {
		t.Errorf("withoutStack = %q, want %q", got, d)
	}
}
