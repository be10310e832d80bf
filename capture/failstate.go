package capture

import (
	"slices"
	"strings"

	"carnet/hook/transcript"
)

// skipsHooks reports a call whose commit skipped the repository's hooks ("git commit
// --no-verify", "-n"): the commit is made, but what a hook refused (a failing test, the
// formatter) is not fixed by it.
func skipsHooks(cmd string) bool {
	_, rest, ok := strings.Cut(cmd, "git commit")
	if !ok {
		return false
	}
	if i := strings.IndexAny(rest, ";|&\n"); i >= 0 {
		rest = rest[:i]
	}
	for f := range strings.FieldsSeq(rest) {
		if f == "--no-verify" || f == "-n" {
			return true
		}
		if f == "-m" || strings.HasPrefix(f, `"`) || strings.HasPrefix(f, "'") {
			return false // the message: its words are no options
		}
	}
	return false
}

// idleStop reports a turn the user stopped before it changed anything (no file edited):
// nothing is half done, and stopping the agent is no failure of the session.
func idleStop(t *transcript.Turn) bool {
	return t.Interrupted && !slices.ContainsFunc(t.Tools, (*transcript.ToolUse).Edits)
}

// requestName names a curl call by its URL ("curl https://app.example.com/"), or "": its
// options say how to print the answer, not what was asked, and a retry with other options
// is the same request failing again.
func requestName(cmd string) string {
	rest, ok := strings.CutPrefix(strings.TrimSpace(cmd), "curl ")
	if !ok {
		return "" // most calls: nothing to split
	}
	for w := range strings.FieldsSeq(rest) {
		if w == "&&" || w == "|" || w == ";" || w == "||" {
			break
		}
		if w = strings.Trim(w, `"'`); strings.HasPrefix(w, "http://") || strings.HasPrefix(w, "https://") {
			return "curl " + w
		}
	}
	return ""
}

// isStatusLine reports the status line a curl call printed (-w "HTTP %{http_code}"): the
// request is what failed, not a command chained after it.
func isStatusLine(cause string) bool {
	f := strings.Fields(cause)
	return len(f) == 2 && strings.EqualFold(f[0], "HTTP") && len(f[1]) == 3
}

// newCause reports a cause no bullet of the turn says yet: a command failing again on it
// failed on something else (see failedAgain).
func newCause(problems []string, cause string) bool {
	return cause != "" && !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, cause) })
}

// failedAgain records a command that failed again in the turn on another cause (newCause):
// left open, its bullet (the one that opens with bare) takes this failure, what still fails
// when the turn ends (a commit refused by the formatter, then by the tests); fixed later,
// the bullet, fixed too, keeps the cause met first.
func failedAgain(problems []string, bare, b, fixed string) {
	if strings.HasPrefix(b, fixed) {
		return
	}
	for i, p := range problems {
		if strings.HasPrefix(strings.TrimPrefix(p, fixed), bare) {
			problems[i] = b
			return
		}
	}
}

// hookedCommit names "git commit" for a call whose commit went through the repository's
// hooks, or "": the hooks pass now, so it fixes what they refused of an earlier commit, in
// this turn or an earlier one (as fixedLater does within a turn).
func hookedCommit(u *transcript.ToolUse) string {
	if u.CommitHash == "" || skipsHooks(u.Command) {
		return ""
	}
	return "git commit"
}
