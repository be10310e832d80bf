package secrettest

import (
	"encoding/base64"
	"fmt"
	"math/rand/v2"
)

// The fresh corpus: a second held-out set, written after the guard was corrected on the
// first (HeldOutPositives showed a JPEG data URI cut at its "/9j/" and passwords said as
// "pw", "set … to", "wifi key"), and never used to change it since. Text as a person types it
// in a prompt or an agent in a summary.

var freshTokenFrames = []string{
	"Can you check why %s stopped working?",
	"here is the key: %s",
	"```\n%s\n```",
	"> %s",
	"The CI log printed %s in clear",
	"rotate %s and tell me when done",
	"j'ai collé %s dans le .env",
	"env:\n  TOKEN: %s",
}

var freshPasswordFrames = []string{
	"Can you log in with the password %s and check the logs?",
	"the DB pass is %s",
	"password=%s in the compose file",
	"utilise le mot de passe %s",
	"My password for the staging box: %s",
	"the old admin password (%s) still works",
	"root pass: %s",
	"export DB_PASS=%s",
}

var freshLoginFrames = []string{
	"Can you check the camera at %s? login %s pass %s",
	"The NVR at %s, account %s, password %s, shows no stream",
	"ssh into %s as %s (pw %s) and restart nginx",
	"connecte-toi à %s avec le compte %s / %s",
	"web UI on %s: %s / %s",
	"the Synology at %s uses %s and %s for DSM",
}

var freshCredentialFrames = []string{
	"Test creds: %s / %s",
	"Credentials: %s / %s (rotate after the demo)",
	"les identifiants sont %s / %s",
	"Login: %s / %s",
}

var freshHosts = []string{"192.168.1.64", "10.10.0.2", "nvr.home", "https://dsm.lan:5001", "172.31.7.5", "vpn.company.io"}

var freshUsers = []string{"admin", "root", "viewer", "ops", "nvradmin", "dsmuser"}

var freshLookAlikes = []string{
	"Can you check why the login page returns 500 on 10.0.0.4?",
	"the password policy requires 14 characters and a symbol",
	"set the password length to 16 in the config",
	"ssh into 10.0.0.3 as ubuntu with the key in ~/.ssh/ops",
	"log in to grafana.internal as admin through SSO",
	"the camera at 192.168.1.64 runs firmware V5.7.3",
	"connecte-toi à la box avec le compte habituel",
	"Credentials: see the vault entry prod/db",
	"Login: use your GitHub account",
	"les identifiants sont dans Bitwarden",
	"the Synology at 192.168.1.20 uses DSM 7.2",
	"web UI on 192.168.0.1: admin page is under /system",
	"if (form.password !== form.passwordConfirm) return",
	"if password == repeat_password: save(user)",
	"assert len(password) >= 12",
	"while retries < 3 and not token: token = fetch()",
	"<img alt=\"chart\" src=\"data:image/png;base64,iVBORw0KGgo=\">",
	"the key: ssh-ed25519 public part only, no private key",
	"rotate the old key and tell me when done",
	"The CI log printed the token name, not its value",
	"j'ai collé la variable dans le .env sans la valeur",
	"export DB_PASS=$(vault kv get -field=pass secret/db)",
	"password=${DB_PASSWORD:?missing}",
	"root pass: stored in the team vault",
	"the DB pass is rotated weekly by the operator",
	"version 2.14.0-rc3 fixes the token refresh",
	"sha1 2fd4e1c67a2d28fced849ee1bb76e7391b93eb12",
	"see docs/security/passwords.md#rotation",
	"user viewer has read-only access on 10.10.0.2",
	"admin / viewer / ops are the three roles",
}

// FreshPositives are the fresh held-out secrets.
func FreshPositives() []Case {
	g := &gen{rand.New(rand.NewPCG(31, 415))}
	var out []Case
	for i, f := range tokenForms {
		if ownLine[f.name] || i%3 != 1 {
			continue
		}
		out = append(out, Case{f.name, fmt.Sprintf(freshTokenFrames[i%len(freshTokenFrames)], f.make(g))})
	}
	for _, f := range freshPasswordFrames {
		for range 3 {
			out = append(out, Case{f, fmt.Sprintf(f, g.password())})
		}
	}
	for _, f := range freshLoginFrames {
		for range 3 {
			out = append(out, Case{"login: " + f, fmt.Sprintf(f, g.pick(freshHosts...), g.pick(freshUsers...), g.password())})
		}
	}
	for _, f := range freshCredentialFrames {
		for range 3 {
			out = append(out, Case{"credentials: " + f, fmt.Sprintf(f, g.pick(freshUsers...), g.password())})
		}
	}
	return out
}

// FreshNegatives are the fresh held-out look-alikes.
func FreshNegatives() []Case {
	g := &gen{rand.New(rand.NewPCG(31, 416))}
	var out []Case
	for _, s := range freshLookAlikes {
		out = append(out, Case{"look-alike", s})
	}
	for range 5 {
		out = append(out, Case{"data uri", "![](data:image/gif;base64,R0lGODlh" + g.b64(30) + ")"})
		out = append(out, Case{"id", "job " + g.uuid() + " finished"})
		out = append(out, Case{"hash", "tree " + g.str(csHex, 40)})
	}
	cert := append([]byte{0x30, 0x82, 0x01, 0x9e, 0x30, 0x82, 0x01, 0x43, 0xa0, 0x03, 0x02, 0x01, 0x02}, g.bytes(380)...)
	enc := base64.StdEncoding.EncodeToString(cert)
	text := "-----BEGIN CERTIFICATE-----\n"
	for len(enc) > 64 {
		text, enc = text+enc[:64]+"\n", enc[64:]
	}
	out = append(out, Case{"public block", text + enc + "\n-----END CERTIFICATE-----"})
	return out
}
