package capture

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// housekeepingWords are the words of a bare git instruction ("git add . and push to github",
// "commit and push", "open a PR"): the commit or pull request it makes is already under the
// work done, the instruction names no task.
var housekeepingWords = wordSet(`git add . -a -A --all commit commits push pull merge rebase stage
	pr prs request changes change it everything all files the a an and then to on in into with of my our
	github gitlab origin remote main master branch upstream create open make please now ok okay also
	message good descriptive short`)

// gitVerbs are the words a housekeeping instruction has at least one of.
var gitVerbs = wordSet(`git commit push merge rebase pr`)

// maxHousekeepingWords bounds a bare git instruction: a longer prompt says more than that.
const (
	maxHousekeepingWords = 12
	maxHousekeepingBytes = 120
)

// isHousekeeping reports a prompt that only asks to stage, commit, push or merge.
func isHousekeeping(p string) bool {
	if len(p) > maxHousekeepingBytes {
		return false
	}
	f := strings.Fields(strings.ToLower(p))
	if len(f) == 0 || len(f) > maxHousekeepingWords {
		return false
	}
	verb := false
	for _, w := range f {
		w = strings.Trim(w, ",;:!")
		if w != "." {
			w = strings.TrimSuffix(w, ".")
		}
		if !housekeepingWords[w] {
			return false
		}
		verb = verb || gitVerbs[w]
	}
	return verb
}

// maxURLRemark bounds what a reply adds after a link it pastes ("https://… -> I can see it
// in a private window"): four words, or twenty characters without spaces.
const (
	maxURLRemarkWords = 4
	maxURLRemarkRunes = 20
)

// isURLReply reports a prompt that opens with a link and only remarks on it: an answer to
// the agent (where the thing is, that it works), not a task.
func isURLReply(p string) bool {
	first, rest, _ := strings.Cut(strings.TrimSpace(p), " ")
	if !strings.Contains(first, "://") || strings.ContainsAny(rest, "\n?？") || strings.Contains(rest, "://") {
		return false
	}
	rest = strings.Trim(rest, " -–>→:=")
	words := strings.Fields(strings.ToLower(rest))
	if slices.ContainsFunc(words, func(w string) bool { return requestVerbs[strings.Trim(w, ",.;:!")] }) {
		return false // "https://… fix this": the link is what to work on
	}
	n := len(words)
	return n <= maxURLRemarkWords && (n > 1 || utf8.RuneCountInString(rest) <= maxURLRemarkRunes)
}

// requestVerbs ask for work on what a link points to.
var requestVerbs = wordSet(`fix implement add make use check look read review update download deploy follow do try apply
	install build see clone port copy compare summarize summarise explain analyze analyse merge open test debug refactor`)

// wordSet makes a set of the words of s.
func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for w := range strings.FieldsSeq(s) {
		m[w] = true
	}
	return m
}

// isNumberedAnswer reports a prompt that answers the agent's numbered questions point by
// point ("1: the premove auto-executes if …"): it refines the task under way. A numbered
// list of requests is written "1." or "1)", not "1:".
func isNumberedAnswer(p string) bool {
	rest, ok := strings.CutPrefix(strings.TrimSpace(p), "1")
	return ok && strings.HasPrefix(strings.TrimLeft(rest, " "), ":")
}

// pleas open a request by asking for help with it ("please help me fix …"): the request is
// what follows.
var pleas = []string{"please help me to ", "please help me ", "please help to ", "please help "}

// dropPlea cuts a plea for help before the request it opens, when a request of a few words follows.
func dropPlea(g string) string {
	for _, p := range pleas {
		if len(g) > len(p) && strings.EqualFold(g[:len(p)], p) && len(strings.Fields(g[len(p):])) >= minRequestWords {
			return upperFirst(g[len(p):])
		}
	}
	return g
}

// upperFirst gives s with its first letter in upper case.
func upperFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}
