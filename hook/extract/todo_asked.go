package extract

import (
	"slices"
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// maxAskedPrompt bounds the prompt read for the words a line of work done was asked with.
const maxAskedPrompt = 4000

// Delivered lists, for each line of the closing text that reports work done ("Implemented
// the real-time cooldown variant"), the words of it the turn's prompt asked for
// (memstore.AskedWords): memstore closes with them the to-do of an earlier turn that
// suggested building that feature (memstore.Extraction.Delivered). A subagent's work is
// reported by the main agent.
func Delivered(t *transcript.Turn) []string {
	if t.Sidechain || t.Closing == "" || t.Prompt == "" {
		return nil
	}
	prompt := transcript.Clip(t.Prompt, maxAskedPrompt)
	var out []string
	inFence := false
	for line := range strings.Lines(t.Closing) {
		if isFence(line) {
			inFence = !inFence
			continue
		}
		if s := doneStatement(line); !inFence && s != "" && len(out) < maxDone {
			if w := memstore.AskedWords(prompt, s); w != "" {
				out = append(out, w)
			}
		}
	}
	return out
}

// Reply is the user's prompt, clipped, for memstore to close the to-dos that asked them to
// try the work by hand when they come back on its subject (memstore.Extraction.Reply);
// when the prompt asks to commit or push, the subjects of the turn's commits follow it:
// the user ships what they tried. A subagent's prompt comes from the main agent, not the
// user.
func Reply(t *transcript.Turn) string {
	if t.Sidechain {
		return ""
	}
	reply := transcript.Clip(t.Prompt, maxAskedPrompt)
	if !asksToShip(reply) {
		return reply
	}
	for _, u := range t.Tools {
		if u.CommitSubject != "" && u.HasResult && !u.IsError {
			reply += "\n" + u.CommitSubject
		}
	}
	return reply
}

// asksToShip reports whether a prompt asks to commit or to push.
func asksToShip(prompt string) bool {
	return slices.ContainsFunc(strings.Fields(strings.ToLower(prompt)), func(w string) bool {
		w = strings.Trim(w, ".,;:!?`'\"")
		return w == "commit" || w == "push"
	})
}
