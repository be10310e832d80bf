package hook

import (
	"os"
	"strings"
	"testing"

	"carnet/memstore"
)

// The agent's notes lead the session's memory: its open items first, then its decisions and
// lessons, then where work stopped, then the rest; their markers are not shown.
func TestLoadAgentNotesFirst(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	w, _ := memstore.Open(ws)
	p := w.Projects[0]
	os.WriteFile(p.WS.Abs(p.LogPath("2026-03-22")), []byte("# Log session — 2026-03-22\n\n"+
		"## Objectif\n- Add the importer\n\n"+
		"## Travail produit\n- Fichiers modifiés : imp.go\n\n"+
		"## Décisions prises\n- Captured decision about logging\n- Stream the CSV instead of loading it: files reach 2 GB <!-- agent:claude -->\n\n"+
		"## Connaissances acquises\n- The API rate-limits at 60 requests a minute <!-- agent:claude -->\n\n"+
		"## À suivre\n- Person's item to check\n- Add a retry to the importer <!-- agent:claude -->\n"), 0o644)
	l, err := ComposeLoad(p, fixedNow(), 2500, 0)
	if err != nil {
		t.Fatal(err)
	}
	order := []string{"Add a retry to the importer", "Person's item to check", "Stream the CSV", "rate-limits", "Add the importer", "Captured decision about logging"}
	at := -1
	for _, s := range order {
		i := strings.Index(l.Text, s)
		if i < 0 || i < at {
			t.Fatalf("%q out of order (at %d, before %d):\n%s", s, i, at, l.Text)
		}
		at = i
	}
	if strings.Contains(l.Text, "<!--") || !strings.Contains(l.Text, "Notes de l'agent") {
		t.Errorf("markers shown or no notes part:\n%s", l.Text)
	}
}
