package transcript

import "strings"

// GateMark is the command every message of carnet's Stop gate names, in both languages:
// with the message's opening, it tells the gate's text from a user's.
const GateMark = "carnet add --nothing"

// IsGatePrompt reports whether a user message is the Stop gate's message coming back to the
// agent rather than something the user asked: Codex sends a Stop hook's reason as a user
// message wrapped in <hook_prompt hook_run_id=…>…</hook_prompt>, Gemini CLI as the prompt of
// its retry, OpenCode (carnet's plugin) as a new prompt, Claude Code as "Stop hook feedback:".
// Such a message continues the turn it answers: it is no goal, and the gate never blocks it.
func IsGatePrompt(s string) bool {
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "<hook_prompt") {
		return true // a Stop hook's reason (carnet's or another's): never the user's words
	}
	if !strings.Contains(t, GateMark) || !strings.Contains(t, " -s decisions ") {
		return false
	}
	for line := range strings.Lines(t) {
		if _, after, ok := strings.Cut(line, "]: "); ok && strings.HasPrefix(line, "[") {
			line = after // Claude Code: "[carnet --hook]: carnet: …"
		}
		if strings.HasPrefix(line, "carnet: ") || strings.HasPrefix(line, "carnet : ") {
			return true
		}
	}
	return false
}
