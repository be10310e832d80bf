package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// CheckBaseURL says what is wrong with an OpenAI-compatible endpoint's base URL, or nil: it
// must be an http or https URL with a host (Ollama: http://localhost:11434/v1).
func CheckBaseURL(base string) error {
	if strings.TrimSpace(base) == "" {
		return errors.New(`is missing: the endpoint, e.g. "http://localhost:11434/v1" (Ollama), "http://localhost:8080/v1" (llama.cpp server), "http://localhost:1234/v1" (LM Studio)`)
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q is not an http:// or https:// URL with a host", base)
	}
	return nil
}

// chatURL is the chat-completions URL of a base ("…/v1" or already "…/chat/completions").
func chatURL(base string) string {
	base = strings.TrimRight(base, "/")
	if strings.HasSuffix(base, "/chat/completions") {
		return base
	}
	return base + "/chat/completions"
}

// openAI asks an OpenAI-compatible chat-completions endpoint, without streaming, and returns
// the text of the first choice. The error of a failed call keeps the HTTP status and the
// start of the body.
func (b *Backend) openAI(ctx context.Context, prompt string) ([]byte, error) {
	s := b.spec
	body, _ := json.Marshal(map[string]any{
		"model":       s.Model,
		"messages":    []map[string]string{{"role": "user", "content": prompt}},
		"temperature": 0,
		"stream":      false,
	})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, chatURL(s.BaseURL), bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("openai: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if s.APIKeyEnv != "" {
		key := s.Getenv(s.APIKeyEnv)
		if key == "" {
			return nil, fmt.Errorf("openai: $%s (api_key_env) is not set", s.APIKeyEnv)
		}
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("openai: %w", ctx.Err())
		}
		return nil, fmt.Errorf("openai: %w", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("openai: %w", ctx.Err())
		}
		return nil, fmt.Errorf("openai: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		hint := ""
		if resp.StatusCode == http.StatusNotFound && !strings.Contains(s.BaseURL, "/v1") {
			hint = " (base_url usually ends with /v1)"
		}
		return nil, fmt.Errorf("openai: %s: HTTP %d%s: %s", chatURL(s.BaseURL), resp.StatusCode, hint, clipRunes(strings.TrimSpace(string(data)), 200))
	}
	var m struct {
		Choices []struct {
			Message struct {
				Content string `json:"content"`
			} `json:"message"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("openai: the answer is not a chat completion: %w", err)
	}
	if len(m.Choices) == 0 {
		return nil, errors.New("openai: the answer has no choice")
	}
	return []byte(m.Choices[0].Message.Content), nil
}

func clipRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
