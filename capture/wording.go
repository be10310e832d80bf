package capture

import "carnet/memstore"

// wording is how capture words the bullets it composes, in the memory's language.
type wording struct {
	lang                            string
	created, changed                string // openings of the file lists
	commit, commitNoHash            string
	prOpened, prOpenedBare, prMerge string
	failed, failedBare, fixed       string
	reported                        string
	commitRefused, pushFailed       string
	resume, interrupted, userStop   string
	plan                            string
	verified, tried                 string
}

var wordings = map[string]wording{
	"fr": {lang: "fr", created: "Fichiers créés : ", changed: "Fichiers modifiés : ",
		commit: "Commit %s : %s", commitNoHash: "Commit : %s",
		prOpened: "PR %s ouverte : %s", prOpenedBare: "PR %s ouverte", prMerge: "PR %s fusionnée",
		failed: "Échec de `%s` : %s", failedBare: "Échec de `%s`", fixed: memstore.FixedPrefix["fr"],
		reported:      "Erreur signalée : %s",
		commitRefused: "Commit refusé, à refaire : %s", pushFailed: "Push échoué, à refaire : %s",
		resume: "Reprendre le travail interrompu : %s", interrupted: "Tour interrompu : %s",
		userStop: "Tour interrompu par l'utilisateur", plan: "Plan : %s",
		verified: " (vérifié : %s)", tried: "essayé, sans effet : modifier %s (`%s` échoue toujours : %s)"},
	"en": {lang: "en", created: "Files created: ", changed: "Files changed: ",
		commit: "Commit %s: %s", commitNoHash: "Commit: %s",
		prOpened: "Opened PR %s: %s", prOpenedBare: "Opened PR %s", prMerge: "Merged PR %s",
		failed: "`%s` failed: %s", failedBare: "`%s` failed", fixed: memstore.FixedPrefix["en"],
		reported:      "Error reported: %s",
		commitRefused: "Commit refused, to redo: %s", pushFailed: "Push failed, to redo: %s",
		resume: "Resume the interrupted work: %s", interrupted: "Turn interrupted: %s",
		userStop: "Turn interrupted by the user", plan: "Plan: %s",
		verified: " (verified: %s)", tried: "tried, no effect: changing %s (`%s` still fails: %s)"},
}

func wordingFor(lang string) wording {
	if w, ok := wordings[lang]; ok {
		return w
	}
	return wordings["fr"]
}
