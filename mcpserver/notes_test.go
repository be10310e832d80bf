package mcpserver

import (
	"strings"
	"testing"
)

const profileNote = "---\ntitle: Profil\ndescription: Qui est l'utilisateur, ses préférences\nupdated: 2026-03-01\nsensitive: false\ntags: [perso]\n---\n\n# Profil\n- Préfère les réponses en français.\n"

const payNote = "---\ntitle: Salaires\ndescription: Grille des salaires de l'équipe\nupdated: 2026-03-02\nsensitive: true\n---\n\n# Salaires\n- La grille est revue en mars.\n"

// Notes are one line each in the index, found by search, read like any file; a sensitive one
// (by its front matter) is invisible to a read-only client.
func TestNotesIndexSearchAccess(t *testing.T) {
	t.Parallel()
	root := seeded(t, "[mcp.access]\n\"*\" = \"full\"\nviewer = \"read\"\n")
	writeFile(t, root, "memory_sessions/notes/profil.md", profileNote)
	writeFile(t, root, "memory_sessions/notes/salaires.md", payNote)

	full := connect(t, root, "claude")
	var out IndexOut
	text := full.ok("memory_index", nil, &out)
	mustContain(t, "index", text, "- notes/profil.md  Qui est l'utilisateur, ses préférences  (2026-03-01)\n",
		"- notes/salaires.md  Grille des salaires de l'équipe  (2026-03-02)  (sensitive)\n")
	if len(out.Notes) != 2 || out.Counts.Notes != 2 || out.Notes[1].Path != "notes/salaires.md" || !out.Notes[1].Sensitive {
		t.Errorf("notes: %+v %+v", out.Notes, out.Counts)
	}
	var res SearchOut
	full.ok("memory_search", map[string]any{"query": "grille"}, &res)
	if res.Total != 2 || res.Hits[0].Path != "notes/salaires.md" || res.Hits[1].Path != "notes/salaires.md" { // its bullet, its description
		t.Errorf("search: %+v", res)
	}

	ro := connect(t, root, "viewer")
	text = ro.ok("memory_index", nil, nil)
	mustContain(t, "read-only index", text, "notes/profil.md")
	mustNotContain(t, "read-only index", text, "salaires")
	ro.ok("memory_search", map[string]any{"query": "grille"}, &res)
	if res.Total != 0 {
		t.Errorf("a read-only client found a sensitive note: %+v", res)
	}
	mustContain(t, "read-only read", ro.fail("memory_read", map[string]any{"path": "notes/salaires.md"}), "not found")
	ro.ok("memory_read", map[string]any{"path": "notes/profil.md"}, nil)
}

// A note is created by memory_write (its content as given) or by a section edit of a note that
// does not exist yet (a front matter is written); every edit sets its updated date.
func TestNotesCreatedAndTouched(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "claude")
	c.ok("memory_edit", map[string]any{"path": "notes/client-acme.md", "op": "append", "section": "Contacts", "new": "- Marie, achats."}, nil)
	got := readFile(t, root, "memory_sessions/notes/client-acme.md")
	mustContain(t, "new note", got, "---\ntitle: client-acme\n", "updated: "+today+"\n", "## Contacts\n- Marie, achats.\n")

	c.ok("memory_write", map[string]any{"path": "notes/profil.md", "content": profileNote, "version": ""}, nil)
	mustContain(t, "written note", readFile(t, root, "memory_sessions/notes/profil.md"), "updated: "+today+"\n", "description: Qui est l'utilisateur")
	c.ok("memory_edit", map[string]any{"path": "notes/profil.md", "op": "replace", "old": "description: Qui est l'utilisateur, ses préférences", "new": "description: L'utilisateur"}, nil)
	mustContain(t, "edited note", readFile(t, root, "memory_sessions/notes/profil.md"), "description: L'utilisateur\n")

	msg := c.fail("memory_write", map[string]any{"path": "notes/Mauvais Nom.md", "content": "x\n", "version": ""})
	mustContain(t, "bad name", msg, "notes/NAME.md")
	if strings.Contains(readFile(t, root, "memory_sessions/notes/profil.md"), "2026-03-01") {
		t.Error("the updated date was not set")
	}
}

// memory_add weighs and tags its bullets; memory_search filters on a tag.
func TestAddWeightAndSearchTag(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "claude")
	var out AddOut
	c.ok("memory_add", map[string]any{"section": "decisions", "bullets": []string{"La TVA est calculée au panier"}, "importance": 7, "tags": []string{"checkout", "#VAT"}}, &out)
	if len(out.Added) != 1 || out.Added[0].Text != "La TVA est calculée au panier !7 #checkout #vat" {
		t.Fatalf("added: %+v", out)
	}
	c.ok("memory_add", map[string]any{"section": "decisions", "bullets": []string{"La TVA des livres reste à 5,5 %"}}, nil)
	mustContain(t, "bad tag", c.fail("memory_add", map[string]any{"section": "decisions", "bullets": []string{"x"}, "tags": []string{"9"}}), `"9" is not a tag`)
	var res SearchOut
	c.ok("memory_search", map[string]any{"query": "tva", "tag": "vat"}, &res)
	if res.Total != 1 || !strings.Contains(res.Hits[0].Text, "au panier") {
		t.Errorf("tag filter: %+v", res)
	}
}
