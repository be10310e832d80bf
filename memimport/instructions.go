package memimport

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"carnet/memstore"
	"carnet/promote"
)

// CLAUDE.md and AGENTS.md are instructions: what an agent must do, loaded whole at every
// session already. Only their facts are memory, and the rule that finds them is
// conservative — when in doubt, a line stays out:
//
//  1. only the sections whose heading names facts (architecture, overview, structure,
//     context, glossary, decisions, gotchas, known issues, lessons, notes, history, stack…,
//     and their French words), never one whose heading names rules (rules, conventions,
//     style, commands, workflow, testing, build, setup, guidelines, instructions…: a heading
//     naming both is a rule's);
//  2. in them, only the list items that state something: an item that opens with a verb
//     telling what to do (use, run, always, never, don't, avoid, prefer, utilise, lance,
//     évite…), or that holds an obligation (must, should, need to, make sure, doit, il faut,
//     jamais, toujours…), is a rule and stays out; so is one that is a command in backticks;
//  3. nothing in a code block, a table or a paragraph of prose.
//
// The facts go to long memory under today's date; they are a person's (no marker).

// instructionFiles are the files read, relative to the workspace root.
var instructionFiles = []string{"CLAUDE.md", ".claude/CLAUDE.md", "AGENTS.md"}

var (
	factHeading = regexp.MustCompile(`(?i)\b(architecture|overview|structure|layout|context|background|glossary|terminology|domain|decisions?|history|gotchas?|pitfalls?|known issues|caveats|lessons?|learnings?|notes?|facts?|stack|about|how it works|where things|components|data model|contexte|glossaire|domaine|historique|pièges?|leçons?|connaissances|mémo|fonctionnement|organisation|composants)\b`)
	ruleHeading = regexp.MustCompile(`(?i)\b(rules?|conventions?|style|guidelines?|instructions?|commands?|workflow|testing|tests?|build|setup|install|development|contributing|commits?|pull requests?|review|security|do not|don'?t|must|important|always|never|process|checklist|règles?|consignes?|commandes?|procédure|interdit|obligatoire)\b`)
	ruleStart   = regexp.MustCompile(`(?i)^(?:\*\*)?(use|run|always|never|do|don'?t|avoid|prefer|keep|make|write|add|put|follow|ensure|check|read|call|commit|test|ask|remember|be|create|update|remove|delete|install|set|configure|document|mention|include|exclude|wrap|name|place|return|handle|log|respect|stop|start|try|treat|note|see|refer|only|utilise[rz]?|lance[rz]?|évite[rz]?|toujours|jamais|ne|n'|pense[rz]?|garde[rz]?|mets|mettre|écris|écrire|ajoute[rz]?|vérifie[rz]?|respecte[rz]?|suis|suivre|préfère[rz]?|fais|faire|lis|lire|demande[rz]?)\b`)
	ruleWord    = regexp.MustCompile(`(?i)\b(must|should|shall|never|always|need to|needs to|have to|has to|make sure|do not|don'?t|required|mandatory|forbidden|doit|doivent|devez|il faut|jamais|toujours|interdit|obligatoire|surtout pas)\b`)
)

func readInstructions(o Options) (Read, error) {
	r := Read{Source: SourceInstructions}
	var found []string
	for _, rel := range instructionFiles {
		path := filepath.Join(o.Root, filepath.FromSlash(rel))
		data, err := os.ReadFile(path)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return r, err
		}
		found = append(found, rel)
		items, rules := instructionFacts(rel, data, memstore.Date(o.Now))
		r.Items = append(r.Items, items...)
		if rules > 0 {
			r.Left = append(r.Left, fmt.Sprintf("%s: %s left out (instructions, not facts)", rel, memstore.Plural(rules, "rule")))
		}
	}
	if len(found) == 0 {
		return r, notFound("no CLAUDE.md or AGENTS.md in %s", o.Root)
	}
	r.Where = strings.Join(found, ", ")
	return r, nil
}

// instructionFacts reads the facts of an instruction file, and counts the items it leaves
// out as rules.
func instructionFacts(file string, data []byte, date string) (items []promote.ImportItem, rules int) {
	d := memstore.ParseDoc(data)
	lines := d.Lines()
	for _, s := range d.Sections() {
		h := s.Heading
		factual := factHeading.MatchString(h) && !ruleHeading.MatchString(h)
		for _, b := range d.Bullets(s) {
			t := strings.TrimSpace(b.Text)
			if t == "" {
				continue
			}
			// a "### " heading inside the section names what follows it
			sub, inFact := "", factual
			for i := b.Line - 1; i > s.Start; i-- {
				if l := strings.TrimSpace(lines[i]); strings.HasPrefix(l, "###") {
					sub = strings.TrimSpace(strings.TrimLeft(l, "#"))
					inFact = factual && !ruleHeading.MatchString(sub)
					break
				}
			}
			label := h
			if sub != "" {
				label = h + " › " + sub
			}
			if !inFact || isRule(t) {
				rules++
				continue
			}
			items = append(items, promote.ImportItem{Source: file + " (" + label + ")", Dest: promote.ToLongMemory, Date: date, Text: oneLine(t)})
		}
	}
	return items, rules
}

// isRule reports whether a list item tells what to do rather than says what is.
func isRule(t string) bool {
	return ruleStart.MatchString(t) || ruleWord.MatchString(t) || strings.HasPrefix(t, "`") || strings.HasSuffix(t, ":")
}
