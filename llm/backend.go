package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
)

// Back-end kinds, as carnet.toml's [hook] extractor names them.
const (
	KindClaude    = "claude"    // the claude CLI in print mode
	KindCodex     = "codex"     // codex exec
	KindGemini    = "gemini"    // the gemini CLI in headless mode
	KindOpenAI    = "openai"    // any OpenAI-compatible chat-completions endpoint (Ollama, llama.cpp, LM Studio…)
	KindAnthropic = "anthropic" // the Messages API (ANTHROPIC_API_KEY)
	KindCommand   = "command"   // any program that reads the prompt on stdin and prints the answer
)

// Kinds lists the back ends, in the order the documentation gives them.
var Kinds = []string{KindClaude, KindCodex, KindGemini, KindOpenAI, KindAnthropic, KindCommand}

// Spec says which back end to ask and how (carnet.toml's [hook] table).
type Spec struct {
	Kind string
	// Command is the program and its arguments: required for command; for claude, codex and
	// gemini it replaces their default command line (the prompt still comes on stdin).
	Command []string
	// Model is the model to ask: claude's default is DefaultModel; codex and gemini use
	// their own configured model when it is empty; openai requires one.
	Model     string
	BaseURL   string // openai: the endpoint's base, e.g. http://localhost:11434/v1
	APIKeyEnv string // openai: the environment variable holding the API key ("" sends none)
	// Getenv reads the environment (the API key); nil is os.Getenv.
	Getenv func(string) string
}

// Backend is a model carnet can ask: Ask sends one prompt and returns the model's answer
// as text. Its errors say what went wrong in one line, naming the back end.
type Backend struct {
	spec Spec
	argv []string // the command line of the CLI back ends
}

// New checks a Spec and builds its back end.
func New(s Spec) (*Backend, error) {
	if s.Getenv == nil {
		s.Getenv = os.Getenv
	}
	b := &Backend{spec: s}
	switch s.Kind {
	case KindClaude:
		b.argv = withModel(s.Command, []string{"claude", "-p", "--output-format", "text", "--no-session-persistence", "--strict-mcp-config", "--tools", ""}, "--model", cmpOr(s.Model, DefaultModel))
	case KindCodex:
		b.argv = withModel(s.Command, []string{"codex", "exec", "--skip-git-repo-check", "--ephemeral", "--sandbox", "read-only", "--color", "never"}, "-m", s.Model)
		if len(s.Command) == 0 {
			b.argv = append(b.argv, "-") // the prompt on stdin
		}
	case KindGemini:
		b.argv = withModel(s.Command, []string{"gemini", "-p", geminiAsk, "--output-format", "json"}, "-m", s.Model)
	case KindCommand:
		if len(s.Command) == 0 {
			return nil, errors.New(`extractor "command" needs [hook] command, the program that reads the prompt on stdin`)
		}
		b.argv = slices.Clone(s.Command)
	case KindOpenAI:
		if err := CheckBaseURL(s.BaseURL); err != nil {
			return nil, fmt.Errorf(`extractor "openai": base_url %w`, err)
		}
		if s.Model == "" {
			return nil, errors.New(`extractor "openai" needs [hook] model, the model the endpoint serves (e.g. "qwen2.5-coder:7b")`)
		}
	case KindAnthropic:
	default:
		return nil, fmt.Errorf("unknown model back end %q (want %s)", s.Kind, strings.Join(Kinds, ", "))
	}
	return b, nil
}

// geminiAsk is the -p text of the gemini CLI: the prompt itself comes on stdin, which the
// CLI puts before it (an argument is limited to 128 KiB on Linux; a session is not).
const geminiAsk = "Answer the request above exactly as it asks."

// Name is the back end's kind ("claude", "openai", …).
func (b *Backend) Name() string { return b.spec.Kind }

// Model names the model asked, or "" when the back end uses its own default.
func (b *Backend) Model() string {
	switch b.spec.Kind {
	case KindClaude, KindAnthropic:
		return cmpOr(b.spec.Model, DefaultModel)
	}
	return b.spec.Model
}

// Argv is the command line a CLI back end runs (nil for the HTTP ones).
func (b *Backend) Argv() []string { return slices.Clone(b.argv) }

// maxAnswer bounds what a back end's answer may hold.
const maxAnswer = 1 << 20

// Ask sends prompt to the model and returns its answer. A CLI runs as Exec says: from an
// empty temporary folder, with NestedEnv set, killed with its children when ctx ends.
func (b *Backend) Ask(ctx context.Context, prompt string) ([]byte, error) {
	switch b.spec.Kind {
	case KindOpenAI:
		return b.openAI(ctx, prompt)
	case KindAnthropic:
		return Anthropic(ctx, b.Model(), prompt, 4096)
	}
	out, err := Exec(ctx, b.argv, prompt, maxAnswer)
	if err != nil {
		return out, err
	}
	if b.spec.Kind == KindGemini {
		return geminiResponse(out), nil
	}
	return out, nil
}

// geminiResponse is the answer in the gemini CLI's --output-format json ({"response": …}),
// or out as it is when it is not that JSON (a command line of the user's own).
func geminiResponse(out []byte) []byte {
	var v struct {
		Response *string `json:"response"`
	}
	if json.Unmarshal(out, &v) == nil && v.Response != nil {
		return []byte(*v.Response)
	}
	return out
}

// withModel is the user's command line when there is one (taken as it is), else def with
// flag and model added when a model is named.
func withModel(user, def []string, flag, model string) []string {
	if len(user) > 0 {
		return slices.Clone(user)
	}
	argv := slices.Clone(def)
	if model != "" {
		argv = append(argv, flag, model)
	}
	return argv
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
