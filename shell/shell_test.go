package shell

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// names are the program names of a line's commands, as "name@dir" when a cd moved it,
// with the operator after each.
func names(l *Line) string {
	var b strings.Builder
	for _, c := range l.Commands {
		b.WriteString(c.Name())
		if c.Dir != "" {
			b.WriteString("@" + c.Dir)
		}
		if c.Piped {
			b.WriteString("<")
		}
		if c.Op != "" {
			b.WriteString(" " + c.Op)
		}
		b.WriteString(" ")
	}
	return strings.TrimSpace(b.String())
}

// The shapes of command lines seen in real sessions: each line's commands (name, folder,
// pipe, operator), the files it writes, whether it commits, and where its shell ends.
func TestParseShapes(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("echo a && ", 5000) + "git commit -m done"
	for _, c := range []struct {
		name, line string
		cmds       string
		writes     []string
		commits    bool
		endDir     string
	}{
		{"pipe", "go test ./... 2>&1 | tail -40", "go | tail<", nil, false, ""},
		{"and", "gofmt -l . && go vet ./...", "gofmt && go", nil, false, ""},
		{"cd then", "cd web && npm run build && cd .. && git status", "cd && npm@web && cd@web && git", nil, false, ""},
		{"cd stays", "cd pkg/api && go test ./...", "cd && go@pkg/api", nil, false, "pkg/api"},
		{"cd in subshell", "(cd web && npm test) && make", "cd && npm@web && make", nil, false, ""},
		{"cd in pipe", "cd x | cat; ls", "cd | cat< ; ls", nil, false, ""},
		{"or", "test -f go.mod || echo missing", "test || echo", nil, false, ""},
		{"semicolons", "git add -A; git commit -m 'fix parser'; git push", "git ; git ; git", nil, true, ""},
		{"newlines", "set -e\nnpm ci\nnpm test", "set ; npm ; npm", nil, false, ""},
		{"substitution", `echo "built at $(date +%s)" > stamp.txt`, "date echo", []string{"stamp.txt"}, false, ""},
		{"backquotes", "kill `cat app.pid`", "cat kill", nil, false, ""},
		{"heredoc to a file", "cat > main.go <<'EOF'\npackage main\nfunc f() { x > y }\nEOF\ngofmt -l .", "cat ; gofmt", []string{"main.go"}, false, ""},
		{"heredoc commit", "git commit -m \"$(cat <<'EOF'\nfix: parse heredocs\n\nbody\nEOF\n)\"", "cat git", nil, true, ""},
		{"unclosed heredoc", "cat > notes.md <<EOF\n# notes\nwip", "cat", []string{"notes.md"}, false, ""},
		{"bash -lc", `bash -lc 'cd app && go build ./... > build.log'`, "bash cd && go@app", []string{"app/build.log"}, false, ""},
		{"sh -c", `sh -c "git commit -am wip"`, "sh git", nil, true, ""},
		{"sudo env", "sudo -E env FOO=1 tee /etc/app.conf < conf", "tee", []string{"/etc/app.conf"}, false, ""},
		{"assignments", "CGO_ENABLED=0 GOOS=linux go build -o bin/app .", "go", nil, false, ""},
		{"unbalanced quote", `git commit -m "fix the thing`, "git", nil, true, ""},
		{"unbalanced single", `grep -rn 'TODO src | wc -l`, "grep", nil, false, ""},
		{"syntax error", "foo( bar", "foo ; bar", nil, false, ""},
		{"if", "if [ -f go.mod ]; then go test ./...; else npm test; fi", "[ go npm", nil, false, ""},
		{"for", "for f in *.go; do gofmt -w $f; done", "gofmt", nil, false, ""},
		{"comment", "ls # > not.txt", "ls", nil, false, ""},
		{"background", "npm run dev & sleep 3; curl -s localhost:3000", "npm & sleep ; curl", nil, false, ""},
		{"very long", long, "", nil, true, ""},
		{"empty", "", "", nil, false, ""},
		{"pushd popd", "pushd web && npm ci && popd && make", "pushd && npm@web && popd@web && make", nil, false, ""},
	} {
		l := Parse(c.line)
		if c.name != "very long" && names(l) != c.cmds {
			t.Errorf("%s: commands %q, want %q", c.name, names(l), c.cmds)
		}
		if got := l.Writes(); !slices.Equal(got, c.writes) {
			t.Errorf("%s: writes %q, want %q", c.name, got, c.writes)
		}
		if l.Commits() != c.commits {
			t.Errorf("%s: commits %v", c.name, l.Commits())
		}
		if l.EndDir != c.endDir {
			t.Errorf("%s: ends in %q, want %q", c.name, l.EndDir, c.endDir)
		}
	}
	if l := Parse(long); len(l.Commands) != 5001 || !l.Parsed {
		t.Errorf("very long: %d commands, parsed %v", len(l.Commands), l.Parsed)
	}
}

// Words are what the program receives; a word the shell would expand keeps its text.
func TestWords(t *testing.T) {
	t.Parallel()
	l := Parse(`grep -rn "a \"b\"" 'c d' e\ f $HOME/x *.go ~/y "$(pwd)"`)
	c := l.Commands[len(l.Commands)-1]
	want := []string{"grep", "-rn", `a "b"`, "c d", "e f", "$HOME/x", "*.go", "~/y", `"$(pwd)"`}
	if !slices.Equal(c.Words, want) {
		t.Fatalf("words %q, want %q", c.Words, want)
	}
	for i, lit := range []bool{true, true, true, true, true, false, false, false, false} {
		if c.Literal(i) != lit {
			t.Errorf("word %d %q literal %v", i, c.Words[i], c.Literal(i))
		}
	}
	if got := Parse("go test  ./...   2>&1 >out.txt | tail").Commands[0].Text; got != "go test ./... >out.txt" {
		t.Errorf("text %q", got)
	}
}

// The commit message, in each way agents give it.
func TestCommitMessage(t *testing.T) {
	t.Parallel()
	for line, want := range map[string]string{
		`git commit -m "fix: parse heredocs"`:                                         "fix: parse heredocs",
		`git add -A && git commit -am 'wip: parser'`:                                  "wip: parser",
		`git -C repo commit --message="docs: readme" --no-verify`:                     "docs: readme",
		"git commit -m \"$(cat <<'EOF'\nfeat: shell package\n\nMore.\nEOF\n)\"":       "feat: shell package\n\nMore.",
		"git commit -F - <<'EOF'\nfix: from stdin\nEOF":                               "fix: from stdin",
		`git commit -m "first" -m "second"`:                                           "first",
		`git commit`:                                                                  "",
		`echo git commit -m x`:                                                        "",
		`cd repo && GIT_AUTHOR_NAME=x git -c user.email=a@b commit -m"squashed: all"`: "squashed: all",
	} {
		if got := Parse(line).CommitMessage(); got != want {
			t.Errorf("%q: message %q, want %q", line, got, want)
		}
	}
	if !Parse("git -C /tmp/x push origin main").Pushes() || Parse("git pull --rebase").Pushes() {
		t.Error("push")
	}
	if c := Parse("git commit -nm 'x'").Commands[0]; !c.Has("--no-verify", "-n") {
		t.Error("-n in a cluster")
	}
}

// Tests and builds, through runners and package scripts.
func TestTestsAndBuilds(t *testing.T) {
	t.Parallel()
	for line, want := range map[string]string{
		"go test ./...":               "test",
		"uv run pytest -x tests/":     "test",
		"npx -y vitest run":           "test",
		"npm test":                    "test",
		"pnpm run test:unit":          "test",
		"python -m pytest":            "test",
		"cargo clippy -- -D warnings": "build",
		"npm run build":               "build",
		"yarn build":                  "build",
		"make -j4":                    "build",
		"npx tsc --noEmit":            "build",
		"go vet ./...":                "build",
		"./gradlew test":              "test",
		"npm.cmd run build":           "build",
		"npx.cmd tsc --noEmit":        "build",
		"git status":                  "",
		"npm run dev":                 "",
		"ls tests":                    "",
		"ruff check --fix app.py":     "lint",
		"npm run lint":                "lint",
		"pnpm lint":                   "lint",
		"golangci-lint run ./...":     "lint",
		"cd web && npx eslint src":    "lint",
		"python3 -m mypy src":         "lint",
		"python3 manage.py runserver": "",
		"curl -s localhost:8080":      "",
	} {
		l := Parse(line)
		got := ""
		switch {
		case l.Tests():
			got = "test"
		case l.Builds():
			got = "build"
		case l.Commands[len(l.Commands)-1].IsLint():
			got = "lint"
		}
		if l.Checks() != (got != "") {
			t.Errorf("%q: Checks %v, kind %q", line, l.Checks(), got)
		}
		if got != want {
			t.Errorf("%q: %q, want %q", line, got, want)
		}
	}
	if s := Parse("npm run lint:check -- a.ts").Commands[0].Script(); s != "lint:check" {
		t.Errorf("script %q", s)
	}
	if c := Parse("uv run --with rich python -m pytest -x").Commands[0]; !slices.Equal(c.Run(), []string{"pytest", "-x"}) || !c.IsTest() {
		t.Errorf("run %q, test %v", c.Run(), c.IsTest())
	}
	for line, want := range map[string]string{"pnpm build": "build", "yarn typecheck": "typecheck", "npm test": "test", "npm t": "test",
		"yarn run lint:fix": "lint:fix", "pnpm add zod": "", "npm ci": "", "bun index.ts": "", "yarn": ""} {
		if s := Parse(line).Commands[0].Script(); s != want {
			t.Errorf("%q: script %q, want %q", line, s, want)
		}
	}
}

// The files a line writes and removes, for the gate's edit detection.
func TestWritesAndRemoves(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		line            string
		writes, removes []string
	}{
		{"go test ./... 2>&1 | tail -5", nil, nil},
		{"echo hi > notes.txt", []string{"notes.txt"}, nil},
		{"echo hi >>notes.txt; cat a.go >/dev/null 2>/tmp/err", []string{"notes.txt", "/tmp/err"}, nil},
		{"printf 'a > b' | tee -a out.log other.log", []string{"out.log", "other.log"}, nil},
		{"sed -i 's/a/b/' pkg/x.go", []string{"pkg/x.go"}, nil},
		{"sed -i.bak -e 's/a/b/' -e 's/c/d/' a.go b.go", []string{"a.go", "b.go"}, nil},
		{"sed -n '1,10p' pkg/x.go", nil, nil},
		{"perl -pi -e 's/a/b/' y.go", []string{"y.go"}, nil},
		{"cp a.go b.go && mv c.go d/", []string{"b.go", "d/c.go"}, []string{"c.go"}},
		{"cp -t dist/ a.js b.js", []string{"dist/a.js", "dist/b.js"}, nil},
		{"mkdir -p old && mv a.md src/b.md old", []string{"old/a.md", "old/b.md"}, []string{"a.md", "src/b.md"}},
		{"mv -f -t old a.md b.md", []string{"old/a.md", "old/b.md"}, []string{"a.md", "b.md"}},
		{"cp -r -t out lib", []string{"out/lib"}, nil},
		{"grep -r 'x > y' . # > not.txt", nil, nil},
		{`echo "$X" > "$OUT"`, nil, nil},
		{"cmd &> all.log", []string{"all.log"}, nil},
		{"cmd >& all.log", []string{"all.log"}, nil},
		{"cat <<< 'x' > h.txt", []string{"h.txt"}, nil},
		{"touch a.txt *.md", []string{"a.txt"}, nil},
		{"cat <<'EOF' > web/app/posts/[id]/page.tsx\nexport default function Page() {}\nEOF", []string{"web/app/posts/[id]/page.tsx"}, nil},
		{"touch app/[...slug]/page.tsx app/[[...path]]/route.ts src/routes/[lang]/+page.svelte", []string{"app/[...slug]/page.tsx", "app/[[...path]]/route.ts", "src/routes/[lang]/+page.svelte"}, nil},
		{"rm log[0-9].txt out[!a].txt x[a].md", nil, nil},
		{"cd web && echo x > .env", []string{"web/.env"}, nil},
		{"rm -rf build/ && git rm -q old.go && unlink x.lock", nil, []string{"build/", "old.go", "x.lock"}},
		{"cd sub && rm a.txt", nil, []string{"sub/a.txt"}},
		{"{ echo a; echo b; } > both.txt", []string{"both.txt"}, nil},
		{"git mv a.go b.go", []string{"b.go"}, []string{"a.go"}},
		{"git mv a.go b.go pkg", []string{"pkg/a.go", "pkg/b.go"}, []string{"a.go", "b.go"}},
		{"rm $(cat list)", nil, nil},
		{"cd web && npm install -D left-pad@1", []string{"web/package.json", "web/package-lock.json"}, nil},
		{"npm install && npm i -g typescript && npm install --no-save x && npm ci", nil, nil},
		{"pnpm add zod", []string{"package.json", "pnpm-lock.yaml"}, nil},
		{"pnpm --filter web add zod", nil, nil},
		{"yarn remove lodash", []string{"package.json", "yarn.lock"}, nil},
		{"cargo add serde --features derive", []string{"Cargo.toml", "Cargo.lock"}, nil},
		{"go get github.com/x/y@v1 && go mod tidy", []string{"go.mod", "go.sum"}, nil},
		{"go build ./... && cargo build && uv pip install x", nil, nil},
		{"uv add httpx", []string{"pyproject.toml", "uv.lock"}, nil},
		{"poetry add -G dev pytest", []string{"pyproject.toml", "poetry.lock"}, nil},
	} {
		l := Parse(c.line)
		if got := l.Writes(); !slices.Equal(got, c.writes) {
			t.Errorf("%q: writes %q, want %q", c.line, got, c.writes)
		}
		if got := l.Removes(); !slices.Equal(got, c.removes) {
			t.Errorf("%q: removes %q, want %q", c.line, got, c.removes)
		}
	}
}

// A shell running a script is read as the script; anything else as the command it is.
func TestParseArgv(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		argv         []string
		script, cmds string
		d            Dialect
	}{
		{[]string{"bash", "-lc", "go test ./... && git push"}, "go test ./... && git push", "go && git", Sh},
		{[]string{"/bin/zsh", "-c", "ls"}, "ls", "ls", Sh},
		{[]string{"rg", "-n", "foo bar", "."}, "rg -n 'foo bar' .", "rg", Sh},
		{[]string{"bash", "script.sh"}, "bash script.sh", "bash", Sh},
		{[]string{"pwsh", "-NoProfile", "-Command", "Get-ChildItem; git status"}, "Get-ChildItem; git status", "get-childitem ; git", PowerShell},
		{[]string{"powershell.exe", "-c", "cd src; npm test"}, "cd src; npm test", "cd ; npm@src", PowerShell},
		{[]string{"cmd.exe", "/c", "dir & git log"}, "dir & git log", "dir & git", Cmd},
	} {
		script, d := Script(c.argv)
		if script != c.script || d != c.d {
			t.Errorf("%q: script %q (%d), want %q (%d)", c.argv, script, d, c.script, c.d)
		}
		if got := names(ParseArgv(c.argv)); got != c.cmds {
			t.Errorf("%q: commands %q, want %q", c.argv, got, c.cmds)
		}
	}
}

// PowerShell is read the simple way: statements at ";" and newlines, stages at "|", words at
// blanks, expressions and script blocks as one word each.
func TestPowerShell(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		line, cmds string
		writes     []string
		removes    []string
	}{
		{"Get-Content a.txt | Select-String 'x; y' ; git commit -m 'it''s done'", "get-content | select-string< ; git", nil, nil},
		{`Set-Content -Path notes.md -Value "hi"; "x" | Out-File out.txt`, "set-content ; x | out-file<", []string{"notes.md", "out.txt"}, nil},
		{"Copy-Item a.ps1 b.ps1\nRemove-Item -Recurse -Force build", "copy-item ; remove-item", []string{"b.ps1"}, []string{"build"}},
		{"npm test 2>&1 > log.txt && echo ok", "npm && echo", []string{"log.txt"}, nil},
		{"Move-Item old.ps1 -Destination lib/new.ps1", "move-item", []string{"lib/new.ps1"}, []string{"old.ps1"}},
		{"Set-Location web; New-Item -ItemType File x.ts; New-Item -ItemType Directory d", "set-location ; new-item@web ; new-item@web", []string{"web/x.ts"}, nil},
		{"foreach ($f in (Get-ChildItem *.go)) { gofmt -w $f }", "foreach", nil, nil},
		{"& \"C:\\Program Files\\Git\\bin\\git.exe\" commit -m `\"x`\"", "git", nil, nil},
		{"Write-Host 'unclosed", "write-host", nil, nil},
	} {
		l := ParseAs(c.line, PowerShell)
		if got := names(l); got != c.cmds {
			t.Errorf("%q: commands %q, want %q", c.line, got, c.cmds)
		}
		if got := l.Writes(); !slices.Equal(got, c.writes) {
			t.Errorf("%q: writes %q, want %q", c.line, got, c.writes)
		}
		if got := l.Removes(); !slices.Equal(got, c.removes) {
			t.Errorf("%q: removes %q, want %q", c.line, got, c.removes)
		}
	}
	if m := ParseAs("git commit -m 'it''s done'", PowerShell).CommitMessage(); m != "it's done" {
		t.Errorf("message %q", m)
	}
}

// A line too deep for the grammar is read by the plain split, whole.
func TestDeepLine(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("(", 200000) + "echo hi > x.txt"
	l := Parse(deep)
	if l.Parsed || len(l.Commands) != 1 || !slices.Equal(l.Writes(), []string{"x.txt"}) {
		t.Fatalf("parsed %v, %d commands, writes %q", l.Parsed, len(l.Commands), l.Writes())
	}
}

// FuzzParse: no line panics or hangs the reader, in any dialect.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"go test ./... | tail", "cat > a <<EOF\nx\nEOF", "bash -lc 'cd x && make'", "a 'b", "$(((", "Get-Item; x | y",
		"git commit -m \"$(cat <<'EOF'\nm\nEOF\n)\"", "x=$((1+", "[[ -f", "case x in", "cmd /c dir ^& ls", "\\", "echo `a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, d := range []Dialect{Sh, PowerShell, Cmd} {
			l := ParseAs(s, d)
			l.Writes()
			l.Removes()
			l.Commits()
			l.Tests()
			l.Builds()
			l.CommitMessage()
			for _, c := range l.Commands {
				c.Run()
				c.Git()
				c.Script()
			}
		}
		ParseArgv([]string{"bash", "-c", s})
	})
}

// A command written inside another's word is nested; one in a subshell is not.
func TestNested(t *testing.T) {
	t.Parallel()
	var got []string
	for _, c := range Parse(`(cd web && npm test) && echo "$(date)" && bash -c 'make'`).Commands {
		got = append(got, fmt.Sprintf("%s:%d:%v", c.Name(), c.Depth, c.Nested))
	}
	want := []string{"cd:1:false", "npm:1:false", "date:1:true", "echo:0:false", "bash:0:false", "make:1:true"}
	if !slices.Equal(got, want) {
		t.Errorf("%q, want %q", got, want)
	}
}

// A line whose language is not known is read as PowerShell when it calls a cmdlet by its
// Verb-Noun name, else as sh.
func TestParseGuess(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		line            string
		dialect         Dialect
		writes, removes []string
	}{
		{"git rm --cached x.exe; Add-Content -Path .gitignore -Value \"`nx.exe\"; git add .gitignore", PowerShell, []string{".gitignore"}, []string{"x.exe"}},
		{`Remove-Item -LiteralPath "C:\\app\\old.gd" -Force; Test-Path -LiteralPath "C:\\app\\old.gd"`, PowerShell, nil, []string{`C:\\app\\old.gd`}},
		{"echo hi > notes.txt && rm -f old.txt", Sh, []string{"notes.txt"}, []string{"old.txt"}},
		{"x-ray --out a.txt && My-tool b", Sh, nil, nil},
	} {
		l := ParseGuess(c.line)
		if l.Dialect != c.dialect || !slices.Equal(l.Writes(), c.writes) || !slices.Equal(l.Removes(), c.removes) {
			t.Errorf("%q: dialect %d, writes %q, removes %q; want %d, %q, %q", c.line, l.Dialect, l.Writes(), l.Removes(), c.dialect, c.writes, c.removes)
		}
	}
}

// A move is told from a removal in both dialects: mv, git mv, Move-Item.
func TestMoves(t *testing.T) {
	t.Parallel()
	for line, want := range map[string][]bool{
		"mv a.go b.go && rm c.go && git mv d.go e.go":              {true, false, true},
		`Move-Item -Path a.ts -Destination b.ts; Remove-Item c.ts`: {true, false},
	} {
		var got []bool
		for _, c := range ParseGuess(line).Commands {
			got = append(got, c.Moves())
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: moves %v, want %v", line, got, want)
		}
	}
}
