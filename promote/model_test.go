package promote

import (
	"strings"
	"testing"

	"carnet/memstore"
)

func TestModelCondenserCommand(t *testing.T) {
	// a "model" that pairs the facts it reads: each bullet holds two of them
	script := `cat > "$TMPDIR/prompt.txt" 2>/dev/null || cat > /dev/null
grep '^- ' "$TMPDIR/prompt.txt" | sed 's/^- //' | paste -d'|' - - | sed 's/|$//; s/|/; /' | awk 'BEGIN{printf "["} {gsub(/"/,"\\\""); printf "%s\"%s\"", (NR>1?",":""), $0} END{print "]"}'
test "$CARNET_NESTED" = 1 || exit 3`
	m := &ModelCondenser{Kind: "command", Command: []string{"sh", "-c", script}, Language: "fr"}
	t.Setenv("TMPDIR", t.TempDir())
	got, err := m.Condense([]string{"Fait un.", "Fait deux.", "Fait trois."}, 2)
	must(t, err)
	if strings.Join(got, "|") != "Fait un.; Fait deux.|Fait trois." {
		t.Fatalf("got %q", got)
	}

	// in a plan: the model's rewrite is a proposal, guarded like any other
	w := newWS(t)
	w.write(t, lmRel, genLongMemory("cmms_doc", 450, 1))
	pl, err := Compute(w.p, Options{Condenser: m}, testNow)
	must(t, err)
	if pl.Refused != nil || len(pl.Lost) != 0 || pl.LinesAfter > 300 || !strings.Contains(pl.longMem.Note, "rewritten by the model") {
		t.Fatalf("plan: %s; refused %v; lost %d; note %q", pl.Summary(), pl.Refused, len(pl.Lost), pl.longMem.Note)
	}
}

func TestModelCondenserFailures(t *testing.T) {
	t.Parallel()
	m := &ModelCondenser{Kind: "command", Command: []string{"sh", "-c", "echo 'model overloaded' >&2; exit 1"}}
	if _, err := m.Condense([]string{"a"}, 1); err == nil || !strings.Contains(err.Error(), "model overloaded") {
		t.Errorf("err %v", err)
	}
	m = &ModelCondenser{Kind: "command", Command: []string{"sh", "-c", "cat >/dev/null; echo 'I cannot do that.'"}}
	if _, err := m.Condense([]string{"a"}, 1); err == nil {
		t.Error("an answer without bullets passed")
	}
	m = &ModelCondenser{Kind: "command", Command: []string{"sleep", "5"}, Timeout: 100e6}
	if _, err := m.Condense([]string{"a"}, 1); err == nil || !strings.Contains(err.Error(), "did not answer within") {
		t.Errorf("timeout: %v", err)
	}
	// a failing model fails the plan, with its reason
	w := newWS(t)
	w.write(t, lmRel, genLongMemory("cmms_doc", 450, 1))
	m = &ModelCondenser{Kind: "command", Command: []string{"false"}}
	if _, err := Compute(w.p, Options{Condenser: m}, testNow); err == nil || !strings.Contains(err.Error(), "condenser") {
		t.Errorf("compute: %v", err)
	}
}

func TestNewModelCondenser(t *testing.T) {
	t.Parallel()
	cfg := memstore.DefaultConfig()
	if _, err := NewModelCondenser(cfg); err == nil || !strings.Contains(err.Error(), `extractor is "heuristic"`) {
		t.Errorf("heuristic: %v", err)
	}
	cfg.Hook.Extractor = "claude"
	m, err := NewModelCondenser(cfg)
	must(t, err)
	if m.Command[0] != "claude" || m.Timeout < 2*60e9 {
		t.Errorf("%+v", m)
	}
	cfg.Hook.Extractor, cfg.Hook.Command = "anthropic", []string{"x", "--model", "claude-sonnet-4-5"}
	m, err = NewModelCondenser(cfg)
	must(t, err)
	if m.Model != "claude-sonnet-4-5" {
		t.Errorf("%+v", m)
	}
}

func TestParseBullets(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`["a", "b"]`:                          "a|b",
		"Here you go:\n```json\n[\"a\"]\n```": "a",
		"- a\n- b\nsome prose\n":              "a|b",
		`["  a  b ", ""]`:                     "a b",
	} {
		got, err := parseBullets([]byte(in))
		if err != nil || strings.Join(got, "|") != want {
			t.Errorf("%q: %q %v", in, got, err)
		}
	}
	if _, err := parseBullets([]byte("[]")); err == nil {
		t.Error("empty answer passed")
	}
}

// listCondenser answers with a fixed list.
type listCondenser []string

func (l listCondenser) Condense([]string, int) ([]string, error) { return l, nil }

func TestModelSecretsLeftOut(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	w.write(t, lmRel, genLongMemory("cmms_doc", 450, 1))
	pl, err := Compute(w.p, Options{Force: true, Condenser: listCondenser{"Un fait condensé.", "le token est ghp_abcdefghijklmnopqrstuvwxyz0123456789"}}, testNow)
	must(t, err)
	if strings.Contains(string(pl.longMem.Content()), "ghp_") || len(pl.Notes) != 1 || !strings.Contains(pl.Notes[0], "left out 1 of the model's bullets") {
		t.Errorf("notes %q", pl.Notes)
	}
}
