// Package hook is the runtime of `carnet --hook`, the agent side of carnet: it decodes the
// hook JSON an agent sends on stdin, routes the turn to the workspace's projects, reads it
// (hook/transcript), extracts it (capture) and merges it through memstore, runs the Stop
// gate, composes the SessionStart load, and keeps a debug log. It has no UI imports: it runs
// in the agent's hot path, within its own time limit.
package hook

import (
	"bytes"
	"carnet/hook/transcript"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Hook event names (Claude Code's hook_event_name; Codex and Kimi use the same ones).
const (
	EventStop         = "Stop"
	EventSubagentStop = "SubagentStop"
	EventPreCompact   = "PreCompact"
	EventSessionEnd   = "SessionEnd"
	EventSessionStart = "SessionStart"
	// EventAfterAgent is Gemini CLI's end of a turn (its payload carries prompt and
	// prompt_response).
	EventAfterAgent = "AfterAgent"
	// EventPreCompress is Gemini CLI's PreCompact.
	EventPreCompress = "PreCompress"
)

// maxInput bounds what is read from stdin: the hook JSON is small, but
// last_assistant_message can be long; nothing legitimate comes near this.
const maxInput = 8 << 20

// Input is the hook JSON an agent writes on stdin. Decoding is tolerant: unknown keys are
// ignored, a key of the wrong type is treated as absent, and a boolean may come as a string.
type Input struct {
	SessionID            string
	TranscriptPath       string
	Cwd                  string
	HookEventName        string
	StopHookActive       bool
	LastAssistantMessage string
	Source               string // SessionStart: startup, resume, clear, compact
	Reason               string // SessionEnd
	Trigger              string // PreCompact: manual, auto
	AgentID              string
	AgentType            string
	AgentTranscriptPath  string // SubagentStop (v2.1.x)
	PermissionMode       string
	TurnID               string // Codex
	Prompt               string // Gemini AfterAgent: the user's prompt
	PromptResponse       string // Gemini AfterAgent: the agent's final answer
}

// ErrEmptyInput is returned by ParseInput when stdin holds nothing but white space.
var ErrEmptyInput = errors.New("hook input is empty")

// ParseInput reads the hook JSON from r (at most 8 MB) and decodes it tolerantly.
func ParseInput(r io.Reader) (*Input, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, fmt.Errorf("reading hook input: %w", err)
	}
	if len(data) > maxInput {
		return nil, fmt.Errorf("hook input is larger than %d MB", maxInput>>20)
	}
	return DecodeInput(data)
}

// DecodeInput decodes one hook JSON object (a UTF-8 BOM and surrounding space are ignored).
func DecodeInput(data []byte) (*Input, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return nil, ErrEmptyInput
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("hook input is not a JSON object: %s", shortErr(err))
	}
	in := &Input{
		SessionID:            str(raw, "session_id"),
		TranscriptPath:       str(raw, "transcript_path"),
		Cwd:                  str(raw, "cwd"),
		HookEventName:        str(raw, "hook_event_name"),
		StopHookActive:       boolean(raw, "stop_hook_active"),
		LastAssistantMessage: str(raw, "last_assistant_message"),
		Source:               str(raw, "source"),
		Reason:               str(raw, "reason"),
		Trigger:              str(raw, "trigger"),
		AgentID:              str(raw, "agent_id"),
		AgentType:            str(raw, "agent_type"),
		AgentTranscriptPath:  str(raw, "agent_transcript_path"),
		PermissionMode:       str(raw, "permission_mode"),
		TurnID:               str(raw, "turn_id"),
		Prompt:               str(raw, "prompt"),
		PromptResponse:       str(raw, "prompt_response"),
	}
	if in.SessionID == "" {
		in.SessionID = str(raw, "sessionId") // camelCase seen in some agents' payloads
	}
	if in.LastAssistantMessage == "" {
		in.LastAssistantMessage = str(raw, "response") // Kimi's Stop: its final answer, and no transcript
	}
	return in, nil
}

func str(m map[string]any, key string) string {
	s, _ := m[key].(string)
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	return s
}

func boolean(m map[string]any, key string) bool {
	switch v := m[key].(type) {
	case bool:
		return v
	case string:
		return strings.EqualFold(strings.TrimSpace(v), "true")
	case float64:
		return v != 0
	}
	return false
}

// shortErr keeps a decoding error to one short line for the hook log.
func shortErr(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return transcript.Clip(s, 160)
}
