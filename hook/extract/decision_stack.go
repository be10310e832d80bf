package extract

// withoutStack drops the short "Label: value" stack lines of a document the agent wrote
// (a README's or an agent file's "Tech Stack"): they describe the project and give no
// reason, so they are no choice. A plan's stack list stays (foldStack): the plan proposes it.
func withoutStack(d []string) []string {
	n := 0
	for _, s := range d {
		if isStackItem(s) {
			n++
		}
	}
	if n < minStackItems {
		return d
	}
	out := make([]string, 0, len(d)-n)
	for _, s := range d {
		if !isStackItem(s) {
			out = append(out, s)
		}
	}
	return out
}
