// Package secrettest generates the corpus the secret guard is measured on, for the tests of
// every package that writes memory: secrets written the way they leak (token formats taken from
// public secret scanners' rules, passwords on command lines, in prose, in config files, key
// blocks line by line and whole) and look-alikes that must pass. Every value is drawn from its
// format with a seeded PRNG at test time, so the corpus is reproducible and no real-looking
// secret is committed. Only tests import it.
package secrettest

import (
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
)

// Case is one text of the corpus; Form names the provider or shape it was built from.
type Case struct {
	Form, Text string
}

const (
	csUpper  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	csLower  = "abcdefghijklmnopqrstuvwxyz"
	csDigit  = "0123456789"
	csHex    = "0123456789abcdef"
	csHexUp  = "0123456789ABCDEF"
	csAlnum  = csUpper + csLower + csDigit
	csLowAln = csLower + csDigit
	csUpAln  = csUpper + csDigit
	csWord   = csAlnum + "_-"
	csB64    = csAlnum + "+/"
	csBech32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
	csCrypt  = csAlnum + "./"
)

// gen draws values from the corpus PRNG.
type gen struct{ r *rand.Rand }

func newGen() *gen { return &gen{rand.New(rand.NewPCG(2026, 11))} }

func (g *gen) str(cs string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = cs[g.r.IntN(len(cs))]
	}
	return string(b)
}

func (g *gen) bytes(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(g.r.UintN(256))
	}
	return b
}

func (g *gen) b64(n int) string { return base64.StdEncoding.EncodeToString(g.bytes(n)) }

func (g *gen) uuid() string {
	return g.str(csHex, 8) + "-" + g.str(csHex, 4) + "-4" + g.str(csHex, 3) + "-a" + g.str(csHex, 3) + "-" + g.str(csHex, 12)
}

func (g *gen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

var chosenWords = []string{"Winter", "Summer", "Soleil", "Dragon", "Monkey", "Tigre", "Falcon",
	"Printemps", "Autumn", "Orange", "Shadow", "Chaton", "Matrix", "Banane", "Phoenix", "Maison"}

var dicewareWords = []string{"correct", "horse", "battery", "staple", "orbit", "velvet", "canyon",
	"pickle", "walrus", "meadow", "copper", "lantern", "glacier", "mosaic", "thimble", "zephyr"}

// password draws a chosen password: a word with digits and a symbol, leetspeak, or random.
func (g *gen) password() string {
	switch g.r.IntN(4) {
	case 0:
		return g.pick(chosenWords...) + fmt.Sprint(2018+g.r.IntN(9)) + g.pick("!", "?", "#", "", "@")
	case 1:
		return g.pick("P@ssw0rd", "S3cr3t", "Tr0ub4dor", "H4ck3r", "Adm1n", "Qw3rty") + g.str(csDigit, 2) + g.pick("!", "$", "")
	case 2:
		return g.str(csAlnum+"!#%&*", 12+g.r.IntN(8))
	}
	return g.str(csLower, 5) + g.str(csDigit, 3) + g.str(csUpper, 2)
}

func (g *gen) passphrase() string {
	w := make([]string, 4+g.r.IntN(2))
	for i := range w {
		w[i] = g.pick(dicewareWords...)
	}
	return strings.Join(w, " ")
}

// tokenForm builds one credential format: a provider's prefix and body.
type tokenForm struct {
	name string
	make func(g *gen) string
}

// ownLine are the token forms that carry their own context: each is used as a whole line.
var ownLine = map[string]bool{
	"azure connection string": true, "azure sas": true, "microsoft teams webhook": true,
	"basic auth header": true, "bearer header": true, "docker config auth": true,
	"htpasswd apr1": true, "htpasswd sha": true, "htpasswd bcrypt": true, "shadow sha512": true,
	"discord webhook": true, "slack webhook": true,
}

// pre returns a format made of a fixed prefix and a random body.
func pre(prefix, cs string, n int) func(*gen) string {
	return func(g *gen) string { return prefix + g.str(cs, n) }
}

// tokenForms are the provider formats of public secret scanners' rules (gitleaks and the
// providers' own documentation), rebuilt from their shape.
var tokenForms = []tokenForm{
	{"aws access key", pre("AKIA", csUpAln, 16)},
	{"aws temporary key", pre("ASIA", csUpAln, 16)},
	{"aws bedrock long-lived", func(g *gen) string { return "ABSK" + g.b64(90) }},
	{"aws bedrock short-lived", func(g *gen) string { return "bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t" + g.b64(60) }},
	{"github pat", pre("ghp_", csAlnum, 36)},
	{"github oauth", pre("gho_", csAlnum, 36)},
	{"github user-to-server", pre("ghu_", csAlnum, 36)},
	{"github server-to-server", pre("ghs_", csAlnum, 36)},
	{"github refresh", pre("ghr_", csAlnum, 36)},
	{"github fine-grained", func(g *gen) string { return "github_pat_" + g.str(csAlnum, 22) + "_" + g.str(csAlnum, 59) }},
	{"gitlab pat", pre("glpat-", csWord, 20)},
	{"gitlab deploy token", pre("gldt-", csWord, 20)},
	{"gitlab runner token", pre("glrt-", csWord, 20)},
	{"gitlab pipeline trigger", pre("glptt-", csHex, 40)},
	{"gitlab ci job token", func(g *gen) string { return "glcbt-" + g.str(csAlnum, 2) + "_" + g.str(csWord, 20) }},
	{"gitlab scim token", pre("glsoat-", csWord, 20)},
	{"gitlab feed token", pre("glft-", csWord, 20)},
	{"gitlab incoming mail", pre("glimt-", csWord, 25)},
	{"gitlab agent token", pre("glagent-", csWord, 50)},
	{"gitlab oauth secret", pre("gloas-", csWord, 64)},
	{"gitlab feature flags", pre("glffct-", csWord, 20)},
	{"gitlab runner registration", pre("GR1348941", csWord, 20)},
	{"slack bot", func(g *gen) string {
		return "xoxb-" + g.str(csDigit, 12) + "-" + g.str(csDigit, 13) + "-" + g.str(csAlnum, 24)
	}},
	{"slack user", func(g *gen) string {
		return "xoxp-" + g.str(csDigit, 12) + "-" + g.str(csDigit, 12) + "-" + g.str(csDigit, 13) + "-" + g.str(csHex, 32)
	}},
	{"slack app", func(g *gen) string {
		return "xapp-1-A" + g.str(csUpAln, 10) + "-" + g.str(csDigit, 13) + "-" + g.str(csHex, 64)
	}},
	{"slack config", func(g *gen) string { return "xoxe.xoxp-1-" + g.str(csAlnum, 163) }},
	{"slack webhook", func(g *gen) string {
		return "https://hooks.slack.com/services/T" + g.str(csUpAln, 8) + "/B" + g.str(csUpAln, 10) + "/" + g.str(csAlnum, 24)
	}},
	{"stripe live secret", pre("sk_live_", csAlnum, 99)},
	{"stripe test secret", pre("sk_test_", csAlnum, 24)},
	{"stripe restricted", pre("rk_live_", csAlnum, 24)},
	{"stripe webhook secret", pre("whsec_", csAlnum, 32)},
	{"anthropic api", func(g *gen) string { return "sk-ant-api03-" + g.str(csWord, 93) + "AA" }},
	{"anthropic admin", func(g *gen) string { return "sk-ant-admin01-" + g.str(csWord, 93) + "AA" }},
	{"openai legacy", func(g *gen) string { return "sk-" + g.str(csAlnum, 20) + "T3BlbkFJ" + g.str(csAlnum, 20) }},
	{"openai project", func(g *gen) string { return "sk-proj-" + g.str(csWord, 58) + "T3BlbkFJ" + g.str(csWord, 58) }},
	{"openai service account", func(g *gen) string { return "sk-svcacct-" + g.str(csWord, 58) + "T3BlbkFJ" + g.str(csWord, 58) }},
	{"openrouter", pre("sk-or-v1-", csHex, 64)},
	{"google api key", pre("AIza", csWord, 35)},
	{"google oauth client secret", pre("GOCSPX-", csWord, 28)},
	{"google oauth access token", pre("ya29.", csWord, 120)},
	{"google refresh token", func(g *gen) string { return "1//0" + g.str(csWord, 99) }},
	{"firebase cloud messaging", func(g *gen) string { return "AAAA" + g.str(csWord, 7) + ":APA91b" + g.str(csWord, 134) }},
	{"jwt", func(g *gen) string {
		return "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"`+g.str(csDigit, 10)+`","iat":`+g.str(csDigit, 10)+`}`)) + "." + g.str(csWord, 43)
	}},
	{"npm", pre("npm_", csAlnum, 36)},
	{"pypi", pre("pypi-AgEIcHlwaS5vcmc", csWord, 70)},
	{"sendgrid", func(g *gen) string { return "SG." + g.str(csWord, 22) + "." + g.str(csWord, 43) }},
	{"sendinblue", func(g *gen) string { return "xkeysib-" + g.str(csHex, 64) + "-" + g.str(csAlnum, 16) }},
	{"hugging face", pre("hf_", csAlnum, 34)},
	{"hugging face org", pre("api_org_", csAlnum, 34)},
	{"digitalocean pat", pre("dop_v1_", csHex, 64)},
	{"digitalocean oauth", pre("doo_v1_", csHex, 64)},
	{"digitalocean refresh", pre("dor_v1_", csHex, 64)},
	{"docker hub pat", pre("dckr_pat_", csWord, 27)},
	{"docker hub org token", pre("dckr_oat_", csWord, 32)},
	{"heroku v2", pre("HRKU-AA", csWord, 58)},
	{"age secret key", pre("AGE-SECRET-KEY-1", csBech32, 58)},
	{"databricks", pre("dapi", csHex, 32)},
	{"shopify access", pre("shpat_", csHexUp[:10]+"abcdef", 32)},
	{"shopify custom app", pre("shpca_", csHex, 32)},
	{"shopify private app", pre("shppa_", csHex, 32)},
	{"shopify shared secret", pre("shpss_", csHex, 32)},
	{"atlassian api token", func(g *gen) string { return "ATATT3xFfGF0" + g.str(csWord, 180) + "=" + g.str(csHexUp, 8) }},
	{"bitbucket app password", pre("ATBB", csAlnum, 32)},
	{"linear api", pre("lin_api_", csAlnum, 40)},
	{"linear oauth", pre("lin_oauth_", csHex, 64)},
	{"notion legacy", pre("secret_", csAlnum, 43)},
	{"notion", func(g *gen) string { return "ntn_" + g.str(csDigit, 11) + g.str(csAlnum, 35) }},
	{"discord bot", func(g *gen) string {
		return g.pick("M", "N", "O") + g.str(csAlnum, 23) + "." + g.str(csWord, 6) + "." + g.str(csWord, 38)
	}},
	// Discord's published shape: the bot's snowflake id in base64, a timestamp, an HMAC of
	// 27 characters (older tokens) or 38.
	{"discord bot (id)", func(g *gen) string { return g.discordToken(17, 27) }},
	{"discord bot (id, long hmac)", func(g *gen) string { return g.discordToken(18+g.r.IntN(2), 38) }},
	{"discord webhook", func(g *gen) string {
		return "https://discord.com/api/webhooks/" + g.str(csDigit, 18) + "/" + g.str(csWord, 68)
	}},
	{"telegram bot", func(g *gen) string { return g.str(csDigit, 10) + ":AA" + g.str(csWord, 33) }},
	{"mailchimp", func(g *gen) string { return g.str(csHex, 32) + "-us" + fmt.Sprint(1+g.r.IntN(20)) }},
	{"mailgun", pre("key-", csHex, 32)},
	{"square access", pre("EAAA", csWord, 60)},
	{"square oauth secret", pre("sq0csp-", csWord, 43)},
	{"square legacy", pre("sq0atp-", csWord, 22)},
	{"vault service", pre("hvs.", csWord, 95)},
	{"vault batch", pre("hvb.", csWord, 140)},
	// Vault 1.10+ prefixes: service, batch and recovery tokens; the body is base62 of 24
	// characters or more (longer when it encodes the token's namespace).
	{"vault service (base62)", func(g *gen) string { return "hvs." + g.str(csAlnum, 24+g.r.IntN(8)) }},
	{"vault batch (long)", func(g *gen) string { return "hvb." + g.str(csWord, 138+g.r.IntN(70)) }},
	{"vault recovery", func(g *gen) string { return "hvr." + g.str(csAlnum, 24+g.r.IntN(8)) }},
	{"terraform cloud", func(g *gen) string { return g.str(csLowAln, 14) + ".atlasv1." + g.str(csWord, 67) }},
	{"doppler personal", pre("dp.pt.", csAlnum, 43)},
	{"doppler service", pre("dp.st.", csAlnum, 43)},
	{"doppler cli", pre("dp.ct.", csAlnum, 43)},
	{"grafana cloud", func(g *gen) string { return "glc_" + g.b64(60) }},
	{"grafana service account", func(g *gen) string { return "glsa_" + g.str(csAlnum, 32) + "_" + g.str(csHex, 8) }},
	{"grafana api key", func(g *gen) string { return "eyJrIjoi" + g.str(csAlnum, 90) }},
	{"1password service account", func(g *gen) string { return "ops_eyJ" + g.b64(200) }},
	// The published shape: "ops_" and the base64 of the account's JSON (sign-in address,
	// SRP parameters, the master unlock key, the secret key), standard or URL alphabet.
	{"1password service account (json)", func(g *gen) string { return g.opsToken(false) }},
	{"1password service account (json, url)", func(g *gen) string { return g.opsToken(true) }},
	{"1password secret key", func(g *gen) string {
		return "A3-" + g.str(csUpAln, 6) + "-" + g.str(csUpAln, 11) + "-" + g.str(csUpAln, 5) + "-" + g.str(csUpAln, 5) + "-" + g.str(csUpAln, 5)
	}},
	{"artifactory api key", pre("AKCp", csAlnum, 69)},
	{"artifactory reference token", pre("cmVmd", csAlnum, 59)},
	{"twilio api key", pre("SK", csHex, 32)},
	{"adobe client secret", pre("p8e-", csAlnum, 32)},
	{"airtable pat", func(g *gen) string { return "pat" + g.str(csAlnum, 14) + "." + g.str(csHex, 64) }},
	{"alibaba access key", pre("LTAI", csAlnum, 20)},
	{"clickhouse cloud", pre("4b1d", csAlnum, 38)},
	{"clojars", pre("CLOJARS_", csLowAln, 60)},
	{"cloudflare origin ca", func(g *gen) string { return "v1.0-" + g.str(csHex, 24) + "-" + g.str(csHex, 146) }},
	{"duffel", pre("duffel_live_", csWord, 43)},
	{"dynatrace", func(g *gen) string { return "dt0c01." + g.str(csUpAln, 24) + "." + g.str(csUpAln, 64) }},
	{"easypost", pre("EZAK", csAlnum, 54)},
	{"easypost test", pre("EZTK", csAlnum, 54)},
	{"facebook page token", pre("EAAC", csAlnum, 120)},
	{"flutterwave secret", func(g *gen) string { return "FLWSECK_TEST-" + g.str(csHex, 32) + "-X" }},
	{"fly.io", pre("fo1_", csWord, 43)},
	{"fly.io macaroon", func(g *gen) string { return "fm2_" + g.b64(120) }},
	{"frame.io", pre("fio-u-", csWord, 64)},
	{"harness pat", func(g *gen) string {
		return "pat." + g.str(csWord, 22) + "." + g.str(csAlnum, 24) + "." + g.str(csAlnum, 20)
	}},
	{"infracost", pre("ico-", csAlnum, 32)},
	{"intra42", pre("s-s4t2ud-", csHex, 64)},
	{"maxmind license", func(g *gen) string { return g.str(csAlnum, 6) + "_" + g.str(csAlnum, 29) + "_mmk" }},
	{"new relic user key", pre("NRAK-", csUpAln, 27)},
	{"new relic browser", pre("NRJS-", csHex, 19)},
	{"new relic insert", pre("NRII-", csWord, 32)},
	{"octopus deploy", pre("API-", csUpAln, 26)},
	{"openshift", pre("sha256~", csWord, 43)},
	{"perplexity", pre("pplx-", csAlnum, 48)},
	{"planetscale token", pre("pscale_tkn_", csWord, 43)},
	{"planetscale oauth", pre("pscale_oauth_", csWord, 43)},
	{"planetscale password", pre("pscale_pw_", csWord, 43)},
	{"postman", func(g *gen) string { return "PMAK-" + g.str(csHex, 24) + "-" + g.str(csHex, 34) }},
	{"prefect", pre("pnu_", csAlnum, 36)},
	{"pulumi", pre("pul-", csHex, 40)},
	{"readme", pre("rdme_", csLowAln, 70)},
	{"rubygems", pre("rubygems_", csHex, 48)},
	{"scalingo", pre("tk-us-", csWord, 48)},
	{"sentry user", pre("sntryu_", csHex, 64)},
	{"sentry org", func(g *gen) string {
		return "sntrys_eyJpYXQiO" + g.str(csAlnum, 40) + "LCJyZWdpb25fdXJs" + g.str(csAlnum, 40) + "_" + g.str(csAlnum, 43)
	}},
	{"settlemint pat", pre("sm_pat_", csAlnum, 16)},
	{"settlemint app", pre("sm_aat_", csAlnum, 16)},
	{"shippo", pre("shippo_live_", csHex, 40)},
	{"sourcegraph", pre("sgp_", csHex, 40)},
	{"groq", pre("gsk_", csAlnum, 52)},
	{"xai", pre("xai-", csAlnum, 80)},
	{"replicate", pre("r8_", csAlnum, 37)},
	{"supabase", pre("sbp_", csHex, 40)},
	{"netlify", pre("nfp_", csAlnum, 36)},
	{"render", pre("rnd_", csAlnum, 32)},
	{"figma", pre("figd_", csWord, 40)},
	{"tailscale auth", func(g *gen) string { return "tskey-auth-k" + g.str(csAlnum, 10) + "CNTRL-" + g.str(csAlnum, 33) }},
	{"tailscale api", func(g *gen) string { return "tskey-api-k" + g.str(csAlnum, 10) + "CNTRL-" + g.str(csAlnum, 33) }},
	{"pinecone", pre("pcsk_", csAlnum+"_", 70)},
	{"buildkite", pre("bkua_", csHex, 40)},
	{"circleci", pre("CCIPAT_", csAlnum+"_", 50)},
	{"langsmith", func(g *gen) string { return "lsv2_pt_" + g.str(csHex, 32) + "_" + g.str(csHex, 10) }},
	{"posthog personal", pre("phx_", csAlnum, 47)},
	{"contentful pat", pre("CFPAT-", csWord, 43)},
	{"woocommerce secret", pre("cs_", csHex, 40)},
	{"resend", func(g *gen) string { return "re_" + g.str(csAlnum, 8) + "_" + g.str(csAlnum, 24) }},
	{"adafruit io", pre("aio_", csAlnum, 28)},
	{"amazon mws", func(g *gen) string { return "amzn.mws." + g.uuid() }},
	{"defined networking", func(g *gen) string { return "dnkey-" + g.str(csWord, 26) + "-" + g.str(csWord, 52) }},
	{"dropbox short-lived", pre("sl.", csWord, 135)},
	{"mapbox secret", func(g *gen) string {
		return "sk.eyJ1IjoiY2FybmV0IiwiYSI6I" + g.str(csWord, 20) + "." + g.str(csWord, 22)
	}},
	{"azure ad client secret", func(g *gen) string { return g.str(csAlnum, 3) + g.str(csDigit, 1) + "Q~" + g.str(csWord+".~", 34) }},
	{"azure devops pat", func(g *gen) string { return g.str(csAlnum, 76) + "AZDO" + g.str(csAlnum, 4) }},
	{"azure storage key", func(g *gen) string { return g.b64(64) }},
	{"azure connection string", func(g *gen) string {
		return "DefaultEndpointsProtocol=https;AccountName=carnet;AccountKey=" + g.b64(64) + ";EndpointSuffix=core.windows.net"
	}},
	{"azure sas", func(g *gen) string {
		return "https://carnet.blob.core.windows.net/logs?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-01-01T00:00:00Z&sig=" + url.QueryEscape(g.b64(32))
	}},
	{"microsoft teams webhook", func(g *gen) string {
		return "https://carnet.webhook.office.com/webhookb2/" + g.uuid() + "@" + g.uuid() + "/IncomingWebhook/" + g.str(csHex, 32) + "/" + g.uuid()
	}},
	{"braintree", func(g *gen) string { return "access_token$production$" + g.str(csLowAln, 16) + "$" + g.str(csHex, 32) }},
	{"basic auth header", func(g *gen) string { return "Authorization: Basic " + g.b64(18) }},
	{"bearer header", func(g *gen) string { return "Authorization: Bearer " + g.str(csWord, 40) }},
	{"docker config auth", func(g *gen) string {
		return `"auth": "` + base64.StdEncoding.EncodeToString([]byte("ci:"+g.password())) + `"`
	}},
	{"htpasswd apr1", func(g *gen) string { return "admin:$apr1$" + g.str(csCrypt, 8) + "$" + g.str(csCrypt, 22) }},
	{"htpasswd sha", func(g *gen) string { return "deploy:{SHA}" + g.b64(20) }},
	{"htpasswd bcrypt", func(g *gen) string { return "alice:$2y$10$" + g.str(csCrypt, 53) }},
	{"shadow sha512", func(g *gen) string {
		return "root:$6$" + g.str(csCrypt, 16) + "$" + g.str(csCrypt, 86) + ":19700:0:99999:7:::"
	}},
}

// neutralContexts put a token where no word announces it.
var neutralContexts = []string{
	"CI uses %s for the nightly deploy",
	"client := api.New(%q)",
	"`%s`",
	"%s",
	"rotated %s yesterday, the old one is revoked",
	"curl -H 'X-Auth: %s' https://api.internal/v1/me",
}

// namedContexts put a token after a name that says what it is.
var namedContexts = []string{
	"export %s_TOKEN=%s",
	"%s_API_KEY: %s",
	`{"%s_secret": "%s"}`,
	"%s_key = '%s'",
}

// keywordForms are values that only a name announces (gitleaks' keyword rules).
var keywordForms = []struct {
	name  string
	value func(*gen) string
}{
	{"ALGOLIA_ADMIN_KEY", func(g *gen) string { return g.str(csLowAln, 32) }},
	{"DATADOG_APP_KEY", func(g *gen) string { return g.str(csHex, 40) }},
	{"DD_API_KEY", func(g *gen) string { return g.str(csHex, 32) }},
	{"CLOUDFLARE_API_TOKEN", func(g *gen) string { return g.str(csWord, 40) }},
	{"TWILIO_AUTH_TOKEN", func(g *gen) string { return g.str(csHex, 32) }},
	{"HEROKU_API_KEY", func(g *gen) string { return g.uuid() }},
	{"SNYK_TOKEN", func(g *gen) string { return g.uuid() }},
	{"OKTA_API_TOKEN", func(g *gen) string { return "00" + g.str(csWord, 40) }},
	{"AZURE_STORAGE_KEY", func(g *gen) string { return g.b64(64) }},
	{"SENTRY_AUTH_TOKEN", func(g *gen) string { return g.str(csHex, 64) }},
	{"aws_secret_access_key", func(g *gen) string { return g.str(csB64, 40) }},
	{"COHERE_API_KEY", func(g *gen) string { return g.str(csAlnum, 40) }},
	{"MISTRAL_API_KEY", func(g *gen) string { return g.str(csAlnum, 32) }},
	{"LAUNCHDARKLY_SDK_KEY", func(g *gen) string { return "sdk-" + g.uuid() }},
	{"ZENDESK_API_TOKEN", func(g *gen) string { return g.str(csAlnum, 40) }},
	{"FASTLY_API_TOKEN", func(g *gen) string { return g.str(csWord, 32) }},
	{"TRAVIS_TOKEN", func(g *gen) string { return g.str(csAlnum, 22) }},
	{"JIRA_API_TOKEN", func(g *gen) string { return g.str(csLowAln, 24) }},
	{"CONFLUENT_SECRET", func(g *gen) string { return g.str(csAlnum, 64) }},
	{"TWITTER_CONSUMER_SECRET", func(g *gen) string { return g.str(csAlnum, 50) }},
	{"MAILGUN_SIGNING_KEY", func(g *gen) string { return g.str(csHex, 32) + "-" + g.str(csHex, 8) + "-" + g.str(csHex, 8) }},
	{"PLAID_SECRET", func(g *gen) string { return g.str(csLowAln, 30) }},
	{"NEW_RELIC_LICENSE_KEY", func(g *gen) string { return g.str(csHex, 36) + "NRAL" }},
	{"SUMO_ACCESS_KEY", func(g *gen) string { return g.str(csAlnum, 64) }},
	{"GOCARDLESS_ACCESS_TOKEN", func(g *gen) string { return "live_" + g.str(csWord, 40) }},
	{"REDISCLI_AUTH", func(g *gen) string { return g.password() }},
}

// discordToken is a bot token: the base64 of a snowflake id of digits digits (17 to 19), a
// timestamp of six characters, an HMAC of hmac characters.
func (g *gen) discordToken(digits, hmac int) string {
	id := g.str("123456789", 1) + g.str(csDigit, digits-1)
	return base64.RawStdEncoding.EncodeToString([]byte(id)) + "." + g.str(csWord, 6) + "." + g.str(csWord, hmac)
}

// opsToken is a 1Password service account token: "ops_" and the base64 of its JSON.
func (g *gen) opsToken(url bool) string {
	js := fmt.Sprintf(`{"signInAddress":"%s.1password.com","userAuth":{"method":"SRPg-4096","alg":"PBES2g-HS256","iterations":650000,"salt":"%s"},"email":"%s@1passwordserviceaccounts.com","srpX":"%s","muk":{"alg":"A256GCM","ext":true,"k":"%s","key_ops":["encrypt","decrypt"],"kty":"oct","kid":"mp"},"secretKey":"A3-%s-%s-%s","throttleSecret":{"seed":"%s","uuid":"%s"},"deviceUuid":"%s"}`,
		g.pick("my", "carnet", "acme"), g.str(csWord, 22), g.str(csLowAln, 13), g.str(csHex, 64), g.str(csWord, 43),
		g.str(csUpAln, 6), g.str(csUpAln, 11), g.str(csUpAln, 5), g.str(csHex, 64), g.str(csUpAln, 26), g.str(csLowAln, 26))
	if url {
		return "ops_" + base64.RawURLEncoding.EncodeToString([]byte(js))
	}
	return "ops_" + base64.StdEncoding.EncodeToString([]byte(js))
}

// credentialForms write a user and a password as a pair after a word that says they are
// credentials: "Credentials for staging: admin / …".
var credentialForms = []string{
	"Credentials for staging: %s / %s",
	"staging credentials: %s / %s",
	"creds: %s / %s",
	"the test tenant creds are %s / %s",
	"login: %s / %s",
	"Login for the demo box is %s / %s",
	"credentials %s/%s for the sandbox",
	"user/pass: %s/%s",
	"Identifiants de la préprod : %s / %s",
	"identifiants : %s / %s",
	"accès admin : %s / %s",
	"les identifiants du back-office sont %s / %s",
}

// loginForms write a login in one sentence: an address, a user name and a password, the
// password not always named.
var loginForms = []string{
	"log into %s as %s with %s",
	"the NAS at %s takes %s and %s",
	"router %s: user %s, pass %s",
	"on %s log in as %s / %s",
	"connect to %s with user %s and %s",
	"ssh to %s as %s, it asks for %s",
	"the camera at %s answers to %s with %s",
	"se connecter à %s avec %s / %s",
	"sur %s, le compte %s a pour mot de passe %s",
	"l'interface de %s : utilisateur %s, mdp %s",
}

var (
	loginHosts = []string{"192.168.1.1", "10.0.0.7", "172.16.4.20", "nas.local", "https://grafana.internal", "http://192.168.0.254:8080", "router.lan", "db-staging.example.com"}
	loginUsers = []string{"admin", "root", "ubnt", "pi", "operator", "deploy", "sa", "support"}
)

// passwordForms are the ways people write a chosen password.
var passwordForms = []string{
	// Environment and config.
	"export PGPASSWORD='%s'",
	"export MYSQL_PWD=%s",
	"PGPASSWORD=%s psql -h db.internal -U app app",
	"DB_PASSWORD=%s",
	"POSTGRES_PASSWORD: %s",
	`password = "%s"`,
	`"password": "%s",`,
	"spring.datasource.password=%s",
	"Server=db;Database=app;User Id=sa;Password=%s;",
	"  - MYSQL_ROOT_PASSWORD=%s",
	"smtp_pass = %s",
	"ansible_become_pass: %s",
	// Command lines.
	"mysql -u root -p%s app",
	"mysqldump -uroot -p%s --all-databases > dump.sql",
	"sshpass -p '%s' ssh deploy@10.0.0.7",
	"docker login -u ci -p %s registry.example.com",
	"podman login --username ci --password %s quay.io",
	"redis-cli -h cache -a %s ping",
	"mongosh -u admin -p %s --authenticationDatabase admin",
	"sqlcmd -S db -U sa -P '%s' -Q 'select 1'",
	"ldapsearch -x -D cn=admin,dc=example,dc=org -w %s -b dc=example,dc=org",
	"openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:%s",
	"keytool -list -keystore app.jks -storepass %s",
	"smbclient //fs/share -U alice%%%s",
	"htpasswd -b -c .htpasswd admin %s",
	"xfreerdp /u:admin /p:%s /v:10.0.0.9",
	"sqlplus scott/%s@orcl",
	"zip -P %s backup.zip db.sql",
	"plink -ssh -pw %s admin@router",
	"wget --user=bob --password %s https://files.internal/x.tar",
	"gpg --batch --passphrase '%s' -d notes.gpg",
	"rabbitmqctl add_user admin %s",
	"az login -u ops@example.com -p %s",
	// URLs.
	"postgresql://app:%s@db.internal:5432/app",
	"amqp://admin:%s@rabbit:5672/",
	"mongodb+srv://app:%s@cluster0.ab1cd.mongodb.net/prod",
	"redis://:%s@cache:6379/0",
	"ftp://backup:%s@ftp.internal/",
	// Prose.
	"the admin password is %s",
	"The staging DB password was %s before the rotation",
	"password for the wifi is %s",
	"use password %s for the kiosk",
	"Root password: %s",
	"le mot de passe est %s",
	"Le mot de passe de l'admin est %s",
	"mdp du wifi : %s",
	"son mot de passe était %s",
	"mot de passe root = %s",
	// Files.
	"<password>%s</password>",
	"<Password>%s</Password>",
	`<add key="ClearTextPassword" value="%s" />`,
	`<property name="db.password" value="%s"/>`,
	"machine api.example.com login deploy password %s",
	"db.internal:5432:app:app_user:%s",
	"*:*:*:postgres:%s",
}

// passphraseForms hold values with spaces.
var passphraseForms = []string{
	"passphrase: %s",
	"the passphrase is %s",
	`passphrase = "%s"`,
	"ssh key passphrase: %s",
}

// keyBlock returns the lines of a key block as the hook sees them: leading dashes stripped
// from the armour lines.
func (g *gen) keyBlocks() []Case {
	var out []Case
	wrap := func(form, begin, end string, body []byte, width int, pre, post []string) { //nolint:unparam // a header line before the body is a form of its own
		b := base64.StdEncoding.EncodeToString(body)
		lines := []string{"-----" + begin + "-----"}
		lines = append(lines, pre...)
		for len(b) > width {
			lines = append(lines, b[:width])
			b = b[width:]
		}
		lines = append(lines, b)
		lines = append(lines, post...)
		lines = append(lines, "-----"+end+"-----")
		for i, l := range lines {
			if l == "" {
				continue
			}
			out = append(out, Case{form, l})
			if i == 0 || i == len(lines)-1 {
				out = append(out, Case{form + " (cleaned)", strings.Trim(l, "-")})
				out = append(out, Case{form + " (dashes stripped)", strings.TrimLeft(l, "-")})
			}
		}
	}
	rsa := append([]byte{0x30, 0x82, 0x04, 0xa4, 0x02, 0x01, 0x00, 0x02, 0x82, 0x01, 0x01, 0x00}, g.bytes(280)...)
	wrap("pem rsa", "BEGIN RSA PRIVATE KEY", "END RSA PRIVATE KEY", rsa, 64, nil, nil)
	wrap("pem ec", "BEGIN EC PRIVATE KEY", "END EC PRIVATE KEY", append([]byte{0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20}, g.bytes(114)...), 64, nil, nil)
	wrap("pem pkcs8", "BEGIN PRIVATE KEY", "END PRIVATE KEY", append([]byte{0x30, 0x82, 0x04, 0xbd, 0x02, 0x01, 0x00, 0x30, 0x0d}, g.bytes(200)...), 64, nil, nil)
	wrap("pem encrypted", "BEGIN ENCRYPTED PRIVATE KEY", "END ENCRYPTED PRIVATE KEY", g.bytes(230), 64, nil, nil)
	ssh := append([]byte("openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x33"), g.bytes(300)...)
	wrap("openssh", "BEGIN OPENSSH PRIVATE KEY", "END OPENSSH PRIVATE KEY", ssh, 70, nil, nil)
	pgp := append([]byte{0x95, 0x03, 0xc6, 0x04}, g.bytes(260)...)
	wrap("pgp", "BEGIN PGP PRIVATE KEY BLOCK", "END PGP PRIVATE KEY BLOCK", pgp, 64, nil,
		[]string{"=" + g.str(csB64, 4)})

	// PuTTY: the header, the private lines and the MAC; the public half and the comments
	// are not secret.
	out = append(out, Case{"putty", "PuTTY-User-Key-File-3: ssh-ed25519"},
		Case{"putty", "Private-Lines: 1"},
		Case{"putty", g.b64(48)},
		Case{"putty", "Private-MAC: " + g.str(csHex, 64)},
		Case{"putty v2", "PuTTY-User-Key-File-2: ssh-rsa"})
	return out
}

// Positives builds the secrets, one line each.
func Positives() []Case {
	g := newGen()
	var out []Case
	for i, f := range tokenForms {
		if ownLine[f.name] {
			out = append(out, Case{f.name, f.make(g)})
			continue
		}
		out = append(out, Case{f.name, fmt.Sprintf(neutralContexts[i%len(neutralContexts)], f.make(g))})
		provider := strings.ToUpper(strings.Fields(f.name)[0])
		provider = strings.NewReplacer(".", "", "-", "_").Replace(provider)
		out = append(out, Case{f.name + " (named)", fmt.Sprintf(namedContexts[i%len(namedContexts)], provider, f.make(g))})
	}
	for _, f := range keywordForms {
		out = append(out, Case{f.name, f.name + "=" + f.value(g)})
		out = append(out, Case{f.name + " (yaml)", "  " + strings.ToLower(f.name) + ": " + f.value(g)})
	}
	for _, f := range passwordForms {
		out = append(out, Case{f, fmt.Sprintf(f, g.password())})
		out = append(out, Case{f, fmt.Sprintf(f, g.password())})
	}
	for _, f := range passphraseForms {
		out = append(out, Case{f, fmt.Sprintf(f, g.passphrase())})
	}
	for _, f := range credentialForms {
		out = append(out, Case{"credentials: " + f, fmt.Sprintf(f, g.pick(loginUsers...), g.password())})
	}
	for _, f := range loginForms {
		for range 2 {
			out = append(out, Case{"login: " + f, fmt.Sprintf(f, g.pick(loginHosts...), g.pick(loginUsers...), g.password())})
		}
	}
	return append(out, g.keyBlocks()...)
}

// Negatives builds the look-alikes.
func Negatives() []Case {
	g := newGen()
	out := make([]Case, 0, len(lookAlikes)+60)
	for _, s := range lookAlikes {
		out = append(out, Case{"look-alike", s})
	}
	for range 8 {
		out = append(out, Case{"uuid", "request " + g.uuid() + " timed out"})
		out = append(out, Case{"git hash", "fixed in " + g.str(csHex, 40)})
		out = append(out, Case{"short hash", "reverted " + g.str(csHex, 7) + " and " + g.str(csHex, 12)})
		out = append(out, Case{"sha256", "sha256:" + g.str(csHex, 64)})
	}
	out = append(out, g.dataURIs()...)
	for _, s := range []string{
		"hello world", "the quick brown fox jumps over the lazy dog",
		"Refactor the merge so that done items tick across days and stay ticked",
		"carnet keeps a memory of coding sessions in plain Markdown files, reviewed in git",
		"{\"name\":\"carnet\",\"version\":\"1.2.0\",\"private\":false,\"license\":\"MIT\"}",
		"user:password", "apiVersion: v1\nkind: ConfigMap",
	} {
		out = append(out, Case{"base64 of words", "encoded: " + base64.StdEncoding.EncodeToString([]byte(s))})
		out = append(out, Case{"base64 of words (line)", base64.StdEncoding.EncodeToString([]byte(s))})
	}
	return out
}

// lookAlikes are written by hand: each looks like a secret to a naive scanner.
var lookAlikes = []string{
	// Code that handles passwords and tokens.
	"if password == confirm_password {",
	"if (password !== confirmPassword) return false;",
	"assert user.check_password(password)",
	"password = request.form['password']",
	"hashed, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.DefaultCost)",
	"token, err := auth.NewToken(ctx, user)",
	`secret := os.Getenv("APP_SECRET")`,
	"const PASSWORD_RESET_TIMEOUT = 3600",
	"PASSWORD_MIN_LENGTH=12",
	"api_key = settings.API_KEY",
	"self.token = token",
	"def reset_password(user, new_password):",
	"password: str = Field(..., min_length=8)",
	`const tokenKey = "token"`,
	`tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")`,
	"func (s *Store) Rotate(ctx context.Context, secretID string) error {",
	"let apiKey = process.env.OPENAI_API_KEY;",
	"if err := validatePassword(req.Password); err != nil {",
	"password_hash = argon2.hash(password)",
	"user.password = make_password(form.cleaned_data['password1'])",
	"SECRET_KEY_BASE_FILE=/run/secrets/key_base",
	"TokenRefreshInterval = 15 * time.Minute",
	"api_key_header_name: X-Api-Key",
	"access_token_expires_in: 3600",
	"jwt.sign(payload, process.env.JWT_SECRET, { expiresIn: '1h' })",
	"Authorization: Bearer ${TOKEN}",
	"Authorization: Bearer <token>",
	"headers['Authorization'] = f'Bearer {token}'",
	"private_key_path = ~/.ssh/id_ed25519",
	"ssh_key_file: /home/ci/.ssh/id_rsa",
	"secretKeyRef: {name: db-credentials, key: password}",
	"valueFrom: secretKeyRef: name: pg key: POSTGRES_PASSWORD",
	"password_field = forms.CharField(widget=forms.PasswordInput)",
	"<input type=\"password\" name=\"password\" autocomplete=\"current-password\">",
	"<password>${DB_PASSWORD}</password>",
	"<Password></Password>",
	`<add key="ClearTextPassword" value="%NUGET_PASSWORD%" />`,
	"grep -rn password src/",
	"rg -n \"token\" internal/",
	"sed -i 's/password/passwd/g' config.ini",
	"git log -p -- memstore/secret",
	// Documentation placeholders and documented defaults.
	"password: <your-password>",
	"API_KEY=<your-api-key>",
	"export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
	"token: YOUR_TOKEN_HERE",
	"password: ********",
	"DB_PASSWORD=${DB_PASSWORD}",
	`password: "{{ vault_db_password }}"`,
	"mysql --password=$PGPASSWORD",
	"amqp://guest:guest@localhost:5672/",
	"postgres://postgres:postgres@localhost:5432/postgres",
	"mongodb://localhost:27017/test",
	"redis://localhost:6379/0",
	"http://user:password@localhost:8080/",
	"https://user:pass@example.com/",
	"minio defaults to minioadmin:minioadmin on localhost:9000",
	"root:root@tcp(localhost:3306)/app",
	"the default login is admin / admin, change it on first start",
	"password: changeme",
	"MYSQL_ROOT_PASSWORD=example",
	"sk-... keys go in OPENAI_API_KEY",
	"AWS keys look like AKIA followed by 16 characters",
	"GitHub tokens start with ghp_, gho_, ghu_, ghs_ or ghr_",
	"AccountKey=<storage-key>",
	"sig=<signature>",
	"-----BEGIN CERTIFICATE-----",
	"-----BEGIN PUBLIC KEY-----",
	"BEGIN PUBLIC KEY",
	"-----END CERTIFICATE-----",
	"-----BEGIN PGP PUBLIC KEY BLOCK-----",
	"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGqRkmq6G1nb3pQhY7mH0yQTXYz3ZbQmV2z8dH1tXk8a dev@laptop",
	// Command lines without a secret.
	"mysql -u root -p",
	"mysql -h db -P 3306 -u app -p app",
	"docker login -u ci --password-stdin registry.example.com",
	"echo \"$CI_TOKEN\" | docker login -u ci --password-stdin ghcr.io",
	"sshpass -p \"$SSHPASS\" ssh deploy@host",
	"redis-cli -a \"$REDIS_PASSWORD\" ping",
	"curl -u \"$USER:$PASS\" https://api.internal",
	"docker run -p 8080:80 nginx",
	"ssh -p 2222 git@host",
	"openssl rand -hex 32",
	"openssl pkcs12 -export -passout env:P12_PASS -out b.p12",
	"keytool -genkeypair -alias app -keystore app.jks",
	"zip -r out.zip dir",
	"htpasswd -c .htpasswd admin",
	"ldapsearch -x -b dc=example,dc=com '(uid=alice)'",
	"gpg --batch --passphrase-file pass.txt -d notes.gpg",
	"mongosh -u admin -p --authenticationDatabase admin",
	"ssh-keygen -t ed25519 -C ci@carnet",
	"go test ./... -run TestPassword -count=1",
	"npm install --save-dev @types/passport",
	// Prose about secrets without a value.
	"the password is stored in 1Password under Staging",
	"the admin password was rotated yesterday",
	"The password is at least 12 characters long",
	"the passphrase is optional for CI keys",
	"the token is refreshed every 15 minutes",
	"The password is required",
	"the password is hashed with argon2id",
	"the API key is in the team vault",
	"rotate the password every 90 days",
	"password must be at least 12 characters",
	"Password reset emails now expire after 30 minutes",
	"the secret is to keep the functions small",
	"the key is to test on a real repository",
	"token count is 1532 for this prompt",
	"le mot de passe est trop court",
	"Le mot de passe est stocké dans Vault",
	"le mot de passe a été changé hier",
	"mot de passe : voir le coffre",
	"le mdp est dans Bitwarden",
	"le mot de passe doit contenir 12 caractères",
	"changer le mot de passe de l'admin tous les 90 jours",
	"passphrase: see the team vault",
	"The password was wrong three times, the account locked",
	"password: required, min 12 chars",
	"the password is the same as on staging",
	"Le jeton expire au bout d'une heure",
	"we never log passwords or tokens",
	"password123 is on every leaked list, the check rejects it",
	// Identifiers, paths, versions, hashes, numbers.
	"PASSWORD_RESET_TIMEOUT",
	"SECRET_KEY_BASE",
	"GITHUB_TOKEN",
	"secrets/prod/db-password.txt",
	"/etc/ssl/private/server.key",
	"C:\\Users\\me\\.docker\\config.json",
	"~/.config/gh/hosts.yml holds the oauth_token",
	"internal/memstore/secret/secret_assign.go:42",
	"github.com/charmbracelet/bubbletea/v2@v2.0.0-beta.4",
	"go 1.26.7, golangci-lint v1.64.8, node v22.11.0",
	"2.0.0-rc.1+build.5",
	"golang.org/x/text v0.3.7 h1:olpwvP2KacW1ZWvsR7uQhoyTYvKAupfQrRGBFM352Gk=",
	`"integrity": "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg=="`,
	"image: ghcr.io/carnet/app@sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
	"commit 9fceb02d0ae598e95dc970b74767f19372d61af8 (HEAD -> main)",
	"https://github.com/carnet/carnet/pull/142/files#diff-3c9a7f1b2e",
	"https://example.com/search?q=password+reset&page=2",
	"https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/managing-your-personal-access-tokens",
	"listen on 0.0.0.0:8443",
	"call +33 6 12 34 56 78",
	"order 112-3456789-1234567 shipped",
	"card 4111 1111 1111 1112 is the failing test card",
	"TestDetectSecretProseAllocatesNothing",
	"aGVsbG8=",
	"dQw4w9WgXcQ",
	"base64 of 'hello' is aGVsbG8=",
	"fe80::1ff:fe23:4567:890a",
	"aa:bb:cc:dd:ee:ff",
	"12:30:45: build started",
	"01HF8Z3Q4W5E6R7T8Y9U0I1O2P",
	"ULID 01ARZ3NDEKTSV4RRFFQ69G5FAV",
	"pk_live_51H8abcDEF are publishable keys, fine in the browser",
	"memory_sessions/logs/2026-11-30.md",
	"- [x] Refactor the merge so that done items tick across days",
	"Token: expires after one hour, refresh before",
	"secretName: db-credentials",
	"token_type=bearer",
	"max_tokens=4096",
	"key: value pairs are parsed by yaml.v3",
	"primary_key: id",
	"cache_key: user_profile_v2",
	"sort_key = created_at",
	"idempotency_key: request-id",
	"pin: v1.2.3",
	"auth: oauth2",
	"auth: required",
	"sig: SIGTERM",
	"passes: 12/12",
	"bypass: true",
	"credentials: from-env",
	"machine learning login flow password reset",
	// Comparisons, not assignments.
	"if password == confirm_password: proceed",
	"if password != password2: raise ValueError('mismatch')",
	"elif new_password == old_password: return False",
	"while token != expected_token: retry()",
	"if (secret === confirmSecret) { submit(); }",
	"assert token == refreshed_token, 'token changed'",
	"ok = password == confirm ? save() : reject()",
}

// dataURIs are media written inline, their bytes in base64: an image, a font, a sound.
func (g *gen) dataURIs() []Case {
	png := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), g.bytes(60)...)
	gif := append([]byte("GIF89a"), g.bytes(40)...)
	woff := append([]byte("wOF2"), g.bytes(90)...)
	return []Case{
		{"data uri", `<img src="data:image/png;base64,` + base64.StdEncoding.EncodeToString(png) + `" alt="logo">`},
		{"data uri", "![pixel](data:image/gif;base64," + base64.StdEncoding.EncodeToString(gif) + ")"},
		{"data uri", "background: url(data:image/png;base64," + base64.StdEncoding.EncodeToString(png[:40]) + ");"},
		{"data uri", `src: url("data:font/woff2;base64,` + base64.StdEncoding.EncodeToString(woff) + `") format("woff2");`},
		{"data uri", "icon = 'data:image/webp;base64," + g.b64(70) + "'"},
		{"data uri", "<audio src=\"data:audio/mpeg;base64," + g.b64(80) + "\"></audio>"},
	}
}

// PublicBlocks returns public keys and certificates as they are pasted, one Case each, whole
// with their armour: they are published on purpose and must pass.
func PublicBlocks() []Case {
	g := &gen{rand.New(rand.NewPCG(2026, 13))}
	block := func(form, label string, body []byte) Case {
		b := base64.StdEncoding.EncodeToString(body)
		lines := []string{"-----BEGIN " + label + "-----"}
		for len(b) > 64 {
			lines = append(lines, b[:64])
			b = b[64:]
		}
		lines = append(lines, b, "-----END "+label+"-----")
		return Case{form, strings.Join(lines, "\n")}
	}
	spki := append([]byte{0x30, 0x82, 0x01, 0x22, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x03, 0x82, 0x01, 0x0f, 0x00}, g.bytes(270)...)
	ec := append([]byte{0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01}, g.bytes(78)...)
	cert := append([]byte{0x30, 0x82, 0x03, 0x5a, 0x30, 0x82, 0x02, 0x42, 0xa0, 0x03, 0x02, 0x01, 0x02, 0x02, 0x09, 0x00}, g.bytes(840)...)
	pgp := append([]byte{0x99, 0x01, 0x0d, 0x04}, g.bytes(300)...)
	return []Case{
		block("pem public key", "PUBLIC KEY", spki),
		block("pem ec public key", "PUBLIC KEY", ec),
		block("pem rsa public key", "RSA PUBLIC KEY", spki[24:]),
		block("certificate", "CERTIFICATE", cert),
		block("certificate request", "CERTIFICATE REQUEST", cert[:500]),
		block("pgp public key", "PGP PUBLIC KEY BLOCK", pgp),
		{"certificate chain", block("certificate", "CERTIFICATE", cert).Text + "\n" + block("certificate", "CERTIFICATE", cert[100:]).Text},
		{"certificate in prose", "The CA the proxy presents:\n" + block("certificate", "CERTIFICATE", cert[:300]).Text + "\nimport it in the trust store."},
	}
}

// KeyFiles returns whole private keys as they are pasted, one Case per key (PEM RSA, EC and
// PKCS #8, OpenSSH, a PGP private block, PuTTY), each text multi-line with its armour.
func KeyFiles() []Case {
	g := &gen{rand.New(rand.NewPCG(2026, 12))}
	block := func(form, label string, body []byte, width int, post ...string) Case {
		b := base64.StdEncoding.EncodeToString(body)
		lines := []string{"-----BEGIN " + label + "-----"}
		for len(b) > width {
			lines = append(lines, b[:width])
			b = b[width:]
		}
		lines = append(lines, b)
		lines = append(lines, post...)
		lines = append(lines, "-----END "+label+"-----")
		return Case{form, strings.Join(lines, "\n")}
	}
	ssh := append([]byte("openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x33"), g.bytes(300)...)
	pub := g.b64(51) // the public half: 64 characters and 4, not secret
	return []Case{
		block("pem rsa", "RSA PRIVATE KEY", append([]byte{0x30, 0x82, 0x04, 0xa4, 0x02, 0x01, 0x00, 0x02, 0x82, 0x01, 0x01, 0x00}, g.bytes(600)...), 64),
		block("pem ec", "EC PRIVATE KEY", append([]byte{0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20}, g.bytes(114)...), 64),
		block("pem pkcs8", "PRIVATE KEY", append([]byte{0x30, 0x82, 0x04, 0xbd, 0x02, 0x01, 0x00, 0x30, 0x0d}, g.bytes(300)...), 64),
		block("openssh", "OPENSSH PRIVATE KEY", ssh, 70),
		block("pgp", "PGP PRIVATE KEY BLOCK", append([]byte{0x95, 0x03, 0xc6, 0x04}, g.bytes(400)...), 64, "", "="+g.str(csB64, 4)),
		{"putty", strings.Join([]string{"PuTTY-User-Key-File-3: ssh-ed25519", "Encryption: none",
			"Comment: eddsa-key-20261130", "Public-Lines: 2", pub[:64], pub[64:],
			"Private-Lines: 1", g.b64(48), "Private-MAC: " + g.str(csHex, 64)}, "\n")},
	}
}
