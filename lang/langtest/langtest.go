// Package langtest finds words of the other language in a text carnet prints: the language
// walk of the tests (hook, gate, skills, install, UI) fails on them.
package langtest

import (
	"slices"
	"strings"
	"unicode"
)

// French words that are not English ones: a text carnet prints in English must have none.
// Words both languages write the same (note, session, section, date, source, message, plan,
// promotion, archives, total, index, page, client, question, version, type, minute, on, son,
// plus, encore…) are not here.
var frenchWords = words(`
	le la les un une des du au aux et est sont ou où pas ne ni pour avec dans sur sous par
	qui que quoi ce cet cette ces sa ses leur leurs vous nous votre il elle
	rien aucun aucune tout tous toute toutes moins très déjà aussi puis
	aujourd hier jour jours depuis avant après entre chaque
	mémoire journal journaux suivre finalisé finalisés contexte objectif problèmes rencontrés
	connaissances acquises travail produit décisions prises ouvert ouverts ouverte ouvertes
	coché cochés cocher appliquer annuler quitter retour aide chercher recherche filtrer
	fichier fichiers projet projets écrit écrire écrite noter gardé gardés laissé laissés
	ligne lignes jeton jetons modifié modifiés créé créés enregistré enregistrer
	langue changer lancer voir ouvrir fermer choisir
	a_suivre a_suivre_done connaissances problemes travail contexte objectif long_terme projets
`)

// English words that are not French ones: a text carnet prints in French must have none.
// Shared words (note, session, source, date, message, plan, promotion, index, client, page,
// question, version, type, diff, commit, git, go, hook, test, tag, a, an, on, or, long, file,
// change, show, log — the French log's title is "Log session") and key names shown as keys
// (enter, esc, space, tab, home, end, pgup, pgdn, ctrl) are not here.
var englishWords = words(`
	the and of to in at is are was were be been it its this that these those
	with without for from by not no nothing none all any every each some more less than
	them they you your we our he she into onto over under up down out off about after
	before again also just only still yet then now will would should could must may
	has have had do does did get gets see says said make makes made want need
	needs use uses can isn
	open opened items item memory today yesterday ago days day week month year
	search filter back quit help tick ticked ticks apply applied undo undid copy copied
	edit add added drop move moves moved keep keeps kept left used write written writes read
	term learnings goal problems context work done next steps
	project projects files line lines hunk hunks accept reject reviewed review
	shows showing hide press here there what which who when where why how
	yes cannot found missing changed already
	loaded loading reading saved save new old first last previous other others
	run runs install installed language set created updated
`)

func words(s string) map[string]bool {
	m := map[string]bool{}
	for w := range strings.FieldsSeq(s) {
		m[w] = true
	}
	return m
}

// frenchKeys are the French section keys a command or a message may name: in an English
// text they are French even inside code (`carnet add -s connaissances`).
var frenchKeys = map[string]bool{
	"a_suivre": true, "a_suivre_done": true, "connaissances": true, "problemes": true,
	"travail": true, "contexte": true, "objectif": true, "long_terme": true,
}

// Foreign returns the words of text that belong to the other language than l ("fr" or
// "en"), in order, each once. Code is not language: a chunk in backticks, a path, a flag,
// an identifier (with _ or .), a key name — except the French section keys, which an
// English text must not give as examples.
func Foreign(l, text string) []string {
	var found []string
	add := func(w string) {
		if !slices.Contains(found, w) {
			found = append(found, w)
		}
	}
	prev := ""
	for _, chunk := range chunks(text) {
		bare := strings.Trim(chunk.text, "\"'`«»“”‘’()[]{}<>,;:.!?…·*-")
		lower := strings.ToLower(bare)
		command := prev == "carnet" || prev == "git" || prev == "go" // carnet add, git commit, go install: a command's name
		prev = lower
		if l == "en" && frenchKeys[lower] {
			add(lower)
			continue
		}
		if chunk.code || command || isCode(bare) {
			continue
		}
		for _, w := range letters(lower) {
			switch {
			case l == "en" && (frenchWords[w] || hasFrenchLetter(w)):
				add(w)
			case l == "fr" && englishWords[w]:
				add(w)
			}
		}
	}
	return found
}

type chunk struct {
	text string
	code bool // inside backticks
}

// chunks splits text at white space, marking what is inside `code`.
func chunks(text string) []chunk {
	var out []chunk
	for i, part := range strings.Split(text, "`") {
		for f := range strings.FieldsSeq(part) {
			out = append(out, chunk{text: f, code: i%2 == 1})
		}
	}
	return out
}

// isCode says a chunk is a path, a flag, an identifier, a key binding or a number.
func isCode(s string) bool {
	switch {
	case s == "":
		return true
	case strings.ContainsAny(s, "/_=$@#+\\|~%{}<>"):
		return true
	case strings.HasPrefix(s, "-"), strings.ContainsAny(s, "0123456789"):
		return true // a flag; a hash, a version, a size
	case strings.Contains(s, ".") && !strings.HasSuffix(s, "."):
		return true // long_memory.md, v0.26, e.g.
	}
	return false
}

// letters splits a word at what is not a letter: "aujourd'hui" gives aujourd and hui.
func letters(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
}

// hasFrenchLetter says a word has a letter English does not write.
func hasFrenchLetter(w string) bool {
	return strings.ContainsAny(w, "éèêëàâîïôûùüçœÉÈÊÀÂÎÔÛÇ")
}
