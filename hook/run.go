package hook

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"carnet/capture"
	"carnet/hook/model"
	"carnet/hook/transcript"
	"carnet/llm"
	"carnet/memstore"
	"carnet/memstore/gitrepo"
)

// Env is what one hook run gets from its process.
type Env struct {
	Root    string // the --root flag ("" resolves as SPEC §2 says)
	Project string // the -p flag
	Stdin   io.Reader
	Stdout  io.Writer
	Stderr  io.Writer
	Getenv  func(string) string
	Now     func() time.Time
	// Limit is the hook's own time limit; DefaultLimit when zero. Whatever happens, Run
	// returns within it.
	Limit time.Duration
	// Self is the carnet program, for the runs the hook starts in the background (a
	// session's model extraction); "" starts none.
	Self string
}

// Time limits of a hook run.
const (
	// DefaultLimit stays under the 30 s `carnet install` registers for Stop.
	DefaultLimit = 25 * time.Second
	// sessionEndLimit: Claude Code gives SessionEnd hooks about 1.5 s.
	sessionEndLimit = 1200 * time.Millisecond
	// settleTime is how long a Stop waits for a transcript that lags behind.
	settleTime = time.Second
	// margin is kept between a model extractor's timeout and the hook's limit.
	margin = 3 * time.Second
)

// GateExit is the exit status of a hook that blocks a stop.
const GateExit = 2

// Run handles one hook invocation: it reads the hook JSON on stdin and acts on its event.
// It returns the process exit status: 0 whatever happens, or GateExit when the gate blocks.
// Failures go to logs/.debug/hook.log; stdout carries only the JSON the event expects.
func Run(env Env) int {
	if env.Getenv == nil {
		env.Getenv = os.Getenv
	}
	if env.Now == nil {
		env.Now = time.Now
	}
	if env.Stdout == nil {
		env.Stdout = io.Discard
	}
	if env.Stderr == nil {
		env.Stderr = io.Discard
	}
	if env.Stdin == nil {
		env.Stdin = strings.NewReader("")
	}
	if env.Getenv(llm.NestedEnv) != "" {
		return 0 // inside carnet's own extractor call: its hooks must do nothing
	}
	limit := env.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	job := env.Getenv(ModelJobEnv) != "" // the background run of a session's model extraction
	if job {
		limit = jobLimit
	}
	r := &runner{env: env, now: env.Now(), tighten: make(chan time.Duration, 1), job: job}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	r.ctx = ctx

	type result struct {
		code   int
		stdout []byte
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				r.logf("internal error: %v", p)
				done <- result{}
			}
		}()
		code, out := r.run()
		done <- result{code, out}
	}()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	for {
		select {
		case res := <-done:
			if len(res.stdout) > 0 {
				_, _ = env.Stdout.Write(res.stdout)
			}
			return res.code
		case d := <-r.tighten:
			timer.Reset(d)
		case <-timer.C:
			r.logWithin(lateLog, "time limit reached; gave up (writes are atomic: nothing half-written)")
			return 0
		}
	}
}

// runner is the state of one hook run.
type runner struct {
	env     Env
	ctx     context.Context
	now     time.Time
	in      *Input
	ws      *memstore.Workspace
	tighten chan time.Duration
	job     bool              // a background run (ModelJobEnv)
	mu      sync.Mutex        // guards in and ws: logf also runs when the time limit is reached
	format  transcript.Format // the format readTurn read the transcript as
}

func (r *runner) run() (int, []byte) {
	in, err := ParseInput(r.env.Stdin)
	if err != nil {
		r.logf("%v", err)
		return 0, nil
	}
	r.mu.Lock()
	r.in = in
	r.mu.Unlock()
	if in.HookEventName == EventSessionEnd && !r.job {
		r.tighten <- sessionEndLimit
		ctx, cancel := context.WithTimeout(r.ctx, sessionEndLimit)
		defer cancel()
		r.ctx = ctx // the commit stops with the run
	}
	ws, err := r.workspace()
	if err != nil {
		r.logf("%v", err)
		if in.HookEventName == EventSessionStart {
			return 0, brokenNotice(r.language(), err) // else a typo in carnet.toml silently turns memory off
		}
		return 0, nil
	}
	r.mu.Lock()
	r.ws = ws
	r.mu.Unlock()
	if len(ws.Projects) == 0 {
		r.logf("no memory_sessions/ in %s (run carnet init)", ws.Root)
		return 0, nil
	}
	if r.job {
		r.modelJob()
		return 0, nil
	}
	switch in.HookEventName {
	case EventStop, EventSubagentStop, EventPreCompact, EventSessionEnd, EventAfterAgent, EventPreCompress:
		if in.HookEventName == EventSessionEnd || in.HookEventName == EventPreCompact || in.HookEventName == EventPreCompress {
			r.queueModel() // first: an agent that does not wait for its hook may end this one
		}
		code, err := r.capture()
		if err != nil {
			r.logf("%v", err)
		}
		return code, nil
	case EventSessionStart:
		out, err := r.sessionStart()
		if err != nil {
			r.logf("%v", err)
			return 0, brokenNotice(r.language(), err)
		}
		return 0, out
	case "":
		r.logf("hook input has no hook_event_name")
	}
	return 0, nil // an event carnet does not handle
}

// workspace resolves the root: --root, else $CLAUDE_PROJECT_DIR, else the git top-level
// of the hook input's cwd, else that of the process's folder.
func (r *runner) workspace() (*memstore.Workspace, error) {
	root, repo, err := r.root()
	if err != nil {
		return nil, err
	}
	ws, err := memstore.Open(root)
	if err == nil && repo != nil {
		ws.UseRepo(repo) // found once: the autocommit does not walk up to .git again
	}
	return ws, err
}

// root is the workspace's root: -root, else $CLAUDE_PROJECT_DIR, else the git repository
// of the hook's cwd (returned too), else that cwd.
func (r *runner) root() (string, *gitrepo.Repo, error) {
	root := r.env.Root
	if root == "" {
		root = r.env.Getenv("CLAUDE_PROJECT_DIR")
	}
	var repo *gitrepo.Repo
	if root == "" && r.in != nil && r.in.Cwd != "" {
		if st, err := os.Stat(r.in.Cwd); err == nil && st.IsDir() {
			root = r.in.Cwd
			if found, err := gitrepo.Open(root); err == nil {
				repo, root = found, found.Root()
			}
		}
	}
	resolved, err := memstore.ResolveRoot(root)
	return resolved, repo, err
}

// home is the project that receives logs and loads: -p, else the one of the hook's cwd,
// else the default one.
func (r *runner) home() *memstore.Project {
	if r.ws == nil {
		return nil
	}
	return r.homeIn(r.ws)
}

// homeIn is home in the workspace w.
func (r *runner) homeIn(w *memstore.Workspace) *memstore.Project {
	if r.env.Project != "" {
		if p, err := w.Project(r.env.Project); err == nil {
			return p
		}
	}
	cwd := ""
	if r.in != nil {
		cwd = r.in.Cwd
	}
	if cwd != "" {
		if p := w.ProjectFor(cwd); p != nil {
			return p
		}
	}
	return w.DefaultProject("")
}

// lateLog bounds the last log line of a run that reached its time limit: what blocked the run
// (a workspace that does not open, a log file that does not take the write) may block it too.
const lateLog = 200 * time.Millisecond

// logWithin logs like logf, but gives up after d and writes the line to stderr instead.
func (r *runner) logWithin(d time.Duration, msg string) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.logf("%s", msg)
	}()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
		fmt.Fprintf(r.env.Stderr, "carnet hook: %s\n", msg)
	}
}

// logf writes one line to hook.log of the home project (stderr when there is none or it
// cannot be written). A run logs at most a few lines.
func (r *runner) logf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	event, session := "", ""
	if r.in != nil {
		event, session = r.in.HookEventName, r.in.SessionID
	}
	line := logLine(r.now, event, session, fmt.Sprintf(format, args...))
	var home *memstore.Project
	if r.ws == nil {
		if w, err := r.workspace(); err == nil {
			r.ws = w
		} else if root, _, rerr := r.root(); rerr == nil {
			// carnet.toml does not load: the line goes to the memory folder the hook would have
			// written to, found without it, so that the error is not lost on stderr
			if w, err := memstore.OpenIgnoringConfig(root); err == nil {
				home = r.homeIn(w)
			}
		}
	}
	if home == nil {
		home = r.home()
	}
	if home != nil {
		if err := home.AppendDebug(HookLogFile, line, hookLogMax); err == nil {
			return
		}
	}
	fmt.Fprintf(r.env.Stderr, "carnet hook: %s", line)
}

// capture reads the last turn, extracts, routes and merges it; at Stop (Gemini CLI:
// AfterAgent) it then runs the gate.
func (r *runner) capture() (int, error) {
	in, ws, cfg := r.in, r.ws, r.ws.Config
	path, sidechain := in.TranscriptPath, false
	if in.HookEventName == EventSubagentStop {
		sidechain = true
		if in.AgentTranscriptPath != "" {
			path = in.AgentTranscriptPath
		} else if p := findAgentTranscript(in.TranscriptPath, in.SessionID, in.AgentID); p != "" {
			path = p
		}
	}
	settle := time.Duration(0)
	if in.HookEventName == EventStop || in.HookEventName == EventSubagentStop {
		settle = settleTime
	}
	turn, err := r.readTurn(path, transcript.ReadOptions{LastAssistant: in.LastAssistantMessage, Settle: settle, Sidechain: sidechain})
	if errors.Is(err, transcript.ErrNoTurn) && in.HookEventName == EventPreCompress {
		return 0, nil // Gemini CLI compresses before the first turn too: nothing to capture yet
	}
	if err != nil {
		return 0, err
	}
	r.settle(turn)
	turn.SessionEnded = in.HookEventName == EventSessionEnd
	turn.AnswersBlock = r.answersBlock(turn)

	// A model reads the whole session once, in the background (queueModel); per_turn asks it
	// at every stop instead, but not at SessionEnd: its hooks get about 1.5 s.
	kind, command := capture.KindHeuristic, cfg.Hook.Command
	if cfg.Hook.PerTurn && in.HookEventName != EventSessionEnd {
		kind, command = cfg.Hook.Extractor, perTurnCommand(cfg.Hook)
	}
	timeout := cfg.Hook.Timeout
	if dl, ok := r.ctx.Deadline(); ok {
		if left := time.Until(dl) - margin; timeout <= 0 || left < timeout {
			timeout = max(left, time.Second)
		}
	}
	x, err := model.New(model.Options{Kind: kind, Command: command, Timeout: timeout, Language: cfg.Language,
		Projects: ws.Names(), OnFallback: func(err error) { r.logf("extractor %s failed, heuristic used: %v", kind, err) }})
	if err != nil {
		r.logf("%v; heuristic used", err)
		kind = capture.KindHeuristic
		x = capture.Heuristic{Language: cfg.Language}
	}
	sess, saved := r.loadSession(turn)
	missed := r.missedTurns(path, sidechain, turn, sess)
	if !sidechain && turn.End > 0 {
		sess.End = turn.End
	}
	// A turn no hook saw (interrupted, ended by an API error) is captured first, by the
	// heuristic: a model per turn would spend the hook's time on it.
	for _, t := range missed {
		if err := r.extractAndMerge(capture.Heuristic{Language: cfg.Language}, capture.KindHeuristic, t, sess); err != nil {
			r.logf("a turn before the last one: %v", err)
		}
	}
	if err := r.extractAndMerge(x, kind, turn, sess); err != nil {
		r.saveSession(turn, sess, saved)
		return 0, err
	}
	r.saveSession(turn, sess, saved)

	// stop_hook_active: the agent goes on because a Stop hook (this gate or another) blocked;
	// what it did since is captured above, and the gate reads it (its window moves on), but
	// does not send it back a second time.
	if (in.HookEventName == EventStop || in.HookEventName == EventAfterAgent) && cfg.Hook.Gate {
		return r.gate(path, turn), nil
	}
	return 0, nil
}

// settle fills what a turn read from its file does not say with what the hook input says.
// A turn with no folder of its own (a Codex turn's context line comes before its prompt) ran
// in the folder its session recorded, before the one the hook was started in.
func (r *runner) settle(t *transcript.Turn) {
	t.Root = r.ws.Root
	t.Cwd = cmp.Or(t.Cwd, t.SessionCwd, r.in.Cwd)
	if t.SessionID == "" {
		t.SessionID = r.in.SessionID
	}
}

// missedTurns reads the turns of the main transcript that came after the last one the
// hook read and before turn: no hook ran for them (see transcript.ReadMissed). A failure
// to read them is logged and costs only them.
func (r *runner) missedTurns(path string, sidechain bool, turn *transcript.Turn, sess *capture.Session) []*transcript.Turn {
	if sidechain || turn.Start <= sess.End || turn.End == 0 {
		return nil // a turn known from the payload alone (End 0) has no file to read back
	}
	missed, err := transcript.ReadMissed(r.ctx, path, r.format, sess.End, turn)
	if err != nil {
		r.logf("turns before the last one: %v", err)
		return nil
	}
	for _, t := range missed {
		r.settle(t)
	}
	return missed
}

// extractAndMerge extracts one turn with x and merges it into the projects it belongs to;
// merge errors are logged, an extraction error is returned.
func (r *runner) extractAndMerge(x capture.Extractor, kind string, turn *transcript.Turn, sess *capture.Session) error {
	res, raw, err := x.Extract(r.ctx, turn, sess)
	if err != nil {
		return err
	}
	if len(res.Unknown) > 0 {
		r.logf("extractor returned unknown keys (ignored): %s", strings.Join(res.Unknown, ", "))
	}
	if res.Empty() {
		return nil
	}
	var failed []string // work done may close the to-dos and fix the failures of earlier turns
	for _, p := range r.route(turn, res.Extraction) {
		if err := r.merge(p, res, raw, kind, turn); err != nil {
			failed = append(failed, err.Error())
		}
	}
	if len(failed) > 0 {
		r.logf("%s", strings.Join(failed, "; "))
	}
	return nil
}

// gate runs the Stop gate on the turn just captured: GateExit, its message on stderr, when
// the agent did substantial work without recording anything (gate.go); 0 otherwise (its
// errors are logged).
func (r *runner) gate(path string, turn *transcript.Turn) int {
	ws := r.ws
	home := r.home()
	if home == nil {
		return 0
	}
	project := ""
	if len(ws.Projects) > 1 {
		project = home.Name
	}
	res, err := checkGate(home, gateCheck{Session: r.in.SessionID, Transcript: path, Fix: transcript.NewPathFixer(ws.Root, turn.Cwd),
		Project: project, Every: ws.Config.Hook.GateEvery, Now: r.now, SessionTime: turn.EndTime, TurnStart: turn.PromptTime,
		Prompt: cmp.Or(r.in.Prompt, turn.Prompt), Interrupted: turn.Interrupted, Answer: r.in.StopHookActive})
	if err != nil {
		r.logf("%v", err)
		return 0
	}
	if res.Block {
		fmt.Fprintln(r.env.Stderr, res.Message)
		return GateExit
	}
	return 0
}

// readTurn reads the last turn in the format of the agent that sent the hook: a Codex
// rollout file, a Gemini CLI chat file (else its AfterAgent payload), an OpenCode session
// file (written by carnet's plugin), or a Claude Code transcript. Codex and
// Gemini runs with no readable transcript, and agents that send none (Kimi), fall back on
// what the payload says.
func (r *runner) readTurn(path string, opt transcript.ReadOptions) (*transcript.Turn, error) {
	in := r.in
	regular := regularFile(path)
	format := transcript.FormatClaude
	if regular == nil && path != "" {
		format = transcript.FormatOf(path) // opened once to tell the agents' files apart
	}
	r.format = format
	if format == transcript.FormatGemini {
		opt.LastAssistant = in.PromptResponse
		t, err := transcript.ReadGeminiTurn(r.ctx, path, opt)
		if err == nil || in.HookEventName != EventAfterAgent {
			return t, err
		}
		r.logf("%v; the AfterAgent payload used", err)
	}
	if in.HookEventName == EventAfterAgent || in.PromptResponse != "" || path == "" && in.LastAssistantMessage != "" {
		return transcript.PayloadTurn(in.Prompt, cmp.Or(in.PromptResponse, in.LastAssistantMessage))
	}
	if err := regular; err != nil {
		if in.TurnID == "" {
			return nil, err // a FIFO would block the open, /dev/zero never end
		}
		r.logf("%v; last_assistant_message used", err)
		return transcript.PayloadTurn(in.Prompt, in.LastAssistantMessage)
	}
	switch format {
	case transcript.FormatCodex:
		return transcript.ReadCodexTurn(r.ctx, path, opt)
	case transcript.FormatOpenCode:
		return transcript.ReadOpenCodeTurn(r.ctx, path, opt)
	}
	if in.TurnID == "" { // Claude Code (and agents that send its shape)
		return transcript.ReadTurn(r.ctx, path, opt)
	}
	// Codex with a null or unreadable transcript_path.
	if path != "" {
		r.logf("transcript %s is not a readable Codex rollout; last_assistant_message used", path)
	}
	return transcript.PayloadTurn(in.Prompt, in.LastAssistantMessage)
}

// regularFile refuses, before anything opens it, a transcript path that is not a regular file
// (a FIFO, a folder, a device): opening a FIFO waits for a writer, and /dev/zero never ends.
// An empty or missing path is left to the readers, which say so.
func regularFile(path string) error {
	if path == "" {
		return nil
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().IsRegular() {
		return nil
	}
	return fmt.Errorf("transcript %s is not a regular file (%s)", path, kindOf(st.Mode()))
}

// kindOf names a non-regular file mode.
func kindOf(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeDevice != 0:
		return "a device"
	case m&os.ModeSocket != 0:
		return "a socket"
	}
	return "not a file"
}

// merge writes what capture made of the turn into one project (capture.Apply, in one
// Write), records it in the debug folder and, with autocommit, commits the memory files
// it changed.
func (r *runner) merge(p *memstore.Project, c capture.Result, raw []byte, kind string, t *transcript.Turn) error {
	res := &memstore.MergeResult{Unknown: c.Unknown}
	var changes capture.Changes
	w, err := p.Write(memstore.Change{Writer: "hook", Now: r.now, Commit: memstore.CommitOnAutocommit,
		Body: []string{"Captured at " + r.in.HookEventName + "."}, Context: r.ctx}, func(tx *memstore.Tx) error {
		var err error
		if changes, err = capture.Apply(tx, c, res); err != nil {
			return err
		}
		tx.Say(fmt.Sprintf("%s from the hook", memstore.Plural(len(res.Added)+len(res.Ticked), "bullet")))
		return nil
	})
	res.Changed, res.Refused, res.Commit, res.CommitErr = w.Changed, w.Refused, w.Commit, w.CommitErr
	rec := extractionRecord{Time: r.now.UTC().Format(time.RFC3339), Event: r.in.HookEventName, Session: r.in.SessionID,
		Extractor: kind, Project: p.Name, Unknown: c.Unknown, Steps: c.Steps, Rewritten: changes.Rewritten, Removed: changes.Removed}
	if json.Valid(raw) {
		rec.Raw = raw
	} else {
		rec.RawText = transcript.Clip(string(raw), 4000)
	}
	rec.Turn.Lines, rec.Turn.Tools, rec.Turn.Skipped, rec.Turn.Truncated = t.Lines, len(t.Tools), t.Skipped, t.Truncated
	rec.Added, rec.Ticked, rec.Dupes = len(res.Added), len(res.Ticked), res.Duplicates
	for _, ref := range res.Refused {
		rec.Refused = append(rec.Refused, ref.Key+": "+ref.Reason)
	}
	if line, jerr := json.Marshal(rec); jerr == nil {
		_ = p.AppendDebug(ExtractionsFile, append(line, '\n'), extractionsMax)
	}
	if err != nil {
		return fmt.Errorf("project %s: %w", p.Name, err)
	}
	if res.CommitErr != nil {
		return fmt.Errorf("project %s: autocommit: %w", p.Name, res.CommitErr)
	}
	return nil
}

// loadSession reads the session's capture state from the home project's debug folder, and
// returns the bytes it was read from.
func (r *runner) loadSession(t *transcript.Turn) (*capture.Session, []byte) {
	home := r.home()
	if home == nil || t.SessionID == "" {
		return &capture.Session{}, nil
	}
	data, _ := home.ReadState(sessionPath(t.SessionID)) // a lost state only loses the links between turns
	return capture.LoadSession(data), data
}

// saveSession writes it back when the turn changed it (saved is what loadSession read): a
// turn that adds no link between turns writes nothing. Left unwritten, the file keeps its
// time, so pruneState may remove an unchanged state 30 days after it was last written
// rather than used: what a lost state costs, the links between turns.
func (r *runner) saveSession(t *transcript.Turn, s *capture.Session, saved []byte) {
	home := r.home()
	if home == nil || t.SessionID == "" {
		return
	}
	data := s.Bytes()
	if bytes.Equal(data, saved) {
		return
	}
	if err := home.WriteStateLoose(sessionPath(t.SessionID), data); err != nil {
		r.logf("session state: %v", err)
	}
}

func sessionPath(session string) string { return "sessions/" + safeName(session) + ".json" }

// route picks the projects an exchange belongs to (issue 3 §4): every project whose folder
// holds a file the turn edited, else the projects the model named, else the project of the
// cwd, else the default one. -p overrides all of it.
func (r *runner) route(t *transcript.Turn, e memstore.Extraction) []*memstore.Project {
	ws := r.ws
	if r.env.Project != "" {
		if p, err := ws.Project(r.env.Project); err == nil {
			return []*memstore.Project{p}
		}
		r.logf("unknown project %q given with -p; routing by files", r.env.Project)
	}
	var out []*memstore.Project
	have := map[*memstore.Project]bool{}
	add := func(p *memstore.Project) {
		if p != nil && !have[p] {
			have[p] = true
			out = append(out, p)
		}
	}
	for _, u := range t.Tools {
		if !u.Edits() || u.FilePath == "" || (u.HasResult && u.IsError) {
			continue
		}
		path := u.FilePath
		if !filepath.IsAbs(path) && t.Cwd != "" {
			path = filepath.Join(t.Cwd, path)
		}
		if filepath.IsAbs(path) {
			add(ws.ProjectFor(path))
		}
	}
	if len(out) == 0 {
		for _, name := range e.Projects {
			for _, p := range ws.Projects {
				if strings.EqualFold(p.Name, strings.TrimSpace(name)) {
					add(p)
				}
			}
		}
	}
	if len(out) == 0 {
		for _, cwd := range []string{r.in.Cwd, t.Cwd} {
			if cwd != "" {
				add(ws.ProjectFor(cwd))
			}
			if len(out) > 0 {
				break
			}
		}
	}
	if len(out) == 0 {
		add(ws.DefaultProject(""))
	}
	return out
}

// findAgentTranscript locates a subagent's transcript when SubagentStop does not say where
// it is: <dir>/<session>/subagents/agent-<id>.jsonl (v2.1), else <dir>/agent-<id>.jsonl.
func findAgentTranscript(main, session, agent string) string {
	if main == "" || agent == "" {
		return ""
	}
	dir := filepath.Dir(main)
	for _, p := range []string{
		filepath.Join(dir, session, "subagents", "agent-"+agent+".jsonl"),
		filepath.Join(dir, "agent-"+agent+".jsonl"),
	} {
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

// sessionStart prints the load of the home project for SessionStart's additionalContext.
func (r *runner) sessionStart() ([]byte, error) {
	p := r.home()
	defer r.pruneState(p)
	l, err := ComposeLoad(p, r.now, r.ws.Config.Load.BudgetTokens, sessionStartChars)
	if err != nil {
		return nil, err
	}
	if l.RefsPartial && r.env.Self != "" {
		// the check goes on in the background, for the next session start
		r.logf("%s", l.RefsNote)
		if err := detach(r.env.Self, []string{"--root", r.ws.Root, "-p", p.Name, "check", "--warm"}, "CLAUDE_PROJECT_DIR=", nil); err != nil {
			r.logf("reference check not started in the background: %v", err)
		}
	}
	if l.Text == "" {
		return nil, nil
	}
	return sessionStartOutput(l.Text)
}

// brokenNotice is the SessionStart output when memory cannot load: the agent is told why, so
// that the user learns it (the hook's own log may be out of reach, and its stderr unseen).
func brokenNotice(l string, err error) []byte {
	format := "carnet, this project's memory, cannot start: %v. Memory is neither loaded nor recorded until this is fixed: tell the user."
	if l == "fr" {
		format = brokenNoticeFR
	}
	out, _ := sessionStartOutput(fmt.Sprintf(format, err))
	return out
}

// sessionStartOutput is the JSON a SessionStart hook prints to add text to the session.
func sessionStartOutput(text string) ([]byte, error) {
	out := map[string]any{"hookSpecificOutput": map[string]any{"hookEventName": EventSessionStart, "additionalContext": text}}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
