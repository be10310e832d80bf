package main

import "carnet/lang"

// words is the French of what the CLI says in the workspace's language: init, install and
// the demo (the other commands speak English).
var words = lang.Merge(languageWords, initWords, demoWords)

// The French of the language line.
var languageWords = lang.Words{
	"language: %s (%s); to change it, set `language = \"%s\"` in carnet.toml": "langue : %s (%s) ; pour la changer, mettre `language = \"%s\"` dans carnet.toml",
	"carnet.toml does not say: the default language":                          "carnet.toml ne dit rien : la langue par défaut",
	"from your locale: none is set":                                           "d'après votre locale : aucune n'est définie",
	"from your locale: %s":                                                    "d'après votre locale : %s",
}

// The French of carnet init.
var initWords = lang.Words{
	"carnet is already set up in %s": "carnet est déjà en place dans %s",
	"created %s":                     "créé : %s",
	"note: this is the memory of the whole workspace (%s); for a project of its own in this folder: carnet init %s": "note : c'est la mémoire de tout l'espace de travail (%s) ; pour un projet à part dans ce dossier : carnet init %s",
	"next: carnet install   (registers the hook so sessions are captured and loaded)":                               "ensuite : carnet install   (installe le hook : chaque session est alors capturée et rechargée)",
}

// The French of carnet demo.
var demoWords = lang.Words{
	"Sample workspace in %s: %s, %s (%d of them archived), %s.": "Espace de travail d'exemple dans %s : %s, %s (dont %d archivés), %s.",
	"project":            "projet",
	"daily log":          "journal|journaux",
	"commit":             "commit",
	"Open it with":       "L'ouvrir avec",
	"Open it again with": "L'ouvrir à nouveau avec",
	"%s: carnet --root %s   (carnet is not installed: go install ./cmd/carnet in carnet's folder puts it on your PATH)": "%s : carnet --root %s   (carnet n'est pas installé : go install ./cmd/carnet dans le dossier de carnet le met dans votre PATH)",
	"%s: go run ./cmd/carnet --root %s   (or install carnet: go install ./cmd/carnet, then carnet --root %[2]s)":        "%s : go run ./cmd/carnet --root %s   (ou installer carnet : go install ./cmd/carnet, puis carnet --root %[2]s)",
	"%s: %s --root %s": "%s : %s --root %s",
}
