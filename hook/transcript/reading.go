package transcript

import (
	"slices"
	"strings"
	"time"
)

// reading is what the two line readers (Claude Code transcripts, Codex rollouts) keep of a
// turn as they read its lines, newest first.
type reading struct {
	turn     *Turn
	tools    []*ToolUse // newest first
	texts    []string   // the assistant's texts, newest first
	thoughts []string   // newest first, maxThoughts at most
	results  map[string]toolResult
	seenText map[string]bool
}

func newReading(t *Turn) reading {
	return reading{turn: t, results: map[string]toolResult{}, seenText: map[string]bool{}}
}

// line counts a line of the turn and returns its time; the newest one is the turn's end.
func (r *reading) line(timestamp string) time.Time {
	r.turn.Lines++
	ts := parseTime(timestamp)
	if r.turn.EndTime.IsZero() && !ts.IsZero() {
		r.turn.EndTime = ts
	}
	return ts
}

// keepText keeps an assistant text once per key; false when the key was seen.
func (r *reading) keepText(key, text string) bool {
	if r.seenText[key] {
		return false
	}
	r.seenText[key] = true
	r.texts = append(r.texts, text)
	return true
}

// keepThought keeps a thinking block, clipped to maxThought bytes, up to maxThoughts.
func (r *reading) keepThought(s string) {
	if len(r.thoughts) >= maxThoughts {
		return
	}
	if th := strings.TrimSpace(CleanText(Clip(s, maxThought))); th != "" {
		r.thoughts = append(r.thoughts, th)
	}
}

// opens records the user text that opened the turn; it returns true, the end of the reading.
func (r *reading) opens(prompt string, ts time.Time) bool {
	r.turn.Prompt = prompt
	r.turn.PromptTime = ts
	return true
}

// finish puts the texts, thoughts and tool uses in file order; pair completes each tool use
// (with its result) before it joins the turn.
func (r *reading) finish(pair func(u *ToolUse)) {
	t := r.turn
	for _, v := range slices.Backward(r.texts) {
		t.Texts = append(t.Texts, v)
	}
	for _, v := range slices.Backward(r.thoughts) {
		t.Thoughts = append(t.Thoughts, v)
	}
	for _, u := range slices.Backward(r.tools) {
		pair(u)
		t.Tools = append(t.Tools, u)
	}
}
