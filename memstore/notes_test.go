package memstore

import (
	"os"
	"path"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestFrontMatter(t *testing.T) {
	t.Parallel()
	data := []byte("---\ntitle: \"Profil: moi\"\ndescription: Qui je suis\nupdated: 2026-11-01\nsensitive: true\ntags: [perso, 'rh']\nauthor: x\n---\n\n# Profil\n")
	m, body, ok := ParseFrontMatter(data)
	if !ok || m.Title != "Profil: moi" || m.Description != "Qui je suis" || m.Updated != "2026-11-01" || !m.Sensitive ||
		!slices.Equal(m.Tags, []string{"perso", "rh"}) || string(body) != "\n# Profil\n" {
		t.Fatalf("%+v %q %v", m, body, ok)
	}
	back, _, _ := ParseFrontMatter([]byte(m.FrontMatter()))
	if back.Title != m.Title || back.Description != m.Description || !slices.Equal(back.Tags, m.Tags) || !back.Sensitive {
		t.Errorf("round trip: %+v", back)
	}
	if _, _, ok := ParseFrontMatter([]byte("---\ntitle: x\n")); ok {
		t.Error("an unclosed front matter is not one")
	}
	if !IsSensitive(data) || IsSensitive([]byte("---\nsensitive: false\n---\n")) || !IsSensitive([]byte("# x\n<!-- Carnet: Sensitive -->\n")) {
		t.Error("IsSensitive")
	}
	touched := string(TouchNote(data, "2026-11-30"))
	if !strings.Contains(touched, "updated: 2026-11-30\n") || !strings.Contains(touched, "author: x\n") {
		t.Errorf("TouchNote keeps the other lines:\n%s", touched)
	}
}

func TestSlug(t *testing.T) {
	t.Parallel()
	if got := Slugify("  Profil de l'Équipe — Œuvre 2 "); got != "profil-de-l-equipe-oeuvre-2" {
		t.Errorf("Slugify: %q", got)
	}
	for s, want := range map[string]bool{"profil": true, "a-1": true, "-a": false, "A": false, "a/b": false, "": false, "..": false} {
		if IsSlug(s) != want {
			t.Errorf("IsSlug(%q) != %v", s, want)
		}
	}
}

// Notes are written through Write (created, then updated keeping what is not given), listed
// with their front matter, and leave out links and names that are not slugs.
func TestSaveAndListNotes(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"notes/Bad Name.md": "x"})
	now := time.Date(2026, 11, 30, 9, 0, 0, 0, time.Local)
	body := "\n# Profil\n- Préfère le français.\n"
	created, _, err := p.SaveNote(Change{Writer: "cli", Now: now}, "profil", NoteInput{Title: "Profil", Description: "Qui est l'utilisateur", Tags: []string{"perso"}, Body: &body})
	if err != nil || !created {
		t.Fatal(created, err)
	}
	yes := true
	if created, _, err = p.SaveNote(Change{Writer: "cli", Now: now.AddDate(0, 0, 1)}, "profil", NoteInput{Sensitive: &yes}); err != nil || created {
		t.Fatal(created, err)
	}
	if err := os.Symlink("/etc/hostname", p.WS.Abs(path.Join(p.NotesDir(), "lien.md"))); err != nil {
		t.Fatal(err)
	}
	notes, err := p.Notes()
	if err != nil || len(notes) != 1 {
		t.Fatalf("%v %+v", err, notes)
	}
	m := notes[0].Meta
	if notes[0].Slug != "profil" || m.Description != "Qui est l'utilisateur" || m.Updated != "2026-12-01" || !m.Sensitive || !slices.Equal(m.Tags, []string{"perso"}) {
		t.Errorf("%+v", notes[0])
	}
	_, data, _ := p.ReadNote("profil")
	if !strings.HasSuffix(string(data), body) {
		t.Errorf("the body is kept:\n%s", data)
	}
	if _, _, err := p.ReadNote("../x"); err == nil {
		t.Error("a path is not a note")
	}
	if _, _, err := p.SaveNote(Change{}, "Nope", NoteInput{}); err == nil {
		t.Error("a bad slug is refused")
	}
}

func TestConfigLoadNotes(t *testing.T) {
	t.Parallel()
	c, err := ParseConfig("carnet.toml", []byte("[load]\nnotes = [\"profil\", \"equipe-api\"]\n"))
	if err != nil || !slices.Equal(c.Load.Notes, []string{"profil", "equipe-api"}) || c.Load.BudgetTokens != 2500 {
		t.Fatalf("%v %+v", err, c.Load)
	}
	for toml, want := range map[string]string{
		"[load]\nnotes = [\"../x\"]\n": `carnet.toml:2: notes: "../x" is not a note name`,
		"[load]\nnotes = \"profil\"\n": `load.notes: want a list of note names`,
	} {
		if _, err := ParseConfig("carnet.toml", []byte(toml)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", toml, err, want)
		}
	}
}
