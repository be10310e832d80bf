package promote

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"carnet/llm"
	"carnet/memstore"
)

// ModelCondenser asks the model extractor configured in carnet.toml ([hook] extractor =
// claude, command or anthropic) to condense long-memory facts. Its answer is only a proposal:
// it shows in the plan's diff, and the loss guard refuses it when it drops too many facts.
type ModelCondenser struct {
	Kind     string        // claude, command or anthropic
	Command  []string      // claude / command: the program and its arguments (prompt on stdin)
	Model    string        // anthropic: the model name
	Timeout  time.Duration // the whole call; 2 minutes when zero
	Language string        // fr | en: the language of the facts
}

// NewModelCondenser builds the condenser of a workspace's configured model extractor, or
// fails when the extractor is the heuristic (no model to ask).
func NewModelCondenser(cfg *memstore.Config) (*ModelCondenser, error) {
	m := &ModelCondenser{Kind: cfg.Hook.Extractor, Command: cfg.Hook.Command, Language: cfg.Language, Timeout: 6 * cfg.Hook.Timeout}
	if m.Timeout < 2*time.Minute {
		m.Timeout = 2 * time.Minute
	}
	switch m.Kind {
	case "claude":
		if len(m.Command) == 0 {
			m.Command = []string{"claude", "-p", "--model", llm.DefaultModel}
		}
	case "command":
		if len(m.Command) == 0 {
			return nil, errors.New("[hook] extractor = \"command\" needs [hook] command")
		}
	case "anthropic":
		m.Model = llm.DefaultModel
		for i, a := range cfg.Hook.Command {
			if a == "--model" && i+1 < len(cfg.Hook.Command) {
				m.Model = cfg.Hook.Command[i+1]
			}
		}
	default:
		return nil, fmt.Errorf("no model to condense with: [hook] extractor is %q (set claude, command or anthropic in carnet.toml)", m.Kind)
	}
	return m, nil
}

// Prompt is what the model is asked.
func (m *ModelCondenser) Prompt(facts []string, target int) string {
	lang := "French"
	if m.Language == "en" {
		lang = "English"
	}
	var b strings.Builder
	fmt.Fprintf(&b, `Below are %d durable facts from the long-term memory of a software project, oldest first.
Rewrite them as at most %d bullets: merge duplicates and facts about the same subject, drop only
what another fact already says. Keep every distinct fact: technical facts, business rules,
decisions and their reasons, names, numbers, versions and paths exactly as written.
Write in %s, one fact or group of facts per bullet, at most 300 characters each.
Return ONE JSON array of strings and nothing else (no prose, no code fence).

<facts>
`, len(facts), target, lang)
	for _, f := range facts {
		b.WriteString("- " + f + "\n")
	}
	b.WriteString("</facts>\n")
	return b.String()
}

// Condense asks the model; see Condenser.
func (m *ModelCondenser) Condense(facts []string, target int) ([]string, error) {
	timeout := m.Timeout
	if timeout <= 0 {
		timeout = 2 * time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var out []byte
	var err error
	if m.Kind == "anthropic" {
		out, err = llm.Anthropic(ctx, m.Model, m.Prompt(facts, target), 8192)
	} else {
		out, err = llm.Exec(ctx, m.Command, m.Prompt(facts, target), 4<<20)
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("the model did not answer within %s", timeout)
	}
	if err != nil {
		return nil, err
	}
	return parseBullets(out)
}

// parseBullets reads the model's answer: a JSON array of strings (possibly inside prose or a
// code fence), else one "- " bullet per line.
func parseBullets(out []byte) ([]string, error) {
	s := string(out)
	if i, j := strings.IndexByte(s, '['), strings.LastIndexByte(s, ']'); i >= 0 && j > i {
		var list []string
		if err := json.Unmarshal([]byte(s[i:j+1]), &list); err == nil {
			return nonEmpty(list)
		}
	}
	var list []string
	for ln := range strings.Lines(s) {
		if t, ok := bulletLine(strings.TrimSpace(ln)); ok {
			list = append(list, t)
		}
	}
	return nonEmpty(list)
}

func nonEmpty(list []string) ([]string, error) {
	var out []string
	for _, t := range list {
		if t = strings.Join(strings.Fields(t), " "); t != "" {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("the model returned no bullet")
	}
	return out, nil
}
