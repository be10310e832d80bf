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
	"os"
	"slices"
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
	// Done is a text the request holds once the step was taken (its call or its result): a
	// script chosen by Turns whose steps all say it takes the first step not done, whatever
	// order the CLI puts the conversation in (Claude Code moves a Stop hook's feedback after
	// the tool results that followed it).
	Done string
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
	// Title answers the side requests an agent makes with no tool to call, as a real model
	// would name the session (OpenCode's title, Claude Code's ai-title); "" answers
	// "Scripted session".
	Title string
	// Hang makes every model request wait until its client gives up: a model that never
	// answers, for the extractors' timeout.
	Hang bool
	// Extraction answers the requests of carnet's own session extraction (their prompt holds
	// a <session> block), whatever the session's script: the model behind both an agent's
	// session and carnet's extraction of it.
	Extraction string
	// Turns, when set, pick the script by what the session was last told (byPrompt): the
	// script of a request whose user messages say none of them is this one.
	Turns []PromptScript
}

// Scripts are the sessions the tests run, by name.
var Scripts = map[string]Script{
	// work writes a file, runs a command that fails, commits, and closes with a decision and a
	// next step.
	"work": workScript,
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
	// gate is the Stop gate's loop: a session that splits the greeting into three files and
	// commits, then records a decision, a lesson and a next step with carnet add when the
	// gate's message comes back; a resumed one that fixes a typo in one file; one that only
	// reads.
	"gate": gateScript(gateNotes),
	// gate-mcp is "gate" recording its notes with carnet's MCP tool (Claude Code's naming).
	"gate-mcp": gateScript(gateNotesMCP),
	// work-extracted is "work", and the extraction JSON to carnet's session extraction.
	"work-extracted": func() Script { sc := workScript; sc.Extraction = extractJSON; return sc }(),
}

// workScript is the "work" session.
var workScript = Script{
	Steps: []Step{
		{Write: "greeting.txt", Content: "Bonjour, carnet!\n"},
		{Shell: "make check"}, // fails: no Makefile (a build that fails, not a look at a file that is not there)
		{Shell: "git add greeting.txt && git commit -q -m 'greeting: add the welcome text' && git log --oneline -1"},
	},
	Title:   WorkTitle,
	Closing: "Added greeting.txt and committed it.\n\nDecisions:\n- Keep the welcome text in greeting.txt, because the installer reads it.\n\nNext steps:\n- Translate the greeting into German.\n",
}

// WorkTitle is the name the model gives the "work" session when its agent asks for one.
const WorkTitle = "Greeting file for the shop"

// title is what the script answers a side request with (a session's title).
func (sc Script) title() string {
	if sc.Title != "" {
		return sc.Title
	}
	return "Scripted session"
}

// The gate scripts' prompts and notes (the e2e tests look for them).
const (
	GateWorkPrompt  = "Split the greeting into three files and commit"
	GateTypoPrompt  = "Fix the typo in hello-en.txt"
	GateReadPrompt  = "Show me the greeting"
	GateDecision    = "Keep one greeting file per language, because each is read alone"
	GateLesson      = "The installer reads the greeting files from the repository root"
	GateNext        = "Have a native speaker check the Spanish greeting"
	gateMessageMark = "carnet add --nothing" // in every message of carnet's gate
)

// gateScript is the "gate" session, its notes taken by notes.
func gateScript(notes Script) Script {
	return Script{Turns: []PromptScript{
		{Says: gateMessageMark, Script: notes},
		{Says: GateTypoPrompt, Script: Script{Steps: []Step{{Write: "hello-en.txt", Content: "Hello!\n", Done: "Hello!"}}, Closing: "Fixed the typo."}},
		{Says: GateReadPrompt, Script: Script{Steps: []Step{{Shell: "cat hello-en.txt", Done: "cat hello-en.txt"},
			{Shell: "git log --oneline -3", Done: "git log --oneline -3"}, {Shell: "wc -l hello-fr.txt", Done: "wc -l hello-fr.txt"}}, Closing: "The greeting says Hello."}},
		{Says: GateWorkPrompt, Script: Script{Steps: []Step{
			{Write: "hello-en.txt", Content: "Helo!\n", Done: "Helo!"}, {Write: "hello-fr.txt", Content: "Bonjour !\n", Done: "Bonjour !"},
			{Write: "hello-es.txt", Content: "Hola, amigos\n", Done: "Hola, amigos"},
			{Shell: "git add hello-en.txt hello-fr.txt hello-es.txt && git commit -q -m 'greeting: one file per language'", Done: "one file per language"},
		}, Closing: "Split the greeting into three files and committed them."}},
	}}
}

// gateNotes records the notes with carnet add; gateNotesMCP with carnet's MCP tool.
var (
	gateNotes = Script{Steps: []Step{
		{Shell: `carnet add -s decisions "` + GateDecision + `"`, Done: GateDecision},
		{Shell: `carnet add -s knowledge "` + GateLesson + `"`, Done: GateLesson},
		{Shell: `carnet add -s next "` + GateNext + `"`, Done: GateNext},
	}, Closing: "Recorded the decision, the lesson and the next step."}
	gateNotesMCP = Script{Steps: []Step{
		{Tool: "mcp__carnet__memory_add", Input: map[string]any{"section": "decisions", "bullets": []string{GateDecision}}, Done: GateDecision},
		{Tool: "mcp__carnet__memory_add", Input: map[string]any{"section": "knowledge", "bullets": []string{GateLesson}}, Done: GateLesson},
		{Tool: "mcp__carnet__memory_add", Input: map[string]any{"section": "next", "bullets": []string{GateNext}}, Done: GateNext},
	}, Closing: "Recorded the decision, the lesson and the next step."}
)

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
	skip     int    // tool results the script's steps do not count (byPrompt)
	body     string // the request, when its script's steps say when they are done (Step.Done)
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
	if tr := os.Getenv("CARNET_AGENTS_TRACE"); tr != "" { // debugging a scripted session: what each request ends with
		if f, err := os.OpenFile(tr, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			fmt.Fprintf(f, "%s\n", body)
			f.Close()
		}
	}
	if s.Script.Extraction != "" && strings.Contains(string(body), `<session>\n`) {
		x := &Server{Script: Script{Closing: s.Script.Extraction, Plain: true}, Repo: s.Repo}
		x.route(w, r, req)
		return
	}
	if sc, skip, ok := s.byPrompt(r.URL.Path, req); ok {
		x := &Server{Script: sc, Repo: s.Repo, requests: s.Requests(), skip: skip}
		if len(sc.Steps) > 0 && !slices.ContainsFunc(sc.Steps, func(st Step) bool { return st.Done == "" }) {
			x.body = string(body)
		}
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
	if s.body != "" {
		for i, st := range s.Script.Steps {
			if !strings.Contains(s.body, st.Done) {
				return &s.Script.Steps[i]
			}
		}
		return nil
	}
	n -= s.skip
	if n >= 0 && n < len(s.Script.Steps) {
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
