package extract

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// Heuristic extracts memory from the turn's own structure, with no model and no network:
// the prompt, files edited, failed commands, commits, TodoWrite lists, labelled statements of
// the closing text and "OK-done" lines from the user.
type Heuristic struct {
	Language string // "fr" (default) or "en": wording of the bullets it composes
}

// Limits that keep the heuristic's output to memory, not a dump.
const (
	maxGoal     = 200
	maxFiles    = 12
	maxFailures = 5
	maxCommits  = 5
	maxTodos    = 10
)

type wording struct {
	created, modified, commit, commitNoHash, failed string
}

var wordings = map[string]wording{
	"fr": {created: "Fichiers créés : %s", modified: "Fichiers modifiés : %s", commit: "Commit %s : %s", commitNoHash: "Commit : %s", failed: "Échec de `%s` : %s"},
	"en": {created: "Files created: %s", modified: "Files changed: %s", commit: "Commit %s: %s", commitNoHash: "Commit: %s", failed: "`%s` failed: %s"},
}

// Extract implements Extractor.
func (h Heuristic) Extract(_ context.Context, t *transcript.Turn) (memstore.Extraction, []byte, error) {
	e := h.extract(guardTurn(t))
	raw, _ := json.Marshal(e)
	return e, raw, nil
}

func (h Heuristic) extract(t *transcript.Turn) memstore.Extraction {
	w, ok := wordings[h.Language]
	if !ok {
		w = wordings["fr"]
	}
	fx := NewPathFixer(t.Root, t.Cwd)
	var e memstore.Extraction
	if !t.HasActivity() {
		return e // nothing happened: a prompt with no answer is not memory
	}

	goal, done := splitPrompt(t.Prompt)
	if goal != "" {
		e.Goal = append(e.Goal, goal)
	}
	e.NextDone = append(e.NextDone, done...)

	// Files edited or written, relative to the workspace.
	var created, modified []string
	seen := map[string]bool{}
	for _, u := range t.Tools {
		if !u.Edits() || u.FilePath == "" || (u.HasResult && u.IsError) {
			continue
		}
		p, _ := fx.Rel(u.FilePath)
		if p == "" || p == "." || seen[p] {
			continue
		}
		seen[p] = true
		if u.Name == "Write" && u.Created {
			created = append(created, p)
		} else {
			modified = append(modified, p)
		}
	}
	if len(created) > 0 {
		e.Work = append(e.Work, fmt.Sprintf(w.created, ListFiles(created)))
	}
	if len(modified) > 0 {
		e.Work = append(e.Work, fmt.Sprintf(w.modified, ListFiles(modified)))
	}

	// Commits made, and commands that failed.
	commits, failures := 0, 0
	seenCmd := map[string]bool{}
	for _, u := range t.Tools {
		if u.Name != "Bash" || u.Command == "" {
			continue
		}
		if u.HasResult && !u.IsError && strings.Contains(u.Command, "git commit") && commits < maxCommits {
			subject := u.CommitSubject
			if subject == "" {
				subject = commitMessage(u.Command)
			}
			if subject != "" {
				if u.CommitHash != "" {
					e.Work = append(e.Work, fmt.Sprintf(w.commit, u.CommitHash, subject))
				} else {
					e.Work = append(e.Work, fmt.Sprintf(w.commitNoHash, subject))
				}
				commits++
			}
			continue
		}
		if !u.IsError || !isRealFailure(u.Output) || failures >= maxFailures {
			continue
		}
		cmd := shortCommand(u.Command)
		if cmd == "" || seenCmd[cmd] {
			continue
		}
		seenCmd[cmd] = true
		e.Problems = append(e.Problems, fmt.Sprintf(w.failed, cmd, u.Output))
		failures++
	}

	// The last TodoWrite list is the state of the agent's own plan.
	for _, u := range slices.Backward(t.Tools) {

		if u.Name != "TodoWrite" || u.Todos == nil {
			continue
		}
		open := 0
		for _, td := range u.Todos {
			c := strings.TrimSpace(td.Content)
			if c == "" {
				continue
			}
			if td.Status == "completed" {
				e.NextDone = append(e.NextDone, c)
			} else if open < maxTodos {
				e.Next = append(e.Next, c)
				open++
			}
		}
		break
	}

	// What the assistant stated under a label in its closing text.
	for key, items := range labelled(t.Closing) {
		e.Add(key, items...)
	}
	return clean(e, fx)
}

// splitPrompt turns the user's prompt into a goal (one line, bounded) and the items the
// user ticked with "OK-done <item>" lines.
func splitPrompt(prompt string) (goal string, done []string) {
	var rest []string
	for line := range strings.Lines(prompt) {
		t := strings.TrimSpace(line)
		if len(t) > 8 && strings.EqualFold(t[:7], "ok-done") && (t[7] == ' ' || t[7] == ':') {
			if item := strings.TrimSpace(strings.TrimLeft(t[7:], ": ")); item != "" {
				done = append(done, item)
			}
			continue
		}
		rest = append(rest, line)
	}
	return goalOf(strings.Join(rest, "")), done
}

// goalOf reduces a prompt to one line: slash commands become "/name args"; notifications
// from the agent's runtime, acknowledgements ("ok", "continue") and empty text give "".
func goalOf(p string) string {
	p = strings.TrimSpace(p)
	if p == "" || strings.HasPrefix(p, "<task-notification>") || strings.HasPrefix(p, "<system-reminder>") {
		return ""
	}
	if strings.Contains(p, "<command-name>") {
		name := between(p, "<command-name>", "</command-name>")
		args := between(p, "<command-args>", "</command-args>")
		p = strings.TrimSpace(name + " " + args)
		if name == "" {
			return ""
		}
	}
	// The first paragraph, as one line.
	p, _, _ = strings.Cut(p, "\n\n")
	p = strings.Join(strings.Fields(p), " ")
	if isAck(p) {
		return ""
	}
	return transcript.ClipWords(p, maxGoal)
}

func between(s, a, b string) string {
	_, s, ok := strings.Cut(s, a)
	if !ok {
		return ""
	}
	s, _, _ = strings.Cut(s, b)
	return strings.TrimSpace(s)
}

// isAck reports a prompt that only acknowledges or nudges ("yes", "go on", "merci").
func isAck(p string) bool {
	f := strings.Trim(fold(p), " .!?")
	switch f {
	case "y", "n", "yes", "no", "ok", "okay", "k", "sure", "go", "go on", "go ahead", "continue", "proceed", "do it",
		"thanks", "thank you", "merci", "oui", "non", "vas-y", "vas y", "d'accord", "daccord", "continue please",
		"please continue", "ok continue", "yes please", "oui merci", "c'est bon", "parfait", "great", "perfect", "lgtm":
		return true
	}
	return len(f) < 3
}

// isRealFailure filters error results that are not a command failing: a user who refused
// the call, a sibling call's error, an interruption.
func isRealFailure(out string) bool {
	if out == "" {
		return false
	}
	for _, p := range []string{"The user doesn't want to proceed", "User rejected", "Sibling tool call errored",
		"[Request interrupted", "Interrupted by user", "Permission to use", "requires approval",
		"nothing to commit", "nothing added to commit"} {
		if strings.Contains(out, p) {
			return false
		}
	}
	return true
}

// ListFiles names files for a bullet or a message: the first few, joined, then how many more.
func ListFiles(files []string) string {
	if len(files) <= maxFiles {
		return strings.Join(files, ", ")
	}
	return fmt.Sprintf("%s (+%d)", strings.Join(files[:maxFiles], ", "), len(files)-maxFiles)
}

// clean is the last pass over any extraction, the model's included: one line per bullet,
// bounded, no absolute path, no secret, no empty or repeated bullet.
func clean(e memstore.Extraction, fx PathFixer) memstore.Extraction {
	var out memstore.Extraction
	out.Unknown = e.Unknown
	for _, key := range extractionKeys {
		seen := map[string]bool{}
		for _, s := range e.Field(key) {
			s = transcript.CleanText(redact(s)) // the guard sees the model's bullet before cleaning
			if key != memstore.KeyProjects {
				s = fx.scrub(s)
			}
			s = strings.Join(strings.Fields(s), " ")
			s = strings.TrimLeft(s, "-*•+ ")
			s = transcript.ClipWords(s, maxBullet)
			s = redact(s)
			if s == "" || redactedOnly(s) {
				continue
			}
			k := strings.ToLower(s)
			if seen[k] {
				continue
			}
			seen[k] = true
			out.Add(key, s)
		}
	}
	return out
}

// extractionKeys lists every key of the extraction JSON, in file order.
var extractionKeys = []string{memstore.KeyContext, memstore.KeyGoal, memstore.KeyProblems,
	memstore.KeyKnowledge, memstore.KeyWork, memstore.KeyDecisions, memstore.KeyNext,
	memstore.KeyNextDone, memstore.KeyLongTerm, memstore.KeyProjects}
