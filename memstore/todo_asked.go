package memstore

import (
	"slices"
	"strings"
)

// A to-do that names a feature to build ("Layer in the cooldown mechanics on top of this
// baseline flow") is done when a later exchange's prompt asks for that feature and the
// exchange reports it built ("Implemented the real-time cooldown variant"): the user took
// the suggestion up, the agent did it. Extraction.Delivered carries, for each line of work
// done, the words its prompt asked for (see AskedWords).

// buildVerbs open a to-do that names something to build.
var buildVerbs = set(strings.Fields(`add build create implement integrate introduce layer wire ajouter creer implementer integrer`))

// featureNouns name a feature without saying which one ("the cooldown mechanics").
var featureNouns = set(strings.Fields(`mechanic mechanics mechanism mechanisms logic feature features functionality support system systems aspect aspects`))

// onWhatExists opens the tail of a to-do that points at the work already there ("on top of
// this baseline flow"), not at what is to build.
var onWhatExists = []string{" on top of ", " to the existing ", " into the existing ", " in the existing "}

// AskedWords are the subject words of a line of work done that the prompt of the same
// exchange has too (one the start of the other), in the line's order, space-separated.
func AskedWords(prompt, done string) string {
	asked := stems(prompt)
	var out []string
	for _, w := range subjectWords(done) {
		if slices.ContainsFunc(asked, func(a string) bool { return sameStem(a, w) }) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// featureWords are the words of the feature a to-do asks to build, or nil when it asks
// something else: its subject words, without the tail on what exists and the nouns that
// only say "a feature".
func featureWords(item string) []string {
	f := strings.Fields(Normalize(item))
	if len(f) == 0 || !buildVerbs[f[0]] {
		return nil
	}
	low := strings.ToLower(item)
	for _, t := range onWhatExists {
		if i := strings.Index(low, t); i > 0 {
			item = item[:i]
			break
		}
	}
	return slices.DeleteFunc(subjectWords(item), func(w string) bool { return featureNouns[w] || todoWords[w] })
}

// AskedDone reports whether a line of asked-for work done (see AskedWords) builds the
// feature an open to-do names: it has every word of that feature.
func AskedDone(item string, delivered []string) bool {
	want := featureWords(item)
	if len(want) == 0 {
		return false
	}
	return slices.ContainsFunc(delivered, func(d string) bool {
		have := strings.Fields(d)
		return !slices.ContainsFunc(want, func(w string) bool {
			return !slices.ContainsFunc(have, func(h string) bool { return sameStem(h, w) })
		})
	})
}

// closeAskedDone ticks the open items of the day that lines of asked-for work done build
// (see AskedDone), except those the same exchange opened.
func (tx *Tx) closeAskedDone(delivered, fresh []string, res *MergeResult) error {
	if len(delivered) == 0 {
		return nil
	}
	today := Date(tx.now)
	return tx.closeOpen(fresh, res, func(it OpenItem) bool { return it.Date == today && AskedDone(it.Text, delivered) })
}
