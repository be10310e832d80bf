package memimport

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"carnet/memstore"
	"carnet/promote"
)

// An engram export (engram export [file], by default engram-export.json): one JSON object
// {"version", "exported_at", "sessions": […], "observations": […], "prompts": […]}. An
// observation has id, session_id, type, title, content, project, scope ("project" or
// "personal"), topic_key, created_at ("2006-01-02 15:04:05", UTC), deleted_at when deleted.
// Its type is one an agent saves with mem_save (decision, architecture, bugfix, pattern,
// config, discovery, learning, manual), a session summary, or what a plugin recorded of the
// agent's activity (tool_use, file_change, command, file_read, search, passive).
//
// Imported: the live observations of the project (its "project" equals --engram-project,
// by default the workspace folder's name or the carnet project's) with scope "project" and a
// type an agent saved, to today's log: decisions and architecture under Décisions prises,
// the others under Connaissances acquises (the next promotion proposes them for long
// memory, reviewed). The title is the bullet, the content its nested lines, and a last one
// says where it comes from. Left out: personal observations, other projects', deleted ones,
// session summaries and activity records, sessions and prompts.

type engramExport struct {
	Version      string      `json:"version"`
	Sessions     []any       `json:"sessions"`
	Observations []engramObs `json:"observations"`
	Prompts      []any       `json:"prompts"`
}

type engramObs struct {
	ID        int64   `json:"id"`
	Type      string  `json:"type"`
	Title     string  `json:"title"`
	Content   string  `json:"content"`
	Project   *string `json:"project"`
	Scope     string  `json:"scope"`
	TopicKey  *string `json:"topic_key"`
	CreatedAt string  `json:"created_at"`
	DeletedAt *string `json:"deleted_at"`
}

// engramKeys are the observation types imported, and their section of today's log.
var engramKeys = map[string]string{
	"decision": memstore.KeyDecisions, "architecture": memstore.KeyDecisions,
	"bugfix": memstore.KeyKnowledge, "pattern": memstore.KeyKnowledge, "config": memstore.KeyKnowledge,
	"discovery": memstore.KeyKnowledge, "learning": memstore.KeyKnowledge, "manual": memstore.KeyKnowledge,
}

func readEngram(o Options) (Read, error) {
	data, err := os.ReadFile(o.Engram)
	if err != nil {
		return Read{}, fmt.Errorf("cannot read the export: %w", err)
	}
	var ex engramExport
	if err := json.Unmarshal(data, &ex); err != nil {
		return Read{}, fmt.Errorf("%s is not an engram export (engram export writes one): %w", o.Engram, err)
	}
	if ex.Version == "" && ex.Observations == nil {
		return Read{}, fmt.Errorf("%s is not an engram export: it has no version and no observations", o.Engram)
	}
	want := engramProjects(o)
	r := Read{Source: SourceEngram, Where: o.Engram}
	left := map[string]int{}
	for _, ob := range ex.Observations {
		key, known := engramKeys[strings.ToLower(ob.Type)]
		proj := ""
		if ob.Project != nil {
			proj = *ob.Project
		}
		switch {
		case ob.DeletedAt != nil && *ob.DeletedAt != "":
			left["deleted"]++
			continue
		case !want[strings.ToLower(proj)]:
			left["of other projects"]++
			continue
		case strings.EqualFold(ob.Scope, "personal"):
			left["personal"]++
			continue
		case !known:
			left["session summaries and activity records"]++
			continue
		}
		text := oneLine(ob.Title)
		content := strings.TrimSpace(strings.ReplaceAll(ob.Content, "\r\n", "\n"))
		var body []string
		for l := range strings.Lines(content) {
			if t := strings.TrimRight(l, "\n"); strings.TrimSpace(t) != "" && oneLine(t) != text {
				body = append(body, "  "+strings.TrimRight(t, " \t"))
			}
		}
		if text == "" && len(body) > 0 {
			text, body = oneLine(body[0]), body[1:]
		}
		if text == "" {
			continue
		}
		from := fmt.Sprintf("  (engram #%d, %s", ob.ID, ob.Type)
		if d := strings.TrimSpace(ob.CreatedAt); len(d) >= 10 {
			from += ", " + d[:10]
		}
		body = append(body, from+")")
		r.Items = append(r.Items, promote.ImportItem{Source: fmt.Sprintf("engram observation #%d", ob.ID), Dest: promote.ToToday, Key: key, Text: text, Body: body})
	}
	var kinds []string
	for k := range left {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		r.Left = append(r.Left, fmt.Sprintf("%s %s", memstore.Plural(left[k], "observation"), k))
	}
	if n := len(ex.Sessions) + len(ex.Prompts); n > 0 {
		r.Left = append(r.Left, fmt.Sprintf("%d sessions and prompts (what was asked, not what was learned)", n))
	}
	return r, nil
}

// engramProjects are the engram project names taken (lower case).
func engramProjects(o Options) map[string]bool {
	if o.EngramProject != "" {
		return map[string]bool{strings.ToLower(o.EngramProject): true}
	}
	m := map[string]bool{}
	for _, n := range []string{filepath.Base(o.Root), filepath.Base(o.RepoRoot), o.Project} {
		if n != "" && n != "." && n != string(filepath.Separator) {
			m[strings.ToLower(n)] = true
		}
	}
	return m
}
