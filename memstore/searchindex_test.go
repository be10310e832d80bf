package memstore

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
)

// indexWords are the words the generated workspace is made of: shorter and longer forms,
// accents, œ and ß, words inside others, tags and weights.
var indexWords = []string{"config", "configuration", "configure", "Config", "port", "support", "import",
	"déploiement", "Deploiement", "Œuvre", "oeuvre", "Straße", "strasse", "Zéphyrin", "ack", "stack",
	"back", "le", "la", "de", "transcript", "main", "main.go", "cmd/carnet", "8080", "reçu", "serveur",
	"façade", "ÉLÉMENT", "élément", "hook", "vendredi", "helm", "\x1b[31mrouge\x1b[0m", "naïve", "cœur"}

// genIndexedFile writes a memory file of a few sections whose bullets draw on indexWords.
func genIndexedFile(r *rand.Rand, title string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n", title)
	for _, h := range []string{"Travail produit", "Décisions", "Connaissances acquises", "2026-01-05"}[:1+r.IntN(4)] {
		fmt.Fprintf(&b, "\n## %s\n", h)
		for range 1 + r.IntN(6) {
			b.WriteString("-")
			for range 2 + r.IntN(8) {
				b.WriteString(" " + indexWords[r.IntN(len(indexWords))])
			}
			switch r.IntN(6) {
			case 0:
				b.WriteString(" !7 #vat")
			case 1:
				b.WriteString(" #checkout")
			}
			b.WriteString("\n")
		}
	}
	if r.IntN(10) == 0 {
		b.WriteString("- ~~config du port~~ (remplacé le 2026-02-01)\n")
	}
	return b.String()
}

// writeIndexWorkspace writes two projects of generated logs, long memories, archives and
// notes, with file times in the past, and opens the workspace.
func writeIndexWorkspace(t *testing.T) *Workspace {
	t.Helper()
	root := t.TempDir()
	r := rand.New(rand.NewPCG(1, 2))
	files := map[string]string{ConfigFile: "[projects]\na = \"a/memory_sessions\"\nb = \"b/memory_sessions\"\n"}
	for _, p := range []string{"a", "b"} {
		dir := p + "/memory_sessions/"
		files[dir+"long_memory.md"] = genIndexedFile(r, "Mémoire")
		files[dir+"notes/fournisseurs.md"] = "---\ntitle: Fournisseurs\nsensitive: true\n---\n" + genIndexedFile(r, "Fournisseurs")
		files[dir+"logs/archives/2025-12-01.md"] = genIndexedFile(r, "Archive")
		for d := range 30 {
			date := time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, d).Format(time.DateOnly)
			files[dir+"logs/"+date+".md"] = genIndexedFile(r, "Log "+date)
		}
	}
	for name, content := range files {
		writeOld(t, filepath.Join(root, filepath.FromSlash(name)), content)
	}
	w, err := Open(root)
	if err != nil {
		t.Fatal(err)
	}
	settle()
	return w
}

// writeOld writes a file and dates it an hour back.
func writeOld(t *testing.T, file, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(file, old, old); err != nil {
		t.Fatal(err)
	}
}

// settle waits until the files just written are older than racyMargin, so that the next
// search writes their entries: a wait, not an assertion on time.
func settle() { time.Sleep(racyMargin + 20*time.Millisecond) }

var indexQueries = []Query{
	{Text: "config"}, {Text: "configuration port"}, {Text: "oeuvre"}, {Text: "STRASSE cœur"},
	{Text: "deploiement", Limit: 5, Offset: 3}, {Text: "ack"}, {Text: "port support"},
	{Text: "zephyrin", Section: "decisions"}, {Text: "le", Tag: "vat"}, {Text: "main go"},
	{Text: "recu serveur", From: "2026-02-10", To: "2026-02-20"}, {Text: "rouge"},
	{Text: "element", SkipSensitive: true}, {Text: "config port", SkipSensitive: true},
	{Text: "fournisseurs"}, {Text: "absentword"}, {Text: "c"}, {Text: "8080 cmd"},
}

// checkSameAnswers fails when a query gives another answer than reading every file gives
// (a Skip that keeps everything needs every file's bytes: the index answers for none).
func checkSameAnswers(t *testing.T, w *Workspace, when string) {
	t.Helper()
	for _, q := range indexQueries {
		got, err := w.Find(q)
		if err != nil {
			t.Fatal(err)
		}
		plain := q
		plain.Skip = func([]byte) bool { return false }
		want, err := w.Find(plain)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v:\n got %+v\nwant %+v", when, q, got, want)
		}
	}
}

func readIndex(t *testing.T, p *Project) *searchIndex {
	t.Helper()
	data, err := p.ReadState(searchIndexFile)
	if err != nil {
		t.Fatalf("no index for %s: %v", p.Name, err)
	}
	x := parseSearchIndex(data, p.RelDir)
	if x == nil {
		t.Fatalf("the index of %s does not parse", p.Name)
	}
	return x
}

// TestSearchIndexSameAnswers: on a generated workspace, every query gives the same answer
// with the index as reading every file, and once the index is written the files it answers
// for are not read. Not parallel: it counts the files read.
func TestSearchIndexSameAnswers(t *testing.T) {
	w := writeIndexWorkspace(t)
	checkSameAnswers(t, w, "no index yet")
	for _, p := range w.Projects {
		if x := readIndex(t, p); len(x.files) != 33 {
			t.Errorf("%s: %d files in the index, want 33", p.Name, len(x.files))
		}
	}
	checkSameAnswers(t, w, "with the index")
	// At most each project's index is read (unless kept from an earlier search), and the files
	// that hold hits (unless kept too).
	indexes := int64(len(w.Projects))
	before := FilesRead()
	r, err := w.Find(Query{Text: "absentword oeuvre"})
	if read := FilesRead() - before; err != nil || r.Total != 0 || read > indexes {
		t.Errorf("a word no file has: %d files read, %d hits, %v; want no memory file read", read, r.Total, err)
	}
	before = FilesRead()
	r, err = w.Find(Query{Text: "zephyrin"})
	holding := map[string]bool{}
	for _, h := range r.Hits {
		holding[h.Path] = true
	}
	if read := FilesRead() - before; err != nil || len(holding) == 0 || read > int64(len(holding))+indexes {
		t.Errorf("%d files read, %d hold the word (%v): want only those read", read, len(holding), err)
	}
}

// TestSearchIndexSeesChanges: a file edited outside carnet (same size, new or even the same
// modification time), deleted or added is never answered for from its old entry.
func TestSearchIndexSeesChanges(t *testing.T) {
	w := writeIndexWorkspace(t)
	p := w.Projects[0]
	checkSameAnswers(t, w, "first")
	abs := func(rel string) string { return w.Abs(rel) }
	edited := abs(p.LogPath("2026-02-03"))
	old, _ := os.ReadFile(edited)
	line := "- quetzalcoatl\n"
	data := string(old[:len(old)-len(line)]) + line // same size, a word no other file has
	if err := os.WriteFile(edited, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	found := func(q string) int {
		t.Helper()
		r, err := w.Find(Query{Text: q})
		if err != nil {
			t.Fatal(err)
		}
		return r.Total
	}
	if n := found("quetzalcoatl"); n != 1 {
		t.Errorf("edited file, same size, new time: %d hits, want 1", n)
	}
	checkSameAnswers(t, w, "after an edit")
	if runtime.GOOS == "linux" { // the change time tells what the size and time do not
		settle()
		found("quetzalcoatl") // indexes the edited file
		st, _ := os.Stat(edited)
		if x := readIndex(t, p); x.files[x.byPath[p.LogPath("2026-02-03")]].key.mtime != st.ModTime().UnixNano() {
			t.Fatal("the edited file is not indexed again")
		}
		data = string(old[:len(old)-len(line)]) + "- xochipilli!!\n"
		if err := os.WriteFile(edited, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(edited, st.ModTime(), st.ModTime()); err != nil {
			t.Fatal(err)
		}
		if n := found("xochipilli"); n != 1 {
			t.Errorf("edited file, same size, same modification time: %d hits, want 1", n)
		}
		if n := found("quetzalcoatl"); n != 0 {
			t.Errorf("the word edited away is still found %d times", n)
		}
	}
	if err := os.Remove(edited); err != nil {
		t.Fatal(err)
	}
	if n := found("xochipilli"); n != 0 {
		t.Errorf("deleted file still found: %d hits", n)
	}
	writeOld(t, abs(p.LogPath("2026-03-30")), "# Log\n\n## Décisions\n- Le tlaloc config est relu.\n")
	if n := found("tlaloc"); n != 1 {
		t.Errorf("added file: %d hits, want 1", n)
	}
	settle()
	checkSameAnswers(t, w, "after a delete and an add")
	x := readIndex(t, p)
	if _, ok := x.byPath[p.LogPath("2026-02-03")]; ok {
		t.Error("the deleted file is still in the index")
	}
	if _, ok := x.byPath[p.LogPath("2026-03-30")]; !ok {
		t.Error("the added file is not in the index")
	}
}

// TestSearchIndexCorruptOrForeign: an index cut short, with a byte changed, of another
// project or of another format is ignored, the answers stay right and it is written again.
func TestSearchIndexCorruptOrForeign(t *testing.T) {
	w := writeIndexWorkspace(t)
	a, b := w.Projects[0], w.Projects[1]
	checkSameAnswers(t, w, "first")
	good, err := a.ReadState(searchIndexFile)
	if err != nil {
		t.Fatal(err)
	}
	flipped := bytes.Clone(good)
	flipped[len(flipped)/2] ^= 0x20
	foreign, _ := b.ReadState(searchIndexFile)
	for name, data := range map[string][]byte{
		"cut":     good[:len(good)/2],
		"flipped": flipped,
		"foreign": foreign,
		"format":  append([]byte("carnet search index 0\n"), good[len(searchIndexMagic):]...),
		"empty":   nil,
		"garbage": []byte("not an index at all"),
	} {
		if err := a.WriteState(searchIndexFile, data); err != nil {
			t.Fatal(err)
		}
		if parseSearchIndex(data, a.RelDir) != nil {
			t.Errorf("%s: parsed as an index", name)
		}
		checkSameAnswers(t, w, name)
		readIndex(t, a) // written again
	}
}

// TestSearchIndexRefusesLinks: a link planted in .debug in place of the index is neither
// read nor written through; the answers stay right.
func TestSearchIndexRefusesLinks(t *testing.T) {
	w := writeIndexWorkspace(t)
	a, b := w.Projects[0], w.Projects[1]
	checkSameAnswers(t, w, "first")
	outside := filepath.Join(t.TempDir(), "planted")
	planted := []byte("what the link leads to")
	if err := os.WriteFile(outside, planted, 0o644); err != nil {
		t.Fatal(err)
	}
	link := w.Abs(path.Join(a.DebugDir(), searchIndexFile))
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, link); err != nil {
		t.Fatal(err)
	}
	checkSameAnswers(t, w, "link planted")
	if got, _ := os.ReadFile(outside); !bytes.Equal(got, planted) {
		t.Errorf("written through the link: %q", got)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi, err)
	}
	if _, err := a.ReadState(searchIndexFile); !errors.As(err, new(*LinkError)) {
		t.Errorf("ReadState through the link: %v", err)
	}
	readIndex(t, b)
}

// A hit's text and section, read from the file's bytes in the search's worker, are those
// ParseDoc and Sections give: a BOM and CRs aside, headings in code fences ignored, a "# "
// heading ending a section.
func TestResolveHitsAsParseDoc(t *testing.T) {
	t.Parallel()
	docs := []string{
		"\ufeff# Log\r\n\r\n## Contexte\r\n- a migration postgres\r\n",
		"## A\n- migration one\n```\n## not a heading\n- migration in code\n```\n- migration after\n# Top\n- migration outside\n## B\n  - migration nested\n~~~~\n## B2\n~~~\n- migration still in fence\n",
		"no heading migration\n## 2026-01-05\n- migration dated",
	}
	docs = append(docs, "# T\n## A\n- migration a\n## B\n\n- x\n- migration b\n# Other\n- migration c\n## C\n- migration d\n- migration e", "- migration first\n## A\n- migration `inline` and ~one~ #1204\n## B `x` #2\n#tag\n- migration #3\n##\n- migration ## not\n#\n- migration")
	terms := queryTerms("migration")
	var buf scanBufs
	for n := range 2 * len(docs) {
		d := docs[n/2]
		data := []byte(d)
		var s fileScan
		s.scan(foldBytes(data), terms, nil)
		if n%2 == 1 { // through scanRaw, which sets the texts: resolve then only looks for headings
			var raw fileScan
			if !raw.scanRaw(data, terms, s.df, s.lines, s.bytes, &buf) {
				t.Fatalf("scanRaw gave up on %q", d)
			}
			s = raw
		}
		s.resolve(data)
		doc := ParseDoc(data)
		lines, secs := doc.Lines(), doc.Sections()
		if len(s.hits) == 0 {
			t.Fatalf("no hit in %q", d)
		}
		for _, h := range s.hits {
			want := ""
			for _, sec := range secs {
				if sec.Start < h.line && h.line < sec.End {
					want = sec.Heading
				}
			}
			if h.text != strings.TrimSpace(lines[h.line]) || h.section != want {
				t.Errorf("line %d: %q in [%s], want %q in [%s]", h.line, h.text, h.section, strings.TrimSpace(lines[h.line]), want)
			}
		}
	}
}
