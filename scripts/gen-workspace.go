//go:build ignore

// gen-workspace writes a workspace of many projects' daily logs whose bullets read like real
// ones: varied sentences about components, commands, files, errors and decisions, from a few
// hundred words plus commit hashes, tickets, paths and numbers, so that a search meets what it
// meets on real memory — common words with thousands of hits ("migration", "postgres"), rare
// ones with a few. For scripts/bench-search.sh.
//
//	go run scripts/gen-workspace.go -o DIR [-projects 20] [-days 365] [-kb 13] [-seed 1]
//
// Each log is 2 KB to 2×kb−2 KB (kb on average), its sections in the order carnet writes
// them. The output is reproducible for a given -seed. Never commit generated files.
package main

import (
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"time"
)

func main() {
	out := flag.String("o", "", "workspace folder to write (required)")
	projects := flag.Int("projects", 20, "projects")
	days := flag.Int("days", 365, "daily logs per project")
	kb := flag.Int("kb", 13, "average log size, in KB")
	seed := flag.Int64("seed", 1, "random seed")
	flag.Parse()
	if *out == "" || *kb < 3 {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/gen-workspace.go -o DIR [-projects 20] [-days 365] [-kb 13] [-seed 1]")
		os.Exit(2)
	}
	r := rand.New(rand.NewSource(*seed))
	var toml strings.Builder
	toml.WriteString("# written by scripts/gen-workspace.go\n[projects]\n")
	start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	total := 0
	for p := range *projects {
		name := fmt.Sprintf("p%02d", p)
		fmt.Fprintf(&toml, "%s = %q\n", name, name+"/memory_sessions")
		logs := filepath.Join(*out, name, "memory_sessions", "logs")
		if err := os.MkdirAll(logs, 0o755); err != nil {
			fail(err)
		}
		for d := range *days {
			date := start.AddDate(0, 0, d).Format("2006-01-02")
			size := (2 + r.Intn(2*(*kb)-3)) << 10
			data := genLog(r, date, size)
			total += len(data)
			if err := os.WriteFile(filepath.Join(logs, date+".md"), []byte(data), 0o644); err != nil {
				fail(err)
			}
		}
	}
	if err := os.WriteFile(filepath.Join(*out, "carnet.toml"), []byte(toml.String()), 0o644); err != nil {
		fail(err)
	}
	fmt.Printf("%d projects × %d logs, %.1f MB in %s\n", *projects, *days, float64(total)/1e6, *out)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gen-workspace:", err)
	os.Exit(1)
}

var headings = []string{"Contexte", "Objectif", "Problèmes rencontrés", "Connaissances acquises",
	"Travail produit", "Décisions prises", "À suivre", "Finalisé"}

// genLog writes one daily log of about size bytes: rounds of the eight sections, each with a
// few bullets, until the size is reached.
func genLog(r *rand.Rand, date string, size int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Log session — %s\n", date)
	bullets := make([][]string, len(headings))
	n := b.Len()
	for n < size {
		s := r.Intn(len(headings))
		t := bullet(r, s)
		bullets[s] = append(bullets[s], t)
		n += len(t) + 3
	}
	for s, bs := range bullets {
		if len(bs) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n## %s\n", headings[s])
		for _, t := range bs {
			b.WriteString("- " + t + "\n")
		}
	}
	return b.String()
}

func pick(r *rand.Rand, list []string) string { return list[r.Intn(len(list))] }

// bullet is one bullet of section s.
func bullet(r *rand.Rand, s int) string {
	c, c2 := component(r), component(r)
	switch headings[s] {
	case "Contexte":
		return fmt.Sprintf("Travail sur %s de %s, %s %s.", c, pick(r, services), pick(r, whyCtx), c2)
	case "Objectif":
		return fmt.Sprintf("%s %s dans %s (%s).", pick(r, goals), c, path(r), pick(r, tickets))
	case "Problèmes rencontrés":
		return fmt.Sprintf("Échec de %s : %s dans %s, %s.", command(r), pick(r, errors), path(r), pick(r, causes))
	case "Connaissances acquises":
		return fmt.Sprintf("%s %s %s : %s.", pick(r, facts), c, pick(r, verbs), pick(r, objects)+" "+c2)
	case "Travail produit":
		return fmt.Sprintf("Commit %07x : %s %s (%s, %d lignes).", r.Int63n(1<<28), pick(r, actions), c, path(r), 5+r.Intn(400))
	case "Décisions prises":
		return fmt.Sprintf("%s %s pour %s, parce que %s.", pick(r, decide), c, c2, pick(r, because))
	case "À suivre":
		return fmt.Sprintf("%s %s de %s avant %s.", pick(r, todo), c, pick(r, services), pick(r, when))
	}
	return fmt.Sprintf("✅ %s %s.", pick(r, todo), c)
}

// component is what a bullet is about; "migration" and "postgres" are common, as on a real
// backend project, and often together.
func component(r *rand.Rand) string {
	switch x := r.Intn(100); {
	case x < 4:
		return "la migration " + pick(r, migrations) + " de Postgres"
	case x < 7:
		return "la migration " + pick(r, migrations)
	case x < 10:
		return "le pool Postgres " + pick(r, services)
	}
	return pick(r, adjectives) + " " + pick(r, nouns) + " " + pick(r, services)
}

func command(r *rand.Rand) string {
	return "`" + pick(r, commands) + " " + pick(r, pkgs) + "`"
}

func path(r *rand.Rand) string {
	return pick(r, dirs) + "/" + pick(r, pkgs) + "/" + pick(r, files) + pick(r, exts)
}

var (
	services   = words("auth billing checkout search catalog inventory shipping payments notifications reporting gateway scheduler importer exporter ledger pricing invoicing onboarding analytics audit")
	nouns      = words("cache file queue worker handler parser reader writer index lock token session cookie header router endpoint schema table column trigger job batch retry timeout buffer stream socket client server proxy config flag template report dashboard metric alert trace span log backup snapshot replica shard partition cursor page filter sort bucket blob upload webhook cron")
	adjectives = words("le la")
	migrations = words("0042_add_index 0043_split_orders 0044_drop_legacy 0045_backfill_totals 0046_rename_users 0047_add_tenant 0048_partition_events 0049_fix_collation 0050_add_fk 0051_vacuum")
	whyCtx     = words("suite au ticket sur|à la demande du client pour|après l'incident de|avant la mise en production de|pendant la revue de", "|")
	goals      = words("Corriger|Accélérer|Documenter|Tester|Réécrire|Simplifier|Sécuriser|Mesurer|Stabiliser|Découper", "|")
	tickets    = words("#1204 #1311 #1420 #1533 #1602 #1718 #1844 #1907 #2011 #2150 #2233 #2378")
	errors     = words("panic: nil map|deadline exceeded|connection refused|duplicate key value violates unique constraint|relation does not exist|too many open files|context canceled|out of memory|permission denied|unexpected EOF|lock timeout|serialization failure", "|")
	causes     = words("le test dépendait de l'ordre|la variable d'environnement manquait en CI|le fuseau horaire n'était pas fixé|l'index était absent en préproduction|le verrou n'était jamais relâché|la requête chargeait toute la table|le cache gardait une vieille version|le conteneur n'avait que 256 Mo", "|")
	facts      = words("En production,|Sur la préproduction,|Depuis la version 3,|Côté client,|Dans les tests,|Sous forte charge,|Par défaut,|Avec le nouveau schéma,", "|")
	verbs      = words("dépend de|remplace|bloque|ralentit|invalide|réutilise|réplique|verrouille|sérialise|trie", "|")
	objects    = words("chaque écriture sur|la lecture de|le redémarrage de|la purge de|l'export de|la synchronisation de|le calcul de|la validation de", "|")
	actions    = words("ajout du test de|refonte de|correction de|suppression de|renommage de|optimisation de|documentation de|journalisation de", "|")
	decide     = words("Garder|Abandonner|Remplacer|Isoler|Versionner|Mettre en cache|Paralléliser|Limiter", "|")
	because    = words("le coût est trop élevé|la latence double sinon|l'équipe support le demande|c'est plus simple à tester|la mesure le montre|le client l'exige par contrat|on évite une migration de plus", "|")
	todo       = words("Vérifier|Mesurer|Relire|Documenter|Tester|Nettoyer|Surveiller|Corriger", "|")
	when       = words("vendredi|la mise en production|la prochaine release|la démo client|la fin du sprint|l'audit de sécurité", "|")
	commands   = words("go test ./...|go vet|npm test|make lint|pytest -q|cargo test|psql -f|terraform plan", "|")
	pkgs       = words("auth billing store api cmd internal worker db migrate ui cli sync")
	dirs       = words("internal cmd pkg services web scripts deploy db")
	files      = words("main handler store client server query schema config router worker cache retry")
	exts       = words(".go _test.go .sql .ts .py .yaml")
)

func words(s string, sep ...string) []string {
	if len(sep) > 0 {
		return strings.Split(s, sep[0])
	}
	return strings.Fields(s)
}
