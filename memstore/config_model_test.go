package memstore

import (
	"strings"
	"testing"
)

// The model back ends of [hook]: each kind with what it needs, read from carnet.toml.
func TestParseConfigModelBackends(t *testing.T) {
	t.Parallel()
	c, err := ParseConfig("carnet.toml", []byte(`[hook]
extractor = "openai"
base_url = "http://localhost:11434/v1"
model = "qwen2.5-coder:7b"
api_key_env = "LOCAL_LLM_KEY"
`))
	if err != nil {
		t.Fatal(err)
	}
	if h := c.Hook; h.Extractor != "openai" || h.BaseURL != "http://localhost:11434/v1" || h.Model != "qwen2.5-coder:7b" || h.APIKeyEnv != "LOCAL_LLM_KEY" || h.PerTurn {
		t.Errorf("%+v", h)
	}
	for _, kind := range []string{"claude", "codex", "gemini", "anthropic"} {
		c, err := ParseConfig("carnet.toml", []byte("[hook]\nextractor = \""+kind+"\"\n"))
		if err != nil || c.Hook.Extractor != kind || len(c.Hook.Command) != 0 {
			t.Errorf("%s: %+v %v", kind, c, err)
		}
	}
	c, err = ParseConfig("carnet.toml", []byte("[hook]\nextractor = \"claude\"\nper_turn = true\nmodel = \"claude-sonnet-4-5\"\n"))
	if err != nil || !c.Hook.PerTurn || c.Hook.Model != "claude-sonnet-4-5" {
		t.Errorf("%+v %v", c, err)
	}
	// The default asks no model.
	if d := DefaultConfig(); d.Hook.Extractor != "heuristic" || d.Hook.PerTurn || d.Hook.Model != "" || len(d.Hook.Command) != 0 {
		t.Errorf("defaults: %+v", d.Hook)
	}
}

func TestParseConfigModelErrors(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want string }{
		{"[hook]\nextractor = \"ollama\"\n", `carnet.toml:2: extractor: "ollama" is not heuristic, claude, codex, gemini, openai, anthropic or command`},
		{"[hook]\nextractor = \"openai\"\nmodel = \"llama3\"\n", `carnet.toml:2: extractor: "openai" needs base_url, the endpoint: "http://localhost:11434/v1" (Ollama)`},
		{"[hook]\nextractor = \"openai\"\nbase_url = \"http://localhost:8080/v1\"\n", `carnet.toml:2: extractor: "openai" needs model`},
		{"[hook]\nextractor = \"openai\"\nmodel = \"m\"\nbase_url = \"localhost:8080\"\n", `carnet.toml:4: base_url: "localhost:8080" is not an http:// or https:// URL with a host`},
		{"[hook]\nextractor = \"claude\"\nbase_url = \"http://localhost:8080/v1\"\n", `carnet.toml:3: base_url: is for extractor = "openai" (the extractor is "claude")`},
		{"[hook]\nbase_url = \"http://localhost:8080/v1\"\n", `carnet.toml:2: base_url: is for extractor = "openai" (the extractor is "heuristic")`},
		{"[hook]\nextractor = \"openai\"\nmodel = \"m\"\nbase_url = \"http://h/v1\"\napi_key_env = \"sk-1234\"\n", `carnet.toml:5: api_key_env: "sk-1234" is not the name of an environment variable`},
		{"[hook]\nextractor = \"command\"\n", `carnet.toml:2: extractor: "command" needs command`},
		{"[hook]\nextractor = \"codex\"\nper_turn = true\n", `carnet.toml:3: per_turn: works with extractor = "claude", "anthropic" or "command" (the extractor is "codex")`},
		{"[hook]\nmodel = \"\"\n", `carnet.toml:2: model: must name a model`},
		{"[hook]\nmodel = 4\n", `carnet.toml:2: hook.model: want a string in quotes`},
		{"[hook]\nper_turn = \"yes\"\n", `carnet.toml:2: hook.per_turn: want true or false`},
		{"[hook]\nextractor = 1\n", `hook.extractor: want a string: "heuristic", "claude", "codex", "gemini", "openai", "anthropic" or "command"`},
		{"model = \"m\"\n", `carnet.toml:1: unknown key "model" (model belongs under [hook]`},
	} {
		_, err := ParseConfig("carnet.toml", []byte(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q:\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
}

// Every key of the template's [hook] table, uncommented, is a key carnet reads.
func TestConfigTemplateDocumentsTheModelKeys(t *testing.T) {
	t.Parallel()
	for _, key := range []string{"extractor", "model", "base_url", "api_key_env", "command", "timeout", "per_turn"} {
		if !strings.Contains(ConfigTemplate, "# "+key+" = ") {
			t.Errorf("the template does not document %s", key)
		}
		if keyTables[key] != "hook" {
			t.Errorf("%s is not known to belong under [hook]", key)
		}
	}
	for _, kind := range []string{"claude", "codex", "gemini", "openai", "anthropic", "command"} {
		if !strings.Contains(ConfigTemplate, kind) {
			t.Errorf("the template does not name %s", kind)
		}
	}
}
