package transcript

import (
	"context"
	"errors"
	"io"
	"slices"
)

// maxMissed bounds the turns ReadMissed reads back: a hook that has not run for longer
// than that loses the oldest of them, not the time of the one that runs.
const maxMissed = 5

// ReadMissed reads the turns of a JSONL transcript (Claude Code, Codex) whose prompts lie
// between from, where the file ended when the hook last read it, and the start of cur, the
// turn it reads now. Those are turns no hook saw: Claude Code sends no Stop for a turn
// the user interrupted, nor for one an API error ended, and Codex none for an aborted
// turn. It reads nothing before from, so what it costs is the size of those turns; the
// lines a turn wrote after its hook ran (Claude Code's stop_hook_summary) hold no prompt
// and give nothing. Turns come oldest first, at most maxMissed of them.
//
// From 0, when the hook has read nothing of the session yet, it reads only the interrupted
// turns just before cur: a session's first turn cut short has no earlier read to start
// from, and a turn that ended the normal way had its hook.
//
// A Gemini chat file is read the same way, by its messages (Turn.Start and End count them):
// Gemini CLI runs no AfterAgent hook for a turn the user cancels.
func ReadMissed(ctx context.Context, path string, format Format, from int64, cur *Turn) ([]*Turn, error) {
	to := cur.Start
	if format == FormatGemini {
		return readMissedGemini(path, from, cur)
	}
	if from < 0 || to <= from || format != FormatClaude && format != FormatCodex {
		return nil, nil
	}
	f, size, err := openTranscript(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if to > size {
		return nil, nil // the file was rewritten since
	}
	scan := scanTurn
	if format == FormatCodex {
		scan = scanCodexTurn
	}
	var out []*Turn
	for end := to; end > from && len(out) < maxMissed; {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		t, err := scan(io.NewSectionReader(f, from, end-from), end-from, ReadOptions{})
		if errors.Is(err, ErrNoTurn) {
			break
		}
		if err != nil {
			return nil, err
		}
		if t.Prompt == "" || t.Truncated {
			break // the end of a turn a hook saw, or more than the scan reads back
		}
		if from == 0 && !t.Interrupted && !t.TurnedDown {
			break
		}
		t.Start += from
		t.End = end
		next := cur
		if len(out) > 0 {
			next = out[len(out)-1]
		}
		if t.HasActivity() || t.Prompt != next.Prompt { // Codex writes a prompt twice: its item, then its event
			out = append(out, t)
		}
		end = t.Start
	}
	return oldestFirst(out, f, size), nil
}

// readMissedGemini reads the turns of a Gemini chat file whose prompts are among its
// messages from the index from (the messages the last hook read) to cur's prompt. With no
// earlier read it reads none: a cancelled turn there carries no mark to tell it from one a
// hook saw. A file too large to read whole is read from its end, where messages have no
// fixed place: nothing is read of it either.
func readMissedGemini(path string, from int64, cur *Turn) ([]*Turn, error) {
	if from <= 0 || cur.Start <= from {
		return nil, nil
	}
	f, size, err := openTranscript(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if size > maxGeminiChat {
		return nil, nil
	}
	data, err := io.ReadAll(io.NewSectionReader(f, 0, size))
	if err != nil {
		return nil, err
	}
	head := &Turn{}
	msgs := geminiMessages(data, head)
	var out []*Turn
	for end := min(int(cur.Start), len(msgs)); end > int(from) && len(out) < maxMissed; {
		t, err := geminiTurn(&Turn{SessionID: head.SessionID}, msgs[:end])
		if t == nil || t.Prompt == "" || t.Start < from || errors.Is(err, ErrNoTurn) {
			break // no prompt left after the messages a hook read
		}
		t.End = int64(end)
		out = append(out, t)
		end = int(t.Start)
	}
	return oldestFirst(out, f, size), nil
}

// oldestFirst puts the missed turns read back (newest first) in their order, each with the
// session's folder.
func oldestFirst(out []*Turn, f io.ReaderAt, size int64) []*Turn {
	if len(out) > 0 {
		cwd := sessionCwd(f, size)
		for _, t := range out {
			t.SessionCwd = cwd
		}
	}
	slices.Reverse(out)
	return out
}
