package memstore

import (
	"slices"
	"testing"
)

// The parts of a chained command: each command it runs at its own level, before any pipe,
// without descriptor duplications; a cd only moves, a substitution is a word.
func TestCommandParts(t *testing.T) {
	t.Parallel()
	for cmd, want := range map[string][]string{
		"npm run lint && npm run build":        {"npm run lint", "npm run build"},
		"cd web && npm test 2>&1 | tail -20":   {"npm test"},
		"cd web; npm ci && npm  test":          {"npm ci", "npm test"},
		`git commit -m "a && b" && git push`:   {`git commit -m "a && b"`, "git push"},
		`echo "$(date)" && make`:               {`echo "$(date)"`, "make"},
		"(cd web && npm test) && make":         {"npm test", "make"},
		"npm test --…":                         {"npm test --…"},
		`git commit -m "clipped && still one…`: {`git commit -m "clipped && still one…`},
		"go vet ./... || true":                 {"go vet ./...", "true"},
		"":                                     nil,
	} {
		if got := CommandParts(cmd); !slices.Equal(got, want) {
			t.Errorf("CommandParts(%q) = %q, want %q", cmd, got, want)
		}
	}
	for cmd, want := range map[string]string{
		"npm run lint:check -- a.ts": Script("lint:check"),
		"pnpm run-script build":      Script("build"),
		"npx npm run x":              Script("x"),
		"npm test":                   "",
		"make lint":                  "",
	} {
		if got := ScriptRun(cmd); got != want {
			t.Errorf("ScriptRun(%q) = %q, want %q", cmd, got, want)
		}
	}
}
