package capture

import (
	"strings"

	"carnet/hook/transcript"
	"carnet/secret"
)

// guardTurn is the one way turn text enters an extractor: it returns a copy of t whose every
// text (prompt, assistant texts, closing text, commands, outputs, commit subjects, todos,
// the thinking that may state a choice) has each secret replaced by "[redacted]", and each
// line of a key block replaced whole.
// It runs on the raw text, before any cleaning: stripping a line's leading dashes would
// make "-----BEGIN OPENSSH PRIVATE KEY-----" unrecognisable.
func guardTurn(t *transcript.Turn) *transcript.Turn {
	g := *t
	g.Prompt = redact(t.Prompt)
	g.Closing = redact(t.Closing)
	g.Texts = make([]string, len(t.Texts))
	for i, s := range t.Texts {
		g.Texts[i] = redact(s)
	}
	g.Thoughts = nil
	for _, th := range t.Thoughts {
		if hasAny(th, thoughtRoots) || hasAny(th, planRoots) { // the only thinking the rules read (thoughtDecisions, plannedChoices): the rest is not copied
			g.Thoughts = append(g.Thoughts, redact(th))
		}
	}
	g.Tools = make([]*transcript.ToolUse, len(t.Tools))
	for i, u := range t.Tools {
		c := *u
		c.IsError = u.IsError || pipedBuildError(u) // a build failing behind "| tail" failed, for every rule
		c.Command, c.Description, c.Output = redact(u.Command), redact(u.Description), guardOutput(&c, u.Output)
		c.CommitSubject, c.Plan, c.Subject, c.Doc = redact(u.CommitSubject), redact(u.Plan), redact(u.Subject), redact(u.Doc)
		if u.Task != nil {
			c.Task = &transcript.Task{ID: u.Task.ID, Subject: redact(u.Task.Subject), Status: u.Task.Status}
		}
		c.Todos = make([]transcript.Todo, len(u.Todos))
		for j, td := range u.Todos {
			c.Todos[j] = transcript.Todo{Content: redact(td.Content), Status: td.Status}
		}
		if u.Todos == nil {
			c.Todos = nil
		}
		g.Tools[i] = &c
	}
	return &g
}

// guardOutput is the output of a call as the rules may read it: a failed call's (its cause;
// c.IsError already holds a build failing behind a pipe) and a pull request's creation (its
// number), redacted. The rules read no other output, so the others are not copied:
// redacting every listing and test log was a third of the heuristic's time.
func guardOutput(c *transcript.ToolUse, out string) string {
	if c.IsError || createsPR(c) {
		return redact(out)
	}
	return ""
}

// redact is secret.Redact without the flag: the same function for turn text, model output
// and bullets.
func redact(s string) string {
	out, _ := secret.Redact(s)
	return out
}

// redactedOnly reports a bullet left with nothing but redaction marks and punctuation: a
// line of a key block, or a bare token.
func redactedOnly(s string) bool {
	return strings.Trim(strings.ReplaceAll(s, "[redacted]", ""), ".…-—:;,!?=+/\"'`()[]{}<> ") == ""
}
