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

// Extractor turns a turn into what capture writes. raw is what it produced (the model's
// output, or the heuristic's bullets with their steps), kept in logs/.debug/.
type Extractor interface {
	Extract(ctx context.Context, t *transcript.Turn, s *Session) (r Result, raw []byte, err error)
}

// Extractor kinds, as written in carnet.toml's [hook] extractor.
const (
	KindHeuristic = "heuristic"
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

// Heuristic is the pipeline (capture.go): no model, no network.
type Heuristic struct {
	Language string // "fr" or "en": wording of the bullets it composes
}

// Extract implements Extractor.
func (h Heuristic) Extract(_ context.Context, t *transcript.Turn, s *Session) (Result, []byte, error) {
	r := Capture(Guard(t), s, h.Language)
	raw, _ := json.Marshal(r.Extraction)
	return r, raw, nil
}

// New builds the configured extractor. Model extractors fall back to the heuristic when
// they fail; an unknown kind is an error.
func New(o Options) (Extractor, error) {
	h := Heuristic{Language: o.Language}
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
	heuristic Heuristic
	onFail    func(error)
}

func (f *fallback) Extract(ctx context.Context, t *transcript.Turn, s *Session) (Result, []byte, error) {
	if !t.HasActivity() {
		return Result{}, nil, nil // no model call for a turn where nothing happened
	}
	g := Guard(t)
	e, raw, err := f.primary.Extract(ctx, g)
	raw = []byte(redact(string(raw))) // the debug log never keeps a secret the model repeated
	if err == nil {
		return modelResult(e, TurnFixer(g)), raw, nil
	}
	if f.onFail != nil {
		f.onFail(err)
	}
	r, hraw, _ := f.heuristic.Extract(ctx, t, s)
	debug, _ := json.Marshal(map[string]any{"fallback": redact(err.Error()), "model_output": transcript.Clip(string(raw), 4000), "heuristic": json.RawMessage(hraw)})
	return r, debug, nil
}

// modelResult passes a model's extraction through the guards every bullet passes: no
// secret, no absolute path, one line, bounded.
func modelResult(e memstore.Extraction, fx PathFixer) Result {
	var r Result
	r.Unknown = e.Unknown
	for _, key := range memstore.AddKeys() {
		for _, s := range e.Field(key) {
			s = fx.scrub(redact(transcript.CleanText(s)))
			s = strings.TrimLeft(strings.Join(strings.Fields(s), " "), "-*•+ ")
			if s = clip(s, maxItem); s == "" || redactedOnly(s) {
				continue
			}
			r.Add(key, s)
			r.Steps = append(r.Steps, Bullet{Step: "model", Key: key, Text: s})
		}
	}
	r.Close = append(r.Close, e.NextDone...)
	r.Projects = e.Projects
	return r
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
