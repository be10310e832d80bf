package install

import (
	"bytes"
	_ "embed"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2"
)

// codexHooks are the events carnet registers in Codex's hooks.json (developers.openai.com/
// codex/hooks: Claude-style groups, timeout in seconds). SessionStart has no matcher, so it
// runs for every source (startup, resume, clear, compact); SessionEnd exists since 0.16x.
var codexHooks = []agentHook{
	{Event: eventSessionStart, Timeout: 10},
	{Event: eventStop, Timeout: 30},
	{Event: eventPreCompact, Timeout: 60},
	{Event: eventSessionEnd, Timeout: 10},
}

// geminiHooks are the events carnet registers in Gemini CLI's settings.json
// (docs/hooks/reference.md: timeout in milliseconds).
var geminiHooks = []agentHook{
	{Event: eventSessionStart, Timeout: 10000},
	{Event: eventAfterAgent, Timeout: 30000},
	{Event: eventPreCompress, Timeout: 60000},
	{Event: eventSessionEnd, Timeout: 10000},
}

// MergeCodexHooks adds carnet's hooks to the content of a Codex hooks.json, keeping every
// other key and hook; with nothing to add, the content comes back unchanged, byte for byte.
func MergeCodexHooks(data []byte, command string) ([]byte, []string, error) {
	return mergeCommandHooks(data, codexHooks, command)
}

// MergeGeminiSettings adds carnet's hooks and its MCP server (mcpServers.carnet) to the
// content of a Gemini CLI settings.json (JSONC: its comments are kept), keeping every other key. It returns the new
// content, the events added and whether the MCP server was added; with nothing to add, the
// content comes back unchanged, byte for byte.
func MergeGeminiSettings(data []byte, command string) ([]byte, []string, bool, error) {
	root, added, err := mergeHooks(data, true, geminiHooks, func(h agentHook) *jsonObject {
		handler := newObject()
		handler.set("type", "command")
		handler.set("command", command)
		handler.set("name", "carnet")
		handler.set("timeout", h.Timeout)
		return handler
	})
	if err != nil {
		return nil, nil, false, err
	}
	serversV, ok := root.get("mcpServers")
	if !ok {
		serversV = newObject()
	}
	servers, ok := serversV.(*jsonObject)
	if !ok {
		return nil, nil, false, fmt.Errorf(`"mcpServers" is not a JSON object`)
	}
	mcp := false
	if _, ok := servers.get("carnet"); !ok {
		srv := newObject()
		srv.set("command", "carnet")
		srv.set("args", []any{"mcp", "--client", "gemini"})
		servers.set("carnet", srv)
		root.set("mcpServers", servers)
		mcp = true
	}
	if len(added) == 0 && !mcp {
		return data, nil, false, nil
	}
	return encodeOrdered(root, detectIndent(data)), added, mcp, nil
}

// codexMCPTable is what carnet appends to a Codex config.toml to register its MCP server.
const codexMCPTable = "[mcp_servers.carnet]\ncommand = \"carnet\"\nargs = [\"mcp\", \"--client\", \"codex\"]\n"

// MergeCodexConfig registers carnet's MCP server in the content of a Codex config.toml:
// unless mcp_servers.carnet is already there, it appends a [mcp_servers.carnet] table at
// the end, leaving the rest of the file as it was, byte for byte. It reports whether it
// added the table.
func MergeCodexConfig(data []byte) ([]byte, bool, error) {
	var cfg map[string]any
	if err := toml.Unmarshal(data, &cfg); err != nil {
		return nil, false, fmt.Errorf("not valid TOML: %s (fix it, then run carnet install again)", firstLine(err))
	}
	if servers, ok := cfg["mcp_servers"].(map[string]any); ok {
		if _, ok := servers["carnet"]; ok {
			return data, false, nil
		}
	}
	// e.g. mcp_servers written as an inline table, which a [mcp_servers.carnet] header cannot
	// extend: an error saying what to add by hand
	out, err := appendTOML(data, codexMCPTable)
	if err != nil {
		return nil, false, err
	}
	return out, true, nil
}

// firstLine keeps an error to its first line, at most 160 bytes, for a one-line message.
func firstLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	if len(s) <= 160 {
		return s
	}
	i := 160
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

// OpenCodePlugin is carnet's OpenCode plugin (.opencode/plugins/carnet.js): OpenCode has no
// command hooks, so the plugin runs `carnet --hook` with the payload it documents.
//
//go:embed opencode/carnet.js
var OpenCodePlugin string

// MergeOpenCodeConfig adds carnet's MCP server (mcp.carnet, a local server) to the content
// of an opencode.json (JSONC: its comments are kept), keeping every other key; with nothing
// to add, the content comes back unchanged, byte for byte. It reports whether it added it.
func MergeOpenCodeConfig(data []byte) ([]byte, bool, error) {
	root, err := settingsObject(data, true)
	if err != nil {
		return nil, false, err
	}
	mcpV, ok := root.get("mcp")
	if !ok {
		mcpV = newObject()
	}
	mcp, ok := mcpV.(*jsonObject)
	if !ok {
		return nil, false, fmt.Errorf(`"mcp" is not a JSON object`)
	}
	if _, ok := mcp.get("carnet"); ok {
		return data, false, nil
	}
	if _, ok := root.get("$schema"); !ok && len(bytes.TrimSpace(data)) == 0 {
		root.set("$schema", "https://opencode.ai/config.json")
	}
	srv := newObject()
	srv.set("type", "local")
	srv.set("command", []any{"carnet", "mcp", "--client", "opencode"})
	mcp.set("carnet", srv)
	root.set("mcp", mcp)
	return encodeOrdered(root, detectIndent(data)), true, nil
}

// kimiHooks are the events carnet registers in Kimi Code's config.toml (moonshotai.github.io/
// kimi-code, "Hooks": [[hooks]] tables of event, matcher, command and timeout in seconds, no
// other field).
var kimiHooks = []agentHook{
	{Event: eventSessionStart, Timeout: 10},
	{Event: eventStop, Timeout: 30},
	{Event: eventPreCompact, Timeout: 60},
	{Event: eventSessionEnd, Timeout: 10},
}

// MergeKimiConfig appends a [[hooks]] table to the content of a Kimi Code config.toml for each
// event of kimiHooks that has no carnet hook yet, leaving the rest of the file as it was, byte
// for byte. It returns the new content and the events added.
func MergeKimiConfig(data []byte, command string) ([]byte, []string, error) {
	var cfg struct {
		Hooks []struct {
			Event   string `toml:"event"`
			Command string `toml:"command"`
		} `toml:"hooks"`
	}
	if err := toml.Unmarshal(data, &cfg); err != nil {
		return nil, nil, fmt.Errorf("not valid TOML: %s (fix it, then run carnet install again)", firstLine(err))
	}
	have := map[string]bool{}
	for _, h := range cfg.Hooks {
		if isCarnetHook(h.Command) {
			have[h.Event] = true
		}
	}
	var b strings.Builder
	var added []string
	for _, h := range kimiHooks {
		if have[h.Event] {
			continue
		}
		fmt.Fprintf(&b, "[[hooks]]\nevent = %q\ncommand = %q\ntimeout = %d\n\n", h.Event, command, h.Timeout)
		added = append(added, h.Event)
	}
	if len(added) == 0 {
		return data, nil, nil
	}
	out, err := appendTOML(data, strings.TrimSuffix(b.String(), "\n"))
	if err != nil {
		return nil, nil, err
	}
	return out, added, nil
}

// appendTOML appends tables to the content of a TOML file, after a blank line and in the
// file's line endings, and checks that the result still parses.
func appendTOML(data []byte, tables string) ([]byte, error) {
	eol := "\n"
	if bytes.Contains(data, []byte("\r\n")) {
		eol = "\r\n"
	}
	out := append([]byte(nil), data...)
	if len(out) > 0 {
		if out[len(out)-1] != '\n' {
			out = append(out, eol...)
		}
		out = append(out, eol...)
	}
	out = append(out, strings.ReplaceAll(tables, "\n", eol)...)
	var check map[string]any
	if err := toml.Unmarshal(out, &check); err != nil {
		return nil, fmt.Errorf("cannot add to it without rewriting it (%s): add by hand:\n%s", firstLine(err), tables)
	}
	return out, nil
}
