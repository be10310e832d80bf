package capture

import "carnet/memstore"

// maxNextLabelled bounds the next steps taken from one closing text: a review's
// recommendations by horizon (immediate, short term, long term) run past maxLabelled, and
// the long-term ones are announced work too.
const maxNextLabelled = 16

// labelCap is how many bullets of a key one closing text gives.
func labelCap(key string) int {
	if key == memstore.KeyNext {
		return maxNextLabelled
	}
	return maxLabelled
}
