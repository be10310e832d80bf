package promote

import (
	"strings"
	"testing"

	"carnet/memstore"
)

func TestProofOf(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text     string
		captured bool
		want     Proof
	}{
		{"Le cache se vide à chaque déploiement.", false, Proven}, // a person's
		{"Le cache se vide à chaque déploiement.", true, Unproven},
		{"Le cache se vide à chaque déploiement. (vérifié : go test ./cache ok, commit abc1234)", true, Proven},
		{"The cache empties on deploy (verified: make e2e ok, commit abc1234)", true, Proven},
		{"Le cache se vide. <!-- agent:claude -->", true, Proven},
		{"Le cache se vide. <!-- model:haiku -->", false, Unproven},
		{"Le cache se vide (vérifié : go test ok) <!-- model:haiku -->", false, Proven},
		{"essayé, sans effet : vider le cache avant le build", false, Tried},
		{"Tried, no effect: raising the timeout to 60 s <!-- agent:codex -->", false, Tried},
	} {
		if got := ProofOf(tc.text, tc.captured); got != tc.want {
			t.Errorf("ProofOf(%q, %v) = %v, want %v", tc.text, tc.captured, got, tc.want)
		}
	}
}

// Promotion proposes a fact capture or a model wrote without evidence, unticked; --yes
// (Apply of the plan as it comes) leaves it in its log; the reviewer's tick promotes it. A
// tried approach is never proposed.
func TestPlanUnprovenComeUnticked(t *testing.T) {
	t.Parallel()
	const (
		person   = "Le proxy coupe les requêtes de plus de 30 s."
		captured = "Le worker relance la file Kafka toutes les heures."
		model    = "La migration Postgres tourne avant le canari. <!-- model:haiku -->"
		proven   = "Le build Docker met 4 min. (vérifié : make docker ok, commit 1a2b3c4) <!-- model:haiku -->"
		agent    = "Le webhook Stripe signe chaque requête. <!-- agent:claude -->"
		tried    = "essayé, sans effet : doubler le timeout du proxy"
	)
	for _, existing := range []bool{false, true} {
		w := newWS(t)
		w.gitInit(t)
		if existing {
			w.write(t, lmRel, "# Mémoire long terme — cmms_doc\n\n## "+day(90)+"\n- Un fait ancien.\n")
		}
		w.write(t, logRel(40), "# Log session — "+day(40)+"\n\n## Connaissances acquises\n- "+model+"\n- "+person+"\n- "+tried+
			"\n- "+proven+"\n\n## Décisions prises\n- "+agent+"\n")
		// capture's own bullet: written by the hook, so listed in memstore's ledger
		_, err := w.p.Write(memstore.Change{Writer: "hook", Commit: memstore.CommitNever, Now: testNow}, func(tx *memstore.Tx) error {
			d, err := tx.Doc(logRel(40))
			if err != nil {
				return err
			}
			d.AppendBullet(memstore.KeyKnowledge, "Connaissances acquises", captured, memstore.LogOrder)
			return nil
		})
		must(t, err)
		pl, err := Compute(w.p, Options{}, testNow)
		must(t, err)
		for _, f := range pl.Facts {
			if f.Text == tried {
				t.Fatal("a tried approach is proposed as knowledge")
			}
		}
		if total, ticked := pl.Unproven(); total != 2 || ticked != 0 {
			t.Fatalf("existing %v: unproven %d, ticked %d, want 2, 0\n%s", existing, total, ticked, pl.longMem.Diff)
		}
		if !strings.Contains(strings.Join(pl.Notes, "\n"), "2 facts without evidence") || !strings.Contains(strings.Join(pl.Notes, "\n"), "1 approach tried without effect") {
			t.Fatalf("notes: %q", pl.Notes)
		}
		// as it comes (--yes): the proven facts only, under their date
		after := string(pl.longMem.Content())
		for _, want := range []string{person, proven, agent, "## " + day(40)} {
			if !strings.Contains(after, want) {
				t.Fatalf("existing %v: long memory lacks %q:\n%s", existing, want, after)
			}
		}
		for _, no := range []string{captured, model, tried} {
			if strings.Contains(after, no) {
				t.Fatalf("existing %v: long memory has %q without the reviewer's tick:\n%s", existing, no, after)
			}
		}
		if strings.Index(after, "## "+day(40)) > strings.Index(after, person) {
			t.Fatalf("a proven fact is outside its dated section:\n%s", after)
		}
		// ticked: they come too
		pl.AcceptUnproven()
		after = string(pl.longMem.Content())
		if !strings.Contains(after, captured) || !strings.Contains(after, model) {
			t.Fatalf("ticked, long memory lacks them:\n%s", after)
		}
		res, err := Apply(w.p, pl, testNow)
		must(t, err)
		if !strings.Contains(res.Message, "added 5 facts") {
			t.Fatalf("commit message %q", res.Message)
		}
	}
}
