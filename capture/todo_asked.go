package capture

import (
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
	for s := range doneLines(t.Closing) {
		if len(out) == maxDone {
			break
		}
		if w := memstore.AskedWords(prompt, s); w != "" {
			out = append(out, w)
		}
	}
	return out
}
