package capture

import (
	"fmt"

	"carnet/hook/transcript"
)

// apiCommits names the commits the turn made on GitHub through its API (the GitHub MCP
// server's push_files, create_or_update_file, delete_file), with no git command to show them.
func apiCommits(tools []*transcript.ToolUse, w wording) []string {
	var out []string
	for _, u := range tools {
		if !transcript.GitHubCommitTool(u.Name) || !u.HasResult || u.IsError || u.CommitSubject == "" {
			continue
		}
		if u.CommitHash != "" {
			out = append(out, fmt.Sprintf(w.commit, u.CommitHash, u.CommitSubject))
		} else {
			out = append(out, fmt.Sprintf(w.commitNoHash, u.CommitSubject))
		}
	}
	return out
}
