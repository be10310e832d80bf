package hook

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"carnet/capture"
	"carnet/hook/model"
	"carnet/hook/transcript"
	"carnet/llm"
	"carnet/memstore"
)

// The session's model extraction (issue 24 §5), for people who want no gate: with a model
// back end as [hook] extractor (and per_turn off), each Stop is captured by the heuristic
// alone, and at SessionEnd and PreCompact (Gemini CLI: PreCompress) one model call reads the
// whole session since the previous such call, asking for the JSON the heuristic fills
// (Gemini CLI: at a /compress only, since it fires PreCompress before every request). Its
// bullets are merged like an agent's notes (writer "model:NAME", no folding of what is
// already there) and marked " <!-- model:NAME -->", so that capture never rewrites them.
//
// Claude Code gives SessionEnd hooks about 1.5 s, a model needs several, and the user is
// waiting for the compaction at PreCompact: the hook does not wait. It starts a background
// carnet (the same program and flags, ModelJobEnv set, the hook input on its stdin) in a
// session of its own, so that the agent exiting or killing the hook's process group does
// not end it, and returns. The background run waits for the session's own lock
// (logs/.debug/model/SESSION.lock: a PreCompact's run and the SessionEnd's that follows read
// one after the other, each from where the previous stopped), reads the session, asks the
// model within [hook] timeout, and merges under the project's write lock, taken only for the
// merge. A back end that fails, times out or answers no JSON writes nothing: the heuristic's
// log stays as it was, and hook.log says why. Every run that asks the model, done or failed,
// says so in hook.log and records what the model returned in extractions.jsonl; a run with
// nothing new since the previous one asks nothing.

// ModelJobEnv is set in the environment of the background carnet that runs a session's
// model extraction, to the name of its pending mark: the file model/SESSION.N.job of the
// debug folder, made before the run starts and removed when it ends, so that a run still to
// come or under way can be seen.
const ModelJobEnv = "CARNET_MODEL_JOB"

// jobLimit bounds a background run whatever its configuration says.
const jobLimit = 10 * time.Minute

// modelState is the per-session record of the model extraction (logs/.debug/model/).
type modelState struct {
	Transcript string    `json:"transcript"`
	Cursor     int64     `json:"cursor"` // the session read so far (transcript.Session.Cursor)
	Extracted  time.Time `json:"extracted"`
	Calls      int       `json:"calls"`
}

// sessionModel reports whether the hook extracts with a model once per session.
func sessionModel(h memstore.HookConfig) bool {
	return h.Extractor != "" && h.Extractor != capture.KindHeuristic && !h.PerTurn
}

// backend is the configured model back end.
func backend(h memstore.HookConfig) (*llm.Backend, error) {
	return llm.New(llm.Spec{Kind: h.Extractor, Command: h.Command, Model: h.Model, BaseURL: h.BaseURL, APIKeyEnv: h.APIKeyEnv})
}

// perTurnCommand is the command line of a per-turn model extractor (per_turn): the
// configured command, else the claude CLI or the Messages API with the configured model.
func perTurnCommand(h memstore.HookConfig) []string {
	if len(h.Command) > 0 || h.Model == "" {
		return h.Command
	}
	if h.Extractor == llm.KindClaude {
		return []string{"claude", "-p", "--model", h.Model}
	}
	return []string{"--model", h.Model} // anthropic reads only the model from it
}

// queueModel starts the session's model extraction in the background (see above).
func (r *runner) queueModel() {
	in, ws := r.in, r.ws
	if !sessionModel(ws.Config.Hook) {
		return
	}
	if in.HookEventName == EventPreCompress && in.Trigger != "manual" {
		// Gemini CLI fires an "auto" PreCompress before every model request, compressing or
		// not (0.61: ChatCompressionService.compress fires it before checking the
		// threshold); its chat file keeps the whole session for SessionEnd anyway.
		return
	}
	if in.TranscriptPath == "" {
		r.logf("model extraction (%s) skipped: the hook input names no transcript", ws.Config.Hook.Extractor)
		return
	}
	if r.env.Self == "" {
		r.logf("model extraction (%s) skipped: no carnet program to run it in the background", ws.Config.Hook.Extractor)
		return
	}
	job, _ := json.Marshal(map[string]string{"hook_event_name": in.HookEventName, "session_id": in.SessionID,
		"transcript_path": in.TranscriptPath, "cwd": in.Cwd})
	argv := []string{"--root", ws.Root}
	if r.env.Project != "" {
		argv = append(argv, "-p", r.env.Project)
	}
	argv = append(argv, "--hook")
	home := r.home()
	mark := fmt.Sprintf("model/%s.%d.job", safeName(in.SessionID), time.Now().UnixNano())
	if err := home.WriteState(mark, job); err != nil {
		r.logf("model extraction (%s) not started: %v", ws.Config.Hook.Extractor, err)
		return
	}
	if err := detach(r.env.Self, argv, ModelJobEnv+"="+mark, job); err != nil {
		_ = home.RemoveState(mark)
		r.logf("model extraction (%s) not started: %v", ws.Config.Hook.Extractor, err)
	}
}

// jobMark is the pending mark a background run was given (ModelJobEnv), or "" for a value
// that is not one.
func jobMark(v string) string {
	name, ok := strings.CutPrefix(v, "model/")
	if !ok || !strings.HasSuffix(name, ".job") || strings.ContainsAny(name, "/\\") || strings.HasPrefix(name, ".") {
		return ""
	}
	return v
}

// detach starts self with args and the extra environment variable, job on its stdin, in a
// session of its own, and does not wait for it.
func detach(self string, args []string, env string, job []byte) error {
	rd, wr, err := os.Pipe()
	if err != nil {
		return err
	}
	defer rd.Close()
	if _, err := wr.Write(job); err != nil { // a few hundred bytes: the pipe's buffer holds them
		wr.Close()
		return err
	}
	wr.Close()
	cmd := exec.Command(self, args...)
	cmd.Env = append(os.Environ(), env)
	cmd.Stdin = rd
	newSession(cmd)
	if err := cmd.Start(); err != nil {
		return err
	}
	return cmd.Process.Release()
}

// modelJob is the background run: it reads the session since the previous extraction, asks
// the model, and merges its answer into the projects it concerns.
func (r *runner) modelJob() {
	in, ws, h := r.in, r.ws, r.ws.Config.Hook
	home := r.home()
	if home == nil {
		return
	}
	if mark := jobMark(r.env.Getenv(ModelJobEnv)); mark != "" {
		defer func() { _ = home.RemoveState(mark) }()
	}
	if !sessionModel(h) {
		return
	}
	b, err := backend(h)
	if err != nil {
		r.logf("model extraction (%s) not run: %v", h.Extractor, err)
		return
	}
	name := b.Name()
	session := safeName(in.SessionID)
	unlock, err := home.LockState(r.ctx, "model/"+session+".lock")
	if err != nil {
		r.logf("model extraction (%s) not run: %v", name, err)
		return
	}
	defer unlock()
	st := readModelState(home, session)
	if st.Transcript != in.TranscriptPath {
		st = modelState{Transcript: in.TranscriptPath} // another file: read it whole
	}
	text := model.NewSessionText(ws.Root, 0)
	sess, err := transcript.ReadSession(r.ctx, in.TranscriptPath, transcript.SessionOptions{From: st.Cursor, Keep: text.Add})
	if err != nil {
		r.logf("model extraction (%s) not run, the log is unchanged: %v", name, err)
		return
	}
	if text.Empty() {
		return // nothing new since the previous extraction: no call
	}
	var open []string
	if items, err := home.OpenItems(); err == nil {
		for _, it := range items {
			open = append(open, it.Text)
		}
	}
	timeout := min(h.Timeout, jobLimit-time.Minute)
	ctx, cancel := context.WithTimeout(r.ctx, timeout)
	defer cancel()
	e, raw, err := model.ExtractSession(ctx, b, text, ws.Config.Language, ws.Names(), open)
	if err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("no answer within %s (the model's [hook] timeout)", timeout)
		}
		r.recordModel(home, name, raw, memstore.Extraction{}, nil, sess, text.Dropped > 0, err)
		r.logf("model extraction (%s) failed, the log is unchanged: %v", name, err)
		return
	}
	var added, ticked int
	var failed []string
	for _, p := range r.routeModel(e) {
		res, err := r.mergeModel(p, e, name)
		r.recordModel(p, name, raw, e, res, sess, text.Dropped > 0, err)
		if err != nil {
			failed = append(failed, fmt.Sprintf("project %s: %v", p.Name, err))
			continue
		}
		added, ticked = added+len(res.Added), ticked+len(res.Ticked)
		if res.CommitErr != nil {
			failed = append(failed, fmt.Sprintf("project %s: autocommit: %v", p.Name, res.CommitErr))
		}
	}
	st.Cursor, st.Extracted, st.Calls = sess.Cursor, r.now.UTC(), st.Calls+1
	if data, err := json.Marshal(st); err == nil {
		if err := home.WriteState("model/"+session+".json", data); err != nil {
			failed = append(failed, err.Error())
		}
	}
	msg := fmt.Sprintf("model extraction (%s): %s added, %s ticked from %s", name, memstore.Plural(added, "bullet"),
		memstore.Plural(ticked, "open item"), memstore.Plural(text.Turns, "turn"))
	if text.Dropped > 0 {
		msg += fmt.Sprintf(" (the %s before them left out: the session is longer than the model is sent)", memstore.Plural(text.Dropped, "turn"))
	}
	if len(failed) > 0 {
		msg += "; " + strings.Join(failed, "; ")
	}
	r.logf("%s", msg)
}

func readModelState(p *memstore.Project, session string) modelState {
	var st modelState
	data, err := p.ReadState("model/" + session + ".json")
	if err == nil {
		_ = json.Unmarshal(data, &st)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return modelState{}
	}
	return st
}

// routeModel picks the projects of a session's extraction: -p, else the projects the model
// named, else the home project.
func (r *runner) routeModel(e memstore.Extraction) []*memstore.Project {
	ws := r.ws
	if r.env.Project != "" {
		if p, err := ws.Project(r.env.Project); err == nil {
			return []*memstore.Project{p}
		}
	}
	var out []*memstore.Project
	for _, name := range e.Projects {
		for _, p := range ws.Projects {
			if strings.EqualFold(p.Name, strings.TrimSpace(name)) && !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	if len(out) == 0 {
		out = append(out, r.home())
	}
	return out
}

// mergeModel writes a session's extraction into one project like an agent's notes: each
// bullet ends with the model's marker (memstore.Marker), a bullet the memory already holds
// (the marker aside) is not written again, and nothing already there is folded or rewritten
// (the writer is not the hook, so the bullets are not capture's either).
func (r *runner) mergeModel(p *memstore.Project, e memstore.Extraction, name string) (*memstore.MergeResult, error) {
	author := memstore.AuthorModel + ":" + name
	e.Projects = nil // they only route
	res, err := p.Merge(e, memstore.Change{Writer: author, Author: author, Now: r.now, Commit: memstore.CommitOnAutocommit, Context: r.ctx,
		Body: []string{"Extracted from the session by " + name + " at " + r.in.HookEventName + "."}})
	return res, err
}

// recordModel writes one line of extractions.jsonl for a session's model extraction; cut
// says the session's earliest turns were left out of what the model was sent.
func (r *runner) recordModel(p *memstore.Project, name string, raw []byte, e memstore.Extraction, res *memstore.MergeResult, sess *transcript.Session, cut bool, err error) {
	rec := extractionRecord{Time: r.now.UTC().Format(time.RFC3339), Event: r.in.HookEventName, Session: r.in.SessionID,
		Extractor: "model:" + name, Project: p.Name, Unknown: e.Unknown}
	if json.Valid(raw) {
		rec.Raw = raw
	} else {
		rec.RawText = transcript.Clip(string(raw), 4000)
	}
	if err != nil {
		rec.Error = transcript.Clip(err.Error(), 1000)
	}
	for _, t := range sess.Turns {
		rec.Turn.Lines += t.Lines
		rec.Turn.Tools += len(t.Tools)
		rec.Turn.Skipped += t.Skipped
	}
	rec.Turn.Truncated = cut
	if res != nil {
		rec.Added, rec.Ticked, rec.Dupes = len(res.Added), len(res.Ticked), res.Duplicates
		for _, ref := range res.Refused {
			rec.Refused = append(rec.Refused, ref.Key+": "+ref.Reason)
		}
	}
	if line, jerr := json.Marshal(rec); jerr == nil {
		_ = p.AppendDebug(ExtractionsFile, append(line, '\n'), extractionsMax)
	}
}
