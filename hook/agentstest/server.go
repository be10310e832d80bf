// Package agentstest runs the real agent CLIs (Claude Code, Codex, Gemini CLI, OpenCode) against a
// scripted model server on 127.0.0.1, for carnet's end-to-end tests and for recording the
// transcript fixtures. The server is stateless: it picks each answer from the number of tool
// results already in the request, so a CLI's retries and parallel calls get the same answer.
package agentstest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
)

// Step is one move of a scripted session: a file written, a shell command run, or (the last
// one) the closing text.
type Step struct {
	Write, Content string // a file to write (relative to the repository), and its content
	Shell          string // a shell command to run
	// Tool and Input are any other Claude Code tool call (Read, Edit, Glob, Agent…); a
	// relative file_path in Input is taken in the repository.
	Tool  string
	Input map[string]any
	// Context, when set, is the input_tokens Claude Code's answer reports: near the context
	// window, it makes Claude Code compact the conversation before its next request.
	Context int
}

// Script is a scripted session: its tool steps, then the closing text.
type Script struct {
	Steps   []Step
	Closing string
	// Subagents are the scripts of the conversations Claude Code's subagents open, by a
	// text of their prompt (the first message of the conversation).
	Subagents map[string]Script
	// AfterCompact is the rest of the session once Claude Code has compacted it (its
	// tool results are gone from the requests, so counting starts again).
	AfterCompact *Script
	// Plain answers every request with the closing text, whatever tools it offers: the
	// model behind carnet's extractors, which are asked for JSON with no tool to call.
	Plain bool
	// Hang makes every model request wait until its client gives up: a model that never
	// answers, for the extractors' timeout.
	Hang bool
	// Extraction answers the requests of carnet's own session extraction (their prompt holds
	// a <session> block), whatever the session's script: the model behind both an agent's
	// session and carnet's extraction of it.
	Extraction string
}

// Scripts are the sessions the tests run, by name.
var Scripts = map[string]Script{
	// work writes a file, runs a command that fails, commits, and closes with a decision and a
	// next step.
	"work": workScript,
	// edit writes a file and stores nothing: the Stop gate sends it back once.
	"edit": {
		Steps:   []Step{{Shell: "true"}, {Shell: "true"}, {Write: "notes.txt", Content: "draft\n"}},
		Closing: "Wrote notes.txt.",
	},
	// recall runs no tool: it answers at once (its first request is what the test reads).
	"recall": {Closing: "Nothing to do."},
	// extract is the model behind carnet's claude extractor: it answers the extraction prompt
	// with JSON, including an absolute path and a token that carnet's cleaning must not keep.
	"extract": {Closing: extractJSON},
	// session-extract is the model behind carnet's session extraction (SessionEnd, PreCompact):
	// the same JSON, to every request.
	"session-extract": {Closing: extractJSON, Plain: true},
	// session-malformed answers the extraction with JSON cut short.
	"session-malformed": {Closing: `Here is the memory: {"objectif": ["Cache the exchange rates"], "decisions": ["Keep the rates in`, Plain: true},
	// session-hang never answers.
	"session-hang": {Hang: true},
	// work-extracted is "work", and the extraction JSON to carnet's session extraction.
	"work-extracted": func() Script { sc := workScript; sc.Extraction = extractJSON; return sc }(),
}

// workScript is the "work" session.
var workScript = Script{
	Steps: []Step{
		{Write: "greeting.txt", Content: "Bonjour, carnet!\n"},
		{Shell: "cat missing-config.toml"},
		{Shell: "git add greeting.txt && git commit -q -m 'greeting: add the welcome text' && git log --oneline -1"},
	},
	Closing: "Added greeting.txt and committed it.\n\nDecisions:\n- Keep the welcome text in greeting.txt, because the installer reads it.\n\nNext steps:\n- Translate the greeting into German.\n",
}

// extractJSON is the answer of the model behind carnet's extractors: an extraction JSON with
// an absolute path and a token that carnet's cleaning must not keep.
const extractJSON = `{"objectif":["Cache the exchange rates"],"decisions":["Keep the rates in SQLite, because one file is enough: see /home/dev/elsewhere/rates.go"],` +
	`"connaissances":["The rates API wants the header X-Key: ghp_` + "abcdefghijklmnopqrstuvwxyz0123456789" + `"],"a_suivre":["Expire rates after one hour"]}`

// Server answers the model APIs of the agents from a Script and records every request.
type Server struct {
	Script Script
	Repo   string // the repository the session works in (Claude Code wants absolute paths)

	mu       sync.Mutex
	requests []Request
}

// Request is one request the server received.
type Request struct {
	Path string
	Body string
}

// Requests returns the requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// ServeHTTP routes a request to the API it belongs to.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	s.requests = append(s.requests, Request{Path: r.URL.Path, Body: string(body)})
	s.mu.Unlock()
	var req map[string]any
	_ = json.Unmarshal(body, &req)
	if s.Script.Extraction != "" && strings.Contains(string(body), `<session>\n`) {
		x := &Server{Script: Script{Closing: s.Script.Extraction, Plain: true}, Repo: s.Repo}
		x.route(w, r, req)
		return
	}
	s.route(w, r, req)
}

// route answers a request with the API it belongs to.
func (s *Server) route(w http.ResponseWriter, r *http.Request, req map[string]any) {
	p := r.URL.Path
	if s.Script.Hang && r.Method == http.MethodPost {
		<-r.Context().Done() // the client gave up (or the sandbox ends)
		return
	}
	switch {
	case r.Method == http.MethodGet && strings.HasSuffix(p, "/models"):
		writeJSON(w, map[string]any{"object": "list", "data": []any{}, "models": []any{}})
	case strings.HasSuffix(p, "/messages"):
		s.anthropic(w, req)
	case strings.HasSuffix(p, "/chat/completions"):
		s.chat(w, req)
	case strings.HasSuffix(p, "/responses"):
		s.responses(w, req)
	case strings.Contains(p, ":streamGenerateContent"):
		s.gemini(w, req, true)
	case strings.Contains(p, ":generateContent"):
		s.gemini(w, req, false)
	default:
		http.NotFound(w, r)
	}
}

// next is the step to answer with after n tool results, or nil for the closing text.
func (s *Server) next(n int) *Step {
	if n < len(s.Script.Steps) {
		return &s.Script.Steps[n]
	}
	return nil
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// sse writes server-sent events; event "" writes a data-only event.
type sse struct {
	w http.ResponseWriter
}

func newSSE(w http.ResponseWriter) sse {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	return sse{w}
}

func (e sse) send(event string, data any) {
	var buf bytes.Buffer
	if event != "" {
		fmt.Fprintf(&buf, "event: %s\n", event)
	}
	b, _ := json.Marshal(data)
	fmt.Fprintf(&buf, "data: %s\n\n", b)
	_, _ = e.w.Write(buf.Bytes())
	if f, ok := e.w.(http.Flusher); ok {
		f.Flush()
	}
}

// done ends an OpenAI chat-completions stream.
func (e sse) done() {
	_, _ = e.w.Write([]byte("data: [DONE]\n\n"))
	if f, ok := e.w.(http.Flusher); ok {
		f.Flush()
	}
}

// toolNames returns the names of the tools a request offers, in any of the APIs' shapes.
func toolNames(req map[string]any) map[string]bool {
	names := map[string]bool{}
	tools, _ := req["tools"].([]any)
	for _, t := range tools {
		m, _ := t.(map[string]any)
		if n, ok := m["name"].(string); ok {
			names[n] = true
		}
		if f, ok := m["function"].(map[string]any); ok { // chat completions
			if n, ok := f["name"].(string); ok {
				names[n] = true
			}
		}
		decls, _ := m["functionDeclarations"].([]any) // Gemini
		for _, d := range decls {
			dm, _ := d.(map[string]any)
			if n, ok := dm["name"].(string); ok {
				names[n] = true
			}
		}
	}
	return names
}

// count counts the objects anywhere in v whose key has one of the values.
func count(v any, key string, values ...string) int {
	n := 0
	switch x := v.(type) {
	case map[string]any:
		if s, ok := x[key].(string); ok {
			for _, want := range values {
				if s == want {
					n++
				}
			}
		}
		for _, c := range x {
			n += count(c, key, values...)
		}
	case []any:
		for _, c := range x {
			n += count(c, key, values...)
		}
	}
	return n
}

// countKey counts the objects anywhere in v that have key.
func countKey(v any, key string) int {
	n := 0
	switch x := v.(type) {
	case map[string]any:
		if _, ok := x[key]; ok {
			n++
		}
		for _, c := range x {
			n += countKey(c, key)
		}
	case []any:
		for _, c := range x {
			n += countKey(c, key)
		}
	}
	return n
}
