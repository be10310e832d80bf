//go:build linux

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"carnet/hook/agentstest"
)

// The real Claude Code calls carnet's MCP tools as `carnet install --agent claude` declares
// them: the scripted model asks for memory_search, then memory_read with a line range
// (agentstest.RecallScript), and the tool results Claude Code sends back in its next requests
// must be carnet's answers.
func TestAgentClaudeCodeRecall(t *testing.T) {
	a := newAgentRun(t, "claude")
	a.run("carnet", "install", "--agent", "claude")
	a.run("carnet", "add", "-s", "long_terme", "Le fournisseur Zéphyrin facture la TVA à 5,5 % sur les livres.")
	a.run("carnet", "add", "-s", "decisions", "Garder le lecteur de transcript en lecture arrière.")

	sandbox := filepath.Join(filepath.Dir(a.sandbox), "carnet-recall-sandbox")
	if err := os.Symlink(a.sandbox, sandbox); err != nil {
		t.Fatal(err)
	}
	reqsFile := filepath.Join(t.TempDir(), "requests.json")
	env := []string{fmt.Sprintf("ANTHROPIC_BASE_URL=http://127.0.0.1:%d", agentstest.Port), "ANTHROPIC_API_KEY=sk-ant-scripted",
		"DISABLE_TELEMETRY=1", "DISABLE_AUTOUPDATER=1", "DISABLE_ERROR_REPORTING=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "IS_SANDBOX=1",
		"ENABLE_TOOL_SEARCH=false"} // MCP tools offered up front, not behind ToolSearch
	cmd := exec.Command("unshare", "-n", sandbox, a.repo, reqsFile, a.cli, "-p", "Quel taux de TVA facture le fournisseur ?",
		"--output-format", "json", "--dangerously-skip-permissions", "--mcp-config", filepath.Join(a.repo, ".mcp.json"))
	cmd.Dir, cmd.Env = a.repo, append(append([]string{}, a.env...), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Logf("claude: %v\n%s", err, out)
	}
	data, err := os.ReadFile(reqsFile)
	if err != nil {
		t.Fatalf("claude did not run: %v\n%s", err, out)
	}
	var reqs []agentstest.Request
	if err := json.Unmarshal(data, &reqs); err != nil {
		t.Fatal(err)
	}
	search, read := toolResult(reqs, 1), toolResult(reqs, 2)
	if search == "" {
		for _, r := range reqs {
			var b struct {
				Tools []struct {
					Name string `json:"name"`
				} `json:"tools"`
			}
			_ = json.Unmarshal([]byte(r.Body), &b)
			t.Logf("request %s: tools %v; %s", r.Path, b.Tools, clip(r.Body[max(0, strings.Index(r.Body, "mcp")-300):]))
		}
		t.Logf("claude:\n%s", out)
	}
	for _, want := range []string{"memory_sessions/long_memory.md", "Zéphyrin facture la TVA"} {
		if !strings.Contains(search, want) && !strings.Contains(search, strings.TrimPrefix(want, "memory_sessions/")) {
			t.Errorf("memory_search's result lacks %q: %s", want, clip(search))
		}
	}
	// Claude Code hands the model the structured result when there is one: the lines asked for
	for _, want := range []string{`"from":3`, `"to":4`, `"content":"## `, "- Le fournisseur Zéphyrin facture la TVA"} {
		if !strings.Contains(read, want) {
			t.Errorf("memory_read's result lacks %q: %s", want, clip(read))
		}
	}
	if strings.Contains(read, "Garder le lecteur") || strings.Contains(read, "Mémoire long terme") {
		t.Errorf("memory_read returned more than the range: %s", clip(read))
	}
}

// toolResult is the text of the n-th tool result (1-based) in the first request that holds n
// of them.
func toolResult(reqs []agentstest.Request, n int) string {
	for _, r := range reqs {
		var body struct {
			Messages []struct {
				Content json.RawMessage `json:"content"`
			} `json:"messages"`
		}
		if json.Unmarshal([]byte(r.Body), &body) != nil {
			continue
		}
		var results []string
		for _, m := range body.Messages {
			var blocks []map[string]any
			if json.Unmarshal(m.Content, &blocks) != nil {
				continue
			}
			for _, b := range blocks {
				if b["type"] == "tool_result" {
					results = append(results, resultText(b["content"]))
				}
			}
		}
		if len(results) >= n {
			return results[n-1]
		}
	}
	return ""
}

// resultText is a tool result's content: a string, or the text of its text blocks.
func resultText(content any) string {
	if s, ok := content.(string); ok {
		return s
	}
	var b strings.Builder
	blocks, _ := content.([]any)
	for _, x := range blocks {
		if m, ok := x.(map[string]any); ok && m["type"] == "text" {
			s, _ := m["text"].(string)
			b.WriteString(s)
		}
	}
	return b.String()
}
