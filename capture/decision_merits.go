package capture

import "strings"

// "No automatic fetching - just explicit refresh" says what a choice left out and what it
// kept, not why. A closing text often says why in the sentence just before, in the same
// paragraph, by listing what the chosen approach gives ("The implementation is minimal,
// reuses existing code, and gives you full control over …"): that sentence is kept with
// the refusal. A sentence that lists nothing ("The implementation is minimal.") is not.

// meritOpeners open a sentence about the chosen approach as a whole.
var meritOpeners = []string{"The implementation ", "This implementation ", "The approach ", "This approach ",
	"The solution ", "This solution ", "The change ", "This change ", "The fix ", "This fix ", "The design ", "This design "}

// withMerits returns decisions with each refusal joined to the sentence before it in its
// paragraph of closing when that sentence lists the merits of the approach chosen.
func withMerits(decisions []string, closing string) []string {
	for i, d := range decisions {
		if !strings.HasPrefix(d, "No ") || !isRefusal(" "+strings.ToLower(d)+" ") {
			continue
		}
		prev, ok := sentenceBefore(closing, d)
		if ok && strings.Contains(prev, ", and ") && hasPrefixAny(prev, meritOpeners) && len(prev)+1+len(d) <= maxBullet {
			decisions[i] = prev + " " + d
		}
	}
	return decisions
}

// sentenceBefore returns the sentence that ends just before s on s's line of text.
func sentenceBefore(text, s string) (string, bool) {
	j := strings.Index(text, s)
	if j <= 0 {
		return "", false
	}
	line := strings.TrimRight(text[strings.LastIndexByte(text[:j], '\n')+1:j], " ")
	if !strings.HasSuffix(line, ".") {
		return "", false
	}
	if k := strings.LastIndex(line[:len(line)-1], ". "); k >= 0 {
		line = line[k+2:]
	}
	return line, true
}

// hasPrefixAny reports whether s opens with one of prefixes.
func hasPrefixAny(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
