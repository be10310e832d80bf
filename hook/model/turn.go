package model

import (
	"context"
	"fmt"
	"strings"

	"carnet/hook/transcript"
	"carnet/llm"
	"carnet/memstore"
)

// maxPromptTurn bounds the transcript excerpt sent to a model.
const maxPromptTurn = 24 << 10

// BuildPrompt writes the instructions and the turn a model extracts from.
func BuildPrompt(t *transcript.Turn, language string, projects []string) string {
	lang := "French"
	if language == "en" {
		lang = "English"
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `You keep the session memory of a software project. Below is one exchange between a user and a
coding agent. Return ONE JSON object and nothing else (no prose, no code fence) with these keys,
each a list of short strings (omit a key that has nothing):
  "contexte"      background of the work, if new
  "objectif"      what the user wanted in this exchange
  "problemes"     problems met, with the error in a few words
  "connaissances" facts learned about the code or the tools
  "travail"       what was produced (files, features, commits)
  "decisions"     decisions taken and why
  "a_suivre"      what remains to do
  "a_suivre_done" items of earlier "a_suivre" lists this exchange finished
  "long_terme"    only durable facts worth keeping for months (technical facts, business rules, structure)
  "projets"       which projects the exchange concerns%s
Rules: write in %s; one fact per item, at most 200 characters; paths relative to the project root,
never absolute; never copy a secret, a token or a password; never paste tool output; no empty item.

<exchange>
`, projectHint(projects), lang)
	sb.WriteString(renderTurn(t, maxPromptTurn))
	sb.WriteString("</exchange>\n")
	return sb.String()
}

// projectHint names the projects an exchange or a session may concern, when there are several.
func projectHint(projects []string) string {
	if len(projects) < 2 {
		return ""
	}
	return " (among: " + strings.Join(projects, ", ") + ")"
}

// renderTurn writes the turn as short plain text for a model, within max bytes.
func renderTurn(t *transcript.Turn, max int) string {
	fx := transcript.TurnFixer(t) // the paths the heuristic keeps, and no others
	var sb strings.Builder
	if t.Prompt != "" {
		fmt.Fprintf(&sb, "USER: %s\n\n", transcript.ClipWords(fx.Scrub(t.Prompt), 4000))
	}
	for _, u := range t.Tools {
		line, ok := toolLine(u, fx)
		if !ok {
			continue
		}
		sb.WriteString(transcript.ClipWords(line, 600))
		sb.WriteByte('\n')
		if sb.Len() > max/2 {
			sb.WriteString("TOOL … (more calls left out)\n")
			break
		}
	}
	texts := t.Texts
	if len(texts) > 6 {
		texts = texts[len(texts)-6:]
	}
	for _, x := range texts {
		if x == t.Closing {
			continue
		}
		fmt.Fprintf(&sb, "\nASSISTANT: %s\n", transcript.ClipWords(fx.Scrub(x), 1500))
	}
	if t.Closing != "" {
		fmt.Fprintf(&sb, "\nASSISTANT (closing): %s\n", transcript.ClipWords(fx.Scrub(t.Closing), 6000))
	}
	return transcript.Clip(sb.String(), max)
}

// execExtractor runs a command (the claude CLI in print mode, or any command) with the
// prompt on stdin and reads the JSON on its stdout (see llm.Exec).
type execExtractor struct {
	argv []string
	opt  Options
}

func (x *execExtractor) Extract(ctx context.Context, t *transcript.Turn) (memstore.Extraction, []byte, error) {
	ctx, cancel := context.WithTimeout(ctx, x.opt.Timeout)
	defer cancel()
	raw, err := llm.Exec(ctx, x.argv, BuildPrompt(t, x.opt.Language, x.opt.Projects), 1<<20)
	if ctx.Err() != nil {
		return memstore.Extraction{}, raw, fmt.Errorf("%s: timed out after %s", x.argv[0], x.opt.Timeout)
	}
	if err != nil {
		return memstore.Extraction{}, raw, err
	}
	e, err := memstore.ParseExtraction(raw)
	if err != nil {
		return e, raw, fmt.Errorf("%s printed no extraction JSON: %w", x.argv[0], err)
	}
	return e, raw, nil
}

// anthropicExtractor calls the Messages API (see llm.Anthropic).
type anthropicExtractor struct {
	opt   Options
	model string
}

func (a *anthropicExtractor) Extract(ctx context.Context, t *transcript.Turn) (memstore.Extraction, []byte, error) {
	ctx, cancel := context.WithTimeout(ctx, a.opt.Timeout)
	defer cancel()
	raw, err := llm.Anthropic(ctx, a.model, BuildPrompt(t, a.opt.Language, a.opt.Projects), 1024)
	if ctx.Err() != nil {
		return memstore.Extraction{}, raw, fmt.Errorf("anthropic: timed out after %s", a.opt.Timeout)
	}
	if err != nil {
		return memstore.Extraction{}, raw, err
	}
	e, err := memstore.ParseExtraction(raw)
	if err != nil {
		return e, raw, fmt.Errorf("anthropic: no extraction JSON in the reply: %w", err)
	}
	return e, raw, nil
}
