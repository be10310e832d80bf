package memstore

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"carnet/llm"
)

// ConfigFile is the name of the optional workspace configuration, at the workspace root.
const ConfigFile = "carnet.toml"

// Config is carnet.toml (SPEC §2). Every value has a default; the file is optional.
type Config struct {
	Language string            // "fr" or "en": headings of newly written files
	Projects map[string]string // name → memory folder relative to the root; empty means discovery
	Hook     HookConfig
	Load     LoadConfig
	Promote  PromoteConfig
	MCP      MCPConfig

	// LanguageSet says carnet.toml names the language (else Language is the default, fr).
	LanguageSet bool
}

// HookConfig is the [hook] table.
type HookConfig struct {
	// Extractor is heuristic (no model), or the model back end (llm.Kinds) that reads each
	// whole session once, at SessionEnd and PreCompact.
	Extractor string
	Command   []string // command: the program; claude, codex, gemini: replaces their command line
	Model     string   // the model the back end asks ("" is the back end's default)
	BaseURL   string   // openai: the endpoint
	APIKeyEnv string   // openai: the environment variable holding its API key
	PerTurn   bool     // claude, anthropic, command: ask the model at every Stop instead (the older way)
	Timeout   time.Duration
	// Gate is the Stop gate (SPEC §3), on unless carnet.toml says gate = false; GateEvery
	// is the session time that must pass between two of its blocks.
	Gate       bool
	GateEvery  time.Duration
	Autocommit bool
}

// LoadConfig is the [load] table.
type LoadConfig struct {
	BudgetTokens int
	Notes        []string // slugs of the notes every session starts with (a profile)
}

// PromoteConfig is the [promote] table.
type PromoteConfig struct {
	ArchiveAfterDays   int
	LongMemoryMaxLines int
}

// MCPConfig is the [mcp] table.
type MCPConfig struct {
	Access map[string]string // client name → full | read | none; "*" is the default
}

// DefaultGateEvery is the session time between two blocks of the Stop gate ([hook] gate_every).
const DefaultGateEvery = 20 * time.Minute

// DefaultConfig is what a workspace without carnet.toml uses.
func DefaultConfig() *Config {
	return &Config{
		Language: "fr",
		Hook: HookConfig{
			Extractor: "heuristic",
			Timeout:   20 * time.Second,
			Gate:      true,
			GateEvery: DefaultGateEvery,
		},
		Load:    LoadConfig{BudgetTokens: 2500},
		Promote: PromoteConfig{ArchiveAfterDays: 30, LongMemoryMaxLines: 300},
		MCP:     MCPConfig{Access: map[string]string{"*": "full"}},
	}
}

// Access returns the access level of an MCP client: full, read or none. Names match case
// and surrounding spaces aside ("READER" is reader); when keys differing only so name the
// client, the strictest access wins.
func (c *Config) Access(client string) string {
	if a := c.access(client); a != "" {
		return a
	}
	if a := c.access("*"); a != "" {
		return a
	}
	return "full"
}

// access is the strictest access of the [mcp.access] keys naming client, or "".
func (c *Config) access(client string) string {
	strictness := []string{"", "full", "read", "none"}
	client = strings.TrimSpace(client)
	found := ""
	for k, a := range c.MCP.Access {
		if strings.EqualFold(strings.TrimSpace(k), client) && slices.Index(strictness, a) > slices.Index(strictness, found) {
			found = a
		}
	}
	return found
}

// fileConfig mirrors carnet.toml for strict decoding.
type fileConfig struct {
	Language *string           `toml:"language"`
	Projects map[string]string `toml:"projects"`
	Hook     *struct {
		Extractor  *string  `toml:"extractor"`
		Command    []string `toml:"command"`
		Model      *string  `toml:"model"`
		BaseURL    *string  `toml:"base_url"`
		APIKeyEnv  *string  `toml:"api_key_env"`
		PerTurn    *bool    `toml:"per_turn"`
		Timeout    *string  `toml:"timeout"`
		Gate       *bool    `toml:"gate"`
		GateEvery  *string  `toml:"gate_every"`
		Autocommit *bool    `toml:"autocommit"`
	} `toml:"hook"`
	Load *struct {
		BudgetTokens *int     `toml:"budget_tokens"`
		Notes        []string `toml:"notes"`
	} `toml:"load"`
	Promote *struct {
		ArchiveAfterDays   *int `toml:"archive_after_days"`
		LongMemoryMaxLines *int `toml:"long_memory_max_lines"`
	} `toml:"promote"`
	MCP *struct {
		Access map[string]string `toml:"access"`
	} `toml:"mcp"`
}

// LoadConfigFile reads root/carnet.toml. A missing file gives the defaults; a bad file gives
// an error naming the file, the line and the key.
func LoadConfigFile(root string) (*Config, error) {
	path := filepath.Join(root, ConfigFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return DefaultConfig(), nil
	}
	if err != nil {
		return nil, err
	}
	return ParseConfig(path, data)
}

// ParseConfig decodes carnet.toml content; name is used in error messages.
func ParseConfig(name string, data []byte) (*Config, error) {
	data = bytes.TrimPrefix(data, utf8BOM) // some editors write one; TOML has no place for it
	rest, open, err := splitOpenTables(name, data)
	if err != nil {
		return nil, err
	}
	f, err := decodeConfig(name, rest)
	if err != nil {
		return nil, err
	}
	r := configReader{name: name, data: data, open: open}
	c := DefaultConfig()
	for _, apply := range [...]func(*Config, *fileConfig) error{
		r.language, r.projects, r.hook, r.load, r.promote, r.mcp,
	} {
		if err := apply(c, &f); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// decodeConfig decodes carnet.toml strictly; an error names the file, the line and the key.
func decodeConfig(name string, data []byte) (fileConfig, error) {
	var f fileConfig
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(&f)
	if err == nil {
		return f, nil
	}
	var se *toml.StrictMissingError
	if errors.As(err, &se) && len(se.Errors) > 0 {
		e := se.Errors[0]
		row, _ := e.Position()
		return f, fmt.Errorf("%s:%d: unknown key %q%s", name, row, strings.Join(e.Key(), "."), misplaced(e.Key()))
	}
	if de, ok := errors.AsType[*toml.DecodeError](err); ok {
		row, _ := de.Position()
		key := strings.Join(de.Key(), ".")
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		if w := wantType(de.Key()); w != "" && strings.Contains(msg, "cannot decode") {
			msg = "want " + w + misplaced(de.Key())
		}
		if key != "" {
			return f, fmt.Errorf("%s:%d: %s: %s", name, row, key, msg)
		}
		return f, fmt.Errorf("%s:%d: %s", name, row, msg)
	}
	return f, fmt.Errorf("%s: %w", name, err)
}

// configReader checks the decoded values of one carnet.toml, table by table, and sets them
// in a Config.
type configReader struct {
	name string     // the file, for error messages
	data []byte     // its content, to find the line of a key
	open openTables // the entries splitOpenTables read
}

// bad is the error for the value of key.
func (r configReader) bad(key, msg string) error {
	return fmt.Errorf("%s:%d: %s: %s", r.name, lineOf(r.data, key), key, msg)
}

// language reads the top-level language key.
func (r configReader) language(c *Config, f *fileConfig) error {
	if f.Language == nil {
		return nil
	}
	if *f.Language != "fr" && *f.Language != "en" {
		return r.bad("language", fmt.Sprintf("%q is not fr or en", *f.Language))
	}
	c.Language, c.LanguageSet = *f.Language, true
	return nil
}

// projects reads the [projects] table: each folder is relative, inside the workspace and
// outside any .git folder.
func (r configReader) projects(c *Config, f *fileConfig) error {
	projects, err := r.open.merge(r.name, "projects", f.Projects)
	if err != nil || len(projects) == 0 {
		return err
	}
	c.Projects = make(map[string]string, len(projects))
	for _, n := range slices.Sorted(maps.Keys(projects)) {
		p := projects[n]
		if msg := projectDirError(p); msg != "" {
			line, ok := r.open.lines["projects\x00"+n]
			if !ok {
				line = lineOf(r.data, n)
			}
			return fmt.Errorf("%s:%d: %s: project folder %q %s", r.name, line, n, p, msg)
		}
		c.Projects[n] = filepath.ToSlash(filepath.Clean(p))
	}
	return nil
}

// hook reads the [hook] table.
func (r configReader) hook(c *Config, f *fileConfig) error {
	h := f.Hook
	if h == nil {
		return nil
	}
	if h.Extractor != nil {
		if *h.Extractor != "heuristic" && !slices.Contains(llm.Kinds, *h.Extractor) {
			return r.bad("extractor", fmt.Sprintf("%q is not %s", *h.Extractor, extractorNames()))
		}
		c.Hook.Extractor = *h.Extractor
	}
	if h.Command != nil {
		if len(h.Command) == 0 {
			return r.bad("command", "must name a program")
		}
		c.Hook.Command = h.Command
	}
	if err := r.model(c, f); err != nil {
		return err
	}
	if h.Timeout != nil {
		d, err := time.ParseDuration(*h.Timeout)
		if err != nil || d <= 0 {
			return r.bad("timeout", fmt.Sprintf("%q is not a duration like \"20s\"", *h.Timeout))
		}
		c.Hook.Timeout = d
	}
	if h.Gate != nil {
		c.Hook.Gate = *h.Gate
	}
	if h.GateEvery != nil {
		d, err := time.ParseDuration(*h.GateEvery)
		if err != nil || d < 0 {
			return r.bad("gate_every", fmt.Sprintf("%q is not a duration like \"20m\"", *h.GateEvery))
		}
		c.Hook.GateEvery = d
	}
	if h.Autocommit != nil {
		c.Hook.Autocommit = *h.Autocommit
	}
	return nil
}

// extractorNames lists the values of [hook] extractor, for error messages.
func extractorNames() string {
	names := append([]string{"heuristic"}, llm.Kinds...)
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// model reads the model keys of the [hook] table (model, base_url, api_key_env, per_turn)
// and checks that the extractor has what it needs.
func (r configReader) model(c *Config, f *fileConfig) error {
	h, kind := f.Hook, c.Hook.Extractor
	if h.Model != nil {
		if strings.TrimSpace(*h.Model) == "" {
			return r.bad("model", "must name a model (leave the key out for the back end's default)")
		}
		c.Hook.Model = *h.Model
	}
	if h.BaseURL != nil {
		if kind != llm.KindOpenAI {
			return r.bad("base_url", fmt.Sprintf(`is for extractor = "openai" (the extractor is %q)`, kind))
		}
		if err := llm.CheckBaseURL(*h.BaseURL); err != nil {
			return r.bad("base_url", err.Error())
		}
		c.Hook.BaseURL = *h.BaseURL
	}
	if h.APIKeyEnv != nil {
		if kind != llm.KindOpenAI {
			return r.bad("api_key_env", fmt.Sprintf(`is for extractor = "openai" (the extractor is %q)`, kind))
		}
		if !envName.MatchString(*h.APIKeyEnv) {
			return r.bad("api_key_env", fmt.Sprintf("%q is not the name of an environment variable, like \"OPENAI_API_KEY\" (the name, never the key)", *h.APIKeyEnv))
		}
		c.Hook.APIKeyEnv = *h.APIKeyEnv
	}
	if h.PerTurn != nil {
		if *h.PerTurn && kind != llm.KindClaude && kind != llm.KindAnthropic && kind != llm.KindCommand {
			return r.bad("per_turn", fmt.Sprintf(`works with extractor = "claude", "anthropic" or "command" (the extractor is %q)`, kind))
		}
		c.Hook.PerTurn = *h.PerTurn
	}
	switch {
	case kind == llm.KindOpenAI && c.Hook.BaseURL == "":
		return r.bad("extractor", `"openai" needs base_url, the endpoint: "http://localhost:11434/v1" (Ollama), "http://localhost:8080/v1" (llama.cpp server), "http://localhost:1234/v1" (LM Studio)`)
	case kind == llm.KindOpenAI && c.Hook.Model == "":
		return r.bad("extractor", `"openai" needs model, the name the endpoint serves it under (e.g. "qwen2.5-coder:7b")`)
	case kind == llm.KindCommand && len(c.Hook.Command) == 0:
		return r.bad("extractor", `"command" needs command, the program that reads the prompt on stdin and prints the JSON`)
	}
	return nil
}

// envName is the shape of an environment variable's name.
var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// load reads the [load] table.
func (r configReader) load(c *Config, f *fileConfig) error {
	if f.Load == nil {
		return nil
	}
	for _, n := range f.Load.Notes {
		if !IsSlug(n) {
			return r.bad("notes", fmt.Sprintf("%q is not a note name (notes/NAME.md: lower-case letters, digits and dashes)", n))
		}
	}
	c.Load.Notes = f.Load.Notes
	if f.Load.BudgetTokens == nil {
		return nil
	}
	if *f.Load.BudgetTokens <= 0 {
		return r.bad("budget_tokens", "must be a positive number")
	}
	c.Load.BudgetTokens = *f.Load.BudgetTokens
	return nil
}

// promote reads the [promote] table.
func (r configReader) promote(c *Config, f *fileConfig) error {
	p := f.Promote
	if p == nil {
		return nil
	}
	if p.ArchiveAfterDays != nil {
		if *p.ArchiveAfterDays <= 0 {
			return r.bad("archive_after_days", "must be a positive number")
		}
		c.Promote.ArchiveAfterDays = *p.ArchiveAfterDays
	}
	if p.LongMemoryMaxLines != nil {
		if *p.LongMemoryMaxLines < 10 {
			return r.bad("long_memory_max_lines", "must be at least 10")
		}
		c.Promote.LongMemoryMaxLines = *p.LongMemoryMaxLines
	}
	return nil
}

// mcp reads the [mcp.access] table: client name → full | read | none.
func (r configReader) mcp(c *Config, f *fileConfig) error {
	var decoded map[string]string
	if f.MCP != nil {
		decoded = f.MCP.Access
	}
	access, err := r.open.merge(r.name, "mcp.access", decoded)
	if err != nil {
		return err
	}
	for _, k := range slices.Sorted(maps.Keys(access)) {
		switch access[k] {
		case "full", "read", "none":
			c.MCP.Access[k] = access[k]
		default:
			return r.bad(k, fmt.Sprintf("access %q is not full, read or none%s", access[k], misplaced([]string{"mcp", "access", k})))
		}
	}
	return nil
}

// projectDirError says what is wrong with a project folder of carnet.toml, or "" when it is
// a folder inside the workspace, outside any .git folder (memory written there would be
// lost to git, or break the repository). A backslash counts as a separator, as on Windows.
func projectDirError(p string) string {
	s := strings.ReplaceAll(p, `\`, "/")
	if strings.TrimSpace(p) == "" || filepath.IsAbs(p) || path.IsAbs(s) || filepath.VolumeName(p) != "" || len(s) >= 2 && s[1] == ':' {
		return "must be relative to the workspace root"
	}
	c := path.Clean(s)
	if c == ".." || strings.HasPrefix(c, "../") {
		return "must stay inside the workspace"
	}
	for part := range strings.SplitSeq(c, "/") {
		if strings.EqualFold(part, ".git") {
			return "is inside a .git folder"
		}
	}
	return ""
}

// openTables are the entries of [projects] and [mcp.access] that splitOpenTables read.
type openTables struct {
	values map[string]map[string]string // table → key → value
	lines  map[string]int               // table + "\x00" + key → line
}

// splitOpenTables takes the `key = "string"` lines of [projects] and [mcp.access] out of
// data for the decoder (blanked, so that line numbers stay) and reads them itself: go-toml
// checks each key against every key read before it (its duplicate-key tracker scans a flat
// list), so a table of n keys costs n² — 100,000 projects took 53 s. These are the two
// tables with no bound on their keys; one pass with a map keeps them linear. Any other form
// (a dotted key, an inline table, a value that is not a string) is left to the decoder and
// its errors. A file the parser refuses is left whole to the decoder too.
func splitOpenTables(name string, data []byte) ([]byte, openTables, error) {
	t := openTables{values: map[string]map[string]string{}, lines: map[string]int{}}
	var rest []byte
	var p unstable.Parser
	p.Reset(data)
	table, line, off := "", 1, 0
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table:
			table = keyPath(e.Key())
		case unstable.ArrayTable:
			table = "[[" + keyPath(e.Key()) + "]]"
		case unstable.KeyValue:
			if table != "projects" && table != "mcp.access" || e.Value().Kind != unstable.String {
				continue
			}
			it := e.Key()
			it.Next()
			key := string(it.Node().Data)
			if it.Next() {
				continue // a dotted key
			}
			line += bytes.Count(data[off:e.Raw.Offset], []byte("\n"))
			off = int(e.Raw.Offset)
			id := table + "\x00" + key
			if _, dup := t.lines[id]; dup {
				return nil, t, fmt.Errorf("%s:%d: %s: defined twice in [%s]", name, line, key, table)
			}
			t.lines[id] = line
			if t.values[table] == nil {
				t.values[table] = map[string]string{}
			}
			t.values[table][key] = string(e.Value().Data)
			if rest == nil {
				rest = bytes.Clone(data)
			}
			for i := e.Raw.Offset; i < e.Raw.Offset+e.Raw.Length; i++ {
				if rest[i] != '\n' && rest[i] != '\r' {
					rest[i] = ' '
				}
			}
		}
	}
	if p.Error() != nil || rest == nil {
		return data, openTables{}, nil
	}
	return rest, t, nil
}

func keyPath(it unstable.Iterator) string {
	var parts []string
	for it.Next() {
		parts = append(parts, string(it.Node().Data))
	}
	return strings.Join(parts, ".")
}

// merge joins the entries of table read by splitOpenTables with those the decoder read.
func (t openTables) merge(name, table string, decoded map[string]string) (map[string]string, error) {
	out := t.values[table]
	if out == nil {
		return decoded, nil
	}
	for k, v := range decoded {
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("%s:%d: %s: defined twice in [%s]", name, t.lines[table+"\x00"+k], k, table)
		}
		out[k] = v
	}
	return out, nil
}

// keyTables says where each key of carnet.toml belongs ("" is the top of the file), to
// explain a key written under the wrong table.
var keyTables = map[string]string{
	"language": "", "extractor": "hook", "command": "hook", "model": "hook", "base_url": "hook", "api_key_env": "hook",
	"per_turn": "hook", "timeout": "hook", "gate": "hook", "gate_every": "hook",
	"autocommit": "hook", "budget_tokens": "load", "notes": "load", "archive_after_days": "promote", "long_memory_max_lines": "promote",
}

// misplaced explains a key that belongs to another table than the one it was read in; a key
// belongs to the [table] line above it, so a line added at the end of the file lands in
// [mcp.access]. It returns "" when the key is not a known one.
func misplaced(key []string) string {
	if len(key) == 0 {
		return ""
	}
	leaf := key[len(key)-1]
	table, ok := keyTables[leaf]
	if !ok || strings.Join(key[:len(key)-1], ".") == table {
		return ""
	}
	if table == "" {
		return fmt.Sprintf(" (%s belongs at the top of the file, before the first [table] line: a key belongs to the [table] above it)", leaf)
	}
	return fmt.Sprintf(" (%s belongs under [%s]: a key belongs to the [table] above it)", leaf, table)
}

// wantType names the type a key of carnet.toml takes, for an error on a value of the wrong type.
func wantType(key []string) string {
	if len(key) == 0 {
		return ""
	}
	switch k := strings.Join(key, "."); {
	case k == "language":
		return `"fr" or "en"`
	case k == "hook.extractor":
		return "a string: " + quotedExtractors()
	case k == "hook.model", k == "hook.base_url", k == "hook.api_key_env":
		return "a string in quotes"
	case k == "hook.command":
		return `a list of strings, like ["claude", "-p"]`
	case k == "hook.timeout":
		return `a duration in quotes, like "20s"`
	case k == "hook.gate_every":
		return `a duration in quotes, like "20m"`
	case k == "hook.gate", k == "hook.autocommit", k == "hook.per_turn":
		return "true or false"
	case k == "load.notes":
		return `a list of note names, like ["profil"]`
	case k == "load.budget_tokens", k == "promote.archive_after_days", k == "promote.long_memory_max_lines":
		return "a whole number"
	case key[0] == "projects" && len(key) == 2:
		return `a folder in quotes, like "projects/api/memory_sessions"`
	case len(key) == 3 && key[0] == "mcp" && key[1] == "access":
		return `"full", "read" or "none"`
	case k == "projects", k == "hook", k == "load", k == "promote", k == "mcp", k == "mcp.access":
		return fmt.Sprintf("a table: a line [%s], then its keys one per line", k)
	}
	return "another type of value"
}

// quotedExtractors lists the values of [hook] extractor in quotes.
func quotedExtractors() string {
	names := append([]string{"heuristic"}, llm.Kinds...)
	for i, n := range names {
		names[i] = strconv.Quote(n)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// lineOf finds the 1-based line where key is assigned, for error messages (0 if not found).
func lineOf(data []byte, key string) int {
	for i, l := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(l)
		t = strings.TrimLeft(t, `"'`)
		if after, ok := strings.CutPrefix(t, key); ok {
			rest := strings.TrimLeft(after, `"' `)
			if strings.HasPrefix(rest, "=") {
				return i + 1
			}
		}
	}
	return 0
}

// ConfigFor is the commented carnet.toml that `carnet init` writes for a workspace in lang
// (fr or en, written uncommented); "" leaves the language to the default (ConfigTemplate).
func ConfigFor(lang string) string {
	if lang == "" {
		return ConfigTemplate
	}
	return strings.Replace(ConfigTemplate, languageTemplate, `# The language carnet writes memory in (headings, the session's memory, the gate, the UI):
# fr | en. carnet init chose it from your locale; change it here.
language = "`+lang+`"
`, 1)
}

const languageTemplate = `# Headings of newly written files: fr | en
# language = "fr"
`

// ConfigTemplate is the commented carnet.toml with every value the default.
const ConfigTemplate = `# carnet configuration — every value below is the default; uncomment to change it.

` + languageTemplate + `
# Projects: name = memory folder, relative to this file. Without this table, carnet finds
# every memory_sessions/ folder under the workspace (the one at the root is "root").
# [projects]
# root = "memory_sessions"
# api = "services/api/memory_sessions"

[hook]
# extractor = "heuristic"      # heuristic: no model, no network. Or a model that reads each whole
#                              # session once, at its end and before a compaction, in the background:
#                              # claude | codex | gemini (the CLI you use) | openai (a local server)
#                              # | anthropic (ANTHROPIC_API_KEY) | command (any program)
# model = "` + llm.DefaultModel + `"    # the model asked; claude's default, the CLI's own for codex / gemini
# base_url = "http://localhost:11434/v1"   # openai: Ollama; llama.cpp server :8080/v1, LM Studio :1234/v1
# api_key_env = "OPENAI_API_KEY"           # openai: the variable holding the key, if the endpoint wants one
# command = ["my-model", "--json"]         # command: reads the prompt on stdin, prints the JSON;
#                              # claude / codex / gemini: replaces their command line
# timeout = "20s"              # one model call
# per_turn = false             # claude, anthropic, command: a model call at every stop instead (costlier)
# gate = true                  # at Stop, after substantial work (3 files edited, or a commit)
#                              # that recorded nothing, send the agent back once to record its
#                              # decisions, lessons and what is left; false turns it off
# gate_every = "20m"           # at most one such block per this much session time
# autocommit = false           # commit each hook / MCP write

[load]
# budget_tokens = 2500

[promote]
# archive_after_days = 30
# long_memory_max_lines = 300

[mcp.access]                   # client name = full | read | none; "*" is the default
# "*" = "full"
`
