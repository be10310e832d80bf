package memstore

import (
	"regexp"
	"strings"
)

// Who wrote a bullet. Three kinds, told apart without asking anyone:
//
//   - an agent's note (the MCP write tools, `carnet add` run by an agent) or a model's
//     extraction ends with a marker, an HTML comment that renders as nothing:
//     "- Chose flock over a pid file: released when the process dies. <!-- agent:claude -->";
//   - what capture (the hook) wrote is listed in the project's ledger (ledger.go), a file of
//     logs/.debug/ that only the hook adds to;
//   - anything else is a person's.
//
// Capture may change or remove only its own bullets; an agent's open item may also be
// ticked when a later to-do list says it is done; a person's bullet is never touched.

// Author kinds, as a marker names them.
const (
	AuthorAgent = "agent"
	AuthorModel = "model"
)

// markerRe finds a bullet's author marker at its end.
var markerRe = regexp.MustCompile(`\s*<!--\s*(agent|model):([A-Za-z0-9._-]{1,40})\s*-->\s*$`)

// Marker is the suffix a bullet by author ("agent:claude", "model:haiku") ends with, or "".
func Marker(author string) string {
	kind, name, ok := strings.Cut(author, ":")
	if !ok || (kind != AuthorAgent && kind != AuthorModel) || name == "" || !markerRe.MatchString("<!-- "+author+" -->") {
		return ""
	}
	return " <!-- " + author + " -->"
}

// SplitAuthor returns a bullet's text without its author marker, and the author it names
// ("agent:claude"), or "" when the bullet has none.
func SplitAuthor(text string) (body, author string) {
	m := markerRe.FindStringSubmatchIndex(text)
	if m == nil {
		return text, ""
	}
	return strings.TrimRight(text[:m[0]], " \t"), text[m[2]:m[3]] + ":" + text[m[4]:m[5]]
}

// ByAgent reports whether a bullet carries an agent's or a model's marker.
func ByAgent(text string) bool {
	_, a := SplitAuthor(text)
	return a != ""
}

// Identity is the part of a bullet that says what it is: its text without the author marker
// and without the weight suffix (" !7 #perf"). Two bullets with the same identity are the
// same bullet, whoever wrote them and however they were weighted.
func Identity(text string) string {
	body, _ := ParseWeight(text)
	return body
}

// agentEnv names, for each agent carnet knows, an environment variable the agent sets for
// the shell commands it runs: a `carnet add` run with one of them set is the agent's note.
var agentEnv = []struct{ env, name string }{
	{"CARNET_AGENT", ""}, // set by hand or by a plugin: its value names the agent
	{"CLAUDECODE", "claude"},
	{"CODEX_THREAD_ID", "codex"},
	{"CODEX_SANDBOX", "codex"},
	{"CODEX_SANDBOX_NETWORK_DISABLED", "codex"},
	{"GEMINI_CLI", "gemini"},
	{"OPENCODE", "opencode"},
	{"OPENCODE_CLIENT", "opencode"},
}

// AgentFromEnv names the agent a command runs under ("agent:claude"), from the variables the
// agents set, or "" when a person runs it.
func AgentFromEnv(getenv func(string) string) string {
	for _, e := range agentEnv {
		v := strings.TrimSpace(getenv(e.env))
		if v == "" || v == "0" {
			continue
		}
		name := e.name
		if name == "" {
			name = strings.ToLower(v)
		}
		if Marker(AuthorAgent+":"+name) != "" {
			return AuthorAgent + ":" + name
		}
	}
	return ""
}

// author is the marker kind and name of the bullets a change adds: its Author, else the
// MCP client it comes from ("mcp:claude-code" → "agent:claude-code").
func (c *Change) author() string {
	if c == nil {
		return ""
	}
	if c.Author != "" {
		return c.Author
	}
	if client, ok := strings.CutPrefix(c.Writer, "mcp:"); ok {
		return AuthorAgent + ":" + markerName(client)
	}
	return ""
}

// Marker is the suffix the bullets the change adds end with ("" for a person's change).
func (c Change) Marker() string { return Marker(c.author()) }

// markerName turns a client's display name into one a marker takes.
func markerName(s string) string {
	b := []byte(strings.ToLower(strings.TrimSpace(s)))
	out := b[:0]
	for _, c := range b {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '.', c == '_', c == '-':
			out = append(out, c)
		case c == ' ' && len(out) > 0 && out[len(out)-1] != '-':
			out = append(out, '-')
		}
	}
	if len(out) == 0 {
		return "unknown"
	}
	return string(out[:min(len(out), 40)])
}
