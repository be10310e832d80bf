package memstore

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Weight is what a bullet may say of itself at its end, in a suffix a person reads and types:
// "!7 #checkout #vat" — an importance from 1 to 10 (most facts 4–6) and tags.
type Weight struct {
	Importance int // 1–10; 0 when the bullet says none
	Tags       []string
}

// MaxImportance is the highest importance a bullet may carry.
const MaxImportance = 10

// ParseWeight splits a bullet's text into its body and the weight its suffix gives: the
// trailing words that are "!N" (N from 1 to 10, once) or "#tag" (a letter, then letters,
// digits, "-", "_" or "/"). A bullet that is nothing but such words has no weight. The
// author marker after the suffix (author.go) is not part of body.
func ParseWeight(text string) (body string, w Weight) {
	text, _ = SplitAuthor(text)
	fields := strings.Fields(text)
	end := len(fields)
	for end > 1 {
		f := fields[end-1]
		if n, ok := importanceWord(f); ok && w.Importance == 0 {
			w.Importance = n
		} else if tag, ok := tagWord(f); ok {
			w.Tags = append(w.Tags, tag)
		} else {
			break
		}
		end--
	}
	if end == len(fields) {
		return strings.TrimSpace(text), Weight{}
	}
	slices.Reverse(w.Tags)
	return strings.Join(fields[:end], " "), w
}

func importanceWord(f string) (int, bool) {
	s, ok := strings.CutPrefix(f, "!")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 1 && n <= MaxImportance && s == strconv.Itoa(n)
}

func tagWord(f string) (string, bool) {
	s, ok := strings.CutPrefix(f, "#")
	if !ok || s == "" {
		return "", false
	}
	for i, r := range s {
		letter := unicode.IsLetter(r)
		if i == 0 && !letter || !letter && !unicode.IsDigit(r) && !strings.ContainsRune("-_/", r) {
			return "", false
		}
	}
	return s, true
}

// CleanTag is a tag as a bullet carries it: without "#", lower case; ok is false when it is
// not a tag (see ParseWeight).
func CleanTag(tag string) (string, bool) {
	return tagWord("#" + strings.ToLower(strings.TrimPrefix(strings.TrimSpace(tag), "#")))
}

// Suffix is the weight as a bullet ends with it: " !7 #checkout #vat", or "".
func (w Weight) Suffix() string {
	var b strings.Builder
	if w.Importance > 0 {
		fmt.Fprintf(&b, " !%d", w.Importance)
	}
	for _, t := range w.Tags {
		b.WriteString(" #" + t)
	}
	return b.String()
}

// WithWeight is text with w's suffix, merged with the weight text already has: the
// importance given wins, tags are added once each.
func WithWeight(text string, w Weight) string {
	_, author := SplitAuthor(text)
	body, have := ParseWeight(text)
	if w.Importance > 0 {
		have.Importance = w.Importance
	}
	for _, t := range w.Tags {
		if !slices.Contains(have.Tags, t) {
			have.Tags = append(have.Tags, t)
		}
	}
	return body + have.Suffix() + Marker(author)
}

// CheckWeight refuses an importance out of 1–10 (0 is none) or a tag that is not one.
func CheckWeight(importance int, tags []string) (Weight, error) {
	w := Weight{Importance: importance}
	if importance < 0 || importance > MaxImportance {
		return w, fmt.Errorf("importance %d is not from 1 to %d", importance, MaxImportance)
	}
	for _, t := range tags {
		c, ok := CleanTag(t)
		if !ok {
			return w, fmt.Errorf("%q is not a tag (a letter, then letters, digits, - _ or /)", t)
		}
		if !slices.Contains(w.Tags, c) {
			w.Tags = append(w.Tags, c)
		}
	}
	return w, nil
}

// importanceFactor weighs a line's search score by the importance its suffix gives: 1 for
// none or 5, from 0.6 (1) to 1.5 (10).
func importanceFactor(line string) float64 {
	if !strings.Contains(line, "!") {
		return 1
	}
	_, w := ParseWeight(strings.TrimSpace(line))
	if w.Importance == 0 {
		return 1
	}
	return 1 + float64(w.Importance-5)/10
}
