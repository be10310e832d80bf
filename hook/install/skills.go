package install

// Skill is a Claude Code skill carnet installs: .claude/skills/<Name>/SKILL.md.
type Skill struct {
	Name    string
	Content string
}

// ClaudeSkills are the slash commands /memory_load and /memory_promotion, in English.
var ClaudeSkills = claudeSkills["en"]

// ClaudeSkillsIn are the skills in the workspace's language (fr or en; anything else is fr,
// the default of carnet.toml).
func ClaudeSkillsIn(lang string) []Skill {
	if lang == "en" {
		return claudeSkills["en"]
	}
	return claudeSkills["fr"]
}

// isOwnSkill says content is a skill as carnet wrote it, in either language: a copy that is
// neither was edited by hand.
func isOwnSkill(name, content string) bool {
	for _, skills := range claudeSkills {
		for _, s := range skills {
			if s.Name == name && s.Content == content {
				return true
			}
		}
	}
	return false
}

var claudeSkills = map[string][]Skill{
	"en": {
		{Name: "memory_load", Content: `---
name: memory_load
description: Load this project's carnet memory (long-term facts, today's and the previous log, still-open next steps). Use at the start of a task, after /clear, or when the user asks what was done or decided before.
---

# Load the project's memory

1. Run ` + "`carnet load`" + ` from the project (add the project name, ` + "`carnet load NAME`" + `, when the
   user names one; ` + "`carnet load --explain`" + ` shows what each part costs).
2. Read the output: it is the memory carnet keeps as Markdown in ` + "`memory_sessions/`" + `.
3. Tell the user in a few lines what matters for the task at hand: open items, recent
   decisions, known problems. Do not paste the whole memory back.

To record something worth keeping, use ` + "`carnet add --section KEY \"text\"`" + ` (KEY: decisions,
knowledge, problems, next, work, long_term) and ` + "`carnet done \"item\"`" + ` for a finished
next step.
`},
		{Name: "memory_promotion", Content: `---
name: memory_promotion
description: Promote this project's carnet memory - archive old daily logs, move durable facts into long_memory.md and condense it - as a reviewed plan. Use when the user asks to promote, tidy or consolidate memory, or when carnet load warns that long memory is over its limit.
---

# Promote the project's memory

1. Run ` + "`carnet promote --dry-run`" + ` and show the user the plan: a diff per memory file.
2. Ask the user to confirm. Never apply it without an explicit yes; if they want changes,
   edit the proposed facts with them first.
3. On yes, run ` + "`carnet promote --yes`" + `: it writes the files atomically and makes one git
   commit holding only the memory files.
4. Report what was archived, consolidated and condensed.
`},
	},
	"fr": {
		{Name: "memory_load", Content: `---
name: memory_load
description: Charger la mémoire carnet de ce projet (faits durables, journal du jour et du précédent, points à suivre encore ouverts). À utiliser au début d'une tâche, après /clear, ou quand l'utilisateur demande ce qui a été fait ou décidé auparavant.
---

# Charger la mémoire du projet

1. Lancer ` + "`carnet load`" + ` depuis le projet (avec le nom du projet, ` + "`carnet load NOM`" + `, quand
   l'utilisateur en nomme un ; ` + "`carnet load --explain`" + ` montre ce que coûte chaque partie).
2. Lire la sortie : c'est la mémoire que carnet garde en Markdown dans ` + "`memory_sessions/`" + `.
3. Dire à l'utilisateur en quelques lignes ce qui compte pour la tâche en cours : points
   ouverts, décisions récentes, problèmes connus. Ne pas recopier toute la mémoire.

Pour noter ce qui mérite d'être gardé : ` + "`carnet add --section CLÉ \"texte\"`" + ` (CLÉ : decisions,
connaissances, problemes, a_suivre, travail, long_terme), et ` + "`carnet done \"point\"`" + ` pour un
point à suivre terminé.
`},
		{Name: "memory_promotion", Content: `---
name: memory_promotion
description: Promouvoir la mémoire carnet de ce projet - archiver les vieux journaux, verser les faits durables dans long_memory.md et la condenser - en un plan relu. À utiliser quand l'utilisateur demande de promouvoir, ranger ou consolider la mémoire, ou quand carnet load signale que la mémoire long terme dépasse sa limite.
---

# Promouvoir la mémoire du projet

1. Lancer ` + "`carnet promote --dry-run`" + ` et montrer le plan à l'utilisateur : un diff par fichier
   de mémoire.
2. Demander à l'utilisateur de confirmer. Ne jamais l'appliquer sans un oui explicite ; s'il
   veut des changements, revoir d'abord avec lui les faits proposés.
3. Sur un oui, lancer ` + "`carnet promote --yes`" + ` : il écrit les fichiers de façon atomique et fait
   un seul commit git qui ne contient que les fichiers de mémoire.
4. Dire ce qui a été archivé, consolidé et condensé.
`},
	},
}
