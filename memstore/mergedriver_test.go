package memstore

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestMergeDocs(t *testing.T) {
	t.Parallel()
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
			want:   "# Log\n\n## Réunion\n<<<<<<< ours\nTexte ours.\n=======\nTexte theirs.\n>>>>>>> theirs\n",
			clean:  false,
		},
		{
			name:   "not a memory file conflicts",
			base:   "alpha\nbeta\n",
			ours:   "alpha\nours\n",
			theirs: "alpha\ntheirs\n",
			want:   "alpha\n<<<<<<< ours\nours\n=======\ntheirs\n>>>>>>> theirs\n",
			clean:  false,
		},
		{
			// one word apart is a different fact: "never" must not fold into its opposite
			name:   "bullets one word apart are both kept",
			base:   baseLog,
			ours:   strings.Replace(baseLog, "- Refonte de la mémoire.\n", "- Refonte de la mémoire.\n- Cache warms up on the first request.\n", 1),
			theirs: strings.Replace(baseLog, "- Refonte de la mémoire.\n", "- Refonte de la mémoire.\n- Cache never warms up on the first request.\n", 1),
			want:   strings.Replace(baseLog, "- Refonte de la mémoire.\n", "- Refonte de la mémoire.\n- Cache warms up on the first request.\n- Cache never warms up on the first request.\n", 1),
			clean:  true,
		},
		{
			name:   "exact duplicates once normalised are written once",
			base:   baseLog,
			ours:   strings.Replace(baseLog, "- Écrire le README.\n", "- Écrire le README.\n- Relire la spec.\n", 1),
			theirs: strings.Replace(baseLog, "- Écrire le README.\n", "- Écrire le README.\n- relire  la SPEC\n", 1),
			want:   strings.Replace(baseLog, "- Écrire le README.\n", "- Écrire le README.\n- Relire la spec.\n", 1),
			clean:  true,
		},
		{
			name:   "different sub-bullets under the same bullet are all kept",
			base:   baseLog,
			ours:   strings.Replace(baseLog, "- Valider le format.\n", "- Valider le format.\n  - ours: the headings\n", 1),
			theirs: strings.Replace(baseLog, "- Valider le format.\n", "- Valider le format.\n  - theirs: the bullets\n", 1),
			want:   strings.Replace(baseLog, "- Valider le format.\n", "- Valider le format.\n  - ours: the headings\n  - theirs: the bullets\n", 1),
			clean:  true,
		},
		{
			name:   "a free text conflict is marked and every other section merged",
			base:   "# Log\n\n## Contexte\n- A.\n\n## Réunion\nTexte libre.\n- Point.\n",
			ours:   "# Log\n\n## Contexte\n- A.\n- Ours.\n\n## Réunion\nTexte ours.\n- Point.\n",
			theirs: "# Log\n\n## Contexte\n- A.\n- Theirs.\n\n## Réunion\nTexte theirs.\n- Point.\n- Point theirs.\n\n## À suivre\n- Theirs next.\n",
			want:   "# Log\n\n## Contexte\n- A.\n- Ours.\n- Theirs.\n\n## Réunion\n<<<<<<< ours\nTexte ours.\n=======\nTexte theirs.\n>>>>>>> theirs\n- Point.\n- Point theirs.\n\n## À suivre\n- Theirs next.\n",
			clean:  false,
		},
		{
			name:   "a title changed on both sides is marked",
			base:   baseLog,
			ours:   strings.Replace(baseLog, "# Log session — 2026-03-22", "# Log ours", 1) + "- Ours next.\n",
			theirs: strings.Replace(baseLog, "# Log session — 2026-03-22", "# Log theirs", 1) + "- Theirs next.\n",
			want:   strings.Replace(baseLog, "# Log session — 2026-03-22", "<<<<<<< ours\n# Log ours\n=======\n# Log theirs\n>>>>>>> theirs", 1) + "- Ours next.\n- Theirs next.\n",
			clean:  false,
		},
		{
			// a bullet edited two ways is a conflict: both versions between markers, for a person to choose
			name:   "the same bullet edited differently is marked",
			base:   baseLog,
			ours:   strings.Replace(baseLog, "- Valider le format.", "- Valider le format des titres.", 1),
			theirs: strings.Replace(baseLog, "- Valider le format.", "- Valider le format des puces.", 1) + "- Theirs next.\n",
			want:   strings.Replace(baseLog, "- Valider le format.", "<<<<<<< ours\n- Valider le format des titres.\n=======\n- Valider le format des puces.\n>>>>>>> theirs", 1) + "- Theirs next.\n",
			clean:  false,
		},
		{
			name:   "a bullet edited by ours and an item appended after it by theirs merge",
			base:   baseLog,
			ours:   strings.Replace(baseLog, "- Écrire le README.", "- Écrire le README en anglais.", 1),
			theirs: baseLog + "- Theirs next.\n",
			want:   strings.Replace(baseLog, "- Écrire le README.", "- Écrire le README en anglais.", 1) + "- Theirs next.\n",
			clean:  true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, conflicts := MergeDocs([]byte(tt.base), []byte(tt.ours), []byte(tt.theirs), MergeMarkers{})
			clean := len(conflicts) == 0
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
	t.Parallel()
	base := "# Log\n\n## Contexte\n- A.\n"
	x := "# Log\n\n## Contexte\n- A.\n- From x.\n\n## À suivre\n- Item x.\n"
	y := "# Log\n\n## Contexte\n- A.\n- From y.\n\n## Décisions prises\n- Decision y.\n"
	for _, pair := range [][2]string{{x, y}, {y, x}} {
		got, conflicts := MergeDocs([]byte(base), []byte(pair[0]), []byte(pair[1]), MergeMarkers{})
		clean := len(conflicts) == 0
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

// TestMergeDocsMarkers: the labels and the marker length git gives are used.
func TestMergeDocsMarkers(t *testing.T) {
	t.Parallel()
	got, conflicts := MergeDocs([]byte("# Log\n\n## Réunion\nA.\n"), []byte("# Log\n\n## Réunion\nB.\n"), []byte("# Log\n\n## Réunion\nC.\n"),
		MergeMarkers{Ours: "HEAD", Theirs: "feature", Size: 9})
	want := "# Log\n\n## Réunion\n<<<<<<<<< HEAD\nB.\n=========\nC.\n>>>>>>>>> feature\n"
	if string(got) != want || len(conflicts) != 1 || !strings.Contains(conflicts[0], "Réunion") {
		t.Fatalf("got %q %q, want %q", got, conflicts, want)
	}
}

// memDoc is a memory file to edit at random in TestMergeDocsKeepsEveryLine.
type memDoc struct {
	title    string
	sections []memSection
}

type memSection struct {
	heading string
	free    []string
	bullets []memBullet
}

type memBullet struct {
	text string
	subs []string
}

func (d memDoc) render() string {
	var b strings.Builder
	b.WriteString("# " + d.title + "\n")
	for _, s := range d.sections {
		b.WriteString("\n## " + s.heading + "\n")
		for _, f := range s.free {
			b.WriteString(f + "\n")
		}
		for _, bl := range s.bullets {
			b.WriteString("- " + bl.text + "\n")
			for _, sub := range bl.subs {
				b.WriteString("  - " + sub + "\n")
			}
		}
	}
	return b.String()
}

func (d memDoc) clone() memDoc {
	c := memDoc{title: d.title}
	for _, s := range d.sections {
		cs := memSection{heading: s.heading, free: slices.Clone(s.free)}
		for _, bl := range s.bullets {
			cs.bullets = append(cs.bullets, memBullet{text: bl.text, subs: slices.Clone(bl.subs)})
		}
		c.sections = append(c.sections, cs)
	}
	return c
}

// edit makes one random change of the kind a person or the hook makes to a memory file.
func (d *memDoc) edit(r *rand.Rand, next func() string) {
	headings := []string{"Contexte", "Décisions prises", "À suivre", "Finalisé", "Réunion", "2026-03-15"}
	if len(d.sections) == 0 {
		d.sections = append(d.sections, memSection{heading: headings[r.IntN(len(headings))]})
	}
	s := &d.sections[r.IntN(len(d.sections))]
	pick := func() *memBullet {
		if len(s.bullets) == 0 {
			s.bullets = append(s.bullets, memBullet{text: next()})
		}
		return &s.bullets[r.IntN(len(s.bullets))]
	}
	switch r.IntN(11) {
	case 0, 1:
		s.bullets = append(s.bullets, memBullet{text: next()})
	case 2:
		b := pick() // the same fact one word apart, or once normalised
		if r.IntN(2) == 0 {
			s.bullets = append(s.bullets, memBullet{text: strings.Replace(b.text, "warms", "never warms", 1)})
		} else {
			s.bullets = append(s.bullets, memBullet{text: strings.ToUpper(b.text) + "."})
		}
	case 3:
		b := pick()
		b.subs = append(b.subs, "sub "+next())
	case 4:
		b := pick()
		b.text += " " + next()
	case 5:
		if len(s.bullets) > 0 {
			i := r.IntN(len(s.bullets))
			s.bullets = slices.Delete(s.bullets, i, i+1)
		}
	case 6: // tick: the bullet moves to Finalisé
		if len(s.bullets) > 0 && s.heading == "À suivre" {
			i := r.IntN(len(s.bullets))
			b := s.bullets[i]
			s.bullets = slices.Delete(s.bullets, i, i+1)
			d.addTo("Finalisé", memBullet{text: "✅ " + b.text, subs: b.subs})
		}
	case 7:
		if len(s.free) == 0 || r.IntN(2) == 0 {
			s.free = append(s.free, "Free text "+next())
		} else {
			s.free[r.IntN(len(s.free))] = "Rewritten text " + next()
		}
	case 8:
		d.title = "Log " + next()
	case 9:
		d.addTo(headings[r.IntN(len(headings))], memBullet{text: next()})
	case 10:
		i := r.IntN(len(d.sections))
		d.sections = slices.Delete(d.sections, i, i+1)
	}
}

func (d *memDoc) addTo(heading string, b memBullet) {
	for i := range d.sections {
		if d.sections[i].heading == heading {
			d.sections[i].bullets = append(d.sections[i].bullets, b)
			return
		}
	}
	d.sections = append(d.sections, memSection{heading: heading, bullets: []memBullet{b}})
}

// lines lists the lines of a file without blank lines and conflict markers.
func lines(text string) map[string]bool {
	out := map[string]bool{}
	for l := range strings.Lines(text) {
		l = strings.TrimRight(l, " \t\r\n")
		if !blank(l) && !strings.HasPrefix(l, "<<<<<<< ") && l != "=======" && !strings.HasPrefix(l, ">>>>>>> ") {
			out[l] = true
		}
	}
	return out
}

// lineKey is a line as the merge must keep it: a bullet by its normalised text (an exact
// duplicate is written once), another line as it is.
func lineKey(l string) string {
	if strings.HasPrefix(l, "- ") {
		return "- " + Normalize(l[2:])
	}
	return l
}

// TestMergeDocsKeepsEveryLine is the driver's promise (SPEC §6) over random pairs of edits:
// every line either side added, and every line both sides kept, is in the merge.
func TestMergeDocsKeepsEveryLine(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(6, 9))
	n := 0
	next := func() string { n++; return fmt.Sprintf("cache warms up step %d", n) }
	for i := range 500 {
		base := memDoc{title: "Log session — 2026-03-22"}
		for range r.IntN(6) {
			base.edit(r, next)
		}
		ours, theirs := base.clone(), base.clone()
		for range 1 + r.IntN(4) {
			ours.edit(r, next)
		}
		for range 1 + r.IntN(4) {
			theirs.edit(r, next)
		}
		b, o, th := base.render(), ours.render(), theirs.render()
		got, _ := MergeDocs([]byte(b), []byte(o), []byte(th), MergeMarkers{})
		bl, ol, tl := lines(b), lines(o), lines(th)
		merged := map[string]bool{}
		for l := range lines(string(got)) {
			merged[lineKey(l)] = true
		}
		for _, side := range [][2]map[string]bool{{ol, tl}, {tl, ol}} {
			for l := range side[0] {
				if (!bl[l] || side[1][l]) && !merged[lineKey(l)] {
					t.Fatalf("case %d: %q lost\nbase:\n%s\nours:\n%s\ntheirs:\n%s\nmerged:\n%s", i, l, b, o, th, got)
				}
			}
		}
	}
}
