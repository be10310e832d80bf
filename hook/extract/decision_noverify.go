package extract

import (
	"fmt"
	"strings"

	"carnet/hook/transcript"
)

// A commit the pre-commit hook refused, then made with --no-verify, did not pass the check
// the hook ran: it skipped it. That is a choice the log keeps, with the check that failed
// (the failure itself reads "fixed" once the commit went through).

// skippedHooks names the commits of the turn made with --no-verify after a commit that was
// refused (a call reads only its first failure line: the refusal is taken as the hook's),
// with the cause the hook gave.
func skippedHooks(t *transcript.Turn, w wording) []string {
	if t.Sidechain { // a subagent's choices are its report to the main agent
		return nil
	}
	var out []string
	refused, cause := false, ""
	for _, u := range t.Tools {
		if u.Name != "Bash" || !u.HasResult || !strings.Contains(u.Command, "git commit") {
			continue
		}
		switch {
		case u.IsError && u.CommitHash == "":
			refused, cause = true, shortURLs(causeLine(u.Output))
		case refused && u.CommitHash != "" && strings.Contains(u.Command, "--no-verify"):
			b := fmt.Sprintf(w.skippedHookBare, u.CommitHash)
			if cause != "" {
				b = fmt.Sprintf(w.skippedHook, u.CommitHash, cause)
			}
			out = append(out, b)
			refused = false
		}
	}
	return out
}
