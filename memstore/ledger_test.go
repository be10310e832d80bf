package memstore

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The ledger follows the bullets: the hook owns what it adds, a bullet edited by anyone
// else is no longer its own, and what the hook may not touch it leaves as it is.
func TestLedgerOwnsOnlyWhatTheHookWrote(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-22.md": "# Log session — 2026-03-22\n\n## À suivre\n- Written by hand\n"})
	rel := p.LogPath("2026-03-22")
	hook := Change{Writer: "hook", Now: day("2026-03-22")}
	if _, err := p.Merge(Extraction{Next: []string{"Captured item"}}, hook); err != nil {
		t.Fatal(err)
	}
	owns := func(text string) (yes bool) {
		_, _ = p.Write(Change{Writer: "cli", Now: day("2026-03-22")}, func(tx *Tx) error {
			yes = tx.Captured(rel, text)
			return nil
		})
		return yes
	}
	if !owns("Captured item") || owns("Written by hand") {
		t.Fatalf("after the hook's add: captured=%v hand=%v", owns("Captured item"), owns("Written by hand"))
	}
	// the hook may tick its own item, not the person's
	if _, err := p.Merge(Extraction{NextDone: []string{"Captured item", "Written by hand"}}, hook); err != nil {
		t.Fatal(err)
	}
	log := readRel(t, p, rel)
	if !strings.Contains(log, "## À suivre\n- Written by hand\n") || !strings.Contains(log, "- ✅ Captured item\n") {
		t.Fatalf("ticks:\n%s", log)
	}
	if !owns("✅ Captured item") {
		t.Error("the ticked item is no longer the hook's")
	}
	// a person rewrites the ticked item: it is theirs now
	if _, err := p.Write(Change{Writer: "ui", Now: day("2026-03-22")}, func(tx *Tx) error {
		d, err := tx.Doc(rel)
		if err != nil {
			return err
		}
		for _, b := range d.AllBullets() {
			if b.Bullet.Text == "✅ Captured item" {
				d.SetBulletText(b.Bullet, "✅ Captured item, checked by hand")
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if owns("✅ Captured item, checked by hand") {
		t.Error("a person's edit stays the hook's")
	}
}

// An agent's note carries its marker, which is not part of what the bullet says: the same
// text from a person is a duplicate, and the weight suffix is read before the marker.
func TestAgentMarker(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	mcp := Change{Writer: "mcp:Claude Code", Now: day("2026-03-22")}
	if _, err := p.Merge(Extraction{Decisions: []string{"Cache greetings per locale !5 #perf"}}, mcp); err != nil {
		t.Fatal(err)
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	if !strings.Contains(log, "- Cache greetings per locale !5 #perf <!-- agent:claude-code -->\n") {
		t.Fatalf("marker:\n%s", log)
	}
	res, err := p.Merge(Extraction{Decisions: []string{"Cache greetings per locale"}}, Change{Writer: "cli", Now: day("2026-03-22")})
	if err != nil || len(res.Added) != 0 || res.Duplicates != 1 {
		t.Fatalf("same text again: %+v %v", res, err)
	}
	body, w := ParseWeight("Cache greetings per locale !5 #perf <!-- agent:claude-code -->")
	if body != "Cache greetings per locale" || w.Importance != 5 || len(w.Tags) != 1 {
		t.Errorf("ParseWeight = %q %+v", body, w)
	}
	if _, a := SplitAuthor("x <!-- agent:claude-code -->"); a != "agent:claude-code" {
		t.Errorf("SplitAuthor: %q", a)
	}
	for env, want := range map[string]string{"CLAUDECODE": "agent:claude", "GEMINI_CLI": "agent:gemini", "CARNET_AGENT": "agent:myagent", "": ""} {
		got := AgentFromEnv(func(k string) string {
			if k == env {
				if k == "CARNET_AGENT" {
					return "MyAgent"
				}
				return "1"
			}
			return ""
		})
		if got != want {
			t.Errorf("AgentFromEnv(%s) = %q, want %q", env, got, want)
		}
	}
}

// A write that fails after its first file leaves the ledgers as they were: the hook's new
// bullet is not counted as its own, and no ledger's temporary file is left behind.
func TestLedgerUntouchedByAFailedWrite(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{
		"logs/2026-03-20.md":      "# Log session — 2026-03-20\n\n## À suivre\n- Old\n",
		"logs/archives/x/keep.md": "in the way\n",
	})
	rel := p.LogPath("2026-03-22")
	_, err := p.Write(Change{Writer: "hook", Now: day("2026-03-22")}, func(tx *Tx) error {
		if err := tx.Merge(Extraction{Next: []string{"Captured item"}}, &MergeResult{}); err != nil {
			return err
		}
		return tx.Move(p.LogPath("2026-03-20"), p.RelDir+"/logs/archives/x") // a folder that is not empty: the move fails
	})
	if err == nil {
		t.Fatal("the move over a folder did not fail")
	}
	var owned bool
	_, _ = p.Write(Change{Writer: "cli", Now: day("2026-03-22")}, func(tx *Tx) error {
		owned = tx.Captured(rel, "Captured item")
		return nil
	})
	if owned {
		t.Error("a bullet of a failed write is counted as the hook's")
	}
	ents, _ := os.ReadDir(filepath.Join(p.WS.Abs(p.DebugDir()), "captured"))
	for _, e := range ents {
		t.Errorf("left in the ledgers' folder: %s", e.Name())
	}
}
