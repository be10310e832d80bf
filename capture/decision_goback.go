package capture

import (
	"strings"

	"carnet/hook/transcript"
)

// A user who asks to go back to an earlier design ("Let's go back to the version where
// export.py reads from an existing session.jsonl file. The usage will be: <command>")
// chooses the final design in their words, with the usage they give: a decision. A report
// about an earlier version ("I went back to the version where it worked and it fails") or
// a question is none.

// goBackVerbs open, in lower case, a request to go back ("go back to the version where").
var goBackVerbs = []string{"go back to the ", "revert to the ", "return to the ", "switch back to the "}

// goBackKinds name, in lower case, the earlier design gone back to, up to what it did.
var goBackKinds = []string{"version where ", "version that ", "version with ", "approach where ", "approach that ",
	"design where ", "design that "}

// goBackMarks are in every request to go back (see goBackKinds), whatever its first letter.
var goBackMarks = []string{"to the version ", "to the approach ", "to the design "}

// goBackChoices returns the prompt's requests to go back to an earlier design, with the
// usage that follows them, at most maxReasons; none for a subagent, whose prompt is the
// main agent's.
func goBackChoices(t *transcript.Turn) []string {
	if t.Sidechain || !hasAny(t.Prompt, goBackMarks) {
		return nil
	}
	var out []string
	lines := strings.Split(t.Prompt, "\n")
	for i, l := range lines {
		for _, s := range splitSentences(strings.TrimSpace(l)) {
			if c, ok := goBack(s); ok && len(out) < maxReasons {
				out = append(out, withUsage(c, lines[i+1:]))
			}
		}
	}
	return out
}

// goBack returns sentence s from "Back to the …", with a full stop, when it asks to go back
// to an earlier design (see goBackVerbs, goBackKinds) and neither reports nor asks.
func goBack(s string) (string, bool) {
	low := strings.ToLower(s)
	for _, v := range goBackVerbs {
		i := strings.Index(low, v)
		if i < 0 || !hasPrefixAny(low[i+len(v):], goBackKinds) {
			continue
		}
		if strings.Contains(s, "?") || hasAny(" "+low+" ", notRules) || len(s) > maxBullet {
			return "", false
		}
		j := i + strings.Index(v, "to the ") - len("back ")
		if !strings.HasPrefix(low[j:], "back ") {
			j = i // "revert to the …", "return to the …"
		}
		return upperFirst(strings.TrimRight(s[j:], ".! ")) + ".", true
	}
	return "", false
}

// withUsage adds to choice c the command, its long ids as "…", of a "The usage will be:"
// or "Usage:" line right after it (on that line or the next one), when the bullet stays
// short.
func withUsage(c string, after []string) string {
	after = after[:min(len(after), 2)]
	for i, l := range after {
		label, rest, ok := strings.Cut(strings.TrimSpace(l), ":")
		if !ok || !strings.HasSuffix(strings.ToLower(label), "usage") && !strings.HasSuffix(strings.ToLower(label), "usage will be") {
			continue
		}
		cmd := strings.TrimSpace(rest)
		if cmd == "" && i+1 < len(after) {
			cmd = strings.TrimSpace(after[i+1])
		}
		cmd = withoutIDs(strings.Trim(cmd, "`"))
		if u := c + " Usage: `" + cmd + "`."; cmd != "" && len(u) <= maxBullet {
			return u
		}
		break
	}
	return c
}

// withoutIDs returns command cmd with each UUID-shaped word ("019aad50-a7e6-…") as "…":
// the usage, not the run it was typed for.
func withoutIDs(cmd string) string {
	if strings.Count(cmd, "-") < 4 {
		return cmd
	}
	words := strings.Fields(cmd)
	for i, w := range words {
		if isUUID(w) {
			words[i] = "…"
		}
	}
	return strings.Join(words, " ")
}

// isUUID reports a word of hex digits in groups of 8, 4, 4, 4 and 12 joined by "-".
func isUUID(w string) bool {
	if len(w) != 36 {
		return false
	}
	for i, r := range w {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if r != '-' {
				return false
			}
		} else if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
			return false
		}
	}
	return true
}
