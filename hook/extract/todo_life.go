package extract

import (
	"strings"

	"carnet/hook/transcript"
)

// maxEvidence bounds the lines of evidence a turn gives; maxEvidenceLine, each line.
const (
	maxEvidence     = 200
	maxEvidenceLine = 300
)

// Evidence lists what the turn shows done, for memstore to close the open to-dos of
// earlier turns it covers (memstore.Extraction.Evidence), whatever the extractor: the
// to-dos it completed, its commits' subjects, the closing text's lines of work done, the
// first line of each shell command that went through, and the commands the user pasted
// after a shell prompt. A subagent's work is reported by the main agent.
func Evidence(t *transcript.Turn) []string {
	if t.Sidechain {
		return nil
	}
	var out []string
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" && len(out) < maxEvidence {
			out = append(out, transcript.Clip(s, maxEvidenceLine))
		}
	}
	for _, u := range t.Tools {
		switch {
		case u.Name == "TodoWrite":
			for _, td := range u.Todos {
				if td.Status == "completed" {
					add(td.Content)
				}
			}
		case u.Name == "Bash" && u.HasResult && !u.IsError && u.Command != "":
			first, _, _ := strings.Cut(strings.TrimSpace(u.Command), "\n")
			add(first)
			add(u.CommitSubject)
		}
	}
	for _, td := range taskList(t.Tools) {
		if td.Status == "completed" {
			add(td.Content)
		}
	}
	for l := range strings.Lines(t.Closing) {
		if doneStatement(l) != "" || strings.ContainsAny(l, "✅✔") {
			add(stripMarkup(l))
		}
	}
	for _, c := range pastedCommands(t.Prompt) {
		add(c)
	}
	return out
}

// shellPrompts end the prompt of a shell, before the command typed ("user@host:~$ ",
// "➜  app git:(main) ✗ "); "$", "%" and "❯" only after one word or none.
var shellPrompts = []string{"➜ ", "✗ ", "$ ", "% ", "❯ "}

// Pasted commands: the lines of a prompt read, the words of a command.
const (
	maxPastedLines  = 400
	maxCommandWords = 12
)

// pastedCommands are the commands a prompt shows typed at a shell prompt: the user ran
// them and pasted the terminal.
func pastedCommands(prompt string) []string {
	var out []string
	n := 0
	for l := range strings.Lines(prompt) {
		if n++; n > maxPastedLines {
			break
		}
		start := -1
		for k, p := range shellPrompts {
			i := strings.LastIndex(l, p)
			if i >= 0 && (k < 2 || !strings.Contains(strings.TrimSpace(l[:i]), " ")) {
				start = max(start, i+len(p))
			}
		}
		if start < 0 {
			continue
		}
		if cmd := strings.Fields(l[start:]); len(cmd) >= 2 && len(cmd) <= maxCommandWords {
			out = append(out, strings.Join(cmd, " "))
		}
	}
	return out
}
