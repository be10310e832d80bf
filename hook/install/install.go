// Package install registers carnet with coding agents: it merges carnet's hooks and MCP
// server into the settings of Claude Code, Codex, Gemini CLI and Kimi Code (keeping every
// other key, byte for byte where it can), writes Claude Code's skills and OpenCode's plugin,
// and registers the git merge driver
// of memory files. It shares nothing with the hook's runtime but the event names, which it
// owns for its own lists.
package install

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"carnet/shell"
)

// HookCommand is the command line registered for every hook event.
const HookCommand = "carnet --hook"

// The hook events carnet registers, as agents name them in their settings and in the
// hook_event_name they send (Gemini CLI's end of a turn is AfterAgent).
const (
	eventSessionStart = "SessionStart"
	eventStop         = "Stop"
	eventSubagentStop = "SubagentStop"
	eventPreCompact   = "PreCompact"
	eventSessionEnd   = "SessionEnd"
	eventAfterAgent   = "AfterAgent"
	eventPreCompress  = "PreCompress" // Gemini CLI's PreCompact
)

// agentHook is the hook carnet registers in an agent's settings for one event (the same
// shape for Claude Code, Codex and Gemini CLI).
type agentHook struct {
	Event   string
	Matcher string
	Timeout int // in the agent's unit: seconds, milliseconds for Gemini CLI
}

// claudeHooks are the events carnet registers in Claude Code's settings.json (timeout in
// seconds). Stop's 30 s stays above the hook's own
// 25 s limit; SessionEnd's timeout also raises Claude Code's 1.5 s SessionEnd budget.
var claudeHooks = []agentHook{
	{Event: eventSessionStart, Matcher: "startup|resume|clear|compact", Timeout: 10},
	{Event: eventStop, Timeout: 30},
	{Event: eventSubagentStop, Timeout: 30},
	{Event: eventPreCompact, Timeout: 60},
	{Event: eventSessionEnd, Timeout: 10},
}

// isCarnetHook reports whether a command line already runs carnet's hook (whatever path
// or extra flags it uses), read as sh or, for a Windows path, as PowerShell reads it.
func isCarnetHook(cmd string) bool {
	for _, d := range []shell.Dialect{shell.Sh, shell.PowerShell} {
		for _, c := range shell.ParseAs(cmd, d).Commands {
			if argv := c.Argv(); c.Name() == "carnet" && slices.Contains(argv[1:], "--hook") {
				return true
			}
		}
	}
	return false
}

// MergeClaudeSettings adds carnet's hooks to the content of a Claude Code settings.json,
// keeping every other key, hook and their order. It returns the new content and the events
// it added; with nothing to add, the content comes back unchanged, byte for byte.
func MergeClaudeSettings(data []byte, command string) ([]byte, []string, error) {
	return mergeCommandHooks(data, claudeHooks, command)
}

// mergeCommandHooks adds a {"type":"command","command":…,"timeout":…} handler for each event
// of list that has none from carnet yet (Claude Code's and Codex's shape), returning data
// unchanged, byte for byte, when there is nothing to add.
func mergeCommandHooks(data []byte, list []agentHook, command string) ([]byte, []string, error) {
	root, added, err := mergeHooks(data, false, list, func(h agentHook) *jsonObject {
		handler := newObject()
		handler.set("type", "command")
		handler.set("command", command)
		handler.set("timeout", h.Timeout)
		return handler
	})
	if err != nil || len(added) == 0 {
		return data, nil, err
	}
	return encodeOrdered(root, detectIndent(data)), added, nil
}

// mergeHooks adds, to the settings object in data, one matcher group per event of list
// that has no carnet handler yet: {"matcher"?, "hooks":[handler(h)]} under hooks.<Event>
// (the shape Claude Code, Codex and Gemini CLI share). It returns the object and the
// events it added.
func mergeHooks(data []byte, jsonc bool, list []agentHook, handler func(agentHook) *jsonObject) (*jsonObject, []string, error) {
	root, err := settingsObject(data, jsonc)
	if err != nil {
		return nil, nil, err
	}
	hooksV, ok := root.get("hooks")
	if !ok {
		hooksV = newObject()
	}
	hooks, ok := hooksV.(*jsonObject)
	if !ok {
		return nil, nil, fmt.Errorf(`"hooks" is not a JSON object`)
	}
	var added []string
	for _, h := range list {
		groupsV, ok := hooks.get(h.Event)
		if !ok {
			groupsV = []any{}
		}
		groups, ok := groupsV.([]any)
		if !ok {
			return nil, nil, fmt.Errorf(`"hooks.%s" is not a JSON array`, h.Event)
		}
		if hasCarnetHandler(groups) {
			continue
		}
		group := newObject()
		if h.Matcher != "" {
			group.set("matcher", h.Matcher)
		}
		group.set("hooks", []any{handler(h)})
		hooks.set(h.Event, append(groups, group))
		added = append(added, h.Event)
	}
	if len(added) > 0 {
		root.set("hooks", hooks)
	}
	return root, added, nil
}

func hasCarnetHandler(groups []any) bool {
	for _, g := range groups {
		gobj, ok := g.(*jsonObject)
		if !ok {
			continue
		}
		hs, _ := gobj.get("hooks")
		list, _ := hs.([]any)
		for _, h := range list {
			hobj, ok := h.(*jsonObject)
			if !ok {
				continue
			}
			c, _ := hobj.get("command")
			if s, ok := c.(string); ok && isCarnetHook(s) {
				return true
			}
		}
	}
	return false
}

// MergeMCPConfig adds carnet's MCP server to a project's .mcp.json unless a server named
// carnet is already there. It reports whether it added it.
func MergeMCPConfig(data []byte) ([]byte, bool, error) {
	return mergeMCPServers(data, true, "claude")
}

// mergeMCPServers adds mcpServers.carnet, a stdio server run as `carnet mcp --client client`
// (with "type": "stdio" when typed), unless a server named carnet is there.
func mergeMCPServers(data []byte, typed bool, client string) ([]byte, bool, error) {
	root, err := settingsObject(data, false)
	if err != nil {
		return nil, false, err
	}
	serversV, ok := root.get("mcpServers")
	if !ok {
		serversV = newObject()
	}
	servers, ok := serversV.(*jsonObject)
	if !ok {
		return nil, false, fmt.Errorf(`"mcpServers" is not a JSON object`)
	}
	if _, ok := servers.get("carnet"); ok {
		return data, false, nil
	}
	srv := newObject()
	if typed {
		srv.set("type", "stdio")
	}
	srv.set("command", "carnet")
	srv.set("args", []any{"mcp", "--client", client}) // pins the name carnet.toml's [mcp.access] sees
	servers.set("carnet", srv)
	root.set("mcpServers", servers)
	return encodeOrdered(root, detectIndent(data)), true, nil
}

// settingsObject decodes a settings file's object; jsonc accepts comments and trailing commas.
func settingsObject(data []byte, jsonc bool) (*jsonObject, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return newObject(), nil
	}
	v, err := decodeOrdered(data, jsonc)
	if err != nil {
		if se, ok := errors.AsType[*json.SyntaxError](err); ok {
			return nil, fmt.Errorf("not valid JSON at line %d: %w (fix it, then run carnet install again)", 1+bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n")), err)
		}
		return nil, fmt.Errorf("not valid JSON: %w (fix it, then run carnet install again)", err)
	}
	obj, ok := v.(*jsonObject)
	if !ok {
		return nil, fmt.Errorf("not a JSON object")
	}
	return obj, nil
}

// MergeDriverName and MergeDriverCommand are the git config of carnet's merge driver
// (merge.carnet.name and merge.carnet.driver): git runs the command with the base, ours,
// theirs, the path, the marker size and the branch labels (%X, %Y: git 2.44 and later).
const (
	MergeDriverName    = "carnet memory merge"
	MergeDriverCommand = "carnet merge-driver --marker-size=%L --ours=%X --theirs=%Y %O %A %B %P"
)

// MergeDriverAttributes are the .gitattributes lines that route memory files to the driver.
var MergeDriverAttributes = []string{"memory_sessions/** merge=carnet", "**/memory_sessions/** merge=carnet"}

// MergeGitAttributes adds the lines of MergeDriverAttributes missing from a .gitattributes,
// keeping every other line; with nothing to add, the content comes back unchanged.
func MergeGitAttributes(data []byte) []byte {
	have := map[string]bool{}
	for l := range strings.Lines(string(data)) {
		have[strings.Join(strings.Fields(l), " ")] = true
	}
	out := append([]byte(nil), data...)
	eol := "\n"
	if bytes.Contains(data, []byte("\r\n")) {
		eol = "\r\n"
	}
	for _, l := range MergeDriverAttributes {
		if have[l] {
			continue
		}
		if len(out) > 0 && out[len(out)-1] != '\n' {
			out = append(out, eol...)
		}
		out = append(out, l+eol...)
	}
	return out
}
