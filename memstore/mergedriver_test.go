package memstore

import (
	"strings"
	"testing"
)

func TestMergeDocs(t *testing.T) {
	const baseLog = "# Log session — 2026-03-22\n\n## Contexte\n- Refonte de la mémoire.\n\n## À suivre\n- Valider le format.\n- Écrire le README.\n"
	tests := []struct {
		name               string
		base, ours, theirs string
		want               string
		clean              bool
	}{
		{
			name:   "both append to the same day",
			base:   baseLog,
			ours:   "# Log session — 2026-03-22\n\n## Contexte\n- Refonte de la mémoire.\n- Ours context.\n\n## Décisions prises\n- Ours decision.\n\n## À suivre\n- Valider le format.\n- Écrire le README.\n",
			theirs: "# Log session — 2026-03-22\n\n## Contexte\n- Refonte de la mémoire.\n- Theirs context.\n\n## Travail produit\n- Theirs work.\n\n## À suivre\n- Valider le format.\n- Écrire le README.\n- Theirs next.\n",
			want:   "# Log session — 2026-03-22\n\n## Contexte\n- Refonte de la mémoire.\n- Ours context.\n- Theirs context.\n\n## Travail produit\n- Theirs work.\n\n## Décisions prises\n- Ours decision.\n\n## À suivre\n- Valider le format.\n- Écrire le README.\n- Theirs next.\n",
			clean:  true,
		},
		{
			name:   "theirs ticks an item ours leaves open",
			base:   baseLog,
			ours:   "# Log session — 2026-03-22\n\n## Contexte\n- Refonte de la mémoire.\n- Ours context.\n\n## À suivre\n- Valider le format.\n- Écrire le README.\n",
			theirs: "# Log session — 2026-03-22\n\n## Contexte\n- Refonte de la mémoire.\n\n## À suivre\n- Écrire le README.\n\n## Finalisé\n- ✅ Valider le format.\n",
			want:   "# Log session — 2026-03-22\n\n## Contexte\n- Refonte de la mémoire.\n- Ours context.\n\n## À suivre\n- Écrire le README.\n\n## Finalisé\n- ✅ Valider le format.\n",
			clean:  true,
		},
		{
			name:   "ours ticks an item theirs leaves open",
			base:   baseLog,
			ours:   "# Log session — 2026-03-22\n\n## Contexte\n- Refonte de la mémoire.\n\n## À suivre\n- Écrire le README.\n\n## Finalisé\n- ✅ Valider le format.\n",
			theirs: "# Log session — 2026-03-22\n\n## Contexte\n- Refonte de la mémoire.\n- Theirs context.\n\n## À suivre\n- Valider le format.\n- Écrire le README.\n",
			want:   "# Log session — 2026-03-22\n\n## Contexte\n- Refonte de la mémoire.\n- Theirs context.\n\n## À suivre\n- Écrire le README.\n\n## Finalisé\n- ✅ Valider le format.\n",
			clean:  true,
		},
		{
			name:   "both add the same bullet",
			base:   baseLog,
			ours:   strings.Replace(baseLog, "- Refonte de la mémoire.\n", "- Refonte de la mémoire.\n- Same fact here.\n", 1),
			theirs: strings.Replace(baseLog, "- Refonte de la mémoire.\n", "- Refonte de la mémoire.\n- same fact here\n- Other fact.\n", 1),
			want:   strings.Replace(baseLog, "- Refonte de la mémoire.\n", "- Refonte de la mémoire.\n- Same fact here.\n- Other fact.\n", 1),
			clean:  true,
		},
		{
			name:   "a new day only theirs wrote",
			base:   "",
			ours:   "# Log session — 2026-03-22\n\n## Contexte\n- Ours.\n",
			theirs: "# Log session — 2026-03-22\n\n## Contexte\n- Theirs.\n",
			want:   "# Log session — 2026-03-22\n\n## Contexte\n- Ours.\n- Theirs.\n",
			clean:  true,
		},
		{
			name:   "long memory with new dated sections on both sides",
			base:   "# Mémoire long terme — p\n\n## 2026-03-09\n- Old fact.\n",
			ours:   "# Mémoire long terme — p\n\n## 2026-03-09\n- Old fact.\n\n## 2026-03-20\n- Ours fact.\n",
			theirs: "# Mémoire long terme — p\n\n## 2026-03-09\n- Old fact.\n\n## 2026-03-15\n- Theirs fact.\n- Theirs second.\n\n## 2026-03-25\n- Theirs later.\n",
			want:   "# Mémoire long terme — p\n\n## 2026-03-09\n- Old fact.\n\n## 2026-03-15\n- Theirs fact.\n- Theirs second.\n\n## 2026-03-20\n- Ours fact.\n\n## 2026-03-25\n- Theirs later.\n",
			clean:  true,
		},
		{
			name:   "hand-written free text preserved",
			base:   "# Log session — 2026-03-22\n\nNotes à la main.\n\n## Contexte\n- A.\n  - nested by hand\n\n## Réunion\nTexte libre.\n",
			ours:   "# Log session — 2026-03-22\n\nNotes à la main.\n\n## Contexte\n- A.\n  - nested by hand\n- B.\n\n## Réunion\nTexte libre.\n",
			theirs: "# Log session — 2026-03-22\n\nNotes à la main.\n\n## Contexte\n- A.\n  - nested by hand\n- C.\n  - with a nested line\n\n## Réunion\nTexte libre.\n\n## Mine\nTheirs free text.\n",
			want:   "# Log session — 2026-03-22\n\nNotes à la main.\n\n## Contexte\n- A.\n  - nested by hand\n- B.\n- C.\n  - with a nested line\n\n## Réunion\nTexte libre.\n\n## Mine\nTheirs free text.\n",
			clean:  true,
		},
		{
			name:   "free text changed by theirs only is taken",
			base:   "# Log\n\n## Réunion\nTexte libre.\n\n## Contexte\n- A.\n",
			ours:   "# Log\n\n## Réunion\nTexte libre.\n\n## Contexte\n- A.\n- B.\n",
			theirs: "# Log\n\n## Réunion\nTexte libre, corrigé.\n\n## Contexte\n- A.\n",
			want:   "# Log\n\n## Réunion\nTexte libre, corrigé.\n\n## Contexte\n- A.\n- B.\n",
			clean:  true,
		},
		{
			name:   "CRLF and BOM preserved",
			base:   "\uFEFF# Log\r\n\r\n## Contexte\r\n- A.\r\n",
			ours:   "\uFEFF# Log\r\n\r\n## Contexte\r\n- A.\r\n- B.\r\n",
			theirs: "# Log\n\n## Contexte\n- A.\n- C.\n\n## À suivre\n- D.\n",
			want:   "\uFEFF# Log\r\n\r\n## Contexte\r\n- A.\r\n- B.\r\n- C.\r\n\r\n## À suivre\r\n- D.\r\n",
			clean:  true,
		},
		{
			name:   "the same free text changed differently conflicts",
			base:   "# Log\n\n## Réunion\nTexte libre.\n",
			ours:   "# Log\n\n## Réunion\nTexte ours.\n",
			theirs: "# Log\n\n## Réunion\nTexte theirs.\n",
			want:   "# Log\n\n## Réunion\nTexte ours.\n",
			clean:  false,
		},
		{
			name:   "not a memory file conflicts",
			base:   "alpha\nbeta\n",
			ours:   "alpha\nours\n",
			theirs: "alpha\ntheirs\n",
			want:   "alpha\nours\n",
			clean:  false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, clean := MergeDocs([]byte(tt.base), []byte(tt.ours), []byte(tt.theirs))
			if clean != tt.clean {
				t.Errorf("clean = %v, want %v", clean, tt.clean)
			}
			if string(got) != tt.want {
				t.Errorf("merged:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// TestMergeDocsSymmetric: the merge holds every bullet once whichever side is ours.
func TestMergeDocsSymmetric(t *testing.T) {
	base := "# Log\n\n## Contexte\n- A.\n"
	x := "# Log\n\n## Contexte\n- A.\n- From x.\n\n## À suivre\n- Item x.\n"
	y := "# Log\n\n## Contexte\n- A.\n- From y.\n\n## Décisions prises\n- Decision y.\n"
	for _, pair := range [][2]string{{x, y}, {y, x}} {
		got, clean := MergeDocs([]byte(base), []byte(pair[0]), []byte(pair[1]))
		if !clean {
			t.Fatal("not clean")
		}
		for _, b := range []string{"- A.", "- From x.", "- From y.", "- Item x.", "- Decision y."} {
			if n := strings.Count(string(got), b+"\n"); n != 1 {
				t.Errorf("%q %d times in\n%s", b, n, got)
			}
		}
		if i, j := strings.Index(string(got), "## Décisions"), strings.Index(string(got), "## À suivre"); i > j {
			t.Errorf("sections out of order:\n%s", got)
		}
	}
}
