package extract

import "strings"

// A next step that ends with an offer ("Adjust the AI depth if you want faster play") is
// work left all the same: the offer says when it matters, not that nothing is to do. The
// step is kept without its offer; an item that opens with the offer ("If you prefer, use
// any static server") stays an offer.

// stepBeforeOffer is the step in front of a trailing offer clause, or s when it has none
// (or nothing before it).
func stepBeforeOffer(s string) string {
	low := strings.ToLower(s)
	for _, o := range offers {
		if i := strings.Index(low, " "+o); i > 0 {
			if step := strings.TrimRight(strings.TrimSpace(s[:i]), ",;:—-– "); len(strings.Fields(step)) >= 2 {
				return step
			}
		}
	}
	return s
}
