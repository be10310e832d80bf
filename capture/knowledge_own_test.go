package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A checked verification line that says how the thing works ("(uses `glob("*.md")`)") is
// knowledge in the session's words; a checked line with no mechanism is not.
func TestVerifiedMechanismIsKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Add the help template")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/templates/help.md", "content": "# Help"})
	b.Result("w1", "File created successfully", false)
	b.Say("m2", "## Summary\n\n**Verification:**\n- ✅ Template auto-discovered by installer (uses `glob(\"*.md\")`)\n"+
		"- ✅ Installation shows 7 templates (including help)\n")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Template auto-discovered by installer (uses `glob(\"*.md\")`)"}
	if !slices.Equal(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q", e.Knowledge, want)
	}
}

// A sentence that states how a thing flows ("The payment path is A → B → C") is knowledge;
// a step of instructions written with arrows ("New app → repo → branch") is not.
func TestStatedFlowIsKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Explain what the product does before we write the application")
	b.Use("m1", "r1", "Read", map[string]any{"file_path": "/home/dev/proj/README.md"})
	b.Result("r1", "# Arena", false)
	b.Say("m2", "I will keep it precise:\n\n- The vault has per-agent spend controls.\n"+
		"- The implemented payment path is Card → Stripe → Ledger → Bank, then Bank → Card on refund. I will describe only that.\n\n"+
		"To deploy:\n1. New app → repo `acme/app` → branch `main`\n2. Deploy\n")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"The implemented payment path is Card → Stripe → Ledger → Bank, then Bank → Card on refund."}
	if !slices.Equal(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q", e.Knowledge, want)
	}
}

// The user reports what they saw ("it works in a private window"); the agent takes it and
// explains in its next sentence: that explanation is knowledge. What the agent then does,
// or a turn that ran tools, is not read this way.
func TestExplanationAfterAUsersReportIsKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("https://app.example.test -> I can open it in a private window")
	b.Say("m1", "OK — trust your private-window test. The host redirects clients without JavaScript like curl to a login page, but browsers get the app. Wrapping up: I'll update the notes.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"The host redirects clients without JavaScript like curl to a login page, but browsers get the app."}
	if !slices.Equal(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q", e.Knowledge, want)
	}

	c := &transcripttest.Claude{}
	c.Prompt("好的，可以看到")
	c.Say("m1", "好 — 信你的測試。伺服器對沒有 JavaScript 的客戶端會轉向登入頁,但瀏覽器正常顯示。")
	if got := extractEN(t, c, "/home/dev/proj").Knowledge; !slices.Equal(got, []string{"伺服器對沒有 JavaScript 的客戶端會轉向登入頁,但瀏覽器正常顯示。"}) {
		t.Errorf("knowledge = %q", got)
	}

	d := &transcripttest.Claude{}
	d.Prompt("looks fine to me")
	d.Say("m1", "OK — I'll update the notes and push the branch now. Then the submission is complete and ready for review.")
	if got := extractEN(t, d, "/home/dev/proj").Knowledge; len(got) != 0 {
		t.Errorf("a next move kept as knowledge: %q", got)
	}
}

// The explanation is read in the agent's first words, also when it then runs a command.
func TestExplanationBeforeACommandIsKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("it opens fine in a private window")
	b.Say("m1", "Got it. The host redirects clients without JavaScript like curl to a login page, but browsers get the app.")
	b.Use("m2", "c1", "Bash", map[string]any{"command": "git status"})
	b.Result("c1", "[Request interrupted by user]", true)
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"The host redirects clients without JavaScript like curl to a login page, but browsers get the app."}
	if !slices.Equal(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q", e.Knowledge, want)
	}
}
