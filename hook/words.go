package hook

import (
	"fmt"
	"strings"

	"carnet/lang"
)

// language is the language of what the hook says to the agent: the workspace's, else (the
// workspace does not open: carnet.toml is broken) the user's locale's.
func (r *runner) language() string {
	if r.ws != nil {
		return lang.Of(r.ws.Config.Language)
	}
	if r.env.Getenv != nil {
		return lang.FromLocale(r.env.Getenv)
	}
	return lang.EN
}

// brokenNoticeFR is brokenNotice in French.
const brokenNoticeFR = "carnet, la mémoire de ce projet, ne peut pas démarrer : %v. La mémoire n'est ni chargée ni enregistrée tant que ce n'est pas réparé : le dire à l'utilisateur."

// gateMessageFR is the gate's message in French (gateMessage); files lists the edited files.
func gateMessageFR(files, p string) string {
	files = strings.Replace(files, " more)", " autres)", 1) // memstore.ListFiles's "(+3 more)"
	return fmt.Sprintf(`carnet : ce travail a modifié des fichiers (%s) sans rien noter dans la mémoire du projet depuis le dernier contrôle.
Avant de s'arrêter, noter ce que la prochaine session doit savoir, une commande par fait :
  carnet add%[2]s --section decisions "<une décision prise, et pourquoi>"
  carnet add%[2]s --section connaissances "<ce qui a été appris du code ou des outils>"
  carnet add%[2]s --section a_suivre "<ce qui reste à faire>"
  carnet done%[2]s "<un point ouvert que ce travail a fini>"
(ou les outils MCP de carnet memory_add / memory_done). Ne noter que ce qui mérite d'être gardé, puis s'arrêter à nouveau.`, files, p)
}
