package capture

import (
	"slices"
	"strings"
	"unicode/utf8"

	"carnet/hook/transcript"
)

// statusAsks ask where the work stands ("so what's still missing?"): a short prompt made of
// one is a question about progress, not a new task.
var statusAsks = []string{"what's left", "what is left", "whats left", "what's missing", "what is missing", "whats missing",
	"still missing", "what's next", "what is next", "what now", "where are we", "where do we stand", "il reste quoi",
	"qu'est-ce qui reste", "qu'est-ce qui manque", "ou en est", "ou en sommes", "還差什麼", "还差什么", "還缺什麼", "还缺什么",
	"還剩什麼", "还剩什么", "進度如何", "进度如何"}

// Status questions are short: at most six words, or twenty characters without spaces.
const (
	maxStatusWords = 6
	maxStatusRunes = 20
)

// isStatusQuestion reports a short question about where the work stands.
func isStatusQuestion(p string) bool {
	if len(p) > 120 || !strings.ContainsAny(p, "?？") {
		return false
	}
	f := fold(p)
	if n := len(strings.Fields(f)); n > maxStatusWords || n == 1 && utf8.RuneCountInString(f) > maxStatusRunes {
		return false
	}
	return slices.ContainsFunc(statusAsks, func(s string) bool { return strings.Contains(f, s) })
}

// tagQuestions close a request by checking the agent follows ("… do you understand?"):
// the request is what comes before.
var tagQuestions = []string{" do you understand?", " you understand?", ", you know?", " you know?", " got it?", " makes sense?",
	" make sense?", " capisce?", " tu comprends ?", " tu vois ?"}

// trailingChatter closes a request without adding to it ("… and flashtrade yeah and all").
var trailingChatter = []string{" yeah and all", " and all that", " and stuff", " yeah"}

// minRequestWords is what a request keeps at least once its chatter is cut.
const minRequestWords = 4

// dropChatter cuts a goal at a tag question and drops the chatter before it.
func dropChatter(g string) string {
	low := strings.ToLower(g)
	for _, q := range tagQuestions {
		if i := strings.Index(low, q); i > 0 && len(strings.Fields(g[:i])) >= minRequestWords {
			g, low = g[:i], low[:i]
		}
	}
	for _, c := range trailingChatter {
		if strings.HasSuffix(low, c) && len(strings.Fields(g[:len(g)-len(c)])) >= minRequestWords {
			g, low = g[:len(g)-len(c)], low[:len(low)-len(c)]
		}
	}
	return strings.TrimRight(g, " ,;")
}

// refused reports a turn the model declined to answer (Claude Code's "API Error: … appears
// to violate our Usage Policy"): the user says the request again in other words, and that
// one is the goal.
func refused(t *transcript.Turn) bool {
	c := strings.TrimSpace(t.Closing)
	return strings.HasPrefix(c, "API Error") && strings.Contains(c, "Usage Policy")
}

// minSlugWords is how many words a file's name has at least to name a task.
const minSlugWords = 3

// slugTask gives the words of a file's name that names a task ("specs/2025-11-07-1416-fix-
// login-redirect.md": "fix login redirect"), without its leading date and number; "" when
// args are not one file or its name is not made of words.
func slugTask(args string) string {
	if strings.ContainsAny(args, " \t\n") {
		return ""
	}
	base := args[strings.LastIndex(args, "/")+1:]
	dot := strings.LastIndex(base, ".")
	if dot <= 0 {
		return ""
	}
	words := strings.FieldsFunc(base[:dot], func(r rune) bool { return r == '-' || r == '_' })
	for len(words) > 0 && strings.Trim(words[0], "0123456789") == "" {
		words = words[1:]
	}
	if len(words) < minSlugWords {
		return ""
	}
	return strings.Join(words, " ")
}

// rephraseOpeners open a prompt that says the last request again; "let me describe/explain"
// does so only when its first clause says "differently" or "again".
var rephraseOpeners = []string{"let me rephrase", "let me reformulate", "to rephrase", "in other words", "je reformule"}

// isRephrase reports a prompt that says the last request again in other words.
func isRephrase(p string) bool {
	f := fold(p[:min(len(p), 200)])
	if slices.ContainsFunc(rephraseOpeners, func(o string) bool { return strings.HasPrefix(f, o) }) {
		return true
	}
	if !strings.HasPrefix(f, "let me describe") && !strings.HasPrefix(f, "let me explain") {
		return false
	}
	clause, _, _ := strings.Cut(f, ":")
	return strings.HasSuffix(clause, " differently") || strings.HasSuffix(clause, " again") || strings.HasSuffix(clause, " better")
}
