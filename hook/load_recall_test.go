package hook

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"carnet/memstore"
)

// The notes [load] names lead the load, a sensitive one never does; a superseded bullet is
// left out; a heavy bullet outlives lighter ones of the same age when the budget is short.
func TestComposeLoadNotesAndWeights(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	os.WriteFile(filepath.Join(ws, "carnet.toml"), []byte("[load]\nnotes = [\"profil\", \"salaires\", \"absente\"]\n"), 0o644)
	w, err := memstore.Open(ws)
	if err != nil {
		t.Fatal(err)
	}
	p := w.Projects[0]
	os.MkdirAll(w.Abs(p.NotesDir()), 0o755)
	os.WriteFile(w.Abs(p.NotePath("profil")), []byte("---\ntitle: Profil\ndescription: l'utilisateur\nsensitive: false\n---\n\n# Profil\n- Préfère les réponses courtes.\n"), 0o644)
	os.WriteFile(w.Abs(p.NotePath("salaires")), []byte("---\ntitle: Salaires\nsensitive: true\n---\n- Grille confidentielle.\n"), 0o644)
	var sb strings.Builder
	sb.WriteString("# Mémoire long terme — root\n\n## 2026-03-01\n")
	sb.WriteString("- Le fait capital à garder, une phrase du projet plus longue que les autres faits. !10 #cle\n") // the oldest bullet, the heaviest
	for i := range 40 {
		fmt.Fprintf(&sb, "- Fait ordinaire numéro %d, une phrase du projet sans poids particulier.\n", i)
	}
	sb.WriteString("- Nouvelle règle des ports.\n  - ~~Ancienne règle des ports.~~ (remplacé le 2026-03-02)\n")
	os.WriteFile(w.Abs(p.LongMemoryPath()), []byte(sb.String()), 0o644)

	l, err := ComposeLoad(p, fixedNow(), 400, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Note — Profil", "Préfère les réponses courtes.", "Le fait capital à garder,"} {
		if !strings.Contains(l.Text, want) {
			t.Errorf("load lacks %q:\n%s", want, l.Text)
		}
	}
	for _, not := range []string{"Grille confidentielle", "Ancienne règle des ports", "Fait ordinaire numéro 0,"} {
		if strings.Contains(l.Text, not) {
			t.Errorf("load holds %q:\n%s", not, l.Text)
		}
	}
	if !strings.Contains(l.Explain(), "aucune note « absente »") {
		t.Errorf("a missing note is a warning:\n%s", l.Explain())
	}
}
