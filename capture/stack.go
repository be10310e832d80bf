package capture

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// minStackItems is how many short "Label: value" lines make a stack list ("Framework:
// Next.js", "Language: TypeScript", "Styling: Tailwind CSS").
const minStackItems = 3

// foldStack joins the short "Label: value" lines of a document's decisions into one line:
// a stack list is one choice, not six. Other lines keep their place.
func foldStack(d []string) []string {
	first, n := -1, 0
	for i, s := range d {
		if isStackItem(s) {
			n++
			if first < 0 {
				first = i
			}
		}
	}
	if n < minStackItems {
		return d
	}
	items := make([]string, 0, n)
	out := make([]string, 0, len(d)-n+1)
	for i, s := range d {
		switch {
		case !isStackItem(s):
			out = append(out, s)
		case i == first:
			out = append(out, "") // the folded line goes here
			fallthrough
		default:
			items = append(items, s)
		}
	}
	out[first] = strings.Join(items, "; ")
	return out
}

// isStackItem reports a short "Label: value" line: a capitalised label of at most three
// words, a value of at most six, no sentence in it.
func isStackItem(s string) bool {
	label, value, ok := strings.Cut(s, ": ")
	if !ok || strings.Contains(value, ". ") || strings.HasSuffix(value, ".") {
		return false
	}
	r, _ := utf8.DecodeRuneInString(label)
	return unicode.IsUpper(r) && wordCount(label) <= 3 && wordCount(value) <= 6
}

func wordCount(s string) int {
	n := 0
	for range strings.FieldsSeq(s) {
		n++
	}
	return n
}
