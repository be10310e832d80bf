package transcript

import (
	"encoding/json"
	"strings"
)

// Codex writes the model's reasoning as a response item, its readable part being a
// summary ({"type":"reasoning","summary":[{"type":"summary_text","text":"**Title**\n\n…"}],
// "encrypted_content":…}); the same text comes again as agent_reasoning events, which are
// not read. A summary is a thought like Claude Code's thinking: a choice is sometimes
// stated only there.

// codexSummary is the readable text of a reasoning item's summary, each part without
// the bold title line Codex opens it with; "" when there is none.
func codexSummary(raw json.RawMessage) string {
	if len(raw) == 0 || raw[0] != '[' {
		return ""
	}
	var parts []struct {
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		return ""
	}
	var b strings.Builder
	for _, p := range parts {
		s := strings.TrimSpace(p.Text)
		if strings.HasPrefix(s, "**") {
			if title, rest, ok := strings.Cut(s, "\n"); ok && strings.HasSuffix(strings.TrimSpace(title), "**") {
				s = strings.TrimSpace(rest)
			} else if !ok && strings.HasSuffix(s, "**") {
				s = "" // a title alone
			}
		}
		if s != "" {
			if b.Len() > 0 {
				b.WriteString("\n\n")
			}
			b.WriteString(s)
		}
	}
	return b.String()
}

// thought keeps a reasoning summary, clipped like a thinking block, up to maxThoughts.
func (c *codexCollector) thought(raw json.RawMessage) { c.keepThought(codexSummary(raw)) }
