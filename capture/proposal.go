package capture

import (
	"fmt"
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// proposers open the question by which an agent proposes work and waits for the user's
// answer ("Would you like me to proceed with …?").
var proposers = []string{"would you like me to ", "do you want me to ", "shall i ", "should i ", "want me to ",
	"voulez-vous que je ", "veux-tu que je ", "souhaitez-vous que je ", "dois-je "}

// unanswered records, as an open to-do, the proposal a session ended on: the last sentence
// of the closing text asks the user whether to go on, and no prompt answered it. While the
// session goes on, the next prompt answers it (and its work shows what was done).
func unanswered(e *memstore.Extraction, t *transcript.Turn, w wording) {
	if !t.SessionEnded || t.Sidechain {
		return
	}
	c := strings.TrimSpace(t.Closing)
	if !strings.HasSuffix(c, "?") {
		return
	}
	ss := splitSentences(lastLine(c))
	last := strings.ReplaceAll(ss[len(ss)-1], "’", "'")
	low := strings.ToLower(last)
	for _, p := range proposers {
		i := strings.Index(low, p)
		if i < 0 {
			continue
		}
		work := strings.TrimSpace(strings.TrimRight(last[i+len(p):], "? "))
		if work == "" {
			return
		}
		if items := proposedItems(c, w); items != "" {
			work += ": " + items // "these commits": the items say which
		} else if h := firstHeading(c); h != "" {
			work += " (" + h + ")" // "these commits": the heading says which
		}
		e.Next = append(e.Next, fmt.Sprintf(w.proposal, work))
		return
	}
}

// lastLine is the last line of a text.
func lastLine(s string) string {
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// firstHeading is the text of the first markdown heading of a text, without its marks, or "".
func firstHeading(s string) string {
	for l := range strings.Lines(s) {
		t := strings.TrimSpace(l)
		if headingLevel(t) > 0 {
			return strings.TrimRight(stripMarkup(strings.TrimLeft(t, "# ")), ": ")
		}
	}
	return ""
}
