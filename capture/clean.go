package capture

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// Every bullet leaves through clean: one line, no markup left over, no absolute path, no
// secret, no system text; a decision or a fact must also read as one (clean drops the
// agent narrating its next move, a question, a line of a command's output).

// xmlTag finds the tags of system text an agent may echo (not a placeholder: "<token>").
var xmlTag = regexp.MustCompile(`</?(system-reminder|command-name|command-message|command-args|local-command-stdout|local-command-stderr|user-prompt-submit-hook|environment_context|user_instructions|hook_prompt|turn_aborted|proposed_plan|function_results|result|tool_use_error)\b[^>]*>`)

// clean turns a step's text into the bullet of section key it may be, or "".
func (c *turnCtx) clean(key, text string) string {
	text = strings.Join(strings.Fields(text), " ")
	if xmlTag.MatchString(text) {
		text = strings.TrimSpace(xmlTag.ReplaceAllString(text, ""))
	}
	text = strings.TrimSpace(strings.TrimPrefix(text, "- "))
	text = Redact(c.fx.Scrub(text)) // again: a secret the whole text hid may show in one line
	if text == "" || redactedOnly(text) {
		return ""
	}
	switch key {
	case memstore.KeyDecisions, memstore.KeyKnowledge:
		if !c.statement(text) {
			return ""
		}
	case memstore.KeyNext:
		if strings.HasSuffix(text, ":") || utf8.RuneCountInString(text) < 4 {
			return ""
		}
	}
	return text
}

// statement reports a text that states a choice or a fact: a sentence of a few words that is
// neither a question, nor the agent narrating its next move, nor a line a command printed,
// nor copy the turn wrote into a file.
func (c *turnCtx) statement(text string) bool {
	if isOffer(text) || strings.HasSuffix(text, ":") {
		return false
	}
	words := contentWords(text)
	if len(words) < 3 && !hasWide(text) || hasWide(text) && utf8.RuneCountInString(text) < 8 {
		return false
	}
	if narrates(text) || countOpens(text) || matchCue(foldText(text), cueSession) {
		return false // the agent's next move, a run's count, a remark about this session
	}
	return !c.printed(text) && !c.wroteIntoFile(text)
}

// countOpens reports text that opens with a number ("0 instances of unwrap() in production
// code", "42 tests passed"): the count of a run on the user's machine, true today only.
func countOpens(text string) bool {
	f := strings.Fields(text)
	return len(f) > 0 && strings.Trim(f[0], "0123456789.,%+~≈") == "" && strings.ContainsAny(f[0], "0123456789")
}

// narrates reports text that opens with the agent saying what it does next.
func narrates(text string) bool {
	head := foldText(text)
	if i := strings.IndexByte(head, ' '); i >= 0 {
		if j := strings.IndexByte(head[i+1:], ' '); j >= 0 {
			if k := strings.IndexByte(head[i+1+j+1:], ' '); k >= 0 {
				head = head[:i+1+j+1+k] // its first three words
			}
		}
	}
	return matchCue(head, cueNarration)
}

// printed reports text most of whose words are in one line a command of the turn printed:
// a count or a status of a run on the user's machine, not a fact for next time.
func (c *turnCtx) printed(text string) bool {
	return slices.ContainsFunc(c.t.Tools, func(u *transcript.ToolUse) bool { return u.Output != "" && overlap(text, u.Output) >= 0.7 })
}

// wroteIntoFile reports text the turn wrote into a Markdown file (a README, marketing copy):
// what the file says is in the file.
func (c *turnCtx) wroteIntoFile(text string) bool {
	return slices.ContainsFunc(c.t.Tools, func(u *transcript.ToolUse) bool {
		return u.Doc != "" && overlap(text, u.Doc) >= 0.9 && len(contentWords(text)) >= 4
	})
}

// statements cleans a list of items into at most n decisions or facts.
func statements(items []string, n int) []string {
	var out []string
	for _, it := range items {
		it = strings.TrimSpace(stripMarkup(it))
		if it == "" || strings.HasSuffix(it, ":") || strings.HasSuffix(it, "：") {
			continue // what introduces a block the item does not hold
		}
		out = append(out, clip(it, maxItem))
		if len(out) == n {
			break
		}
	}
	return out
}
