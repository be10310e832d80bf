package capture

import "strings"

// A plan in thinking that opens with a change verb and weighs one way against another
// but says no why ("Update the board rendering to use `<img>` tags instead of inline SVG
// icons") is the change the user asked for, said before it is made: the work of the turn,
// not a choice. With its reason ("Update export_session to delete the old file before
// running to avoid stale data") it stays one.

// workStep reports a planned step, without its first-person opener, that opens with one
// of actionVerbs and gives no reason (see saysWhy).
func workStep(step string) bool {
	first, _, _ := strings.Cut(step, " ")
	return isActionVerb(first) && !saysWhy(step)
}
