package memstore

import (
	"fmt"
	"testing"
)

func TestMatchText(t *testing.T) {
	t.Parallel()
	texts := []string{
		"Relire le hook avant la release",      // 0
		"relire le hook avant la release !",    // 1: same once normalised
		"Relire le hook avant la release v2",   // 2: a number differs: not near
		"avant la release relire le hook",      // 3: same words, other order: near
		"Le hook sort toujours 0.",             // 4
		"Documenter le hook et le relire vite", // 5
	}
	text := func(i int) string { return texts[i] }
	for _, tc := range []struct {
		query string
		want  string
	}{
		{"Relire le hook avant la release", "{Exact:[0] Same:[0 1] Near:[3] Contains:[2]}"},
		{"RELIRE le hook avant la release", "{Exact:[] Same:[0 1] Near:[3] Contains:[2]}"},
		{"hook", "{Exact:[] Same:[] Near:[] Contains:[0 1 2 3 4 5]}"},
		{"relire hook", "{Exact:[] Same:[] Near:[] Contains:[0 1 2 3 5]}"},
		{"!!!", "{Exact:[] Same:[] Near:[] Contains:[]}"},
	} {
		m := MatchText(len(texts), text, tc.query)
		got := fmt.Sprintf("{Exact:%v Same:%v Near:%v Contains:%v}", m.Exact, m.Same, m.Near, m.Contains)
		if got != tc.want {
			t.Errorf("%q: %s, want %s", tc.query, got, tc.want)
		}
	}
	if got := MatchText(len(texts), text, "hook avant release relire").Closest(); fmt.Sprint(got) != "[0 1 3]" {
		t.Errorf("Closest = %v, want the near-duplicates [0 1 3]", got)
	}
}
