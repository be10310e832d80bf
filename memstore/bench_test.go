package memstore

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// genLog makes a daily log of about size bytes, spread over every section.
func genLog(size int) string {
	var b strings.Builder
	b.WriteString("# Log session — 2026-03-22\n")
	i := 0
	for b.Len() < size {
		key := LogOrder[i%len(LogOrder)]
		fmt.Fprintf(&b, "\n## %s\n", Heading(key, "fr"))
		for j := 0; j < 8 && b.Len() < size; j++ {
			fmt.Fprintf(&b, "- Élément %d-%d : une phrase de longueur ordinaire sur le travail fait dans cmd/carnet/main.go.\n", i, j)
		}
		i++
	}
	return b.String()
}

// BenchmarkMerge20KB merges a typical extraction (7 new bullets, 1 tick) into a 20 KB daily log.
func BenchmarkMerge20KB(b *testing.B) {
	log := genLog(20 << 10)
	_, p := newTestWorkspace(b, nil)
	path := p.WS.Abs(p.LogPath("2026-03-22"))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		os.WriteFile(path, []byte(log+"\n## À suivre\n- Item ouvert à cocher\n"), 0o644)
		e := Extraction{
			Context: []string{fmt.Sprintf("Nouveau contexte %d", i)}, Goal: []string{"Objectif du tour"},
			Work:      []string{"Réécriture du lecteur de transcript", "Ajout des tests de charge"},
			Decisions: []string{"Lire le transcript depuis la fin"},
			Next:      []string{"Mesurer sur 200 Mo", "Relire le README"},
			NextDone:  []string{"Item ouvert à cocher"},
		}
		b.StartTimer()
		if _, err := p.Merge(e, Change{Now: day("2026-03-22")}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseLongMemory300 parses a 300-line long memory and walks all its bullets.
func BenchmarkParseLongMemory300(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("# Mémoire long terme — bench\n")
	lines := 1
	for d := 0; lines < 300; d++ {
		fmt.Fprintf(&sb, "\n## %s\n", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, d).Format("2006-01-02"))
		lines += 2
		for j := 0; j < 10 && lines < 300; j++ {
			fmt.Fprintf(&sb, "- Fait durable %d-%d : le hook appelle l'extracteur depuis un dossier temporaire.\n", d, j)
			lines++
		}
	}
	data := []byte(sb.String())
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		d := ParseDoc(data)
		if n := len(d.AllBullets()); n < 200 {
			b.Fatalf("only %d bullets", n)
		}
	}
}

// BenchmarkUICommit is what the UI does on each edit it saves: one bullet written under the
// lock and committed through the user's git (CommitAlways), in a small repository.
func BenchmarkUICommit(b *testing.B) {
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git not installed")
	}
	_, p := newTestWorkspace(b, nil)
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"config", "user.name", "Bench"}, {"config", "user.email", "bench@example.com"}} {
		if out, err := exec.Command("git", append([]string{"-C", p.WS.Root}, args...)...).CombinedOutput(); err != nil {
			b.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	for i := 0; b.Loop(); i++ {
		w, err := p.Write(Change{Writer: "ui", Commit: CommitAlways, Now: day("2026-03-22")}, func(tx *Tx) error {
			tx.Say("add a decision")
			_, err := tx.AddBullet(KeyDecisions, fmt.Sprintf("Décision numéro %d", i))
			return err
		})
		if err != nil || w.CommitErr != nil || w.Commit.Hash == "" {
			b.Fatalf("Write = %+v, %v", w, err)
		}
	}
}
