package capture

import (
	"strings"

	"carnet/memstore"
)

// wording is how capture words the bullets it composes, in the memory's language.
type wording struct {
	lang                      string
	created, changed, deleted string // openings of the file lists
	commit, commitNoHash      string
	failed, failedBare, fixed string
	alike                     string // after a failure, how many other commands failed the same way
	reported                  string
	commitRefused, pushFailed string
	resume                    string
	unanswered, stillFailing  string
	uncommitted               string // opening of the files changed after the session's last commit
	unblocked, variant        string
	answered, repoCreated     string
	pullOpened, pullTitled    string
	pullMerged                string
	commands                  string // opening of the commands that went through
}

var wordings = map[string]wording{
	"fr": {lang: "fr", created: "Fichiers créés : ", changed: "Fichiers modifiés : ", deleted: "Fichiers supprimés : ",
		commit: "Commit %s : %s", commitNoHash: "Commit : %s",
		failed: "Échec de `%s` : %s", failedBare: "Échec de `%s`", fixed: memstore.FixedPrefix["fr"],
		alike:         " (et %d de plus en échec de la même façon)",
		reported:      "Erreur signalée : %s",
		commitRefused: "Commit refusé, à refaire : %s", pushFailed: "Push échoué, à refaire : %s",
		resume:   "Reprendre le travail interrompu : %s",
		answered: "Choisi (%s) : %s", repoCreated: "Dépôt créé : %s",
		pullOpened: "PR #%s ouverte", pullTitled: "PR #%s ouverte : %s", pullMerged: "PR #%s fusionnée",
		unblocked: "`%s` n'est passé qu'après `%s` (avant : %s)", variant: "`%s` échoue ici (%s) ; `%s` marche",
		unanswered: "Question restée sans réponse : %s", stillFailing: "Toujours en échec à la fin de la session : %s",
		uncommitted: "Non commité depuis le dernier commit de la session : ",
		commands:    "Commandes passées ici : "},
	"en": {lang: "en", created: "Files created: ", changed: "Files changed: ", deleted: "Files deleted: ",
		commit: "Commit %s: %s", commitNoHash: "Commit: %s",
		failed: "`%s` failed: %s", failedBare: "`%s` failed", fixed: memstore.FixedPrefix["en"],
		alike:         " (and %d more that failed the same way)",
		reported:      "Error reported: %s",
		commitRefused: "Commit refused, to redo: %s", pushFailed: "Push failed, to redo: %s",
		resume:   "Resume the interrupted work: %s",
		answered: "Chosen (%s): %s", repoCreated: "Repository created: %s",
		pullOpened: "PR #%s opened", pullTitled: "PR #%s opened: %s", pullMerged: "PR #%s merged",
		unblocked: "`%s` only went through after `%s` (before: %s)", variant: "`%s` fails here (%s); `%s` works",
		unanswered: "Question left unanswered: %s", stillFailing: "Still failing when the session ended: %s",
		uncommitted: "Not committed since the session's last commit: ",
		commands:    "Commands that went through here: "},
}

func wordingFor(lang string) wording {
	if w, ok := wordings[lang]; ok {
		return w
	}
	return wordings["fr"]
}

// opens reports a bullet written with format: it opens with the format's text before its
// first verb ("Commit refused, to redo: ").
func opens(bullet, format string) bool {
	lead, _, _ := strings.Cut(format, "%")
	return strings.HasPrefix(bullet, lead)
}
