package extract

import "slices"

// withoutStack drops the short "Label: value" stack lines of a document the agent wrote
// (a README's or an agent file's "Tech Stack"): they describe the project and give no
// reason, so they are no choice. A plan's stack list stays (foldStack): the plan proposes it.
func withoutStack(d []string) []string {
	kept := slices.DeleteFunc(slices.Clone(d), isStackItem)
	if len(d)-len(kept) < minStackItems {
		return d
	}
	return kept
}
