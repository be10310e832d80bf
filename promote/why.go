package promote

import (
	"fmt"
	"strings"

	"carnet/memstore"
)

// whyRemoved says, for each line the long-memory change removes (as the diff shows it,
// without its '-'), why it goes: a duplicate names the line its kept wording stands at in the
// result, a fact moved, folded or joined names where it went. Line numbers are those of the
// whole plan's result (every hunk accepted).
func whyRemoved(c *Change, merges []Merge, model bool) map[string]string {
	if c == nil {
		return nil
	}
	after := strings.Split(string(c.Content()), "\n")
	lineOf := func(want string) int {
		for i, l := range after {
			if l == want {
				return i + 1
			}
		}
		return 0
	}
	kept := map[string]string{} // a merged bullet's text → the kept wording
	for _, m := range merges {
		kept[m.Kept] = m.Kept
		for _, d := range m.Dropped {
			kept[d] = m.Kept
		}
	}
	condensed := 0 // the line of the condensed section's heading
	for i, l := range after {
		if strings.HasPrefix(l, "## Condensé — ") || strings.HasPrefix(l, "## Condensed — ") {
			condensed = i + 1
			break
		}
	}
	why := map[string]string{}
	for _, h := range c.Hunks {
		for _, l := range h.Lines {
			line, ok := strings.CutPrefix(l, "-")
			if !ok || strings.TrimSpace(line) == "" {
				continue
			}
			if r := reason(line, after, lineOf, kept, condensed, model); r != "" {
				why[line] = r
			}
		}
	}
	return why
}

func reason(line string, after []string, lineOf func(string) int, kept map[string]string, condensed int, model bool) string {
	text, bullet := strings.CutPrefix(line, "- ")
	if k, ok := kept[text]; ok && bullet {
		if n := lineOf("- " + k); n > 0 {
			if text == k {
				return fmt.Sprintf("moved to line %d, where its duplicate was", n)
			}
			return fmt.Sprintf("duplicate of line %d, kept", n)
		}
	}
	if n := lineOf(line); n > 0 {
		return fmt.Sprintf("moved to line %d", n)
	}
	if date, ok := strings.CutPrefix(line, "## "); ok && memstore.IsDate(date) && condensed > 0 {
		return fmt.Sprintf("folded into line %d: %s", condensed, after[condensed-1])
	}
	if bullet {
		part := strings.TrimRight(text, " .;")
		for i, l := range after { // a joined bullet is "a; b; c"
			joined, ok := strings.CutPrefix(l, "- ")
			if !ok || !strings.Contains(joined, "; ") {
				continue
			}
			for p := range strings.SplitSeq(joined, "; ") {
				if strings.TrimRight(p, " .;") == part {
					return fmt.Sprintf("joined into line %d", i+1)
				}
			}
		}
		if model {
			return "rewritten by the model with the condensed section"
		}
	}
	return ""
}
