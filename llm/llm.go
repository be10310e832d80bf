// Package llm runs the small models carnet can use instead of its heuristics: a command
// (the claude CLI in print mode, or any program) that reads a prompt on stdin, or the
// Anthropic Messages API; and the back ends of a session's model extraction (Backend: the
// claude, codex and gemini CLIs, an OpenAI-compatible endpoint, the Messages API, any
// command). The hook's extractors and promotion's condenser call it.
package llm

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
)

// DefaultModel is the model carnet asks when the configuration names none: the claude CLI's
// --model and the Messages API's model.
const DefaultModel = "claude-haiku-4-5"

// NestedEnv is set in the environment of a model's process: a carnet hook that sees it
// (the nested claude's own hooks) does nothing.
const NestedEnv = "CARNET_NESTED"

// Exec runs argv with prompt on its stdin, from an empty temporary folder (so that the
// project's CLAUDE.md does not leak into the prompt) and with NestedEnv set. It returns at
// most maxOut bytes of stdout. The whole process group is killed when ctx ends.
func Exec(ctx context.Context, argv []string, prompt string, maxOut int) ([]byte, error) {
	if len(argv) == 0 {
		return nil, errors.New("no command to run")
	}
	dir, err := os.MkdirTemp("", "carnet-model-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), NestedEnv+"=1")
	cmd.Stdin = strings.NewReader(prompt)
	stdout, stderr := &limitedBuffer{max: maxOut}, &limitedBuffer{max: 4 << 10}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	killGroup(cmd)
	cmd.WaitDelay = 500 * time.Millisecond
	err = cmd.Run()
	out := stdout.Bytes()
	if ctx.Err() != nil {
		return out, fmt.Errorf("%s: %w", argv[0], ctx.Err())
	}
	if err != nil {
		if msg := firstLine(stderr.String()); msg != "" {
			return out, fmt.Errorf("%s: %w: %s", argv[0], err, msg)
		}
		return out, fmt.Errorf("%s: %w", argv[0], err)
	}
	return out, nil
}

func firstLine(s string) string {
	for l := range strings.Lines(s) {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
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

// Anthropic asks the Messages API (ANTHROPIC_API_KEY; ANTHROPIC_BASE_URL overrides the
// endpoint, for a proxy or a test server) and returns the text of the answer. The error
// of a failed call keeps the HTTP status and the start of the body.
func Anthropic(ctx context.Context, model, prompt string, maxTokens int) ([]byte, error) {
	key := os.Getenv("ANTHROPIC_API_KEY")
	if key == "" {
		return nil, errors.New("anthropic: ANTHROPIC_API_KEY is not set")
	}
	base := strings.TrimRight(os.Getenv("ANTHROPIC_BASE_URL"), "/")
	if base == "" {
		base = "https://api.anthropic.com"
	}
	body, _ := json.Marshal(map[string]any{
		"model":      model,
		"max_tokens": maxTokens,
		"messages":   []map[string]string{{"role": "user", "content": prompt}},
	})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/v1/messages", bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("anthropic: %w", err)
	}
	req.Header.Set("content-type", "application/json")
	req.Header.Set("x-api-key", key)
	req.Header.Set("anthropic-version", "2023-06-01")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("anthropic: %w", ctx.Err())
		}
		return nil, fmt.Errorf("anthropic: %w", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return nil, fmt.Errorf("anthropic: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		msg := strings.TrimSpace(string(data))
		if r := []rune(msg); len(r) > 200 {
			msg = string(r[:200]) + "…"
		}
		return nil, fmt.Errorf("anthropic: HTTP %d: %s", resp.StatusCode, msg)
	}
	var m struct {
		Content []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"content"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("anthropic: bad response: %w", err)
	}
	var text strings.Builder
	for _, c := range m.Content {
		if c.Type == "text" {
			text.WriteString(c.Text)
		}
	}
	return []byte(text.String()), nil
}
