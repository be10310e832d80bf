package memstore

import (
	"math/rand"
	"strings"
	"testing"
)

// TestIndexAgreesWithSimilar checks the prefix-filtered index against a brute-force scan with
// Similar: same verdict for every query, on texts built to sit around its threshold.
func TestIndexAgreesWithSimilar(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(1))
	vocab := strings.Fields(`hook extracteur dossier temporaire transcript parseur messages vides mémoire longue
		session agent commit index git branche fichier chemin racine workspace projet module table
		écrit résultats jamais ailleurs verrou écriture atomique renommage archive condensé fait règle
		le la les de du des un une et ou pour dans sur avec qui que the a of to in and is`)
	extra := []string{"v2", "1.4", "src/main.go", "42", "ÉCRIT", "Écrit.", "hook,", "(git)"}
	sentence := func() []string {
		n := 3 + rng.Intn(12)
		var w []string
		for range n {
			if rng.Intn(8) == 0 {
				w = append(w, extra[rng.Intn(len(extra))])
			} else {
				w = append(w, vocab[rng.Intn(len(vocab))])
			}
		}
		return w
	}
	vary := func(w []string) string {
		v := append([]string{}, w...)
		switch rng.Intn(6) {
		case 0: // drop a word
			if len(v) > 1 {
				i := rng.Intn(len(v))
				v = append(v[:i], v[i+1:]...)
			}
		case 1: // add a word
			v = append(v, vocab[rng.Intn(len(vocab))])
		case 2: // swap a word
			v[rng.Intn(len(v))] = vocab[rng.Intn(len(vocab))]
		case 3: // case and punctuation
			v[0] = strings.ToUpper(v[0])
			v[len(v)-1] += "."
		case 4: // reorder
			rng.Shuffle(len(v), func(i, j int) { v[i], v[j] = v[j], v[i] })
		}
		return strings.Join(v, " ")
	}
	var corpus, queries []string
	for range 250 {
		s := sentence()
		corpus = append(corpus, strings.Join(s, " "))
		for range 3 {
			queries = append(queries, vary(s))
		}
		queries = append(queries, strings.Join(sentence(), " "))
	}
	x := NewDedupIndex(append(append([]string{}, corpus...), queries[:len(queries)/2]...)) // some queries outside the corpus order
	for _, c := range corpus {
		x.Add(c)
	}
	hits := 0
	for _, q := range queries {
		brute := -1
		for i, c := range corpus {
			if Similar(q, c) {
				brute = i
				break
			}
		}
		got := x.Find(q)
		if (got >= 0) != (brute >= 0) {
			t.Errorf("query %q: index %d, brute force %d (%q)", q, got, brute, pick(corpus, brute))
		}
		if got >= 0 {
			hits++
			if !Similar(q, corpus[got]) {
				t.Errorf("index matched %q with %q", q, corpus[got])
			}
		}
	}
	if hits < len(queries)/4 {
		t.Errorf("only %d of %d queries matched: the test data misses the threshold", hits, len(queries))
	}
}

func pick(s []string, i int) string {
	if i < 0 {
		return ""
	}
	return s[i]
}

func TestPrefixLen(t *testing.T) {
	t.Parallel()
	for n := 1; n < 200; n++ {
		p := prefixLen(n)
		// two sets of n words with Jaccard ≥ 0.85 share at least ceil(0.85 n) words, so at
		// most n - ceil(0.85 n) of one set's words are missing from the other: a prefix one
		// longer than that always holds a shared word
		need := n
		for k := 0; k <= n; k++ {
			if float64(k) >= 0.85*float64(n) {
				need = k
				break
			}
		}
		if p < n-need+1 || p > n {
			t.Errorf("prefixLen(%d) = %d, want at least %d", n, p, n-need+1)
		}
	}
}
