package capture

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// maxEvidence bounds the lines of evidence a turn gives; maxEvidenceLine, each line.
const (
	maxEvidence     = 200
	maxEvidenceLine = 300
)

// Evidence lists what the turn shows done, for memstore to close the open to-dos of
// earlier turns it covers (memstore.Extraction.Evidence), whatever the extractor: the
// to-dos it completed, the files it edited (memstore.EditedPrefix), its commits' subjects,
// the closing text's lines of work done, the first line of each shell command that went
// through, and the commands the user pasted after a shell prompt. A subagent's work is
// reported by the main agent.
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
		case u.Edits() && u.FilePath != "" && !u.IsError:
			if e := memstore.EditedPrefix + path.Base(filepath.ToSlash(u.FilePath)); !slices.Contains(out, e) {
				add(e)
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
		if doneStatement(l) != "" || strings.ContainsAny(l, "✅✔") && (headingLevel(strings.TrimSpace(l)) == 0 || !findsAbsent(l)) {
			add(stripMarkup(l))
		}
	}
	for _, c := range pastedCommands(t.Prompt) {
		add(c)
	}
	for _, l := range checkedSection(t.Closing, false) {
		add(l)
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

// announcers open what the agent says it is about to do, not what it did.
var announcers = []string{"i'll ", "i will ", "we'll ", "let me ", "i'm going to ", "next, i'll ", "now i'll ", "je vais "}

// maxAnnouncement bounds a closing text that only announces work.
const maxAnnouncement = 500

// unfinished records, as work to resume, the work a turn's closing text only announces
// ("I'm applying the plan now: I'll refresh the draft …"): the turn ended before doing it.
// A turn with a call that got its result is left alone (the text may have come before the
// work, or the user refused the call), and so is a closing text with a report (a blank
// line, a list).
func unfinished(e *memstore.Extraction, t *transcript.Turn, w wording) {
	c := strings.TrimSpace(t.Closing)
	if t.Sidechain || len(e.Next) > 0 || c == "" || len(c) > maxAnnouncement || strings.Contains(c, "\n") ||
		slices.ContainsFunc(t.Tools, func(u *transcript.ToolUse) bool { return u.HasResult }) {
		return
	}
	if work := announced(c); work != "" {
		e.Next = append(e.Next, fmt.Sprintf(w.resume, work))
	}
}

// announced is the work the last sentence of a text announces, after its announcer ("I'll
// refresh the draft" gives "refresh the draft"), or "".
func announced(text string) string {
	ss := splitSentences(text)
	last := strings.ReplaceAll(ss[len(ss)-1], "’", "'")
	low := strings.ToLower(last)
	for _, a := range announcers {
		i := strings.Index(low, a)
		if i < 0 || i > 0 && !strings.HasSuffix(strings.TrimSpace(low[:i]), ":") || strings.HasPrefix(low[i+len(a):], "know") {
			continue // "I'm on it: I'll …" announces; "let me know" asks
		}
		return strings.TrimRight(strings.TrimSpace(last[i+len(a):]), ".")
	}
	return ""
}
