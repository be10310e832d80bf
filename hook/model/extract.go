// Package model is the hook's other way to fill the extraction JSON: asking a model, one turn at a
// time (New, per_turn) or the whole session once (ExtractSession, at SessionEnd and
// PreCompact). What it sends passes capture's guards first (secrets redacted, paths made
// relative, tool output clipped) and what it gets back leaves through them (capture.FromModel);
// a model that fails hands the turn to the heuristic (capture.Heuristic).
package model

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"carnet/capture"
	"carnet/hook/transcript"
	"carnet/llm"
	"carnet/memstore"
)

// Extractor kinds, as written in carnet.toml's [hook] extractor.
const (
	KindHeuristic = capture.KindHeuristic
	KindClaude    = "claude"
	KindAnthropic = "anthropic"
	KindCommand   = "command"
)

// Options configure New.
type Options struct {
	Kind     string        // heuristic (default), claude, anthropic, command
	Command  []string      // claude / command: argv; claude defaults to `claude -p --model llm.DefaultModel`
	Timeout  time.Duration // for model extractors; DefaultTimeout when zero
	Language string        // fr | en
	Projects []string      // project names the model may route to
	// OnFallback is told why a model extractor failed before the heuristic took over.
	OnFallback func(error)
}

// DefaultTimeout bounds a model extractor when the configuration sets none.
const DefaultTimeout = 20 * time.Second

// New builds the configured extractor. Model extractors fall back to the heuristic when
// they fail; an unknown kind is an error.
func New(o Options) (capture.Extractor, error) {
	h := capture.Heuristic{Language: o.Language}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	var m modelExtractor
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

// modelExtractor asks a model for the extraction JSON of a turn.
type modelExtractor interface {
	Extract(ctx context.Context, t *transcript.Turn) (memstore.Extraction, []byte, error)
}

// fallback runs a model extractor and, when it fails, the heuristic.
type fallback struct {
	primary   modelExtractor
	heuristic capture.Heuristic
	onFail    func(error)
}

func (f *fallback) Extract(ctx context.Context, t *transcript.Turn, s *capture.Session) (capture.Result, []byte, error) {
	if !t.HasActivity() {
		return capture.Result{}, nil, nil // no model call for a turn where nothing happened
	}
	g := capture.Guard(t)
	e, raw, err := f.primary.Extract(ctx, g)
	raw = []byte(capture.Redact(string(raw))) // the debug log never keeps a secret the model repeated
	if err == nil {
		return capture.FromModel(e, transcript.TurnFixer(g)), raw, nil
	}
	if f.onFail != nil {
		f.onFail(err)
	}
	r, hraw, _ := f.heuristic.Extract(ctx, t, s)
	debug, _ := json.Marshal(map[string]any{"fallback": capture.Redact(err.Error()), "model_output": transcript.Clip(string(raw), 4000), "heuristic": json.RawMessage(hraw)})
	return r, debug, nil
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
