package capture

import (
	"slices"
	"strings"

	"carnet/memstore"
)

// foldSeenConventions says once what a made-to-fit decision and a seen name share. When the
// turn saw "The <thing> uses … `a` instead of `b`." and chose "Created … to match the
// existing <thing> structure", the names are the decision's reason: they go at the end of
// the decision ("…structure: `a` instead of `b`") and the knowledge bullet goes.
func foldSeenConventions(e *memstore.Extraction) {
	if len(e.Decisions) == 0 {
		return
	}
	e.Knowledge = slices.DeleteFunc(e.Knowledge, func(k string) bool {
		thing, names := seenParts(k)
		if thing == "" {
			return false
		}
		for i, d := range e.Decisions {
			if strings.HasPrefix(d, "Created ") && strings.Contains(d+" ", " the existing "+thing+" ") &&
				len(d)+len(names)+2 <= maxBullet {
				e.Decisions[i] = d + ": " + names
				return true
			}
		}
		return false
	})
}

// seenParts splits "The <thing> uses … `a` instead of `b`." into "<thing>" and "`a` instead
// of `b`"; both empty for any other bullet.
func seenParts(k string) (thing, names string) {
	rest, ok := strings.CutPrefix(k, "The ")
	if !ok || !strings.Contains(k, "instead of `") {
		return "", ""
	}
	thing, used, ok := strings.Cut(rest, " uses ")
	if i := strings.IndexByte(used, '`'); ok && i >= 0 {
		return thing, strings.TrimRight(used[i:], ".")
	}
	return "", ""
}
