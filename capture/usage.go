package capture

import (
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// usageHeadings name the sections whose shell block shows how to run the project.
var usageHeadings = map[string]bool{"usage": true, "commands": true, "development commands": true,
	"dev commands": true, "common commands": true, "useful commands": true, "how to run": true,
	"running": true, "running locally": true, "quick start": true, "quickstart": true, "getting started": true,
	"utilisation": true, "commandes": true, "commandes utiles": true, "lancer": true}

// maxUsage bounds the commands a turn gives.
const maxUsage = 4

// usage adds, as knowledge, the commands the closing text and the Markdown the turn wrote
// show under a usage heading, each with the comment line above it: "`sync.py
// --refresh-config`: Refresh configuration manually". A command with no comment or no
// option says nothing worth a bullet.
func usage(e *memstore.Extraction, t *transcript.Turn) {
	if t.Sidechain {
		return
	}
	texts := []string{t.Closing}
	for _, u := range t.Tools {
		if u.Doc != "" && u.HasResult && !u.IsError {
			texts = append(texts, u.Doc)
		}
	}
	n := 0
	for _, text := range texts {
		for _, c := range usageCommands(text) {
			if n == maxUsage {
				return
			}
			e.Add(memstore.KeyKnowledge, c)
			n++
		}
	}
}

// usageCommands reads the fenced blocks under a usage heading: each "# comment" line
// followed by a command line with an option gives "`command`: comment".
func usageCommands(text string) []string {
	var out []string
	inUsage, inFence, comment := false, false, ""
	for line := range strings.Lines(text) {
		l := strings.TrimSpace(line)
		switch {
		case isFence(l):
			inFence, comment = !inFence, ""
		case !inFence:
			if h := usageHeading(l); h != "" {
				inUsage = usageHeadings[h]
			}
		case !inUsage || l == "":
			comment = ""
		case strings.HasPrefix(l, "#"):
			comment = strings.TrimSpace(strings.TrimLeft(l, "#"))
		case comment != "" && len(l) <= 120 && hasOption(l): // "npm run dev" says only its script's name
			out = append(out, "`"+strings.TrimPrefix(l, "$ ")+"`: "+comment)
			comment = ""
		}
	}
	return out
}

// usageHeading folds a Markdown heading or a bold line ending in ":" ("**Usage:**"), else "".
func usageHeading(l string) string {
	switch {
	case headingLevel(l) > 0:
		l = strings.TrimLeft(l, "#")
	case strings.HasPrefix(l, "**") && strings.HasSuffix(strings.TrimRight(l, "*"), ":"):
	default:
		return ""
	}
	return normLabel(strings.TrimSpace(strings.TrimRight(stripMarkup(l), ":")))
}
