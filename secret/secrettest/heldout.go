package secrettest

import (
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"strings"
)

// The held-out corpus: drawn with another seed, in sentences and look-alikes written apart
// from those the guard was tuned on (Positives, Negatives), to measure it on text it was not
// shaped by. The formats are the same published ones; only the words around them differ.

// heldOutTokenContexts put a provider token in other words than neutralContexts.
var heldOutTokenContexts = []string{
	"set %s in the CI variables before the release",
	"the failing request carried %s",
	"token=%s showed up in the proxy log",
	"paste: %s",
	"- %s (rotated since)",
	"the deploy job reads %s from its env",
	"on a remplacé %s par une variable d'environnement",
}

var heldOutPasswordForms = []string{
	"admin pw is %s",
	"pw: %s",
	"she set the password to %s",
	"passwd %s",
	"mot de passe temporaire : %s",
	"PASSWORD='%s' ./run.sh",
	"docker run -e MYSQL_PASSWORD=%s mysql:8",
	"psql postgres://report:%s@db.internal/reports",
	"the wifi key for the office is %s",
	"le code wifi est %s",
	"new root pwd: %s",
	"mysql -ureport -p'%s' reports",
}

var heldOutCredentialForms = []string{
	"test account: %s / %s",
	"access for QA: %s / %s",
	"creds for the vendor portal are %s / %s",
	"login details: %s / %s",
	"identifiants de test : %s / %s",
	"compte de démo : %s / %s",
	"credentials (prod): %s/%s",
}

var heldOutLoginForms = []string{
	"the switch at %s: %s / %s",
	"login to %s using %s and %s",
	"%s is reachable as %s with the password %s",
	"accès à %s : %s / %s",
	"the printer %s (user %s, pwd %s)",
	"open %s and sign in as %s, password %s",
	"pour %s, utiliser le compte %s et le mot de passe %s",
}

var heldOutHosts = []string{"10.1.2.3", "192.168.10.40", "fw01.corp", "https://jenkins.lab:8443", "smb://files.office", "172.20.0.9"}

var heldOutUsers = []string{"admin", "administrator", "root", "qa", "guest2", "jenkins", "svc_backup"}

// heldOutLookAlikes are harmless texts written for the held-out corpus.
var heldOutLookAlikes = []string{
	"if pw == confirm_pw: continue",
	"if (pass1 !== pass2) showError('passwords differ');",
	"validates :password, confirmation: true",
	"password_confirmation == password or raise",
	"the credentials are in the team vault, ask ops",
	"login page moved to https://app.example.com/login",
	"user / password: see 1Password, entry Staging",
	"read/write access for the ci group",
	"input/output errors on the second disk",
	"TCP/IP and CI/CD are in the glossary",
	"the admin / settings / users page lists them",
	"3 / 4 of the tests pass on arm64",
	"log into the staging cluster with your SSO account",
	"connect to 10.0.0.5 with your own ssh key",
	"the router at 192.168.1.1 is managed by IT",
	"sign in as admin on first boot, then create your user",
	"identifiants : voir le coffre de l'équipe",
	"se connecter à la préprod avec son compte LDAP",
	"password reset links expire after 15 minutes",
	"the token bucket refills 10 tokens a second",
	"secret santa list is on the wiki",
	"key takeaways: smaller PRs, faster reviews",
	"API keys are scoped per project now",
	"export PATH=$HOME/go/bin:$PATH",
	"tokens: 128k context, 8k output",
	"checksum 3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b",
	"go.sum: h1:Zs8k7kFhW1mEeI1fWA0iJr2yKkJ0ZQkq8P9C1E4p3hc=",
	"version v2.4.1-0.20240115093012-abcdef123456",
	"commit a94a8fe5ccb19ba61c4c0873d391e987982fbbd3",
	"see https://github.com/org/repo/blob/main/docs/auth.md#tokens",
	"uuid 123e4567-e89b-12d3-a456-426614174000 in the error",
	"the password field is masked in the logs",
	"MFA codes are six digits",
	"mot de passe oublié : lien envoyé par mail",
	"pwd prints the working directory",
	"user: alice, role: viewer",
	"ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQDmNd3 deploy@ci (public)",
}

// HeldOutPositives are the held-out secrets, one line each.
func HeldOutPositives() []Case {
	g := &gen{rand.New(rand.NewPCG(7, 2027))}
	var out []Case
	for i, f := range tokenForms {
		if ownLine[f.name] {
			out = append(out, Case{f.name, "  " + f.make(g)})
			continue
		}
		if i%2 == 0 { // half the providers: a smaller corpus, as large as the issue's
			out = append(out, Case{f.name, fmt.Sprintf(heldOutTokenContexts[i%len(heldOutTokenContexts)], f.make(g))})
		}
	}
	for _, f := range heldOutPasswordForms {
		for range 2 {
			out = append(out, Case{f, fmt.Sprintf(f, g.password())})
		}
	}
	for _, f := range heldOutCredentialForms {
		for range 2 {
			out = append(out, Case{"credentials: " + f, fmt.Sprintf(f, g.pick(heldOutUsers...), g.password())})
		}
	}
	for _, f := range heldOutLoginForms {
		for range 2 {
			out = append(out, Case{"login: " + f, fmt.Sprintf(f, g.pick(heldOutHosts...), g.pick(heldOutUsers...), g.password())})
		}
	}
	return out
}

// HeldOutNegatives are the held-out look-alikes: one line each, and whole public blocks.
func HeldOutNegatives() []Case {
	g := &gen{rand.New(rand.NewPCG(7, 2028))}
	var out []Case
	for _, s := range heldOutLookAlikes {
		out = append(out, Case{"look-alike", s})
	}
	for range 6 {
		out = append(out, Case{"uuid", "trace " + g.uuid()})
		out = append(out, Case{"hash", "blob " + g.str(csHex, 40)})
		out = append(out, Case{"data uri", `<img src="data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ` + g.b64(45) + `">`})
		out = append(out, Case{"data uri", "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 `+g.str(csDigit, 2)+` 16"><path d="M`+g.str(csDigit, 3)+`"/></svg>`))})
	}
	der := append([]byte{0x30, 0x82, 0x02, 0x0a, 0x30, 0x82, 0x01, 0xf2, 0xa0, 0x03, 0x02, 0x01, 0x02}, g.bytes(500)...)
	spki := append([]byte{0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00}, g.bytes(32)...)
	for _, b := range []struct {
		label string
		body  []byte
	}{{"CERTIFICATE", der}, {"PUBLIC KEY", spki}, {"X509 CRL", der[:200]}} {
		enc := base64.StdEncoding.EncodeToString(b.body)
		var lines []string
		for len(enc) > 64 {
			lines, enc = append(lines, enc[:64]), enc[64:]
		}
		lines = append(lines, enc)
		out = append(out, Case{"public block", "-----BEGIN " + b.label + "-----\n" + strings.Join(lines, "\n") + "\n-----END " + b.label + "-----"})
	}
	return out
}
