package capture

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"

	"carnet/hook/transcript"
)

// aroundWords say how a failure was got round, after its bullet: the way the agent found.
var aroundWords = map[string]struct{ redone, skillRead, wentOn string }{
	"fr": {redone: " — passé avec `%s`", skillRead: " — contourné : `%s` lu directement", wentOn: " — contourné : `%s` est passé ensuite"},
	"en": {redone: " — went through as `%s`", skillRead: " — worked around: read `%s` directly", wentOn: " — worked around: `%s` went through after it"},
}

// replacedLater reports a failed script run that a later call of the turn ran again with
// the script under another extension ("node a.js", then "node a.mjs"): the script was
// rewritten, its failure is gone; what the new one meets is its own failure.
func replacedLater(later []*transcript.ToolUse, cmd string) bool {
	if !strings.Contains(cmd, ".") {
		return false
	}
	for _, v := range later {
		if v.Name == "Bash" && v.HasResult && oneScriptRenamed(cmd, v.Command) {
			return true
		}
	}
	return false
}

// oneScriptRenamed reports two command lines alike but for one word, a file whose name is
// the same but for its extension.
func oneScriptRenamed(a, b string) bool {
	if a == b || len(a)-len(b) > 5 || len(b)-len(a) > 5 {
		return false
	}
	p := 0
	for p < min(len(a), len(b)) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < min(len(a), len(b))-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	start := strings.LastIndexAny(a[:p], " \t\n") + 1
	wa, wb := word(a, start, len(a)-s), word(b, start, len(b)-s)
	ea, eb := path.Ext(wa), path.Ext(wb)
	return isExtension(ea) && isExtension(eb) && strings.TrimSuffix(wa, ea) == strings.TrimSuffix(wb, eb)
}

// word is the word of line that starts at start and holds line[start:end], or "" when that
// part spans two words.
func word(line string, start, end int) string {
	if i := strings.IndexAny(line[end:], " \t\n"); i >= 0 {
		end += i
	} else {
		end = len(line)
	}
	if w := line[start:end]; !strings.ContainsAny(w, " \t\n") {
		return w
	}
	return ""
}

// runnerFix is the later call of the turn that ran a failed command through its runner
// ("uv run a-sdlc install" after "a-sdlc install": command not found) and went through,
// as the failure's bullet ends with it, or "".
func runnerFix(later []*transcript.ToolUse, cmd string, w wording) string {
	k := ""
	for _, v := range later {
		if v.Name != "Bash" || !v.HasResult || v.IsError || unrun(strings.TrimSpace(v.Command)) == strings.TrimSpace(v.Command) {
			continue // most calls: no runner, nothing to compare
		}
		if k == "" {
			k = commandKey(cmd)
		}
		if commandKey(v.Command) != k {
			continue
		}
		if s := shortCommand(v.Command); unrun(s) != s && unrun(shortCommand(cmd)) == shortCommand(cmd) {
			return fmt.Sprintf(aroundWords[w.lang].redone, s)
		}
		return ""
	}
	return ""
}

// workedAround says how the turn got round a failed tool call, or "": a skill not found
// whose SKILL.md the agent read itself, a call refused by a rate limit after which the same
// server's calls went through.
func workedAround(later []*transcript.ToolUse, u *transcript.ToolUse, cause string, w wording) string {
	if u.Name == "Skill" || u.Name == "activate_skill" {
		for _, v := range later {
			if v.Name == "Read" && v.HasResult && !v.IsError && path.Base(v.FilePath) == "SKILL.md" &&
				strings.Contains(cause, path.Base(path.Dir(v.FilePath))) {
				return fmt.Sprintf(aroundWords[w.lang].skillRead, v.FilePath)
			}
		}
		return ""
	}
	if !strings.Contains(cause, "429") && !strings.Contains(strings.ToLower(cause), "rate limit") {
		return ""
	}
	for _, v := range later {
		if v.HasResult && !v.IsError && v.Name != u.Name && sameServer(u, v) {
			return fmt.Sprintf(aroundWords[w.lang].wentOn, cmp.Or(mcpToolName(v), v.Name))
		}
	}
	return ""
}

// geminiTools are Gemini CLI's built-in tools left under their own names (see
// transcript.geminiTool): the other bare names are MCP tools.
var geminiTools = []string{"list_directory", "glob", "search_file_content", "grep_search", "google_web_search",
	"web_fetch", "read_many_files", "save_memory", "write_todos", "activate_skill", "codebase_investigator"}

// sameServer reports whether v is a call of the MCP server of u: the same "mcp__server__"
// prefix, or for Gemini CLI, whose names do not say their server, any MCP tool.
func sameServer(u, v *transcript.ToolUse) bool {
	if s := mcpServer(u); s != "" {
		return mcpServer(v) == s
	}
	bare := v.Name != "" && v.Name[0] >= 'a' && v.Name[0] <= 'z' && !strings.HasPrefix(v.Name, "mcp__")
	return u.MCP && bare && !slices.Contains(geminiTools, v.Name)
}

// mcpServer names the MCP server of a call ("figma" for "mcp__figma__get_node_tree"), or
// "": a built-in tool, or a tool whose name does not say its server.
func mcpServer(u *transcript.ToolUse) string {
	rest, ok := strings.CutPrefix(u.Name, "mcp__")
	if !ok {
		return ""
	}
	server, _, _ := strings.Cut(rest, "__")
	return server
}

// isExtension reports a file name's extension (".mjs", ".ts"), not a version's last number
// ("==1.3") nor a test's selector (".py::test_a").
func isExtension(ext string) bool {
	if len(ext) < 2 || len(ext) > 5 {
		return false
	}
	letter := false
	for _, r := range ext[1:] {
		switch {
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			letter = true
		case r < '0' || r > '9':
			return false
		}
	}
	return letter
}
