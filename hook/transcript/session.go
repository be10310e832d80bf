package transcript

import (
	"context"
	"errors"
	"io"
	"slices"
)

// Session is a whole session as its turns, read back from the end of its file by the same
// readers as the last turn (ReadTurn, ReadCodexTurn, ReadGeminiTurn, ReadOpenCodeTurn).
type Session struct {
	Turns []*Turn // oldest first
	// Cursor is where the file ended when it was read: a later ReadSession given it as
	// SessionOptions.From reads only the turns that came after.
	Cursor int64
	// Earlier reports turns before Turns[0] that were not read: Keep stopped the reading,
	// or they came before From.
	Earlier bool
	Format  Format
}

// SessionOptions tune ReadSession.
type SessionOptions struct {
	// From is the Cursor of an earlier read: turns that started before it are not read
	// again (a turn that straddles it is read whole).
	From int64
	// Keep is shown each turn, newest first, once it is read; false stops the reading there
	// (that turn is kept): a caller bounding what it sends keeps the most recent part.
	Keep func(*Turn) bool
	// Sidechain reads a subagent transcript's lines (Claude Code).
	Sidechain bool
}

// ReadSession reads the turns of the session file at path, from its end back to
// opt.From or until opt.Keep says enough. Its cost is that of the turns it reads.
func ReadSession(ctx context.Context, path string, opt SessionOptions) (*Session, error) {
	if path == "" {
		return nil, errors.New("no transcript path in the hook input")
	}
	format := FormatOf(path)
	f, size, err := openTranscript(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := &Session{Cursor: size, Format: format}
	var next func(end int64) (*Turn, error) // the last turn before end
	var end int64
	switch format {
	case FormatGemini, FormatOpenCode:
		next, end, err = documentTurns(f, size, format)
		if err != nil {
			return nil, err
		}
		s.Cursor = end
	default:
		scan := scanTurn
		if format == FormatCodex {
			scan = scanCodexTurn
		}
		end = size
		next = func(end int64) (*Turn, error) { return scan(f, end, ReadOptions{Sidechain: opt.Sidechain}) }
	}
	cwd := sessionCwd(f, size)
	if opt.From > end {
		opt.From = 0 // the file was rewritten since: read it again
	}
	for end > opt.From {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		t, err := next(end)
		if errors.Is(err, ErrNoTurn) {
			return finish(s), nil // lines before the first prompt (a header, metadata)
		}
		if err != nil {
			return nil, err
		}
		t.SessionCwd = cwd
		if n := len(s.Turns); n > 0 && t.Start < end && !t.HasActivity() && t.Prompt == s.Turns[n-1].Prompt {
			s.Turns[n-1].Start, end = t.Start, t.Start // Codex's prompt twice: its item, then its event
			continue
		}
		s.Turns = append(s.Turns, t)
		if t.Start >= end { // no progress: a turn the scan budget cut
			s.Earlier = end > 0
			return finish(s), nil
		}
		end = t.Start
		if opt.Keep != nil && !opt.Keep(t) {
			s.Earlier = end > 0
			return finish(s), nil
		}
	}
	s.Earlier = end > 0 && opt.From > 0
	return finish(s), nil
}

// finish puts the turns read newest first in the file's order.
func finish(s *Session) *Session {
	slices.Reverse(s.Turns)
	return s
}

// documentTurns reads a session written as one document (a Gemini CLI chat file, an OpenCode
// session): next(end) is the last turn of its first end messages; Start and the cursor
// count messages.
func documentTurns(r io.ReaderAt, size int64, format Format) (next func(end int64) (*Turn, error), n int64, err error) {
	if format == FormatOpenCode {
		s, err := readOpenCodeSession(r, size)
		if err != nil {
			return nil, 0, err
		}
		return func(end int64) (*Turn, error) {
			return openCodeTurn(s.turn(), s.Messages[:end])
		}, int64(len(s.Messages)), nil
	}
	data, err := io.ReadAll(io.NewSectionReader(r, max(0, size-maxGeminiChat), min(size, maxGeminiChat)))
	if err != nil {
		return nil, 0, err
	}
	head := &Turn{}
	msgs := geminiMessages(data, head)
	return func(end int64) (*Turn, error) {
		return geminiTurn(&Turn{SessionID: head.SessionID}, msgs[:end])
	}, int64(len(msgs)), nil
}
