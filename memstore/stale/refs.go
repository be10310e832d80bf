// Package stale tells which bullets of memory name something the code no longer has: a file
// deleted or renamed, a name no longer in the tree, with no model, from git alone. It reads
// the references a bullet makes (refs.go), checks them against HEAD and the working tree in a
// few batched git runs (check.go, through memstore/gitrepo/query), and keeps the verdicts
// in logs/.debug/ per HEAD, updated from the commits since when HEAD moves on (cache.go).
//
// What counts as a reference is kept narrow so that prose never raises an alarm:
//   - a path: a token in backticks, or a Markdown link's target, with a "/" or an extension
//     ("app.js", "hook/load.go", "docs/"), no space, not a URL, not absolute, not a glob, not
//     inside a memory folder; it refers to a file of the repository only if such a file (or
//     folder, or a file of that base name when the token has no "/") was there at the end of
//     the bullet's day or is there now;
//   - a name (a function, type, config key, make/npm target): a token in backticks that looks
//     like code — "ComposeLoad", "budget_tokens", "memstore.Write", "parse()" — not a plain
//     word ("main", "true"); it refers to the code only if it occurred as a whole word in the
//     files of the last commit of the bullet's day (memory folders left out);
//   - a commit: 7 to 40 hex digits, with a digit and a letter, in backticks or after the word
//     "commit"; it is only ever looked up (a rebase rewrites hashes: a missing one never holds
//     a bullet back).
//
// A reference is gone when what it named at the bullet's date is no longer at HEAD (or, for a
// path, no longer in the working tree): deleted, renamed (the new name is given), or a name
// that no longer occurs. It changed when its file has commits after the bullet's day.
package stale

import (
	"path"
	"regexp"
	"strings"
)

// Kind is what a reference names.
type Kind uint8

// The kinds of reference.
const (
	Path Kind = iota + 1
	Name
	Commit
)

func (k Kind) String() string {
	switch k {
	case Path:
		return "path"
	case Name:
		return "name"
	case Commit:
		return "commit"
	}
	return "?"
}

// Ref is one reference of a bullet: what it names, and its text as the bullet writes it.
type Ref struct {
	Kind Kind
	Text string // between the backticks, the link's target, or the hash
	Key  string // a path: the slash path it names; a name: the word looked for in the code
	// AlsoName is the word a path-looking token names when no file answers to it
	// ("fmt.Println" is a path only if the repository has such a file).
	AlsoName string
}

// codeSpan finds `…` spans (a run of backticks, its text, the same run).
var codeSpan = regexp.MustCompile("(`+)([^`]+?)(`+)")

// linkTarget finds the target of a Markdown link [text](target).
var linkTarget = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// commitWord finds a hash after "commit" (the evidence of a proven lesson: "commit abc1234").
var commitWord = regexp.MustCompile(`(?i)\bcommits?\s*:?\s+([0-9a-f]{7,40})\b`)

// runners are commands whose next word is a target the project defines.
var runners = map[string]int{"make": 1, "just": 1, "task": 1, "npm run": 2, "pnpm run": 2, "yarn run": 2, "bun run": 2}

// Refs lists the references a bullet's text makes, in the order they appear, each once.
func Refs(text string) []Ref {
	if !strings.Contains(text, "`") && !strings.Contains(text, "](") && !strings.Contains(text, "ommit") {
		return nil // no code span, link or hash: most bullets
	}
	var out []Ref
	seen := map[string]bool{}
	add := func(r Ref) {
		k := r.Kind.String() + "\x00" + r.Key
		if r.Key != "" && !seen[k] {
			seen[k] = true
			out = append(out, r)
		}
	}
	for _, m := range codeSpan.FindAllStringSubmatch(text, -1) {
		if len(m[1]) != len(m[3]) {
			continue
		}
		span := strings.TrimSpace(m[2])
		if strings.ContainsAny(span, " \t") {
			for _, r := range commandRefs(span) {
				add(r)
			}
			continue
		}
		if r, ok := tokenRef(span); ok {
			add(r)
		}
	}
	for _, m := range linkTarget.FindAllStringSubmatch(text, -1) {
		if p, ok := pathKey(m[1]); ok {
			add(Ref{Kind: Path, Text: m[1], Key: p})
		}
	}
	for _, m := range commitWord.FindAllStringSubmatch(text, -1) {
		if isHash(m[1]) {
			add(Ref{Kind: Commit, Text: m[1], Key: strings.ToLower(m[1])})
		}
	}
	return out
}

// tokenRef reads one backticked token with no space.
func tokenRef(tok string) (Ref, bool) {
	if isHash(tok) {
		return Ref{Kind: Commit, Text: tok, Key: strings.ToLower(tok)}, true
	}
	if p, ok := pathKey(tok); ok {
		r := Ref{Kind: Path, Text: tok, Key: p}
		if w, ok := nameKey(tok); ok && !fileExtensions[strings.ToLower(strings.TrimPrefix(path.Ext(p), "."))] {
			r.AlsoName = w // "pkg.Func": a name, unless the repository has such a file
		}
		return r, true
	}
	if w, ok := nameKey(tok); ok {
		return Ref{Kind: Name, Text: tok, Key: w}, true
	}
	return Ref{}, false
}

// commandRefs reads a backticked command: the paths among its words, and the target a
// runner (make, npm run…) is given.
func commandRefs(span string) []Ref {
	f := strings.Fields(span)
	var out []Ref
	for i, w := range f {
		if i == 0 && (w == "git" || w == "carnet") {
			break // a git or carnet command names revisions and memory, not the project's files
		}
		if p, ok := pathKey(w); ok && (strings.Contains(w, "/") || i > 0) {
			out = append(out, Ref{Kind: Path, Text: w, Key: p})
		}
	}
	for r, n := range runners {
		words := strings.Fields(r)
		if len(f) > n && strings.Join(f[:n], " ") == strings.Join(words, " ") {
			if t := f[n]; targetWord.MatchString(t) {
				out = append(out, Ref{Kind: Name, Text: t, Key: t})
			}
		}
	}
	return out
}

var targetWord = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_:.-]*[A-Za-z0-9_]$`)

// extension is what ends a file name: a dot and 1 to 10 letters or digits, with a letter.
var extension = regexp.MustCompile(`\.[A-Za-z0-9]{1,10}$`)

// pathKey is the slash path a token names, when it looks like one: "./a/b.go:12" → "a/b.go",
// "docs/" → "docs/" (a folder keeps its slash), "go test ./hook/..." gives "hook/".
func pathKey(tok string) (string, bool) {
	t, ok := bareToken(tok)
	if !ok {
		return "", false
	}
	dir := strings.HasSuffix(t, "/")
	t = strings.TrimSuffix(t, "/")
	if t == "" || t == "." {
		return "", false
	}
	for seg := range strings.SplitSeq(t, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return "", false
		}
	}
	base := path.Base(t)
	ext := extension.FindString(base)
	named := ext != "" && strings.IndexFunc(ext, isLetter) >= 0 && len(base) > len(ext) || // app.js
		ext != "" && ext == base && len(base) > 2 || // .env, .gitignore
		knownFiles[base]
	if !dir && !strings.Contains(t, "/") && !named {
		return "", false
	}
	if dir {
		t += "/"
	}
	return t, true
}

// bareToken is a token without what may surround a path in prose (quotes, a link's anchor, a
// line number, "./", a Go package's "/..."); false for what cannot be a relative path of the
// repository (a URL, an absolute or home path, a flag, a variable, a glob, code).
func bareToken(tok string) (string, bool) {
	t := strings.Trim(tok, `"'`)
	if t == "" || strings.Contains(t, "://") || strings.HasPrefix(t, "/") || strings.HasPrefix(t, "~") ||
		strings.HasPrefix(t, "-") || strings.HasPrefix(t, "$") || strings.ContainsAny(t, "*?[]{}<>|\\`$=,;()@!%^&+") {
		return "", false
	}
	if i := strings.Index(t, "#"); i >= 0 {
		t = t[:i] // a link's anchor
	}
	if u, ok := strings.CutSuffix(t, "/..."); ok {
		t = u + "/" // a Go package pattern: the folder
	}
	for range 2 { // a line (and column) after the path: app.js:12, app.js:12:5
		if i := strings.LastIndex(t, ":"); i > 0 && allDigits(t[i+1:]) {
			t = t[:i]
		}
	}
	if strings.Contains(t, ":") {
		return "", false
	}
	for strings.HasPrefix(t, "./") {
		t = t[2:]
	}
	return t, true
}

// fileExtensions are extensions that make a token a file name and nothing else.
var fileExtensions = func() map[string]bool {
	m := map[string]bool{}
	for e := range strings.FieldsSeq(`c h cc cpp hpp cs go rs py rb php java kt kts scala swift m mm js mjs cjs jsx ts tsx vue svelte
		css scss sass less html htm xml json jsonl yaml yml toml ini cfg conf env lock mod sum md mdx rst txt csv tsv sql sh bash zsh
		fish ps1 bat cmd mk cmake gradle properties proto graphql gql tf hcl nix dart lua pl r jl ex exs erl hs ml elm clj zig png jpg
		jpeg gif svg ico webp pdf zip gz tgz wasm ipynb tex log`) {
		m[e] = true
	}
	return m
}()

// knownFiles are file names without an extension that name a file all the same.
var knownFiles = map[string]bool{"Makefile": true, "GNUmakefile": true, "Dockerfile": true, "Containerfile": true, "Justfile": true,
	"Gemfile": true, "Rakefile": true, "Procfile": true, "Vagrantfile": true, "Jenkinsfile": true, "Taskfile": true}

func isLetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

func allDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// isHash says whether a token is a commit hash: 7 to 40 hex digits with a digit and a letter.
func isHash(s string) bool {
	if len(s) < 7 || len(s) > 40 || strings.Trim(strings.ToLower(s), "0123456789abcdef") != "" {
		return false
	}
	return strings.ContainsAny(s, "0123456789") && strings.ContainsAny(strings.ToLower(s), "abcdef")
}

// identifier is one part of a name: a letter or "_", then letters, digits or "_".
var identifier = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// nameKey is the word a backticked name is looked for as, when it looks like code: the last
// part of a dotted name when that part looks like code by itself ("memstore.ParseDoc" is
// looked for as "ParseDoc", which a call inside the package writes alone), else the whole.
func nameKey(tok string) (string, bool) {
	t := strings.TrimSuffix(tok, "()")
	call := t != tok
	var parts []string
	rest := t
	for rest != "" {
		i := strings.IndexAny(rest, ".:#")
		if i < 0 {
			parts = append(parts, rest)
			break
		}
		parts = append(parts, rest[:i])
		sep := 1
		if strings.HasPrefix(rest[i:], "::") {
			sep = 2
		}
		rest = rest[i+sep:]
		if rest == "" {
			return "", false
		}
	}
	if len(parts) == 0 {
		return "", false
	}
	for _, p := range parts {
		if !identifier.MatchString(p) {
			return "", false
		}
	}
	last := parts[len(parts)-1]
	switch {
	case len(parts) > 1 && codeLike(last):
		return last, true
	case len(parts) > 1:
		return t, len(t) >= 4
	case codeLike(last), call && len(last) >= 3:
		return last, true
	}
	return "", false
}

// codeLike says whether one identifier is written as code is and prose is not: with an "_"
// inside ("budget_tokens", "MAX_LINES"), or a lower-case letter followed by a capital
// ("parseDoc", "ComposeLoad"), or a capital run before a lower-case word ("HTTPServer").
func codeLike(id string) bool {
	if len(id) < 3 {
		return false
	}
	if strings.Trim(id, "_") != "" && strings.Contains(strings.Trim(id, "_"), "_") {
		return true
	}
	for i := 1; i < len(id); i++ {
		a, b := id[i-1], id[i]
		if a >= 'a' && a <= 'z' && b >= 'A' && b <= 'Z' {
			return true
		}
		if i+1 < len(id) && a >= 'A' && a <= 'Z' && b >= 'A' && b <= 'Z' && id[i+1] >= 'a' && id[i+1] <= 'z' {
			return true
		}
	}
	return false
}
