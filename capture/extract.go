// Package extract turns a transcript.Turn into the extraction JSON of SPEC §1
// (memstore.Extraction): the heuristic reads the turn's own structure (prompt, files edited,
// failed commands, commits, TodoWrite lists, labelled statements of the closing text) with no
// model and no network; the model extractors (the claude CLI, any command, the Anthropic
// Messages API, through llm) fall back on it when they fail. Every extraction leaves
// through one cleaning pass: one line per bullet, no absolute path, no secret.
package capture

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"carnet/hook/transcript"
	"carnet/llm"
	"carnet/memstore"
)

// Extractor turns a turn into the extraction JSON of SPEC §1. raw is what the extractor
// produced (the model's output, or the heuristic's JSON), kept in logs/.debug/.
type Extractor interface {
	Extract(ctx context.Context, t *transcript.Turn) (e memstore.Extraction, raw []byte, err error)
}

// Extractor kinds, as written in carnet.toml's [hook] extractor.
const (
	KindHeuristic = "heuristic"
	KindClaude    = "claude"
	KindAnthropic = "anthropic"
	KindCommand   = "command"
)

// Options configure NewExtractor.
type Options struct {
	Kind     string        // heuristic (default), claude, anthropic, command
	Command  []string      // claude / command: argv; claude defaults to `claude -p --model llm.DefaultModel`
	Timeout  time.Duration // for model extractors; 20 s when zero
	Language string        // fr | en
	Projects []string      // project names the model may route to
	// OnFallback is told why a model extractor failed before the heuristic took over.
	OnFallback func(error)
}

// DefaultTimeout bounds a model extractor when the configuration sets none.
const DefaultTimeout = 20 * time.Second

// NewExtractor builds the configured extractor. Model extractors fall back to the
// heuristic when they fail; an unknown kind is an error.
func New(o Options) (Extractor, error) {
	h := Heuristic{Language: o.Language}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	var m Extractor
	switch o.Kind {
	case "", KindHeuristic:
		return h, nil
	case KindClaude:
		argv := o.Command
		if len(argv) == 0 {
			argv = []string{"claude", "-p", "--model", llm.DefaultModel}
		}
		m = &execExtractor{argv: argv, opt: o}
	case KindCommand:
		if len(o.Command) == 0 {
			return nil, fmt.Errorf("extractor %q needs [hook] command", o.Kind)
		}
		m = &execExtractor{argv: o.Command, opt: o}
	case KindAnthropic:
		m = &anthropicExtractor{opt: o, model: modelFrom(o.Command)}
	default:
		return nil, fmt.Errorf("unknown extractor %q (want heuristic, claude, anthropic or command)", o.Kind)
	}
	return &fallback{primary: m, heuristic: h, onFail: o.OnFallback}, nil
}

// fallback runs a model extractor and, when it fails, the heuristic.
type fallback struct {
	primary   Extractor
	heuristic Heuristic
	onFail    func(error)
}

func (f *fallback) Extract(ctx context.Context, t *transcript.Turn) (memstore.Extraction, []byte, error) {
	if !t.HasActivity() {
		return memstore.Extraction{}, nil, nil // no model call for a turn where nothing happened
	}
	t = guardTurn(t)
	e, raw, err := f.primary.Extract(ctx, t)
	raw = []byte(redact(string(raw))) // the debug log never keeps a secret the model repeated
	if err == nil {
		return clean(e, TurnFixer(t)), raw, nil
	}
	if f.onFail != nil {
		f.onFail(err)
	}
	he, hraw, _ := f.heuristic.Extract(ctx, t)
	debug, _ := json.Marshal(map[string]any{"fallback": redact(err.Error()), "model_output": transcript.Clip(string(raw), 4000), "heuristic": json.RawMessage(hraw)})
	return he, debug, nil
}

// modelFrom reads `--model NAME` from a configured command line (for the anthropic extractor).
func modelFrom(argv []string) string {
	for i, a := range argv {
		if a == "--model" && i+1 < len(argv) {
			return argv[i+1]
		}
		if v, ok := strings.CutPrefix(a, "--model="); ok {
			return v
		}
	}
	return llm.DefaultModel
}
