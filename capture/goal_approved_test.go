package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A prompt that only accepts the agent's proposed actions has, as its goal, the actions
// the closing text reports done, titled in its numbered list; a closing without such a
// list, or a prompt that asks for something, gives none of them.
func TestApprovedActionsAreTheGoal(t *testing.T) {
	t.Parallel()
	done := "Summary:\n\n### ✅ All Three Actions Completed\n\n1. **Fixed Silent Failures** ✅\n   - Updated `client.rs`\n\n" +
		"2. **Added Lint Warnings** ✅\n   - In `lib.rs`\n\n3. **CI/CD Enforcement** ✅\n   - A workflow\n"
	for _, c := range []struct {
		prompt, closing string
		want            []string
	}{
		{"yes, I agree with all these three actions, lets do them", done, []string{"Fix silent failures; add lint warnings; CI/CD enforcement"}},
		{"yes, I agree with all these three actions, lets do them", "All three actions are done.", nil},
		{"add a lint warning for unwrap in lib.rs", done, []string{"add a lint warning for unwrap in lib.rs"}},
	} {
		b := &transcripttest.Claude{}
		b.Prompt(c.prompt)
		b.Use("m1", "w1", "TodoWrite", map[string]any{"todos": []map[string]any{
			{"content": "Fix silent failure in generate()", "status": "completed"},
			{"content": "Fix error masking in connect()", "status": "completed"},
			{"content": "Add lint warning for unwrap", "status": "completed"},
			{"content": "Add lint enforcement to CI", "status": "completed"},
		}})
		b.Result("w1", "ok", false)
		b.Use("m2", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/src/lib.rs"})
		b.Result("e1", "ok", false)
		b.Say("m3", c.closing)
		if g := extractEN(t, b, "/home/dev/proj").Goal; !slices.Equal(g, c.want) {
			t.Errorf("goal of %q = %q, want %q", c.prompt, g, c.want)
		}
	}
}
