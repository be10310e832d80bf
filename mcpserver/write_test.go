package mcpserver

import (
	"carnet/memstore/gitrepo"
	"fmt"
	"strings"
	"sync"
	"testing"
)

const todayLog = "memory_sessions/logs/" + today + ".md"

func TestAdd(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "codex")
	var out AddOut
	text := c.ok("memory_add", map[string]any{"section": "decisions", "bullets": []string{
		"Lire le transcript depuis la fin",
		"  - Appeler l'extracteur depuis   un dossier temporaire  ",
		"Path " + root + "/memory_sessions/long_memory.md stays relative",
	}}, &out)
	want := []string{
		"Lire le transcript depuis la fin",
		"Appeler l'extracteur depuis un dossier temporaire",
		"Path memory_sessions/long_memory.md stays relative",
	}
	if len(out.Added) != 3 {
		t.Fatalf("added = %+v", out.Added)
	}
	for i, w := range want {
		if out.Added[i].Text != w || out.Added[i].Path != "logs/"+today+".md" || out.Added[i].Section != "decisions" {
			t.Errorf("added[%d] = %+v, want %q", i, out.Added[i], w)
		}
		// the confirmation echoes each bullet exactly as the file holds it
		mustContain(t, "confirmation", text, "\n- "+noted("codex", w)+"\n")
		mustContain(t, "log", readFile(t, root, todayLog), "\n- "+noted("codex", w)+"\n")
	}
	mustContain(t, "log", readFile(t, root, todayLog), "# Log session — "+today, "## Décisions prises\n")

	// a second time: nothing written
	before := readFile(t, root, todayLog)
	text = c.ok("memory_add", map[string]any{"section": "decisions", "bullets": []string{"lire le transcript depuis la fin."}}, &out)
	if len(out.Added) != 0 || len(out.Duplicates) != 1 {
		t.Errorf("duplicate add = %+v", out)
	}
	mustContain(t, "duplicate", text, "Nothing written", "already in memory")
	if readFile(t, root, todayLog) != before {
		t.Error("a duplicate changed the log")
	}

	// long memory, under today's date
	c.ok("memory_add", map[string]any{"section": "long_terme", "bullets": []string{"Le serveur MCP parle sur stdio."}}, &out)
	if len(out.Added) != 1 || out.Added[0].Path != "long_memory.md" {
		t.Errorf("long_terme add = %+v", out)
	}
	mustContain(t, "long memory", readFile(t, root, "memory_sessions/long_memory.md"), "## "+today+"\n- "+noted("codex", "Le serveur MCP parle sur stdio.")+"\n")

	// the English key names the same section, and the answer gives the file's key
	c.ok("memory_add", map[string]any{"section": "long_term", "bullets": []string{"Les clés anglaises valent les françaises."}}, &out)
	if len(out.Added) != 1 || out.Added[0].Path != "long_memory.md" || out.Added[0].Section != "long_terme" {
		t.Errorf("long_term add = %+v", out)
	}
	c.ok("memory_add", map[string]any{"section": "knowledge", "bullets": []string{"Le hook lit la fin du transcript."}}, &out)
	if len(out.Added) != 1 || out.Added[0].Section != "connaissances" {
		t.Errorf("knowledge add = %+v", out)
	}
	mustContain(t, "english key", readFile(t, root, todayLog), "## Connaissances acquises\n- "+noted("codex", "Le hook lit la fin du transcript.")+"\n")

	// a long bullet is echoed whole
	long := strings.Repeat("mot ", 240) + "fin"
	text = c.ok("memory_add", map[string]any{"section": "travail", "bullets": []string{long}}, &out)
	mustContain(t, "long bullet", text, long)
	mustContain(t, "long bullet", readFile(t, root, todayLog), long)
}

func TestAddRefusals(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "codex")
	for name, args := range map[string]map[string]any{
		"unknown section": {"section": "divers", "bullets": []string{"x"}},
		"no bullet":       {"section": "travail", "bullets": []string{}},
		"blank bullet":    {"section": "travail", "bullets": []string{"ok", "   "}},
		"too long":        {"section": "travail", "bullets": []string{strings.Repeat("a", maxBulletChars+1)}},
		"missing bullets": {"section": "travail"},
		"wrong key":       {"section": "travail", "text": "x"},
	} {
		msg := c.fail("memory_add", args)
		if msg == "" {
			t.Errorf("%s: empty refusal", name)
		}
	}
	if exists(root, todayLog) {
		t.Error("a refused add wrote today's log")
	}
}

func TestAddSecretRefused(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "codex")
	const token = "ghp_1234567890abcdefghijABCDEFGHIJ123456"
	msg := c.fail("memory_add", map[string]any{"section": "connaissances", "bullets": []string{
		"Le token GitHub sert à publier",
		"Token: " + token,
	}})
	mustContain(t, "secret refusal", msg, "refused", "bullet 2", "looks like a secret", "Nothing was written")
	mustNotContain(t, "secret refusal", msg, token)
	if exists(root, todayLog) {
		t.Error("a refused secret wrote today's log (even the harmless bullet)")
	}
	msg = c.fail("memory_add", map[string]any{"section": "long_terme", "bullets": []string{"password = Sup3rS3cret!2026"}})
	mustContain(t, "password", msg, "looks like a secret")
	if readFile(t, root, "memory_sessions/long_memory.md") != seedLong {
		t.Error("long memory changed")
	}
	// prose about a token passes
	c.ok("memory_add", map[string]any{"section": "connaissances", "bullets": []string{"The API token is read from $GH_TOKEN, never stored"}}, nil)
}

func TestDone(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "codex")
	var out DoneOut
	text := c.ok("memory_done", map[string]any{"text": "mesurer hook 200 mo"}, &out)
	if len(out.Ticked) != 1 || out.Ticked[0].Text != "✅ Mesurer le hook sur un transcript de 200 Mo." || out.Ticked[0].Path != "logs/2026-03-21.md" {
		t.Fatalf("ticked = %+v", out)
	}
	mustContain(t, "done text", text, "✅ Mesurer le hook sur un transcript de 200 Mo.  (logs/2026-03-21.md)")
	log := readFile(t, root, "memory_sessions/logs/2026-03-21.md")
	mustContain(t, "log", log, "## Finalisé\n- ✅ Mesurer le hook sur un transcript de 200 Mo.\n")
	mustNotContain(t, "log", log, "- Mesurer le hook")

	// not found: nothing changes, the open items are listed
	msg := c.fail("memory_done", map[string]any{"text": "déployer en production"})
	mustContain(t, "not found", msg, "no open item matches", "Valider que la découverte des skills")
	if readFile(t, root, "memory_sessions/logs/2026-03-21.md") != log {
		t.Error("a failed done changed the log")
	}

	// ambiguous: nothing changes, candidates listed
	c.ok("memory_add", map[string]any{"section": "a_suivre", "bullets": []string{"Valider le patch du parser"}}, nil)
	msg = c.fail("memory_done", map[string]any{"text": "valider patch"})
	mustContain(t, "ambiguous", msg, "matches 2 open items", "nothing was ticked",
		"2026-03-21  Valider que la découverte", today+"  Valider le patch du parser")
	if readFile(t, root, "memory_sessions/logs/2026-03-21.md") != log {
		t.Error("an ambiguous done changed the log")
	}
	c.ok("memory_done", map[string]any{"text": "valider patch", "all": true}, &out)
	if len(out.Ticked) != 2 {
		t.Errorf("all = %+v", out)
	}
	text = c.ok("memory_done", map[string]any{"all": true}, &out)
	mustContain(t, "nothing open", text, "No open item")
	c.fail("memory_done", map[string]any{})
}

func TestWrite(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "claude")
	var fc FileContent
	c.ok("memory_read", map[string]any{"path": "long_memory.md"}, &fc)
	next := strings.Replace(fc.Content, "- Déduplication : l'existant est relu avant d'écrire.\n",
		"- Déduplication : l'existant est relu avant d'écrire (sous verrou).\n- Le serveur MCP écrit atomiquement.\n", 1)
	var out WriteOut
	text := c.ok("memory_write", map[string]any{"path": "long_memory.md", "content": next, "version": fc.Version}, &out)
	if got := readFile(t, root, "memory_sessions/long_memory.md"); got != next {
		t.Fatalf("file = %q", got)
	}
	if out.Version != gitrepo.BlobVersion([]byte(next)) || out.PreviousVersion != fc.Version || out.Chars != len([]rune(next)) {
		t.Errorf("write result = %+v", out)
	}
	if strings.Join(out.Added, "|") != "- Déduplication : l'existant est relu avant d'écrire (sous verrou).|- Le serveur MCP écrit atomiquement." ||
		strings.Join(out.Removed, "|") != "- Déduplication : l'existant est relu avant d'écrire." {
		t.Errorf("diff = +%q -%q", out.Added, out.Removed)
	}
	mustContain(t, "write text", text, "Rewrote long_memory.md", out.Version,
		"+ - Le serveur MCP écrit atomiquement.\n", "- - Déduplication : l'existant est relu avant d'écrire.\n")

	// the old version is stale now: refused, file unchanged
	msg := c.fail("memory_write", map[string]any{"path": "long_memory.md", "content": "# x\n", "version": fc.Version})
	mustContain(t, "stale version", msg, "re-read", "changed since you read it", "Nothing was written")
	if readFile(t, root, "memory_sessions/long_memory.md") != next {
		t.Error("a stale write changed the file")
	}
	// so is a file changed behind the client's back (by the hook, a person…)
	writeFile(t, root, "memory_sessions/long_memory.md", next+"- Ajout à la main.\n")
	msg = c.fail("memory_write", map[string]any{"path": "long_memory.md", "content": next, "version": out.Version})
	mustContain(t, "changed on disk", msg, "re-read")

	// the same content again: no change
	cur := readFile(t, root, "memory_sessions/long_memory.md")
	text = c.ok("memory_write", map[string]any{"path": "long_memory.md", "content": cur, "version": strings.ToUpper(gitrepo.BlobVersion([]byte(cur)))}, &out)
	if !out.Unchanged {
		t.Errorf("same content = %+v", out)
	}
	mustContain(t, "unchanged", text, "unchanged")

	// a new daily log with an empty version; an existing file with an empty version is refused
	newLog := "# Log session — 2026-03-23\n\n## Objectif\n- Préparer la démo.\n"
	text = c.ok("memory_write", map[string]any{"path": "logs/2026-03-23.md", "content": newLog, "version": ""}, &out)
	mustContain(t, "create", text, "Created logs/2026-03-23.md")
	if readFile(t, root, "memory_sessions/logs/2026-03-23.md") != newLog {
		t.Error("new log not written")
	}
	msg = c.fail("memory_write", map[string]any{"path": "logs/2026-03-23.md", "content": newLog + "- x\n", "version": ""})
	mustContain(t, "exists", msg, "already exists", "re-read")
	msg = c.fail("memory_write", map[string]any{"path": "logs/2026-03-24.md", "content": newLog, "version": "0123456789"})
	mustContain(t, "vanished", msg, "no longer exists", "re-read")
	msg = c.fail("memory_write", map[string]any{"path": "notes.md", "content": "# notes\n", "version": ""})
	mustContain(t, "outside the layout", msg, "only creates long_memory.md and logs/YYYY-MM-DD.md")
	msg = c.fail("memory_write", map[string]any{"path": "long_memory.md", "content": " \n", "version": gitrepo.BlobVersion([]byte(cur))})
	mustContain(t, "empty", msg, "empty")
	c.fail("memory_write", map[string]any{"path": "../carnet.toml", "content": "x", "version": ""})
	c.fail("memory_write", map[string]any{"path": "logs/.debug/x.md", "content": "x", "version": ""})
}

func TestWriteSizeLimit(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "claude")
	v := gitrepo.BlobVersion([]byte(seedLog))
	// characters, not bytes: 20,000 "é" are 40,000 bytes and fit
	ok := "# Log\n" + strings.Repeat("é", MaxFileChars-7) + "\n"
	var out WriteOut
	c.ok("memory_write", map[string]any{"path": "logs/2026-03-21.md", "content": ok, "version": v}, &out)
	if out.Chars != MaxFileChars {
		t.Errorf("chars = %d", out.Chars)
	}
	// the limit is on what one call adds: a file over it still takes a small change
	bigger := ok + "- une ligne de plus\n"
	c.ok("memory_write", map[string]any{"path": "logs/2026-03-21.md", "content": bigger, "version": out.Version}, &out)
	if out.Chars != MaxFileChars+20 || len(out.Added) != 1 {
		t.Errorf("small change to a large file = %d chars, added %v", out.Chars, len(out.Added))
	}
	tooBig := "# Log\n" + strings.Repeat("ü", MaxFileChars) + "\n" // adds 20,000 ü and a line break
	msg := c.fail("memory_write", map[string]any{"path": "logs/2026-03-21.md", "content": tooBig, "version": out.Version})
	mustContain(t, "too big", msg, "adds 20001 characters", "20000", "Split it", "Nothing was written")
	if readFile(t, root, "memory_sessions/logs/2026-03-21.md") != bigger {
		t.Error("an oversized write changed the file")
	}
}

func TestWriteSecretRefused(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "claude")
	v := gitrepo.BlobVersion([]byte(seedLong))
	const key = "AKIAIOSFODNN7EXAMPLQ"
	msg := c.fail("memory_write", map[string]any{"path": "long_memory.md", "content": seedLong + "- Clé AWS : " + key + "\n", "version": v})
	mustContain(t, "secret", msg, "line 6 of the new content", "looks like a secret", "Nothing was written")
	mustNotContain(t, "secret", msg, key, "AKIA")
	if readFile(t, root, "memory_sessions/long_memory.md") != seedLong {
		t.Error("a refused secret changed the file")
	}
	// a line already there is not checked again: a person's false positive does not lock the file
	withCard := seedLong + "- Carte de test 4111 1111 1111 1111 (doc Stripe)\n"
	writeFile(t, root, "memory_sessions/long_memory.md", withCard)
	c.ok("memory_write", map[string]any{"path": "long_memory.md", "content": withCard + "- Fait nouveau.\n", "version": gitrepo.BlobVersion([]byte(withCard))}, nil)
}

func TestForget(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	writeFile(t, root, "memory_sessions/long_memory.md", seedLong+`
## 2026-03-10
- Faux : le hook lit tout le transcript.
  - détail imbriqué qui part avec lui
- Le hook sort toujours 0.
`)
	c := connect(t, root, "claude")
	var out ForgetOut
	text := c.ok("memory_forget", map[string]any{"path": "long_memory.md", "bullet": "- faux : le hook lit tout le transcript"}, &out)
	if strings.Join(out.Removed, "|") != "- Faux : le hook lit tout le transcript.|  - détail imbriqué qui part avec lui" || out.Section != "2026-03-10" {
		t.Errorf("forget = %+v", out)
	}
	mustContain(t, "forget text", text, "Removed from long_memory.md [2026-03-10]", "- Faux : le hook lit tout le transcript.\n  - détail imbriqué")
	lm := readFile(t, root, "memory_sessions/long_memory.md")
	mustNotContain(t, "long memory", lm, "Faux", "imbriqué")
	mustContain(t, "long memory", lm, "## 2026-03-10\n- Le hook sort toujours 0.\n")

	msg := c.fail("memory_forget", map[string]any{"path": "long_memory.md", "bullet": "hook"})
	mustContain(t, "not found", msg, "no bullet", "Bullets holding those words", "Le hook sort toujours 0.")
	if readFile(t, root, "memory_sessions/long_memory.md") != lm {
		t.Error("a failed forget changed the file")
	}

	// the same bullet in two sections: section says which
	writeFile(t, root, "memory_sessions/logs/2026-03-20.md", "# Log session — 2026-03-20\n\n## Contexte\n- Doublon.\n\n## Travail produit\n- Doublon.\n- Autre.\n")
	msg = c.fail("memory_forget", map[string]any{"path": "logs/2026-03-20.md", "bullet": "Doublon."})
	mustContain(t, "ambiguous", msg, "2 places", `"Contexte"`, `"Travail produit"`)
	c.ok("memory_forget", map[string]any{"path": "logs/2026-03-20.md", "bullet": "Doublon.", "section": "Travail produit"}, &out)
	if got := readFile(t, root, "memory_sessions/logs/2026-03-20.md"); got != "# Log session — 2026-03-20\n\n## Contexte\n- Doublon.\n\n## Travail produit\n- Autre.\n" {
		t.Errorf("after forget:\n%s", got)
	}
	// the last bullet of a section takes the section with it
	c.ok("memory_forget", map[string]any{"path": "logs/2026-03-20.md", "bullet": "Doublon."}, nil)
	mustNotContain(t, "empty section", readFile(t, root, "memory_sessions/logs/2026-03-20.md"), "Contexte")

	c.fail("memory_forget", map[string]any{"path": "logs/2026-01-01.md", "bullet": "x"})
}

// Concurrent writes from one client: every bullet lands, none is lost to a race.
func TestConcurrentAdds(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "codex")
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Go(func() {
			c.ok("memory_add", map[string]any{"section": "travail", "bullets": []string{fmt.Sprintf("Tâche parallèle numéro %d terminée", i)}}, nil)
		})
	}
	wg.Wait()
	log := readFile(t, root, todayLog)
	for i := range 12 {
		mustContain(t, "log", log, "- "+noted("codex", fmt.Sprintf("Tâche parallèle numéro %d terminée", i))+"\n")
	}
}
