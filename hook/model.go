package hook

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"time"

	"carnet/memstore"
)

// NestedEnv is set in the environment of a model extractor's process: a carnet hook that
// sees it (the nested claude's own hooks) does nothing.
const NestedEnv = "CARNET_NESTED"

// maxPromptTurn bounds the transcript excerpt sent to a model.
const maxPromptTurn = 24 << 10

// BuildPrompt writes the instructions and the turn a model extracts from.
func BuildPrompt(t *Turn, language string, projects []string) string {
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

func projectHint(projects []string) string {
	if len(projects) < 2 {
		return ""
	}
	return " (among: " + strings.Join(projects, ", ") + ")"
}

// renderTurn writes the turn as short plain text for a model, within max bytes.
func renderTurn(t *Turn, max int) string {
	fx := newPathFixer(t.Root, t.Cwd)
	var sb strings.Builder
	if t.Prompt != "" {
		fmt.Fprintf(&sb, "USER: %s\n\n", clipWords(fx.scrub(t.Prompt), 4000))
	}
	for _, u := range t.Tools {
		line := "TOOL " + u.Name
		switch {
		case u.FilePath != "":
			p, _ := fx.rel(u.FilePath)
			line += " " + p
		case u.Command != "":
			line += " `" + shortCommand(fx.scrub(u.Command)) + "`"
		}
		if u.Name == "TodoWrite" {
			for _, td := range u.Todos {
				line += fmt.Sprintf("\n  [%s] %s", td.Status, td.Content)
			}
		}
		if u.IsError {
			line += " → ERROR: " + fx.scrub(u.Output)
		} else if u.CommitSubject != "" {
			line += " → committed: " + u.CommitSubject
		}
		sb.WriteString(clipWords(line, 600))
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
		fmt.Fprintf(&sb, "\nASSISTANT: %s\n", clipWords(fx.scrub(x), 1500))
	}
	if t.Closing != "" {
		fmt.Fprintf(&sb, "\nASSISTANT (closing): %s\n", clipWords(fx.scrub(t.Closing), 6000))
	}
	return clip(sb.String(), max)
}

// execExtractor runs a command (the claude CLI in print mode, or any command) with the
// prompt on stdin and reads the JSON on its stdout. It runs from a temporary folder, so
// the project's CLAUDE.md does not leak into the prompt, with NestedEnv set.
type execExtractor struct {
	argv []string
	opt  Options
}

func (x *execExtractor) Extract(ctx context.Context, t *Turn) (memstore.Extraction, []byte, error) {
	ctx, cancel := context.WithTimeout(ctx, x.opt.Timeout)
	defer cancel()
	dir, err := os.MkdirTemp("", "carnet-extract-")
	if err != nil {
		return memstore.Extraction{}, nil, err
	}
	defer os.RemoveAll(dir)
	cmd := exec.CommandContext(ctx, x.argv[0], x.argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), NestedEnv+"=1")
	cmd.Stdin = strings.NewReader(BuildPrompt(t, x.opt.Language, x.opt.Projects))
	var stdout, stderr limitedBuffer
	stdout.max, stderr.max = 1<<20, 4<<10
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	killGroup(cmd)
	cmd.WaitDelay = 500 * time.Millisecond
	err = cmd.Run()
	raw := stdout.Bytes()
	if ctx.Err() != nil {
		return memstore.Extraction{}, raw, fmt.Errorf("%s: timed out after %s", x.argv[0], x.opt.Timeout)
	}
	if err != nil {
		msg := strings.TrimSpace(firstUsefulLine(stderr.String()))
		if msg != "" {
			return memstore.Extraction{}, raw, fmt.Errorf("%s: %v: %s", x.argv[0], err, msg)
		}
		return memstore.Extraction{}, raw, fmt.Errorf("%s: %w", x.argv[0], err)
	}
	e, err := memstore.ParseExtraction(raw)
	if err != nil {
		return e, raw, fmt.Errorf("%s printed no extraction JSON: %w", x.argv[0], err)
	}
	return e, raw, nil
}

// limitedBuffer keeps the first max bytes written to it and discards the rest.
type limitedBuffer struct {
	bytes.Buffer
	max int
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.Len(); room > 0 {
		b.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// anthropicExtractor calls the Messages API with ANTHROPIC_API_KEY; ANTHROPIC_BASE_URL
// overrides the endpoint (a proxy, or a test server).
type anthropicExtractor struct {
	opt   Options
	model string
}

func (a *anthropicExtractor) Extract(ctx context.Context, t *Turn) (memstore.Extraction, []byte, error) {
	key := os.Getenv("ANTHROPIC_API_KEY")
	if key == "" {
		return memstore.Extraction{}, nil, errors.New("anthropic: ANTHROPIC_API_KEY is not set")
	}
	base := strings.TrimRight(os.Getenv("ANTHROPIC_BASE_URL"), "/")
	if base == "" {
		base = "https://api.anthropic.com"
	}
	ctx, cancel := context.WithTimeout(ctx, a.opt.Timeout)
	defer cancel()
	body, _ := json.Marshal(map[string]any{
		"model":      a.model,
		"max_tokens": 1024,
		"messages":   []map[string]string{{"role": "user", "content": BuildPrompt(t, a.opt.Language, a.opt.Projects)}},
	})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/v1/messages", bytes.NewReader(body))
	if err != nil {
		return memstore.Extraction{}, nil, fmt.Errorf("anthropic: %w", err)
	}
	req.Header.Set("content-type", "application/json")
	req.Header.Set("x-api-key", key)
	req.Header.Set("anthropic-version", "2023-06-01")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return memstore.Extraction{}, nil, fmt.Errorf("anthropic: timed out after %s", a.opt.Timeout)
		}
		return memstore.Extraction{}, nil, fmt.Errorf("anthropic: %w", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return memstore.Extraction{}, data, fmt.Errorf("anthropic: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return memstore.Extraction{}, data, fmt.Errorf("anthropic: HTTP %d: %s", resp.StatusCode, clip(strings.TrimSpace(string(data)), 200))
	}
	var msg struct {
		Content []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"content"`
	}
	if err := json.Unmarshal(data, &msg); err != nil {
		return memstore.Extraction{}, data, fmt.Errorf("anthropic: bad response: %w", err)
	}
	var text strings.Builder
	for _, c := range msg.Content {
		if c.Type == "text" {
			text.WriteString(c.Text)
		}
	}
	raw := []byte(text.String())
	e, err := memstore.ParseExtraction(raw)
	if err != nil {
		return e, raw, fmt.Errorf("anthropic: no extraction JSON in the reply: %w", err)
	}
	return e, raw, nil
}
