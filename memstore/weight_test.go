package memstore

import (
	"slices"
	"testing"
)

func TestParseWeight(t *testing.T) {
	t.Parallel()
	for text, want := range map[string]struct {
		body string
		imp  int
		tags []string
	}{
		"TVA à 20 % !7 #checkout #vat": {"TVA à 20 %", 7, []string{"checkout", "vat"}},
		"fait #a !3":                   {"fait", 3, []string{"a"}},
		"issue #12 fermée":             {"issue #12 fermée", 0, nil},
		"voir issue #12":               {"voir issue #12", 0, nil},
		"ça marche !":                  {"ça marche !", 0, nil},
		"score !11":                    {"score !11", 0, nil},
		"!7":                           {"!7", 0, nil},
		"deux !3 !4":                   {"deux !3", 4, nil},
		"chemin #api/v2":               {"chemin", 0, []string{"api/v2"}},
	} {
		body, w := ParseWeight(text)
		if body != want.body || w.Importance != want.imp || !slices.Equal(w.Tags, want.tags) {
			t.Errorf("ParseWeight(%q) = %q %+v, want %+v", text, body, w, want)
		}
	}
	if got := WithWeight("fait #a !3", Weight{Importance: 8, Tags: []string{"b", "a"}}); got != "fait !8 #a #b" {
		t.Errorf("WithWeight: %q", got)
	}
	if _, err := CheckWeight(11, nil); err == nil {
		t.Error("importance 11 accepted")
	}
	if _, err := CheckWeight(5, []string{"ok", "9lives"}); err == nil {
		t.Error("tag 9lives accepted")
	}
	if w, err := CheckWeight(5, []string{"#VAT", "vat"}); err != nil || !slices.Equal(w.Tags, []string{"vat"}) {
		t.Errorf("CheckWeight: %+v %v", w, err)
	}
}

// Search ranks a heavier bullet first among equal matches.
func TestFindRanksByImportance(t *testing.T) {
	t.Parallel()
	w, _ := newTestWorkspace(t, map[string]string{"long_memory.md": "# M\n\n## Faits\n- le cache est vidé au démarrage\n- le cache est vidé à la fermeture !9\n- le cache est vidé le lundi !2\n"})
	r, err := w.Find(Query{Text: "cache vidé"})
	if err != nil || len(r.Hits) != 3 {
		t.Fatalf("%v %+v", err, r)
	}
	if !slices.Equal([]int{r.Hits[0].Line, r.Hits[1].Line, r.Hits[2].Line}, []int{5, 4, 6}) {
		t.Errorf("order: %+v", r.Hits)
	}
}

// A tag filter keeps the bullets whose suffix carries the tag (case aside), not those that
// only mention it.
func TestFindByTag(t *testing.T) {
	t.Parallel()
	w, _ := newTestWorkspace(t, map[string]string{"long_memory.md": "# M\n\n## Faits\n- TVA à 20 % au panier !6 #checkout #vat\n- TVA des livres à 5,5 % #VAT\n- TVA en texte, pas de tag : #vatican n'est pas #vat ici, la suite oui\n"})
	r, err := w.Find(Query{Text: "tva", Tag: "#vat"})
	if err != nil || r.Total != 2 || r.Hits[0].Line+r.Hits[1].Line != 4+5 { // #VAT is #vat
		t.Fatalf("%v %+v", err, r.Hits)
	}
	if r, _ := w.Find(Query{Text: "tva", Tag: "checkout"}); r.Total != 1 {
		t.Errorf("checkout: %+v", r.Hits)
	}
}
