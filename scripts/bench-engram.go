//go:build ignore

// bench-engram puts carnet's workspace-wide memory_search side by side with engram's
// mem_search (SQLite FTS5) on the same facts, through each one's MCP server on stdio: one
// process kept up for each, the same queries sent to both in alternation, N times each.
//
//	go run scripts/bench-engram.go -carnet BIN -engram BIN [-facts 20000] [-n 15] [-dir DIR]
//
// It writes, in DIR (default a temp folder): a carnet workspace of 20 projects holding the
// facts as bullets of their daily logs (ten a day, under Décisions, Connaissances acquises
// and Travail produit) and of their long memories (one fact in ten, under dated headings),
// and engram's import file holding the same facts as observations (title: the first words,
// content: the fact, project, type and date as in carnet), loaded with `engram import`.
// A few facts are planted, each found by one query; besides the times (median and p90 per
// query, after one warm-up call), it prints the rank at which each planted fact comes
// (carnet returns 30 hits, engram at most 20) and how many hits each query gets.
package main

import (
	"bufio"
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

var (
	subjects = []string{"Le hook", "Le serveur MCP", "La CI", "Le proxy", "Le webhook", "La migration Postgres",
		"Le déploiement", "Le cache Redis", "Le client Codex", "Le lecteur de transcript", "L'extracteur",
		"La file Kafka", "Le worker Celery", "Le build Docker", "Le service de facturation", "Le tableau de bord",
		"The auth middleware", "The config loader", "The rate limiter", "The import job", "The search index",
		"Le script de release", "La passerelle API", "Le support client", "Le port série", "La sauvegarde S3",
		"Le linter", "Le module de paiement", "Le front React", "La base SQLite"}
	verbs = []string{"lit", "écrit", "relance", "casse", "valide", "ignore", "met en cache", "signe", "compresse",
		"reads", "writes", "retries", "drops", "checks", "rotates", "parse", "importe", "exporte", "verrouille",
		"migre", "journalise", "refuse", "accepte", "trie", "déduplique", "chiffre", "purge", "sonde", "redémarre", "mesure"}
	objects = []string{"la configuration", "les tokens", "le fichier de log", "la réponse HTTP", "les secrets",
		"le rollout", "le transcript", "les migrations", "les index", "la file d'attente", "les webhooks",
		"le certificat TLS", "le port 8080", "les sessions", "la mémoire longue", "les notes", "le schéma",
		"les traductions", "la configuration du proxy", "les tâches planifiées", "the retry budget",
		"the connection pool", "the config file", "the lock file", "the audit log", "les quotas",
		"les factures", "le panier", "les images", "le modèle", "les embeddings", "les droits", "le DNS",
		"la clé API", "le bucket", "les sauvegardes", "le timeout", "la pagination", "le tri", "les assets"}
	complements = []string{"avant le déploiement", "après chaque commit", "depuis la fin du fichier",
		"sous charge", "en moins de 50 ms", "quand le disque est plein", "au démarrage", "la nuit",
		"pour chaque projet", "sans verrou", "with a 30 s timeout", "on every request", "behind the proxy",
		"in the staging cluster", "pendant la migration", "si la clé manque", "à chaque tour", "en parallèle",
		"avec un backoff exponentiel", "dans le conteneur", "sur la branche main", "pour les clients lecture seule",
		"quand Codex tourne", "en production", "en recette", "dans la CI", "au premier appel", "à la main",
		"toutes les heures", "depuis la v1.7"}
	sections = []string{"Décisions", "Connaissances acquises", "Travail produit"}
)

// planted facts and the query that should find each.
var planted = []struct{ fact, query string }{
	{"Le fournisseur Zéphyrin facture la configuration en œuvre au forfait.", "zéphyrin"},
	{"La configuration du proxy Squid passe par le port 3128 en recette.", "config squid"},
	{"Le webhook Stripe signe chaque requête avec une clé HMAC tournante.", "stripe webhook"},
	{"Décision : les migrations Postgres tournent avant le déploiement canari.", "migrations canari"},
	{"La CI casse quand golangci-lint dépasse cinq minutes sur la branche main.", "golangci minutes"},
}

// common queries, many hits each.
var common = []string{"deploiement", "config", "proxy port", "webhook"}

type fact struct {
	text, project, date, section, path string
	line                               int // 1-based, in path (relative to the memory folder)
	long                               bool
}

func main() {
	carnet := flag.String("carnet", "", "carnet binary")
	engram := flag.String("engram", "", "engram binary")
	nfacts := flag.Int("facts", 20000, "facts in all")
	n := flag.Int("n", 15, "calls per query and server")
	dir := flag.String("dir", "", "work folder (default: a temp folder)")
	flag.Parse()
	log.SetFlags(0)
	if *dir == "" {
		d, err := os.MkdirTemp("", "bench-engram")
		if err != nil {
			log.Fatal(err)
		}
		defer os.RemoveAll(d)
		*dir = d
	}
	facts := makeFacts(*nfacts)
	ws := filepath.Join(*dir, "carnet")
	writeCarnet(ws, facts)
	data := filepath.Join(*dir, "engram")
	writeEngram(*engram, data, facts)
	fmt.Printf("%d facts, 20 projects; carnet: %d files\n", len(facts), countFiles(ws))

	c := start("carnet", exec.Command(*carnet, "--root", ws, "mcp"))
	defer c.close()
	e := start("engram", exec.Command(*engram, "mcp"), "ENGRAM_DATA_DIR="+data)
	defer e.close()
	cArgs := func(q string) map[string]any { return map[string]any{"query": q, "project": "*"} }
	eArgs := func(q string) map[string]any { return map[string]any{"query": q, "limit": 20} }
	// carnet's first call writes its indexes; its second starts the inotify watch and lists
	// the projects once more (it is the first timed call).
	c.call("memory_search", cArgs("warm up"))
	e.call("mem_search", eArgs("warm up"))

	var queries []string
	for _, p := range planted {
		queries = append(queries, p.query)
	}
	queries = append(queries, common...)
	var cAll, eAll []time.Duration
	fmt.Printf("%-20s %-34s %-34s\n", "query", "carnet memory_search", "engram mem_search")
	for qi, q := range queries {
		var ct, et []time.Duration
		var cr, er result
		for range *n {
			var d time.Duration
			cr, d = c.call("memory_search", cArgs(q))
			ct = append(ct, d)
			er, d = e.call("mem_search", eArgs(q))
			et = append(et, d)
		}
		cAll, eAll = append(cAll, ct...), append(eAll, et...)
		cs, es := fmt.Sprintf("%s, %d hits", times(ct), cr.total()), fmt.Sprintf("%s, %d hits", times(et), er.engramHits())
		if qi < len(planted) {
			f := facts[qi]
			cs += ", planted " + rank(cr.carnetRank(f))
			es += ", planted " + rank(er.engramRank(f))
		}
		fmt.Printf("%-20s %-34s %-34s\n", q, cs, es)
	}
	fmt.Printf("%-20s %-34s %-34s\n", "all queries", times(cAll), times(eAll))
}

func rank(r int) string {
	if r < 0 {
		return "not shown"
	}
	return fmt.Sprintf("#%d", r+1)
}

func times(ds []time.Duration) string {
	slices.Sort(ds)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	return fmt.Sprintf("median %.1f ms, p90 %.1f ms", ms(ds[len(ds)/2]), ms(ds[len(ds)*9/10]))
}

// makeFacts draws n distinct facts, the planted ones first.
func makeFacts(n int) []fact {
	r := rand.New(rand.NewPCG(7, 13))
	seen := map[string]bool{}
	var out []fact
	for _, p := range planted {
		seen[p.fact] = true
		out = append(out, fact{text: p.fact})
	}
	pick := func(l []string) string { return l[r.IntN(len(l))] }
	for len(out) < n {
		t := fmt.Sprintf("%s %s %s %s.", pick(subjects), pick(verbs), pick(objects), pick(complements))
		if !seen[t] {
			seen[t] = true
			out = append(out, fact{text: t})
		}
	}
	// Deal them out: facts go round the projects, ten per log day, one in ten to the long
	// memory; the planted ones land in the middle of the lot.
	order := r.Perm(len(out))
	for i, j := range order {
		f := &out[j]
		f.project = fmt.Sprintf("p%02d", i%20)
		k := i / 20 // the fact's number within its project
		f.date = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, k/10).Format(time.DateOnly)
		f.long = k%10 == 9
		f.section = sections[k%3]
	}
	return out
}

// writeCarnet writes the facts as a carnet workspace: logs and long memories, in the order
// makeFacts dealt them, and notes where each landed.
func writeCarnet(root string, facts []fact) {
	type file struct {
		lines []string
		sec   string
	}
	files := map[string]*file{}
	var toml strings.Builder
	toml.WriteString("[projects]\n")
	for p := range 20 {
		fmt.Fprintf(&toml, "p%02d = \"p%02d/memory_sessions\"\n", p, p)
	}
	idx := make([]int, len(facts))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		return cmp.Or(strings.Compare(facts[a].date, facts[b].date), strings.Compare(facts[a].section, facts[b].section))
	})
	for _, i := range idx {
		f := &facts[i]
		rel, head, sec := "logs/"+f.date+".md", "# Log session — "+f.date, f.section
		if f.long {
			rel, head, sec = "long_memory.md", "# Mémoire long terme — "+f.project, f.date
		}
		key := f.project + "/" + rel
		fl := files[key]
		if fl == nil {
			fl = &file{lines: []string{head}}
			files[key] = fl
		}
		if fl.sec != sec {
			fl.lines = append(fl.lines, "", "## "+sec)
			fl.sec = sec
		}
		fl.lines = append(fl.lines, "- "+f.text)
		f.path, f.line = rel, len(fl.lines)
	}
	for key, fl := range files {
		p := filepath.Join(root, strings.Replace(key, "/", "/memory_sessions/", 1))
		must(os.MkdirAll(filepath.Dir(p), 0o755))
		must(os.WriteFile(p, []byte(strings.Join(fl.lines, "\n")+"\n"), 0o644))
	}
	must(os.WriteFile(filepath.Join(root, "carnet.toml"), []byte(toml.String()), 0o644))
}

// writeEngram loads the facts into engram with `engram import`.
func writeEngram(bin, data string, facts []fact) {
	type session struct {
		ID        string `json:"id"`
		Project   string `json:"project"`
		Directory string `json:"directory"`
		StartedAt string `json:"started_at"`
	}
	type observation struct {
		SessionID string `json:"session_id"`
		Type      string `json:"type"`
		Title     string `json:"title"`
		Content   string `json:"content"`
		Project   string `json:"project"`
		Scope     string `json:"scope"`
		CreatedAt string `json:"created_at"`
		UpdatedAt string `json:"updated_at"`
	}
	var exp struct {
		Version      string        `json:"version"`
		ExportedAt   string        `json:"exported_at"`
		Sessions     []session     `json:"sessions"`
		Observations []observation `json:"observations"`
		Prompts      []any         `json:"prompts"`
	}
	exp.Version, exp.ExportedAt, exp.Prompts = "1", "2026-06-01 00:00:00", []any{}
	for p := range 20 {
		name := fmt.Sprintf("p%02d", p)
		exp.Sessions = append(exp.Sessions, session{"bench-" + name, name, "/bench/" + name, "2026-01-01 00:00:00"})
	}
	types := map[string]string{"Décisions": "decision", "Connaissances acquises": "learning", "Travail produit": "pattern"}
	for _, f := range facts {
		w := strings.Fields(f.text)
		title := strings.Join(w[:min(6, len(w))], " ")
		at := f.date + " 12:00:00"
		exp.Observations = append(exp.Observations, observation{"bench-" + f.project, types[f.section], title, f.text, f.project, "project", at, at})
	}
	must(os.MkdirAll(data, 0o755))
	js, err := json.Marshal(exp)
	must(err)
	file := filepath.Join(data, "import.json")
	must(os.WriteFile(file, js, 0o644))
	cmd := exec.Command(bin, "import", file)
	cmd.Env = append(os.Environ(), "ENGRAM_DATA_DIR="+data)
	if out, err := cmd.CombinedOutput(); err != nil {
		log.Fatalf("engram import: %v\n%s", err, out)
	}
}

func countFiles(root string) int {
	n := 0
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".md") {
			n++
		}
		return nil
	})
	return n
}

// server is an MCP server on stdio, kept up.
type server struct {
	name string
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	id   int
}

func start(name string, cmd *exec.Cmd, env ...string) *server {
	cmd.Env = append(os.Environ(), env...)
	cmd.Dir = os.TempDir()
	cmd.Stderr = io.Discard
	in, err := cmd.StdinPipe()
	must(err)
	out, err := cmd.StdoutPipe()
	must(err)
	must(cmd.Start())
	s := &server{name: name, cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<20)}
	s.rpc("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "bench-engram", "version": "1"}})
	s.send(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	return s
}

func (s *server) close() {
	s.in.Close()
	s.cmd.Wait()
}

func (s *server) send(msg any) {
	b, err := json.Marshal(msg)
	must(err)
	_, err = s.in.Write(append(b, '\n'))
	must(err)
}

// rpc sends a request and returns its response's result, with the time it took.
func (s *server) rpc(method string, params any) (json.RawMessage, time.Duration) {
	s.id++
	t := time.Now()
	s.send(map[string]any{"jsonrpc": "2.0", "id": s.id, "method": method, "params": params})
	for {
		line, err := s.out.ReadBytes('\n')
		if err != nil {
			log.Fatalf("%s: %v", s.name, err)
		}
		var resp struct {
			ID     *int            `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if json.Unmarshal(line, &resp) != nil || resp.ID == nil || *resp.ID != s.id {
			continue // a notification, or a log line
		}
		d := time.Since(t)
		if resp.Error != nil {
			log.Fatalf("%s %s: %s", s.name, method, resp.Error)
		}
		return resp.Result, d
	}
}

type result struct {
	Content []struct {
		Text string `json:"text"`
	} `json:"content"`
	Structured struct {
		Total int `json:"total"`
		Hits  []struct {
			Project string `json:"project"`
			Path    string `json:"path"`
			Line    int    `json:"line"`
		} `json:"hits"`
	} `json:"structuredContent"`
}

func (s *server) call(tool string, args map[string]any) (result, time.Duration) {
	raw, d := s.rpc("tools/call", map[string]any{"name": tool, "arguments": args})
	var r result
	must(json.Unmarshal(raw, &r))
	return r, d
}

func (r result) total() int { return r.Structured.Total }

func (r result) carnetRank(f fact) int {
	return slices.IndexFunc(r.Structured.Hits, func(h struct {
		Project string `json:"project"`
		Path    string `json:"path"`
		Line    int    `json:"line"`
	}) bool {
		return h.Project == f.project && h.Path == f.path && h.Line == f.line
	})
}

// engramHits splits engram's text answer into its hits ("[1] #id (type) — title\n    content…").
func (r result) engramHits() int { return len(r.engramEntries()) }

func (r result) engramEntries() []string {
	if len(r.Content) == 0 {
		return nil
	}
	var out []string
	for _, part := range strings.Split(r.Content[0].Text, "\n\n") {
		if strings.HasPrefix(strings.TrimSpace(part), "[") {
			out = append(out, part)
		}
	}
	return out
}

func (r result) engramRank(f fact) int {
	return slices.IndexFunc(r.engramEntries(), func(e string) bool { return strings.Contains(e, f.text) })
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
