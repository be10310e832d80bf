package tui

import "carnet/lang"

// The French of the stale view (stale.go) and of its keys.
var staleWords = lang.Words{
	"stale bullets":              "puces périmées",
	"supersede":                  "remplacer",
	"stale":                      "périmées",
	"stale bullet|stale bullets": "puce périmée|puces périmées",
	"checked against %s":         "vérifiées sur %s",
	"Checking what the memory names against the code…":           "Vérification de ce que la mémoire cite, dans le code…",
	"Cannot check the memory: ":                                  "Impossible de vérifier la mémoire : ",
	"Nothing stale.":                                             "Rien de périmé.",
	"Every file and name the memory cites is still in the code.": "Chaque fichier et chaque nom que la mémoire cite est encore dans le code.",
	"This workspace is not in a git repository: there is no code to check the memory against.": "Cet espace de travail n'est pas dans un dépôt git : pas de code où vérifier la mémoire.",
	"References are not checked: git is not installed.":                                        "Les références ne sont pas vérifiées : git n'est pas installé.",
	"no bullet here":                                "pas de puce ici",
	"Fix the bullet:":                               "Corriger la puce :",
	"Fixed a stale bullet":                          "Puce périmée corrigée",
	"Supersede by:":                                 "Remplacer par :",
	"the same text: nothing superseded":             "le même texte : rien de remplacé",
	"Superseded a stale bullet":                     "Puce périmée remplacée",
	"nothing to supersede with: the text is empty":  "rien pour remplacer : le texte est vide",
	"Delete “%s” from %s? (git keeps it; u undoes)": "Supprimer « %s » de %s ? (git la garde ; u annule)",
	"Deleted a stale bullet":                        "Puce périmée supprimée",
}
