package hook

import (
	"fmt"
	"strings"

	"carnet/hook/transcript"
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
	files = strings.NewReplacer(" more folders)", " autres dossiers)", " files: ", " fichiers : ", " files", " fichiers").Replace(files) // gateFiles's words
	return fmt.Sprintf(`carnet : ce travail a modifié %s sans rien noter. Avant de s'arrêter, noter pour la prochaine session, un fait par commande :
carnet add%[2]s -s decisions "<décision, et pourquoi>"
carnet add%[2]s -s connaissances "<leçon : comportement du code ou d'un outil, commande qui marche, piège>"
carnet add%[2]s -s a_suivre "<reste à faire ou à moitié fait>"
carnet done%[2]s "<point ouvert que ce travail a fini>"
Rien à garder : `+"`"+transcript.GateMark+"%[2]s`", files, p)
}
