package transcript

import (
	"encoding/json"
	"strings"
)

// geminiMCPError unwraps the error Gemini CLI gives a failed MCP call ("MCP tool 'x'
// reported tool error for function call: {…} with response: [{functionResponse: {response:
// {content: [{text}]}}}]"): the server's own text, and whether it was such an error.
func geminiMCPError(s string) (string, bool) {
	if !strings.HasPrefix(s, "MCP tool '") {
		return s, false
	}
	_, resp, ok := strings.Cut(s, " with response: ")
	if !ok {
		return s, true
	}
	var parts []struct {
		FunctionResponse struct {
			Response struct {
				Content []struct {
					Text string `json:"text"`
				} `json:"content"`
			} `json:"response"`
		} `json:"functionResponse"`
	}
	if json.Unmarshal([]byte(resp), &parts) != nil {
		return resp, true
	}
	var texts []string
	for _, p := range parts {
		for _, c := range p.FunctionResponse.Response.Content {
			texts = append(texts, strings.TrimSuffix(strings.TrimSpace(c.Text), " []")) // GitHub's empty error list
		}
	}
	if len(texts) == 0 {
		return resp, true
	}
	return strings.Join(texts, "\n"), true
}

// geminiMCPServer reports a call Gemini CLI shows as an MCP server's ("get_node_tree
// (figma MCP Server)").
func geminiMCPServer(displayName string) bool {
	return strings.HasSuffix(displayName, " MCP Server)")
}

// mcpAnswerError is the error an MCP server answered a call with, the call itself gone
// through ({"status": "error", "error": "Figma API error: 429 …"}), or "".
func mcpAnswerError(out string) string {
	t := strings.TrimSpace(out)
	if !strings.HasPrefix(t, "{") || !strings.Contains(t, `"error"`) {
		return ""
	}
	var ans struct {
		Status string `json:"status"`
		Error  string `json:"error"`
	}
	if json.Unmarshal([]byte(t), &ans) != nil || ans.Status != "error" {
		return ""
	}
	return strings.TrimSpace(ans.Error)
}
