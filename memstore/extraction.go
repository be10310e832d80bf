package memstore

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
)

// Extraction is what an extractor returns for one exchange (SPEC §1, "Extraction JSON").
// Every field is a list of bullets; a lone JSON string is accepted for any of them.
type Extraction struct {
	Context   []string `json:"contexte,omitempty"`
	Goal      []string `json:"objectif,omitempty"`
	Problems  []string `json:"problemes,omitempty"`
	Knowledge []string `json:"connaissances,omitempty"`
	Work      []string `json:"travail,omitempty"`
	Decisions []string `json:"decisions,omitempty"`
	Next      []string `json:"a_suivre,omitempty"`
	NextDone  []string `json:"a_suivre_done,omitempty"`
	LongTerm  []string `json:"long_terme,omitempty"`
	Projects  []string `json:"projets,omitempty"`

	// Unknown lists the keys of the JSON object that carnet does not know (sorted).
	// They are ignored by Merge; callers note them in the debug log.
	Unknown []string `json:"-"`
}

// Key names of the extraction JSON, in file order.
const (
	KeyContext   = "contexte"
	KeyGoal      = "objectif"
	KeyProblems  = "problemes"
	KeyKnowledge = "connaissances"
	KeyWork      = "travail"
	KeyDecisions = "decisions"
	KeyNext      = "a_suivre"
	KeyDone      = "finalise" // the Finalisé section; not an extraction key
	KeyNextDone  = "a_suivre_done"
	KeyLongTerm  = "long_terme"
	KeyProjects  = "projets"
)

// fields maps each extraction key to its slice.
func (e *Extraction) fields() map[string]*[]string {
	return map[string]*[]string{
		KeyContext:   &e.Context,
		KeyGoal:      &e.Goal,
		KeyProblems:  &e.Problems,
		KeyKnowledge: &e.Knowledge,
		KeyWork:      &e.Work,
		KeyDecisions: &e.Decisions,
		KeyNext:      &e.Next,
		KeyNextDone:  &e.NextDone,
		KeyLongTerm:  &e.LongTerm,
		KeyProjects:  &e.Projects,
	}
}

// Field returns the bullets stored under an extraction key ("contexte", "a_suivre", …).
func (e *Extraction) Field(key string) []string {
	if p, ok := e.fields()[key]; ok {
		return *p
	}
	return nil
}

// Set replaces the bullets stored under an extraction key. It reports false for an unknown key.
func (e *Extraction) Set(key string, items []string) bool {
	p, ok := e.fields()[key]
	if ok {
		*p = items
	}
	return ok
}

// Add appends bullets under an extraction key. It reports false for an unknown key.
func (e *Extraction) Add(key string, items ...string) bool {
	p, ok := e.fields()[key]
	if !ok {
		return false
	}
	*p = append(*p, items...)
	return true
}

// Empty reports whether the extraction carries nothing to write.
func (e *Extraction) Empty() bool {
	for k, p := range e.fields() {
		if k == KeyProjects {
			continue
		}
		if len(*p) > 0 {
			return false
		}
	}
	return true
}

// ParseExtraction decodes one extraction JSON object. Values may be a list of strings or a
// lone string; null is an empty list. Unknown keys are collected in Unknown.
// Surrounding text (a model that wraps its JSON in prose or a ```json fence) is tolerated:
// the first '{' to the last '}' is decoded.
func ParseExtraction(data []byte) (Extraction, error) {
	var e Extraction
	data = bytes.TrimSpace(data)
	if i, j := bytes.IndexByte(data, '{'), bytes.LastIndexByte(data, '}'); i >= 0 && j > i {
		data = data[i : j+1]
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return e, fmt.Errorf("extraction is not a JSON object: %w", err)
	}
	fields := e.fields()
	for k, v := range raw {
		p, ok := fields[k]
		if !ok {
			e.Unknown = append(e.Unknown, k)
			continue
		}
		list, err := stringList(v)
		if err != nil {
			return Extraction{}, fmt.Errorf("extraction key %q: %w", k, err)
		}
		*p = list
	}
	sort.Strings(e.Unknown)
	return e, nil
}

func stringList(v json.RawMessage) ([]string, error) {
	v = bytes.TrimSpace(v)
	if len(v) == 0 || bytes.Equal(v, []byte("null")) {
		return nil, nil
	}
	if v[0] == '"' {
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return nil, err
		}
		return []string{s}, nil
	}
	var list []any
	if err := json.Unmarshal(v, &list); err != nil {
		return nil, fmt.Errorf("want a string or a list of strings")
	}
	out := make([]string, 0, len(list))
	for _, it := range list {
		switch x := it.(type) {
		case string:
			out = append(out, x)
		case nil:
		case float64, bool:
			out = append(out, fmt.Sprint(x))
		default:
			return nil, fmt.Errorf("want a string or a list of strings")
		}
	}
	return out, nil
}
