package capture

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// simpleCommands parses a shell command line and returns its simple commands, each as its
// words (literal parts only, quotes removed), in order: "cd web && npm test | tail -5"
// gives [cd web] [npm test] [tail -5]. A `bash -lc '…'` runs its script, whose commands
// are returned instead. A line that does not parse is split on spaces, as one command.
func simpleCommands(line string) [][]string {
	f, err := syntax.NewParser(syntax.KeepComments(false)).Parse(strings.NewReader(line), "")
	if err != nil {
		if w := strings.Fields(line); len(w) > 0 {
			return [][]string{w}
		}
		return nil
	}
	var out [][]string
	syntax.Walk(f, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok {
			return true
		}
		var words []string
		for _, w := range call.Args {
			words = append(words, literal(w))
		}
		if len(words) >= 3 && (words[0] == "bash" || words[0] == "sh" || words[0] == "zsh") && strings.HasPrefix(words[1], "-") && strings.Contains(words[1], "c") {
			out = append(out, simpleCommands(words[2])...)
			return false
		}
		if len(words) > 0 {
			out = append(out, words)
		}
		return true
	})
	return out
}

// literal is a word's text with its quotes removed; expansions keep their source.
func literal(w *syntax.Word) string {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if l, ok := q.(*syntax.Lit); ok {
					b.WriteString(l.Value)
				} else {
					b.WriteString("$…")
				}
			}
		default:
			b.WriteString("$…")
		}
	}
	return b.String()
}

// lastCommand is the simple command whose exit status a line returns: the last one.
func lastCommand(line string) []string {
	cmds := simpleCommands(line)
	if len(cmds) == 0 {
		return nil
	}
	return cmds[len(cmds)-1]
}
