package capture

import (
	"slices"
	"strings"
)

// causeHeads open a cause that may not say what it is about: "The issue is that the test …".
var causeHeads = []string{"the issue", "the problem"}

// vagueWords between "the" and a noun do not tell one thing from another ("the same test").
var vagueWords = []string{"same", "other", "first", "last", "next", "previous", "whole", "only", "above",
	"following", "current", "new", "old", "failing", "this", "that"}

// namedSubjects makes the causes ks, found in texts[i], say what they are about: "The issue
// is that the test …" takes the longer name its paragraph gives ("the performance regression
// test"); a cause with no such subject, after a text that announced what the agent fixes
// ("Let me also fix the cache test that's failing:"), becomes "The issue with the cache
// test is that …".
func namedSubjects(ks, texts []string, i int) []string {
	for j, s := range ks {
		low := strings.ToLower(s)
		h := slices.IndexFunc(causeHeads, func(c string) bool { return strings.HasPrefix(low, c+" is that ") })
		if h < 0 {
			continue
		}
		head := len(causeHeads[h])
		rest := s[head+len(" is that "):]
		if noun, ok := vagueSubject(rest); ok {
			if name := longerName(texts[i], s, noun); name != "" {
				ks[j] = s[:len(s)-len(rest)] + name + rest[len("the ")+len(noun):]
			}
			continue
		}
		if i > 0 {
			if x := announcedSubject(texts[i-1]); x != "" {
				ks[j] = s[:head] + " with " + x + " is that " + rest
			}
		}
	}
	return ks
}

// vagueSubject returns the noun of a subject "the <noun> " that names nothing more.
func vagueSubject(rest string) (string, bool) {
	if !strings.HasPrefix(rest, "the ") {
		return "", false
	}
	noun, _, _ := strings.Cut(rest[len("the "):], " ")
	return noun, noun != "" && isPlainWord(noun)
}

// longerName finds, in the paragraph of text that holds s, "the <words> <noun>": one to
// four plain words that tell this noun from another.
func longerName(text, s, noun string) string {
	at := strings.Index(text, s[:min(len(s), 40)])
	if at < 0 {
		return ""
	}
	start := strings.LastIndex(text[:at], "\n\n") + 1
	end := len(text)
	if k := strings.Index(text[at:], "\n\n"); k >= 0 {
		end = at + k
	}
	words := strings.Fields(text[start:end])
	for k, w := range words {
		if strings.TrimRight(w, ".,;:") != noun {
			continue
		}
		for b := k - 2; b >= max(0, k-5); b-- {
			if !isPlainWord(words[b+1]) || slices.Contains(vagueWords, words[b+1]) {
				break
			}
			if strings.EqualFold(words[b], "the") {
				return "the " + strings.Join(words[b+1:k], " ") + " " + noun
			}
		}
	}
	return ""
}

// isPlainWord reports a word of lower-case letters or hyphens.
func isPlainWord(w string) bool {
	for _, c := range []byte(w) {
		if (c < 'a' || c > 'z') && c != '-' {
			return false
		}
	}
	return w != ""
}

// announcedSubject returns what a one-line announcement says the agent fixes or checks
// ("Let me also fix the cache test that's failing:" → "the cache test"), else "".
func announcedSubject(prev string) string {
	p := strings.TrimSpace(prev)
	low, ok := strings.CutPrefix(strings.ToLower(p), "let me ")
	if !ok || strings.Contains(p, "\n") || !strings.HasSuffix(p, ":") {
		return ""
	}
	low = strings.TrimPrefix(low, "also ")
	verb := slices.IndexFunc(fixVerbs, func(v string) bool { return strings.HasPrefix(low, v+" the ") })
	if verb < 0 {
		return ""
	}
	words := strings.Fields(strings.TrimSuffix(low[len(fixVerbs[verb])+1:], ":"))
	n := 1 // "the", then up to four plain words
	for n < min(len(words), 5) && isPlainWord(words[n]) && !slices.Contains(subjectEnds, words[n]) {
		if slices.Contains(vagueWords, words[n]) {
			return "" // "the whole thing"
		}
		n++
	}
	if n == 1 || n < len(words) && isPlainWord(words[n]) && !slices.Contains(subjectEnds, words[n]) {
		return "" // no name, or a longer phrase than a name
	}
	return strings.Join(words[:n], " ")
}

// subjectEnds end the name of a thing in an announcement ("the cache test that's failing").
var subjectEnds = []string{"that", "which", "in", "so", "to", "and", "for", "with"}

// fixVerbs announce the thing the agent works on next.
var fixVerbs = []string{"fix", "check", "debug", "investigate", "look at"}
