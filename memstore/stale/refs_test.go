package stale

import (
	"fmt"
	"testing"
)

func TestRefs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		text string
		want string
	}{
		{"`app.js` handles routing", "[path app.js]"},
		{"see `hook/load.go:42` and `./cmd/carnet/main.go`", "[path hook/load.go path cmd/carnet/main.go]"},
		{"the `docs/` folder", "[path docs/]"},
		{"`ComposeLoad` trims at section boundaries", "[name ComposeLoad]"},
		{"`memstore.ParseDoc` parses", "[path memstore.ParseDoc~ParseDoc]"},
		{"`fmt.Println` prints", "[path fmt.Println~fmt.Println]"},
		{"`os.path.join` joins", "[path os.path.join~os.path.join]"},
		{"the key `budget_tokens` of `[load]`", "[name budget_tokens]"},
		{"call `parse()` first", "[name parse]"},
		{"`HTTPServer` and `parseDoc`", "[name HTTPServer name parseDoc]"},
		{"run `go test ./hook/...` then `make lint`", "[path hook/ name lint]"},
		{"`npm run build:css` builds", "[name build:css]"},
		{"`git log -- app.js` shows it", "[]"},
		{"(verified: go test ./... ok, commit abc1234)", "[commit abc1234]"},
		{"fixed in `4f2e9c1d`", "[commit 4f2e9c1d]"},
		{"see [the guide](docs/guide.md#setup) and [site](https://example.com/a.html)", "[path docs/guide.md]"},
		{"`.env` holds nothing secret", "[path .env]"},
		{"edit the `Makefile`", "[path Makefile]"},
		// prose and things that are not the project's files or names
		{"use `true`, `main`, `README`, `v1.2.3`, `1.5`, `e.g`", "[path e.g~]"},
		{"`/etc/hosts`, `~/.claude/settings.json`, `https://x.io/a.js`, `*.go`, `$HOME/x.txt`", "[]"},
		{"`deadbeef` is 8 hex letters, `1234567` only digits", "[]"},
		{"`the quick fox` and app.js without backticks", "[]"},
		{"``a `b` c``", "[]"},
		{"`../outside.go`", "[]"},
	} {
		var got []string
		for _, r := range Refs(c.text) {
			s := r.Kind.String() + " " + r.Key
			if r.AlsoName != "" || r.Kind == Path && r.Key == "e.g" {
				s += "~" + r.AlsoName
			}
			got = append(got, s)
		}
		if fmt.Sprint(got) != c.want {
			t.Errorf("Refs(%q) = %v, want %s", c.text, got, c.want)
		}
	}
}
