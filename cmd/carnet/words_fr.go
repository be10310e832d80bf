package main

import "carnet/lang"

// words is the French of what the CLI says in the workspace's language: init, install and
// the demo (the other commands speak English).
var words = lang.Merge(languageWords, initWords, demoWords, installWords, preCommitWords)

// The French of carnet install --pre-commit.
var preCommitWords = lang.Words{
	"pre-commit hook not installed: %s is not in a git repository":                      "hook pre-commit non installé : %s n'est pas dans un dépôt git",
	"would keep your %s as %s: carnet's hook runs it first":                             "garderait votre %s sous le nom %s : le hook de carnet le lance d'abord",
	"kept your %s as %s: carnet's hook runs it first":                                   "votre %s est gardé sous le nom %s : le hook de carnet le lance d'abord",
	"carnet check already runs before each commit: nothing to change":                   "carnet check tourne déjà avant chaque commit : rien à changer",
	"carnet check runs before each commit now (`git commit --no-verify` skips it once)": "carnet check tourne désormais avant chaque commit (`git commit --no-verify` le saute une fois)",
	"carnet check before each commit":                                                   "carnet check avant chaque commit",
}

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

// The French of carnet install.
var installWords = lang.Words{
	"would run carnet init in %s (no memory_sessions/ yet)": "lancerait carnet init dans %s (pas encore de memory_sessions/)",
	"created %s (%s)": "créé : %s (%s)",
	"updated %s (%s)": "mis à jour : %s (%s)",
	"kept %s (edited by hand; carnet leaves it alone)": "gardé : %s (modifié à la main ; carnet n'y touche pas)",
	"hooks for %s":            "hooks pour %s",
	"MCP server carnet":       "serveur MCP carnet",
	"skill /memory_load":      "skill /memory_load",
	"skill /memory_promotion": "skill /memory_promotion",
	"plugin: hooks for session start and session.idle":                                            "plugin : hooks pour le début de session et session.idle",
	"merge=carnet for memory_sessions/**":                                                         "merge=carnet pour memory_sessions/**",
	"MCP server (user scope): `claude mcp add --scope user carnet -- carnet mcp --client claude`": "serveur MCP (portée utilisateur) : `claude mcp add --scope user carnet -- carnet mcp --client claude`",
	"merge driver not registered: %s is not in a git repository":                                  "pilote de fusion non enregistré : %s n'est pas dans un dépôt git",
	"would set `%s` in the repository's git config":                                               "réglerait `%s` dans la configuration git du dépôt",
	"set `%s` in the repository's git config":                                                     "réglé : `%s` dans la configuration git du dépôt",
	"git merge driver carnet registered: memory files of two machines merge by section":           "pilote de fusion git carnet enregistré : les fichiers de mémoire de deux machines fusionnent par section",
	"carnet is already installed for %s: nothing to change":                                       "carnet est déjà installé pour %s : rien à changer",
	"would set `gate = false` under [hook] in carnet.toml":                                        "mettrait `gate = false` sous [hook] dans carnet.toml",
	"the Stop gate is on: after substantial work that recorded nothing, the agent is sent back once to record its decisions, lessons and what is left (to turn it off: `carnet install --no-gate`, or `gate = false` under [hook] in carnet.toml)": "le contrôle d'arrêt est actif : après un travail conséquent sans rien noter, l'agent est renvoyé une fois noter ses décisions, ses leçons et ce qui reste (pour le couper : `carnet install --no-gate`, ou `gate = false` sous [hook] dans carnet.toml)",
	"the Stop gate is off (`gate = false` in carnet.toml): the agent is never sent back to record its notes":                                                                                                                                       "le contrôle d'arrêt est coupé (`gate = false` dans carnet.toml) : l'agent n'est jamais renvoyé noter ses notes",
	"dry run: nothing written": "simulation : rien n'est écrit",
	"carnet is installed for %s: memory loads at session start and is captured after every turn":                                                                                                           "carnet est installé pour %s : la mémoire se charge au début de chaque session et se capture après chaque tour",
	"commits: `autocommit = true`: every write is committed, the hook's, MCP's and the CLI's too":                                                                                                          "commits : `autocommit = true` : chaque écriture est commitée, celles du hook, de MCP et de la ligne de commande aussi",
	"commits: what you change in carnet's UI, and a promotion you apply, is committed; what agents write (the hook, MCP, `carnet add`) is committed only with `autocommit = true` ([hook] in carnet.toml)": "commits : ce que vous changez dans l'interface de carnet, et une promotion que vous appliquez, est commité ; ce qu'écrivent les agents (le hook, MCP, `carnet add`) ne l'est qu'avec `autocommit = true` ([hook] dans carnet.toml)",
	"Codex runs these hooks only once you trust them: open /hooks in Codex and trust carnet's (again after any change to them).":                                                                           "Codex ne lance ces hooks qu'une fois approuvés : ouvrir /hooks dans Codex et approuver ceux de carnet (à nouveau après tout changement).",
	"Codex reads a project's .codex/hooks.json and .codex/config.toml only when it trusts the project: answer yes when it asks, or add to ~/.codex/config.toml:":                                           "Codex ne lit .codex/hooks.json et .codex/config.toml d'un projet que s'il lui fait confiance : répondre oui quand il le demande, ou ajouter à ~/.codex/config.toml :",
	"Gemini CLI reads a project's .gemini/settings.json only in a trusted folder: trust this folder when Gemini asks (or with /permissions), else no hook runs.":                                           "Gemini CLI ne lit .gemini/settings.json d'un projet que dans un dossier de confiance : faire confiance à ce dossier quand Gemini le demande (ou avec /permissions), sinon aucun hook ne tourne.",
	"If Gemini CLI does not run the hooks, check that hooks are enabled in its settings (hooksConfig.enabled since v0.26, tools.enableHooks before).":                                                      "Si Gemini CLI ne lance pas les hooks, vérifier qu'ils sont activés dans ses réglages (hooksConfig.enabled depuis v0.26, tools.enableHooks avant).",
	"Kimi Code support follows its documentation and is not tested against the real CLI; Kimi's Stop hook sends no transcript, so carnet captures its final answer only (kimi-cli 1.45 and later).":        "La prise en charge de Kimi Code suit sa documentation et n'est pas testée avec le vrai CLI ; le hook Stop de Kimi n'envoie pas de transcript, carnet ne capture donc que sa réponse finale (kimi-cli 1.45 et après).",
	"warning: carnet is not on your PATH, and the agent runs it as `carnet --hook` and `carnet mcp`: put it there (go install ./cmd/carnet, or copy it to a folder of $PATH)":                              "attention : carnet n'est pas dans votre PATH, et l'agent le lance en `carnet --hook` et `carnet mcp` : l'y mettre (go install ./cmd/carnet, ou le copier dans un dossier du $PATH)",
}
