package main

import (
	"strings"
	"testing"
	"unicode"
)

func TestTermSafe(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"plain é ✅":           "plain é ✅",
		"tab\tkept":           "tab\tkept",
		"\x1b[2J\x00\x07\x7f": "^[[2J^@^G^?",
		"nl\ncr\r":            "nl^Jcr^M",
		"csi \u009b":          `csi \u009b`,
	} {
		if got := termSafe(in); got != want {
			t.Errorf("termSafe(%q) = %q, want %q", in, got, want)
		}
	}
}

// hasControl is unicode.IsControl over the runes, tab aside, for every rune up to U+00FF and
// some beyond.
func TestHasControl(t *testing.T) {
	t.Parallel()
	for r := range rune(0x200) {
		for pad := range 10 { // at every place of an eight-byte word
			s := strings.Repeat("a", pad) + string(r) + "bbbbbbbbb"
			if got, want := hasControl(s), r != '\t' && unicode.IsControl(r); got != want {
				t.Errorf("%U after %d bytes: %v, want %v", r, pad, got, want)
			}
		}
	}
	if hasControl("✅ é ß 日本") || !hasControl("x\u0085") {
		t.Error("hasControl")
	}
}
