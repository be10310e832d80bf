package main

import "testing"

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
