package capture

import (
	"strings"
	"testing"
)

// TestWordIndex checks wordIndex against the padded search it replaces.
func TestWordIndex(t *testing.T) {
	fs := []string{"next steps", "recommended next steps", "nextsteps next steps", "steps next", "next", "the next  step", " next ", "next steps next", "a nextb next", "x"}
	cs := []string{"next", "next steps", "steps", "step", "x", "next step", " next"}
	for _, f := range fs {
		for _, c := range cs {
			if got, want := wordIndex(f, c), strings.Index(" "+f+" ", " "+c+" "); got != want {
				t.Errorf("wordIndex(%q, %q) = %d, want %d", f, c, got, want)
			}
		}
	}
}

// FuzzWordIndex checks wordIndex against the padded search on any text.
func FuzzWordIndex(f *testing.F) {
	f.Add("recommended next steps", "next steps")
	f.Fuzz(func(t *testing.T, s, c string) {
		if c == "" {
			return
		}
		if got, want := wordIndex(s, c), strings.Index(" "+s+" ", " "+c+" "); got != want {
			t.Errorf("wordIndex(%q, %q) = %d, want %d", s, c, got, want)
		}
	})
}
