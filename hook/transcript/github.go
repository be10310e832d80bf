package transcript

import (
	"regexp"
	"strings"
)

// gitHubCommitTools are the GitHub MCP server's tools that make a commit through the API
// (mcp__github__push_files for Claude Code, push_files for Gemini CLI).
var gitHubCommitTools = []string{"push_files", "create_or_update_file", "delete_file"}

// GitHubCommitTool reports a tool call that commits on GitHub without git.
func GitHubCommitTool(name string) bool {
	for _, t := range gitHubCommitTools {
		if name == t || strings.HasSuffix(name, "__"+t) {
			return true
		}
	}
	return false
}

// apiCommitSHA finds the commit in the GitHub API's answer: create_or_update_file's
// "commit": {"sha": …}, push_files' updated ref "object": {"type": "commit", "sha": …}.
var apiCommitSHA = regexp.MustCompile(`"commit"\s*:\s*\{\s*"sha"\s*:\s*"([0-9a-f]{7,40})"|"type"\s*:\s*"commit"\s*,\s*"sha"\s*:\s*"([0-9a-f]{7,40})"`)

// apiCommit is the short hash of the commit a GitHub API answer reports, or "".
func apiCommit(out string) string {
	if !strings.Contains(out, `"sha"`) {
		return ""
	}
	m := apiCommitSHA.FindStringSubmatch(Clip(out, maxOutputScan))
	for _, g := range m[min(1, len(m)):] {
		if g != "" {
			return g[:7]
		}
	}
	return ""
}

// pullAddress finds a pull request's address on GitHub: the URL gh prints, an API answer's
// "html_url".
var pullAddress = regexp.MustCompile(`https://github\.com/[\w.-]+/[\w.-]+/pull/(\d+)\b`)

// PullShown is the number of the pull request whose address out shows, or "".
func PullShown(out string) string {
	if !strings.Contains(out, "/pull/") {
		return ""
	}
	if m := pullAddress.FindStringSubmatch(Clip(out, maxOutputScan)); m != nil {
		return m[1]
	}
	return ""
}

// firstLine is the first line of a commit message, trimmed.
func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(s)
}
