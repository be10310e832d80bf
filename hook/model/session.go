package model

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"carnet/capture"
	"carnet/hook/transcript"
	"carnet/llm"
	"carnet/memstore"
	"carnet/secret"
)

// A session-level model extraction (issue 24 §5): at SessionEnd and PreCompact, one model
// call over the whole session, cleaned, asking for the extraction JSON the heuristic fills.
// The session's text is built turn by turn from its end (SessionText, fed by
// transcript.ReadSession), each text redacted before anything else touches it, paths made
// relative, tool output clipped, and bounded: when the session is too long its most recent
// part is kept. The model's answer leaves through the heuristic's cleaning (clean).

// Bounds of the session text sent to a model.
const (
	// MaxSessionText is the session text's budget: about 12k tokens, which a small model
	// (claude-haiku, gemini-flash, an 8B local model with a 16k context) reads whole.
	MaxSessionText  = 48 << 10
	maxSessionTools = 40   // tool lines per turn
	maxSessionItems = 12   // bullets kept per key of the model's answer
	maxSessionOpen  = 30   // open items listed for the model to tick
	maxPromptText   = 3000 // a prompt's bytes
	maxClosingText  = 3000 // a closing text's bytes
	maxOtherText    = 800  // each other assistant text's bytes
	maxOtherTexts   = 4    // other assistant texts per turn (the latest)
)

// SessionText is a session's text for a model, built from its newest turn back.
type SessionText struct {
	root   string
	budget int
	parts  []string // newest first
	size   int
	// Turns counts the turns written, Dropped the turns read but left out (the budget).
	Turns, Dropped int
	fixer          transcript.PathFixer
	fixed          bool
}

// NewSessionText starts a session text for the workspace at root within budget bytes
// (MaxSessionText when zero or less).
func NewSessionText(root string, budget int) *SessionText {
	if budget <= 0 {
		budget = MaxSessionText
	}
	return &SessionText{root: root, budget: budget}
}

// Add writes t, the turn before those already added, and reports whether there is room
// for another one (transcript.SessionOptions.Keep). The newest turn is always written,
// clipped to the budget when it alone exceeds it.
func (s *SessionText) Add(t *transcript.Turn) bool {
	if !t.HasActivity() && t.Prompt == "" {
		return true
	}
	rt := *t
	rt.Root = s.root
	fx := transcript.TurnFixer(&rt)
	if !s.fixed { // the newest turn's folders say what the session's files are
		s.fixer, s.fixed = fx, true
	}
	text := renderSessionTurn(&rt, fx)
	room := s.budget - s.size
	if len(text) > room {
		if s.Turns > 0 {
			s.Dropped++
			return false
		}
		text = transcript.Clip(text, room)
	}
	s.parts = append(s.parts, text)
	s.size += len(text)
	s.Turns++
	return s.size < s.budget
}

// Text is the session, oldest turn first.
func (s *SessionText) Text() string {
	parts := slices.Clone(s.parts)
	slices.Reverse(parts)
	return strings.Join(parts, "\n")
}

// Empty reports a session with nothing to extract.
func (s *SessionText) Empty() bool { return s.Turns == 0 }

// guarded is a text of the transcript as a model may read it: secrets redacted first (a
// key block must be seen whole), then paths made relative, then clipped.
func guarded(fx transcript.PathFixer, s string, n int) string {
	s, _ = secret.Redact(s)
	return transcript.ClipWords(fx.Scrub(strings.TrimSpace(s)), n)
}

// renderSessionTurn writes one turn as short plain text: the prompt, the calls that changed
// something or failed (reads are counted, not listed), the to-do lists, the assistant's
// latest texts and its closing text.
func renderSessionTurn(t *transcript.Turn, fx transcript.PathFixer) string {
	var sb strings.Builder
	sb.WriteString("=== turn")
	if !t.PromptTime.IsZero() {
		sb.WriteString(" " + t.PromptTime.UTC().Format("2006-01-02 15:04"))
	}
	sb.WriteString(" ===\n")
	if t.Prompt != "" && !transcript.IsGatePrompt(t.Prompt) {
		fmt.Fprintf(&sb, "USER: %s\n", guarded(fx, t.Prompt, maxPromptText))
	}
	reads, lines := 0, 0
	for _, u := range t.Tools {
		if u.Name == "Read" || u.Name == "Glob" || u.Name == "Grep" || u.Name == "LS" {
			reads++
			continue
		}
		if lines == maxSessionTools {
			sb.WriteString("TOOL … (more calls left out)\n")
			break
		}
		if line, ok := toolLine(u, fx); ok {
			sb.WriteString(line + "\n")
			lines++
		}
	}
	if reads > 0 {
		fmt.Fprintf(&sb, "(%s read or searched)\n", memstore.Plural(reads, "file"))
	}
	texts := slices.DeleteFunc(slices.Clone(t.Texts), func(x string) bool { return x == t.Closing })
	for _, x := range texts[max(0, len(texts)-maxOtherTexts):] {
		fmt.Fprintf(&sb, "ASSISTANT: %s\n", guarded(fx, x, maxOtherText))
	}
	if t.Closing != "" {
		fmt.Fprintf(&sb, "ASSISTANT (closing): %s\n", guarded(fx, t.Closing, maxClosingText))
	}
	if t.Interrupted {
		sb.WriteString("(the user interrupted this turn)\n")
	}
	return sb.String()
}

// toolLine is one call's line, for a turn's view and a session's; ok is false for a file outside the project.
func toolLine(u *transcript.ToolUse, fx transcript.PathFixer) (string, bool) {
	var line strings.Builder
	line.WriteString("TOOL " + u.Name)
	switch {
	case u.FilePath != "":
		p, inside := fx.RelIn(u.Cwd, u.FilePath)
		if !inside {
			return "", false // a file of another repository
		}
		line.WriteString(" " + p)
	case u.Command != "":
		line.WriteString(" `" + guarded(fx, u.Command, 300) + "`")
	}
	for _, td := range u.Todos {
		fmt.Fprintf(&line, "\n  [%s] %s", td.Status, guarded(fx, td.Content, 200))
	}
	if u.Task != nil && u.Task.Subject != "" {
		fmt.Fprintf(&line, " [%s] %s", u.Task.Status, guarded(fx, u.Task.Subject, 200))
	}
	switch {
	case u.IsError:
		line.WriteString(" → ERROR: " + guarded(fx, u.Output, 300))
	case u.CommitSubject != "":
		line.WriteString(" → committed: " + guarded(fx, u.CommitSubject, 200))
	}
	return line.String(), true
}

// SessionPrompt is what the model is asked: the instructions, the open items it may close,
// and the session.
func SessionPrompt(s *SessionText, language string, projects, open []string) string {
	lang, verified, tried := "French", "(vérifié : <commande> ok, commit abc1234)", "essayé, sans effet : "
	if language == "en" {
		lang, verified, tried = "English", "(verified: <command> ok, commit abc1234)", "tried, no effect: "
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `You keep the memory of a software project between coding sessions. Below is a whole session
between a user and a coding agent%s. Write what the next session needs to know, and nothing else.
Return ONE JSON object and nothing else (no prose, no code fence) with these keys, each a list of
short strings (leave out a key that has nothing):
  "contexte"      background of the work, if new
  "objectif"      each distinct task the user asked for (not each follow-up)
  "problemes"     problems met, with the error in a few words
  "connaissances" lessons: how the code or the tools behave, a command that works, a trap
  "travail"       what was produced (files, features, commits)
  "decisions"     each decision taken, with its reason
  "a_suivre"      what is still to do or left half done
  "a_suivre_done" open items (listed below) that this session finished, in their own words
  "long_terme"    only durable facts worth keeping for months (technical facts, business rules, structure)
  "projets"       which projects the session concerns%s
Rules: write in %s; one fact per item, at most 200 characters, at most 8 items per key; paths relative
to the project root, never absolute; never copy a secret, a token or a password; never paste tool
output; a lesson or fix the session proved ends with %s; an approach that
was tried and failed, or an unconfirmed guess, starts with "%s" and is never a lesson.
`, earlierNote(s), projectHint(projects), lang, verified, tried)
	if len(open) > 0 {
		sb.WriteString("\n<open_items>\n")
		for _, o := range open[max(0, len(open)-maxSessionOpen):] {
			sb.WriteString("- " + guarded(s.fixer, o, 300) + "\n")
		}
		sb.WriteString("</open_items>\n")
	}
	sb.WriteString("\n<session>\n")
	sb.WriteString(s.Text())
	sb.WriteString("</session>\n")
	return sb.String()
}

func earlierNote(s *SessionText) string {
	if s.Dropped > 0 {
		return " (its most recent part: earlier turns are left out)"
	}
	return ""
}

// ExtractSession asks b for the extraction of the session and returns it cleaned as the
// heuristic's is (secrets, paths, one line per bullet, at most 300 characters), with at most
// maxSessionItems bullets per key. raw is the model's answer, redacted. An answer that is not
// an extraction JSON is an error, with raw kept for the debug log.
func ExtractSession(ctx context.Context, b *llm.Backend, s *SessionText, language string, projects, open []string) (memstore.Extraction, []byte, error) {
	raw, err := b.Ask(ctx, SessionPrompt(s, language, projects, open))
	raw = []byte(capture.Redact(string(raw)))
	if err != nil {
		return memstore.Extraction{}, raw, err
	}
	e, err := memstore.ParseExtraction(raw)
	if err != nil {
		return memstore.Extraction{}, raw, fmt.Errorf("%s returned no extraction JSON: %w", b.Name(), err)
	}
	cleaned := capture.FromModel(e, s.fixer)
	cleaned.NextDone = cleaned.Close
	out := memstore.Extraction{Unknown: cleaned.Unknown, Projects: cleaned.Projects}
	for _, key := range append(memstore.AddKeys(), memstore.KeyNextDone) {
		items := cleaned.Field(key)
		out.Add(key, items[:min(len(items), maxSessionItems)]...)
	}
	return out, raw, nil
}
