package capture

import (
	"slices"
	"strings"

	"carnet/hook/transcript"
	"carnet/secret"
	"carnet/shell"
)

// Guard is the one way turn text enters capture (the pipeline and the model extractors): a
// copy of t whose every text (prompt, session name, assistant texts, closing text, commands,
// outputs, commit subjects, to-dos, plans) has each secret replaced by "[redacted]", before any
// cleaning — stripping a line's leading dashes would make "-----BEGIN OPENSSH PRIVATE
// KEY-----" unrecognisable. A build failing behind "| tail" is marked failed.
func Guard(t *transcript.Turn) *transcript.Turn {
	g := *t
	g.Prompt, g.Closing, g.Title = Redact(t.Prompt), Redact(t.Closing), Redact(t.Title)
	g.Texts = make([]string, len(t.Texts))
	for i, s := range t.Texts {
		g.Texts[i] = Redact(s)
	}
	g.Thoughts = nil // no step reads the thinking
	g.Tools = make([]*transcript.ToolUse, len(t.Tools))
	for i, u := range t.Tools {
		c := *u
		c.IsError = u.IsError || pipedBuildError(u)
		c.Command, c.Description, c.Output = Redact(u.Command), Redact(u.Description), Redact(u.Output)
		c.CommitSubject, c.Plan, c.Subject, c.Doc = Redact(u.CommitSubject), Redact(u.Plan), Redact(u.Subject), Redact(u.Doc)
		if u.Task != nil {
			c.Task = &transcript.Task{ID: u.Task.ID, Subject: Redact(u.Task.Subject), Status: u.Task.Status}
		}
		if u.Todos != nil {
			c.Todos = make([]transcript.Todo, len(u.Todos))
			for j, td := range u.Todos {
				c.Todos[j] = transcript.Todo{Content: Redact(td.Content), Status: td.Status}
			}
		}
		g.Tools[i] = &c
	}
	return &g
}

// pipedBuildError reports a shell call that exited 0 only because its output went through
// "| tail" or "| head", while the output shows an error (a compiler's, a traceback's), when
// the line runs the project's tests, build or linter, or a program of its own (./run.sh,
// python train.py): a search's or a lookup's results that hold an error line are what it
// found.
func pipedBuildError(u *transcript.ToolUse) bool {
	if u.IsError || u.Name != "Bash" || !strings.Contains(u.Command, "|") || !errorLine.MatchString(u.Output) {
		return false // most calls: no pipe, or the output says no error
	}
	cmds := simpleCommands(u.Command)
	if len(cmds) < 2 || len(cmds[0]) == 0 {
		return false
	}
	last := cmds[len(cmds)-1]
	if len(last) == 0 || last[0] != "tail" && last[0] != "head" || slices.Contains(outputReaders, cmds[0][0]) {
		return false
	}
	l := parseLine(u.Command)
	return l.Checks() || slices.ContainsFunc(l.Commands, (*shell.Command).RunsFile)
}

// Redact is secret.Redact without the flag, line by line (a secret some rules know only
// as a whole line, a .pgpass entry, is found in its line): the same function for turn text,
// model output and bullets.
func Redact(s string) string {
	if s == "" {
		return s
	}
	out, _ := secret.Redact(s)
	if !strings.Contains(out, "\n") {
		return out
	}
	ls := strings.Split(out, "\n")
	for i, l := range ls {
		ls[i], _ = secret.Redact(l)
	}
	return strings.Join(ls, "\n")
}

// redactedOnly reports a bullet left with nothing but redaction marks and punctuation.
func redactedOnly(s string) bool {
	return strings.Trim(strings.ReplaceAll(s, "[redacted]", ""), ".…-—:;,!?=+/\"'`()[]{}<> ") == ""
}
