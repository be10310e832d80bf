package extract

import "strings"

// readyStates mark a statement (lower case, padded with spaces) that something is ready,
// live or running now: the state the session ended in, not a fact for next time.
var readyStates = []string{" is ready", " are ready", " is now ready", " are now ready", " is live", " is now live",
	" is up and running", " est prêt", " sont prêts", " est prête", " est en ligne"}

// isReadyState reports a statement that only says something is ready now ("`/dist`
// directory is ready for deployment").
func isReadyState(s string) bool {
	return hasAny(" "+strings.ToLower(s)+" ", readyStates)
}
