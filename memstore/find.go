package memstore

import "strings"

// TextMatch sorts candidate bullets by how closely their text matches a query; each field
// holds candidate indexes in candidate order.
type TextMatch struct {
	Exact    []int // the very same text
	Same     []int // the same text once normalised (Exact included)
	Near     []int // near-duplicates of the query (see Similar), not Same
	Contains []int // holding the normalised query or all of its content words, neither Same nor Near
}

// MatchText is the one finder of a bullet by its text: it compares query with the texts of
// n candidates (text(i) is the i-th). A query that normalises to nothing only matches Exact.
func MatchText(n int, text func(i int) string, query string) TextMatch {
	var m TextMatch
	nq := Normalize(query)
	wq := ContentWords(nq)
	for i := range n {
		t := text(i)
		if t == query {
			m.Exact = append(m.Exact, i)
		}
		if nq == "" {
			continue
		}
		nt := Normalize(t)
		wt := ContentWords(nt)
		switch {
		case nt == nq:
			m.Same = append(m.Same, i)
		case similarWords(wq, wt):
			m.Near = append(m.Near, i)
		case strings.Contains(nt, nq) || containsAll(wt, wq):
			m.Contains = append(m.Contains, i)
		}
	}
	return m
}

// Closest is the best tier of a match for designating items by a loose text: Same, else
// Near, else Contains.
func (m TextMatch) Closest() []int {
	switch {
	case len(m.Same) > 0:
		return m.Same
	case len(m.Near) > 0:
		return m.Near
	}
	return m.Contains
}

func containsAll(have, want []string) bool {
	if len(want) == 0 {
		return false
	}
	s := set(have)
	for _, w := range want {
		if !s[w] {
			return false
		}
	}
	return true
}
