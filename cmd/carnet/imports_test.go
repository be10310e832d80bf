package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The package shape holds: arrows point one way, cmd → tui → (promote, hook, mcpserver) →
// memstore, and the leaves (git, secrets, the model runner, the shell parser, transcript
// readers) know nothing of memory or agents; the transcript readers use the shell parser only,
// and git's own subpackages (purge, query, difflines) git's narrow interface only.
func TestImportRules(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}:{{join .Imports " "}}`, "carnet/...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	forbidden := map[string][]string{
		"carnet/memstore":                       {"carnet/hook", "carnet/capture", "carnet/promote", "carnet/mcpserver", "carnet/tui"},
		"carnet/memstore/gitrepo":               {"carnet/"},
		"carnet/memstore/gitrepo/purge":         {"carnet/"},
		"carnet/memstore/gitrepo/query":         {"carnet/"},
		"carnet/memstore/gitrepo/difflines":     {"carnet/"},
		"carnet/memstore/stale":                 {"carnet/hook", "carnet/capture", "carnet/promote", "carnet/mcpserver", "carnet/tui", "carnet/check"},
		"carnet/check":                          {"carnet/tui", "carnet/promote", "carnet/mcpserver"},
		"carnet/summary":                        {"carnet/tui", "carnet/hook", "carnet/promote", "carnet/mcpserver", "carnet/check"},
		"carnet/secret":                         {"carnet/"},
		"carnet/llm":                            {"carnet/"},
		"carnet/shell":                          {"carnet/"},
		"carnet/lang":                           {"carnet/"},
		"carnet/hook/transcript":                {"carnet/"},
		"carnet/hook/install":                   {"carnet/hook", "carnet/tui", "carnet/promote", "carnet/mcpserver"},
		"carnet/hook":                           {"carnet/tui", "carnet/promote", "carnet/mcpserver"},
		"carnet/capture":                        {"carnet/tui", "carnet/promote", "carnet/mcpserver", "carnet/hook/install", "carnet/hook/model", "carnet/llm"},
		"carnet/promote":                        {"carnet/tui", "carnet/hook", "carnet/mcpserver"},
		"carnet/mcpserver":                      {"carnet/tui", "carnet/hook", "carnet/promote"},
		"carnet/memimport":                      {"carnet/tui", "carnet/hook", "carnet/mcpserver", "carnet/capture", "carnet/memstore/gitrepo"},
		"carnet/hook/transcript/transcripttest": {"carnet/"},
	}
	allowed := map[string][]string{"carnet/hook/transcript": {"carnet/shell"},
		"carnet/memstore/gitrepo/purge": {"carnet/memstore/gitrepo"}, "carnet/memstore/gitrepo/query": {"carnet/memstore/gitrepo"}}
	seen := 0
	for line := range strings.Lines(strings.TrimSpace(string(out))) {
		pkg, imports, _ := strings.Cut(strings.TrimSpace(line), ":")
		rules, ok := forbidden[pkg]
		if !ok {
			continue
		}
		seen++
		for imp := range strings.FieldsSeq(imports) {
			if slices.Contains(allowed[pkg], imp) {
				continue
			}
			for _, bad := range rules {
				if imp == bad || strings.HasPrefix(imp, bad+"/") || strings.HasSuffix(bad, "/") && strings.HasPrefix(imp, bad) {
					if imp == pkg || strings.HasPrefix(imp, pkg+"/") && bad != "carnet/" {
						continue // its own subpackages
					}
					t.Errorf("%s imports %s", pkg, imp)
				}
			}
		}
	}
	if seen != len(forbidden) {
		t.Errorf("checked %d packages of %d: a package was renamed or moved", seen, len(forbidden))
	}
}
