package capture

import "strings"

// purposeMarkers say, in lower case, why something is done: the reason a thought gives for
// the choice it stated a sentence or two before ("… to minimize issues with rate limits").
var purposeMarkers = []string{" to avoid ", " to minimize ", " to minimise ", " to prevent ", " so that ", " because ",
	" this should help", " this avoids", " pour éviter ", " afin de ", " parce que "}

// reasonWindow is how many sentences after a choice its reason may come.
const reasonWindow = 3

// withReason returns the choice ss[i] with the first sentence of the next reasonWindow that
// gives a purpose (and is no choice of its own), joined by a dash; the choice alone when
// none does, when it already says why, or when both would not fit a bullet.
func withReason(ss []string, i int) string {
	c := ss[i]
	if hasAny(" "+strings.ToLower(c)+" ", purposeMarkers) {
		return c
	}
	for _, s := range ss[i+1 : min(len(ss), i+1+reasonWindow)] {
		if low := " " + strings.ToLower(s) + " "; hasAny(low, purposeMarkers) && !opensWith(low, thoughtChoices) {
			if j := strings.TrimRight(c, ".") + " — " + s; len(j) <= maxBullet {
				return j
			}
			break
		}
	}
	return c
}
