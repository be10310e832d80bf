package transcript

import (
	"strings"
	"unicode"
)

// runnerCause is the cause a test runner gives in its own failure record when lines[i] opens
// one, or "": a Rust panic ("thread 'x' panicked at src/lib.rs:10:5:" and the message under
// it, or the older "panicked at 'message', src/lib.rs:10:5"), an RSpec "Failure/Error:", the
// message under vstest's "Error Message:", and, under a runner's FAIL header, the message
// under Jest's "● Suite › test" — each with the labelled values that follow (causeAt).
func runnerCause(lines []string, i int, underHeader bool) string {
	t := strings.TrimSpace(lines[i])
	switch {
	case strings.HasPrefix(t, "thread '") && strings.Contains(t, " panicked at "), strings.HasPrefix(t, "Failure/Error:"):
		return causeAt(lines, i, 0)
	case t == "Error Message:":
		if k := nextLine(lines, i); k > 0 {
			return causeAt(lines, k, 0)
		}
	case underHeader && strings.HasPrefix(t, "● "):
		if k := nextLine(lines, i); k > 0 && !strings.HasPrefix(strings.TrimSpace(lines[k]), "console.") { // not Jest's "● Console" block
			return causeAt(lines, k, indent(lines[k])) // the block is indented under its header; the run's summary is not
		}
	}
	return ""
}

// maxCauseLines bounds the lines under a runner's failure record that its cause is made of.
const maxCauseLines = 6

// causeAt is lines[i] with what the runner prints under it to say why, on one line: the
// message a line ending in ":" announces, the labelled values ("Expected: 3", "Received: 4",
// "left: 5", "got: 4") and the exception named on a line of its own ("NoMethodError:"), each
// indented at least by margin.
func causeAt(lines []string, i, margin int) string {
	parts := []string{strings.TrimSpace(lines[i])}
	for j := nextLine(lines, i); j > 0 && len(parts) < maxCauseLines; j = nextLine(lines, j) {
		t := strings.Join(strings.Fields(lines[j]), " ")
		announced := strings.HasSuffix(parts[len(parts)-1], ":") && !isStackFrame(t) && !isExcerpt(t) && !isWarning(t)
		if !announced && (!isLabel(t) || indent(lines[j]) < margin) {
			break
		}
		parts = append(parts, t)
	}
	s := parts[0]
	for _, p := range parts[1:] {
		if !strings.HasSuffix(s, ":") && !strings.HasSuffix(s, ",") {
			s += ","
		}
		s += " " + p
	}
	return ClipWords(s, 200)
}

// nextLine is the index of the first line after lines[i] that holds something, within a few
// lines, or 0.
func nextLine(lines []string, i int) int {
	for j := i + 1; j < len(lines) && j <= i+3; j++ {
		if strings.TrimSpace(lines[j]) != "" {
			return j
		}
	}
	return 0
}

// indent is the width of a line's leading blanks.
func indent(line string) int { return len(line) - len(strings.TrimLeft(line, " \t")) }

// isLabel reports a line that gives a labelled value ("Expected: 3", "Received array: [1]",
// "Actual: 5", "left: 5") — a label of a few words, then its value — or an exception's
// name alone on its line, its message under it ("NoMethodError:"); not a note.
func isLabel(t string) bool {
	name, value, ok := strings.Cut(t, ":")
	words := strings.Fields(name)
	if !ok || len(words) == 0 || len(words) > 4 || name != strings.TrimSpace(name) || isWarning(t) ||
		strings.ContainsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != ' ' && r != '_' }) {
		return false
	}
	if strings.TrimSpace(value) == "" {
		return len(words) == 1 && (strings.HasSuffix(name, "Error") || strings.HasSuffix(name, "Exception"))
	}
	return strings.HasPrefix(value, " ")
}
