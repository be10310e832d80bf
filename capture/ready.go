package capture

// readyStates mark a statement that something is ready, live or running now: the state the
// session ended in, not a fact for next time. They are looked for as written, in the middle
// of a sentence (lower case), with no copy of it lowered.
var readyStates = []string{" is ready", " are ready", " is now ready", " are now ready", " is live", " is now live",
	" is up and running", " est prêt", " sont prêts", " est prête", " est en ligne"}

// isReadyState reports a statement that only says something is ready now ("`/dist`
// directory is ready for deployment").
func isReadyState(s string) bool {
	return hasAny(s, readyStates)
}

// isPassing reports a labelled statement true only while the session lasts: a ready state
// or a passing address.
func isPassing(s string) bool {
	return isReadyState(s) || isTemporaryAddress(s)
}
