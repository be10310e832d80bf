package mcpserver

import (
	"fmt"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"

	"carnet/memstore"
)

// RecentIn is the input of memory_recent.
type RecentIn struct {
	Days int `json:"days,omitempty" jsonschema:"default 7"`
	Scope
}

// RecentOut is what memory_recent returns.
type RecentOut struct {
	Since   string         `json:"since"`
	Commits []RecentCommit `json:"commits"`
	Logs    []LogSummary   `json:"logs"`
	GitNote string         `json:"git_note,omitempty"`
}

// RecentCommit is one commit that changed the memory folder.
type RecentCommit struct {
	Hash    string   `json:"hash"`
	Date    string   `json:"date"`
	Subject string   `json:"subject"`
	Files   []string `json:"files"`
}

const (
	defaultRecentDays = 7
	maxRecentDays     = 365
	// maxRecentCommits bounds the history read for one call.
	maxRecentCommits = 50
)

func (s *Server) addRecentTool() {
	addTool(s, toolSpec{
		name:  "memory_recent",
		title: "Recent changes",
		desc:  `What changed in the last days: commits and daily logs.`,
	}, func(in *jsonschema.Schema) {
		d := prop(in, "days")
		d.Minimum, d.Maximum = new(0.0), new(float64(maxRecentDays))
	}, (*call).recent)
}

func (c *call) recent(in RecentIn) (string, RecentOut, error) {
	days := in.Days
	if days <= 0 {
		days = defaultRecentDays
	}
	since := c.now.AddDate(0, 0, -days)
	out := RecentOut{Since: memstore.Date(since), Commits: []RecentCommit{}, Logs: []LogSummary{}}
	var b strings.Builder
	fmt.Fprintf(&b, "Memory of %q since %s:\n", c.p.Name, out.Since)
	out.GitNote = c.recentCommits(since, &out)
	if out.GitNote != "" {
		fmt.Fprintf(&b, "No git history: %s\n", out.GitNote)
	} else if len(out.Commits) == 0 {
		b.WriteString("No commit.\n")
	} else {
		b.WriteString("## Commits, newest first\n")
		for _, cm := range out.Commits {
			fmt.Fprintf(&b, "- %s %s %s (%s)\n", cm.Hash, cm.Date, cm.Subject, strings.Join(cm.Files, ", "))
		}
	}
	o, err := c.p.Overview(memstore.WithLogs)
	if err != nil {
		return "", out, fail(resError, "cannot list the logs of %s: %v", c.p.Name, err)
	}
	logs, _ := c.visibleLogs(o)
	for _, l := range logs {
		if l.Date < out.Since {
			break
		}
		ls := LogSummary{Date: l.Date, Path: "logs/" + l.Date + ".md", Size: l.Size, OpenItems: len(l.Open), Sensitive: l.Read && IsSensitive(l.Data)}
		out.Logs = append(out.Logs, ls)
	}
	if len(out.Logs) == 0 {
		b.WriteString("No daily log.\n")
	} else {
		b.WriteString("## Daily logs (memory_read \"logs/DATE.md\")\n")
		for _, l := range out.Logs {
			b.WriteString(logLine(l))
		}
	}
	text := b.String()
	c.size = len(text)
	return text, out, nil
}

// recentCommits fills out.Commits with the commits since, or says why there is no history.
func (c *call) recentCommits(since time.Time, out *RecentOut) string {
	repo, err := c.ws.Repo()
	if err != nil || repo == nil {
		return "the memory is not in a git repository"
	}
	commits, err := repo.History(c.p.RelDir, maxRecentCommits)
	if err != nil {
		return err.Error()
	}
	for _, cm := range commits {
		if cm.When.Before(since) {
			break
		}
		rc := RecentCommit{Hash: cm.Hash[:min(7, len(cm.Hash))], Date: cm.When.Format("2006-01-02 15:04"),
			Subject: strings.SplitN(cm.Message, "\n", 2)[0], Files: []string{}}
		for _, f := range cm.Files {
			rc.Files = append(rc.Files, fmt.Sprintf("%s +%d -%d", rel(c.p, f.Path), f.Added, f.Deleted))
		}
		out.Commits = append(out.Commits, rc)
	}
	return ""
}
