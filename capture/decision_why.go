package capture

import "strings"

// A decision says why, or over what, something was chosen. Two kinds of statement say
// neither and are dropped: a choice the model states in its thinking with no reason near
// it ("I've decided on X as the primary page. Next, I'll …"), which is where it looks next;
// and a new state told with what it replaced but no reason ("Capture squares now use
// corner arcs instead of full circles"), which is the change asked for, not a choice, and
// goes stale with the next tweak of the same thing.

// stateReasons say, in lower case, why a new state was chosen (with purposeMarkers and
// reasonOpeners); "to" is not one: "now use gradients to render arcs" says how.
var stateReasons = []string{" so ", "(since ", "(because ", " for clarity", " for backward", " for backwards",
	", ensuring ", " car ", " pour ", " afin "}

// stateMarks say, in lower case, that a statement gives the state a change left.
var stateMarks = []string{" now ", " maintenant ", " désormais "}

// replacedMarks say, in lower case, what a new state replaced.
var replacedMarks = []string{" instead of ", " rather than ", " au lieu de ", " plutôt que "}

// bareState reports a decision that gives a new state and what it replaced ("X now uses Y
// instead of Z") but no reason.
func bareState(s string) bool {
	low := " " + strings.ToLower(s) + " "
	return hasAny(low, stateMarks) && hasAny(low, replacedMarks) && !hasAny(low, stateReasons) &&
		!hasAny(low, purposeMarkers) && !hasAny(low, reasonOpeners)
}

// notAChoice reports a decision that says neither why nor over what (bareAction), or only
// over what a new state replaced (bareState).
func notAChoice(s string) bool {
	return bareAction(s) || bareState(s) || styleOnly(s)
}

// saysWhy reports a choice that gives its purpose ("… to minimize issues with rate limits").
func saysWhy(choice string) bool {
	return hasAny(" "+strings.ToLower(choice)+" ", purposeMarkers)
}
