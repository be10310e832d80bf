package capture

import (
	"context"
	"encoding/json"
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// Extractor turns a turn into what capture writes. raw is what it produced (the model's
// output, or the heuristic's bullets with their steps), kept in logs/.debug/.
type Extractor interface {
	Extract(ctx context.Context, t *transcript.Turn, s *Session) (r Result, raw []byte, err error)
}

// KindHeuristic is the extractor kind of carnet.toml's [hook] extractor that asks no model.
const KindHeuristic = "heuristic"

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

// FromModel passes a model's extraction through the guards every bullet passes: no
// secret, no absolute path, one line, bounded.
func FromModel(e memstore.Extraction, fx transcript.PathFixer) Result {
	var r Result
	r.Unknown = e.Unknown
	for _, key := range memstore.AddKeys() {
		for _, s := range e.Field(key) {
			s = fx.Scrub(Redact(transcript.CleanText(s)))
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
