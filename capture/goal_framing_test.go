package capture

import (
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A goal states the task, not how the prompt framed it: a slash command whose arguments say
// the task names the command after it, a plan pasted after "Implement the following plan:"
// gives its title, and a closing clause that hands the work to other agents is cut.
func TestGoalFraming(t *testing.T) {
	t.Parallel()
	for prompt, want := range map[string]string{
		"<command-name>/build</command-name>\n<command-args>add a dark mode toggle to settings</command-args>": "Add a dark mode toggle to settings (/build)",
		"<command-name>/review</command-name>\n<command-args>main.go</command-args>":                           "/review main.go",
		"<command-name>/load</command-name>\n<command-args>cmms</command-args>":                                "/load cmms",
		"<command-name>/deploy</command-name>\n<command-args>--prod --force</command-args>":                    "/deploy --prod --force",
		"Implement the following plan:\n\n# Add CSV export\n\n## Steps\n- one":                                 "Add CSV export",
		"Implement this plan:\n\n# Plan: Retry failed uploads\n\n## Steps\n- one":                              "Retry failed uploads",
		"Fix the login. Here is what I see:\n\n# Error\n\ntrace":                                               "Fix the login. Here is what I see: Error",
		"check that the parser never panics on empty input—otherwise lets get the test agent writing cases":    "check that the parser never panics on empty input",
		"rewrite the cache layer, then use the review agent to check it":                                       "rewrite the cache layer",
		"take phase 2 of the migration to a PR with @agent-release-orchestrator":                               "take phase 2 of the migration to a PR",
		"ask @dana about the agent config":                                                                     "ask @dana about the agent config",
		"fix the agent's retry loop, it spins forever":                                                         "fix the agent's retry loop, it spins forever",
		"make the support agent page load faster - it takes 4 seconds":                                         "make the support agent page load faster - it takes 4 seconds",
	} {
		b := &transcripttest.Claude{}
		b.Prompt(prompt)
		b.Say("m1", "Done.")
		e := extractEN(t, b, "/home/dev/proj")
		if len(e.Goal) != 1 || e.Goal[0] != want {
			t.Errorf("%q: goal %q, want %q", prompt, e.Goal, want)
		}
	}
}
