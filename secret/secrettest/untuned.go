package secrettest

import (
	"fmt"
	"math/rand/v2"
)

// The untuned corpus: the third held-out set, written once the guard was final and measured
// once; nothing in the guard was changed after it. Sentences of tickets, chats and agent
// summaries.

var untunedTokenFrames = []string{
	"Ticket 4412: customer pasted %s in the chat",
	"Summary: replaced the hard-coded %s with a secret reference",
	"token leaked in build #88: %s",
	"ENV[\"KEY\"] was %s before the fix",
	"Please revoke %s asap",
}

var untunedPasswordFrames = []string{
	"Ticket 4413: the customer's password is %s, reset it",
	"wifi password: %s",
	"Mot de passe du routeur : %s",
	"the keystore password was %s",
	"PGPASSWORD=%s pg_dump prod > prod.sql",
	"login with pwd %s on the test VM",
}

var untunedLoginFrames = []string{
	"Please check the printer at %s, user %s, password %s",
	"VPN gateway %s: log in as %s with %s",
	"le NAS %s, identifiant %s, mot de passe %s",
	"switch %s — %s / %s",
}

var untunedHosts = []string{"10.4.4.4", "192.168.50.1", "gw.branch.net", "https://portal.example.org", "nas02.local"}

var untunedUsers = []string{"admin", "helpdesk", "root", "backup", "installer"}

var untunedLookAlikes = []string{
	"Ticket 4414: customer cannot remember the password, sent the reset link",
	"Summary: replaced the hard-coded token with a secret reference",
	"Please revoke the old deploy key",
	"the keystore password is asked at build time",
	"wifi password: on the sticker under the router",
	"Mot de passe du routeur : demander au support",
	"Please check the printer at 10.4.4.4, it jams on A3",
	"VPN gateway gw.branch.net: log in with your AD account",
	"switch 192.168.50.1 — port 12 flaps",
	"le NAS nas02.local est plein à 92 %",
	"if user.password == form.password: login(user)",
	"<link rel=\"icon\" href=\"data:image/x-icon;base64,AAABAAEAEBAAAAEAIABoBAAAFgAAACgAAAAQAAAAIAAAAAEAIAAAAAAAAAQAAA==\">",
	"build #88 passed in 4m12s",
	"customer id 8812734, order 55-2233",
	"ENV[\"KEY\"] is read once at start-up",
	"PGPASSWORD is taken from ~/.pgpass in CI",
	"login with your SSO on the test VM",
	"helpdesk / backup / installer are service roles",
	"the token expires in 3600s",
	"Passwords are hashed with bcrypt cost 12",
}

// UntunedPositives are the untuned held-out secrets.
func UntunedPositives() []Case {
	g := &gen{rand.New(rand.NewPCG(97, 2029))}
	var out []Case
	for i, f := range tokenForms {
		if ownLine[f.name] || i%4 != 2 {
			continue
		}
		out = append(out, Case{f.name, fmt.Sprintf(untunedTokenFrames[i%len(untunedTokenFrames)], f.make(g))})
	}
	for _, f := range untunedPasswordFrames {
		for range 3 {
			out = append(out, Case{f, fmt.Sprintf(f, g.password())})
		}
	}
	for _, f := range untunedLoginFrames {
		for range 3 {
			out = append(out, Case{"login: " + f, fmt.Sprintf(f, g.pick(untunedHosts...), g.pick(untunedUsers...), g.password())})
		}
	}
	return out
}

// UntunedNegatives are the untuned held-out look-alikes.
func UntunedNegatives() []Case {
	g := &gen{rand.New(rand.NewPCG(97, 2030))}
	var out []Case
	for _, s := range untunedLookAlikes {
		out = append(out, Case{"look-alike", s})
	}
	for range 5 {
		out = append(out, Case{"id", "request " + g.uuid()})
		out = append(out, Case{"hash", "object " + g.str(csHex, 40)})
	}
	return out
}
