package capture

import (
	"slices"
	"strings"
)

// A Codex <proposed_plan> ends the turn that proposes it: its work items are still to do
// when the session stops there ("Define milestones for: …", "Attach the receipt …"). Its
// guidance on wording ("Describe …", "Explain …"), what it keeps or reuses as it is, what
// it revises (the draft the plan rewrites as a whole: its goal) and its settings (taken as
// choices, see planSettings) are no steps of their own.

// planStepVerbs open a plan's item that is work of its own.
var planStepVerbs = []string{"add", "attach", "build", "collect", "create", "define", "deploy", "document", "draft",
	"fix", "gather", "implement", "migrate", "prepare", "publish", "record", "remove", "replace", "strengthen",
	"submit", "test", "upload", "write"}

// maxPlanSteps bounds the steps a proposed plan gives.
const maxPlanSteps = 4

// planSteps lists the top-level items of a proposed plan that open with a work verb.
func planSteps(plan string) []string {
	var out []string
	for l := range strings.Lines(plan) {
		item, ok := strings.CutPrefix(strings.TrimRight(l, "\r\n"), "- ")
		if !ok || len(out) >= maxPlanSteps {
			continue
		}
		item = stripMarkup(strings.TrimSpace(item))
		verb, _, _ := strings.Cut(item, " ")
		if slices.Contains(planStepVerbs, strings.ToLower(verb)) {
			out = append(out, item)
		}
	}
	return out
}
