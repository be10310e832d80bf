package secret

import (
	"strings"
	"sync"
)

// Tokens: credentials that carry their own shape, a provider prefix and a body (ghp_…, glpat-…,
// AKIA…), or that look random enough on their own (a base64 key). The text is cut into runs of
// token bytes in one pass; only runs of 16 bytes or more are looked at, so prose costs nothing.

// alphabet is a set of ASCII bytes.
type alphabet struct{ lo, hi uint64 }

func newAlphabet(chars string) alphabet {
	var a alphabet
	for i := 0; i < len(chars); i++ {
		if c := chars[i]; c < 64 {
			a.lo |= 1 << c
		} else {
			a.hi |= 1 << (c - 64)
		}
	}
	return a
}

func (a *alphabet) has(c byte) bool {
	switch {
	case c < 64:
		return a.lo&(1<<c) != 0
	case c < 128:
		return a.hi&(1<<(c-64)) != 0
	}
	return false
}

const (
	upperChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	lowerChars = "abcdefghijklmnopqrstuvwxyz"
	digitChars = "0123456789"
	alnumChars = upperChars + lowerChars + digitChars
	hexChars   = digitChars + "abcdefABCDEF"
)

var (
	alnum     = newAlphabet(alnumChars)
	upAlnum   = newAlphabet(upperChars + digitChars)
	hexDigits = newAlphabet(hexChars)
	word      = newAlphabet(alnumChars + "_-")
	wordDot   = newAlphabet(alnumChars + "_-.")
	wordEq    = newAlphabet(alnumChars + "_-=")
	base64Std = newAlphabet(alnumChars + "+/=")
	base64Any = newAlphabet(alnumChars + "+/=-_") // the standard alphabet or the URL one
	hexDash   = newAlphabet(hexChars + "-")
	alnumUnd  = newAlphabet(alnumChars + "_")
	bech32    = newAlphabet("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")
	// tokenBytes are the bytes a token run is made of.
	tokenBytes = newAlphabet(alnumChars + "_-.+/~")
)

// tokenRule is a credential written as a fixed prefix and a body of known bytes and length.
type tokenRule struct {
	prefix   string
	reason   string
	body     alphabet
	min, max int                   // body length; max 0: no bound
	valid    func(tok string) bool // optional second look at prefix+body
}

// tokenRules are the provider formats, from the public rule sets of secret scanners.
var tokenRules = sync.OnceValue(func() *tokenIndex {
	rules := []tokenRule{
		{"AKIA", "looks like an AWS access key", upAlnum, 16, 16, nil},
		{"ASIA", "looks like an AWS access key", upAlnum, 16, 16, nil},
		{"ABIA", "looks like an AWS access key", upAlnum, 16, 16, nil},
		{"ACCA", "looks like an AWS access key", upAlnum, 16, 16, nil},
		{"ABSK", "looks like an AWS Bedrock API key", base64Std, 100, 0, nil},
		{"bedrock-api-key-", "looks like an AWS Bedrock API key", base64Std, 20, 0, nil},
		{"ghp_", "looks like a GitHub token", alnum, 36, 255, nil},
		{"gho_", "looks like a GitHub token", alnum, 36, 255, nil},
		{"ghu_", "looks like a GitHub token", alnum, 36, 255, nil},
		{"ghs_", "looks like a GitHub token", alnum, 36, 255, nil},
		{"ghr_", "looks like a GitHub token", alnum, 36, 255, nil},
		{"github_pat_", "looks like a GitHub token", alnumUnd, 22, 255, nil},
		{"glpat-", "looks like a GitLab token", wordDot, 20, 0, nil},
		{"gldt-", "looks like a GitLab token", word, 20, 0, nil},
		{"glrt-", "looks like a GitLab token", wordDot, 20, 0, nil},
		{"glptt-", "looks like a GitLab token", hexDigits, 40, 0, nil},
		{"glcbt-", "looks like a GitLab token", word, 20, 0, nil},
		{"glsoat-", "looks like a GitLab token", word, 20, 0, nil},
		{"glft-", "looks like a GitLab token", word, 20, 0, nil},
		{"glimt-", "looks like a GitLab token", word, 25, 0, nil},
		{"glagent-", "looks like a GitLab token", word, 50, 0, nil},
		{"gloas-", "looks like a GitLab token", word, 64, 0, nil},
		{"glffct-", "looks like a GitLab token", word, 20, 0, nil},
		{"GR1348941", "looks like a GitLab runner registration token", word, 20, 0, nil},
		{"xoxb-", "looks like a Slack token", word, 10, 0, anyDigit},
		{"xoxp-", "looks like a Slack token", word, 10, 0, anyDigit},
		{"xoxa-", "looks like a Slack token", word, 10, 0, anyDigit},
		{"xoxr-", "looks like a Slack token", word, 10, 0, anyDigit},
		{"xoxs-", "looks like a Slack token", word, 10, 0, anyDigit},
		{"xoxe-", "looks like a Slack token", word, 10, 0, anyDigit},
		{"xoxo-", "looks like a Slack token", word, 10, 0, anyDigit},
		{"xoxe.xox", "looks like a Slack token", word, 20, 0, nil},
		{"xapp-", "looks like a Slack token", word, 10, 0, anyDigit},
		{"sk_live_", "looks like a Stripe secret key", alnum, 16, 0, nil},
		{"sk_test_", "looks like a Stripe secret key", alnum, 16, 0, nil},
		{"sk_prod_", "looks like a Stripe secret key", alnum, 16, 0, nil},
		{"rk_live_", "looks like a Stripe secret key", alnum, 16, 0, nil},
		{"rk_test_", "looks like a Stripe secret key", alnum, 16, 0, nil},
		{"whsec_", "looks like a Stripe secret key", base64Std, 24, 0, nil},
		{"sk-ant-", "looks like an Anthropic API key", word, 20, 0, anyDigit},
		{"sk-proj-", "looks like an OpenAI API key", word, 20, 0, anyDigit},
		{"sk-svcacct-", "looks like an OpenAI API key", word, 20, 0, anyDigit},
		{"sk-admin-", "looks like an OpenAI API key", word, 20, 0, anyDigit},
		{"sk-or-v1-", "looks like an OpenRouter API key", hexDigits, 64, 0, nil},
		{"sk-", "looks like an OpenAI API key", alnum, 20, 0, anyDigit},
		{"sk.eyJ", "looks like a Mapbox secret token", wordDot, 40, 0, nil},
		{"AIza", "looks like a Google API key", word, 35, 0, nil},
		{"GOCSPX-", "looks like a Google OAuth client secret", word, 24, 0, nil},
		{"ya29.", "looks like a Google OAuth token", word, 20, 0, anyDigit},
		{"1//0", "looks like a Google refresh token", word, 30, 0, nil},
		{"APA91b", "looks like a Firebase server key", word, 100, 0, nil},
		{"npm_", "looks like an npm token", alnum, 36, 36, anyDigit},
		{"pypi-AgEIcHlwaS5vcmc", "looks like a PyPI token", word, 50, 0, nil},
		{"SG.", "looks like a SendGrid API key", wordDot, 60, 70, nil},
		{"xkeysib-", "looks like a Brevo API key", word, 70, 0, nil},
		{"hf_", "looks like a Hugging Face token", alnum, 34, 0, mixedCase},
		{"api_org_", "looks like a Hugging Face token", alnum, 34, 0, mixedCase},
		{"dop_v1_", "looks like a DigitalOcean token", hexDigits, 64, 64, nil},
		{"doo_v1_", "looks like a DigitalOcean token", hexDigits, 64, 64, nil},
		{"dor_v1_", "looks like a DigitalOcean token", hexDigits, 64, 64, nil},
		{"dckr_pat_", "looks like a Docker Hub token", word, 24, 0, nil},
		{"dckr_oat_", "looks like a Docker Hub token", word, 24, 0, nil},
		{"HRKU-", "looks like a Heroku API key", word, 40, 0, nil},
		{"AGE-SECRET-KEY-1", "age secret key", bech32, 58, 58, nil},
		{"dapi", "looks like a Databricks token", hexDigits, 32, 32, nil},
		{"shpat_", "looks like a Shopify token", hexDigits, 32, 32, nil},
		{"shpca_", "looks like a Shopify token", hexDigits, 32, 32, nil},
		{"shppa_", "looks like a Shopify token", hexDigits, 32, 32, nil},
		{"shpss_", "looks like a Shopify token", hexDigits, 32, 32, nil},
		{"ATATT3", "looks like an Atlassian API token", wordEq, 100, 0, nil},
		{"ATBB", "looks like a Bitbucket app password", alnum, 32, 0, nil},
		{"lin_api_", "looks like a Linear API key", alnum, 40, 0, nil},
		{"lin_oauth_", "looks like a Linear token", hexDigits, 64, 0, nil},
		{"secret_", "looks like a Notion token", alnum, 43, 43, randomToken},
		{"ntn_", "looks like a Notion token", alnum, 40, 0, nil},
		{"key-", "looks like a Mailgun API key", hexDigits, 32, 32, anyDigit},
		{"EAAA", "looks like a Square token", word, 40, 0, nil},
		{"sq0atp-", "looks like a Square token", word, 22, 0, nil},
		{"sq0csp-", "looks like a Square token", word, 40, 0, nil},
		{"EAAC", "looks like a Facebook token", alnum, 90, 0, nil},
		{"EAAG", "looks like a Facebook token", alnum, 90, 0, nil},
		{"EAAM", "looks like a Facebook token", alnum, 90, 0, nil},
		{"hvs.", "looks like a Vault token", word, 24, 0, generated},
		{"hvb.", "looks like a Vault token", word, 24, 0, generated},
		{"hvr.", "looks like a Vault token", word, 24, 0, generated},
		{"s.", "looks like a Vault token", alnum, 24, 24, randomToken},
		{"dp.pt.", "looks like a Doppler token", alnum, 40, 0, nil},
		{"dp.st.", "looks like a Doppler token", wordDot, 40, 0, nil},
		{"dp.ct.", "looks like a Doppler token", alnum, 40, 0, nil},
		{"dp.sa.", "looks like a Doppler token", alnum, 40, 0, nil},
		{"dp.scim.", "looks like a Doppler token", alnum, 40, 0, nil},
		{"dp.audit.", "looks like a Doppler token", alnum, 40, 0, nil},
		{"glc_", "looks like a Grafana token", base64Std, 32, 0, nil},
		{"glsa_", "looks like a Grafana token", alnumUnd, 40, 0, nil},
		{"eyJrIjoi", "looks like a Grafana API key", base64Std, 60, 0, nil},
		{"ops_eyJ", "looks like a 1Password token", base64Any, 200, 0, nil},
		{"A3-", "looks like a 1Password secret key", newAlphabet(upperChars + digitChars + "-"), 30, 40, nil},
		{"AKCp", "looks like an Artifactory token", alnum, 60, 0, nil},
		{"cmVmd", "looks like an Artifactory token", alnum, 55, 0, nil},
		{"SK", "looks like a Twilio API key", hexDigits, 32, 32, anyDigit},
		{"p8e-", "looks like an Adobe client secret", alnum, 32, 32, nil},
		{"pat", "looks like an Airtable token", wordDot, 79, 79, func(t string) bool { return t[17] == '.' }},
		{"LTAI", "looks like an Alibaba access key", alnum, 20, 20, anyDigit},
		{"4b1d", "looks like a ClickHouse key", alnum, 38, 38, nil},
		{"CLOJARS_", "looks like a Clojars token", alnum, 60, 0, nil},
		{"v1.0-", "looks like a Cloudflare origin CA key", hexDash, 160, 0, nil},
		{"duffel_live_", "looks like a Duffel token", wordEq, 43, 0, nil},
		{"duffel_test_", "looks like a Duffel token", wordEq, 43, 0, nil},
		{"dt0c01.", "looks like a Dynatrace token", wordDot, 80, 0, nil},
		{"EZAK", "looks like an EasyPost key", alnum, 54, 54, nil},
		{"EZTK", "looks like an EasyPost key", alnum, 54, 54, nil},
		{"FLWSECK", "looks like a Flutterwave key", word, 32, 0, nil},
		{"fo1_", "looks like a Fly.io token", word, 43, 0, nil},
		{"fm1a_", "looks like a Fly.io token", base64Std, 100, 0, nil},
		{"fm1r_", "looks like a Fly.io token", base64Std, 100, 0, nil},
		{"fm2_", "looks like a Fly.io token", base64Std, 100, 0, nil},
		{"fio-u-", "looks like a Frame.io token", wordEq, 64, 0, nil},
		{"pat.", "looks like a Harness token", wordDot, 60, 0, nil},
		{"sat.", "looks like a Harness token", wordDot, 60, 0, nil},
		{"ico-", "looks like an Infracost token", alnum, 32, 32, nil},
		{"s-s4t2ud-", "looks like an Intra42 secret", hexDigits, 64, 64, nil},
		{"s-s4t2af-", "looks like an Intra42 secret", hexDigits, 64, 64, nil},
		{"NRAK-", "looks like a New Relic key", upAlnum, 27, 27, nil},
		{"NRJS-", "looks like a New Relic key", hexDigits, 19, 19, nil},
		{"NRII-", "looks like a New Relic key", word, 32, 32, nil},
		{"API-", "looks like an Octopus Deploy key", upAlnum, 26, 26, anyDigit},
		{"sha256~", "looks like an OpenShift token", word, 43, 43, nil},
		{"pplx-", "looks like a Perplexity API key", alnum, 48, 48, nil},
		{"pscale_tkn_", "looks like a PlanetScale token", wordDot, 32, 0, nil},
		{"pscale_oauth_", "looks like a PlanetScale token", wordDot, 32, 0, nil},
		{"pscale_pw_", "looks like a PlanetScale password", wordDot, 32, 0, nil},
		{"PMAK-", "looks like a Postman key", hexDash, 59, 59, nil},
		{"pnu_", "looks like a Prefect key", alnum, 36, 36, nil},
		{"pul-", "looks like a Pulumi token", hexDigits, 40, 40, nil},
		{"rdme_", "looks like a ReadMe key", alnum, 70, 70, nil},
		{"rubygems_", "looks like a RubyGems key", hexDigits, 48, 48, nil},
		{"tk-us-", "looks like a Scalingo token", word, 48, 48, nil},
		{"sntryu_", "looks like a Sentry token", hexDigits, 64, 64, nil},
		{"sntrys_", "looks like a Sentry token", newAlphabet(alnumChars + "+/=_"), 80, 0, nil},
		{"sm_pat_", "looks like a SettleMint token", alnum, 16, 16, nil},
		{"sm_aat_", "looks like a SettleMint token", alnum, 16, 16, nil},
		{"sm_sat_", "looks like a SettleMint token", alnum, 16, 16, nil},
		{"shippo_live_", "looks like a Shippo token", hexDigits, 40, 40, nil},
		{"shippo_test_", "looks like a Shippo token", hexDigits, 40, 40, nil},
		{"sgp_", "looks like a Sourcegraph token", alnumUnd, 40, 0, nil},
		{"gsk_", "looks like a Groq API key", alnum, 48, 0, nil},
		{"xai-", "looks like an xAI API key", alnum, 70, 0, nil},
		{"r8_", "looks like a Replicate token", alnum, 37, 37, anyDigit},
		{"sbp_", "looks like a Supabase token", hexDigits, 40, 40, nil},
		{"nfp_", "looks like a Netlify token", alnum, 36, 36, nil},
		{"rnd_", "looks like a Render API key", alnum, 32, 32, nil},
		{"figd_", "looks like a Figma token", word, 40, 0, nil},
		{"tskey-", "looks like a Tailscale key", word, 30, 0, anyDigit},
		{"pcsk_", "looks like a Pinecone API key", alnumUnd, 60, 0, nil},
		{"bkua_", "looks like a Buildkite token", hexDigits, 40, 40, nil},
		{"CCIPAT_", "looks like a CircleCI token", alnumUnd, 40, 0, nil},
		{"lsv2_pt_", "looks like a LangSmith key", alnumUnd, 40, 0, nil},
		{"lsv2_sk_", "looks like a LangSmith key", alnumUnd, 40, 0, nil},
		{"phx_", "looks like a PostHog personal key", alnum, 40, 0, nil},
		{"CFPAT-", "looks like a Contentful token", word, 43, 0, nil},
		{"cs_", "looks like a WooCommerce secret", hexDigits, 40, 40, nil},
		{"ck_", "looks like a WooCommerce key", hexDigits, 40, 40, nil},
		{"re_", "looks like a Resend API key", alnumUnd, 30, 40, randomToken},
		{"aio_", "looks like an Adafruit IO key", alnum, 28, 28, nil},
		{"amzn.mws.", "looks like an Amazon MWS token", hexDash, 36, 36, nil},
		{"dnkey-", "looks like a Defined Networking token", wordEq, 70, 0, nil},
		{"sl.", "looks like a Dropbox token", wordEq, 120, 0, nil},
	}
	ix := &tokenIndex{rules: rules}
	for i, r := range rules {
		ix.byFirst[r.prefix[0]] = append(ix.byFirst[r.prefix[0]], uint8(i))
	}
	return ix
})

// tokenIndex files the rules under the first byte of their prefix.
type tokenIndex struct {
	rules   []tokenRule
	byFirst [128][]uint8
}

// minToken is the shortest run of token bytes worth a look.
const minToken = 16

// tokenSecret finds a token that a provider rule or its randomness gives away.
func tokenSecret(s string) finding {
	for i := 0; i < len(s); {
		if !tokenBytes.has(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && tokenBytes.has(s[j]) {
			j++
		}
		if j-i >= minToken {
			if f := checkToken(s, i, j); f.reason != "" {
				return f
			}
		}
		i = j
	}
	return finding{}
}

// checkToken looks at the run s[i:j] of token bytes.
func checkToken(s string, i, j int) finding {
	if dataURIAt(s, i) {
		return finding{} // an image, a font, a sound written inline ("/9j/…" for a JPEG)
	}
	for i < j && !asciiAlnum(s[i]) {
		i++ // "//hooks…", "-X"
	}
	if j-i < minToken {
		return finding{}
	}
	ix := tokenRules()
	for _, n := range ix.byFirst[s[i]] {
		r := &ix.rules[n]
		if !strings.HasPrefix(s[i:j], r.prefix) {
			continue
		}
		b := i + len(r.prefix)
		k := b
		for k < len(s) && r.body.has(s[k]) {
			k++
		}
		for k > b && s[k-1] == '.' && !r.body.has('=') {
			k-- // the full stop of a sentence
		}
		if n := k - b; n < r.min || (r.max > 0 && n > r.max) {
			continue
		}
		if k < len(s) && asciiAlnum(s[k]) {
			continue
		}
		if placeholderBody(s[b:k]) {
			continue // ghp_xxxxxxxx…, sk-0000000…
		}
		if r.valid == nil || r.valid(s[i:k]) {
			return finding{r.reason, i, k}
		}
	}
	tok := strings.TrimRight(s[i:j], ".")
	if reason := shapedToken(tok); reason != "" {
		return finding{reason, i, i + len(tok)}
	}
	e := j
	for e < len(s) && e-j < 2 && s[e] == '=' {
		e++
	}
	if dataURIAt(s, i) {
		return finding{} // an image, a font, a sound written inline
	}
	if whole := wholeLine(s, i, e); (whole || e-i >= 32) && randomBase64(s[i:e]) && !digestAt(s, i) {
		if whole {
			return finding{"key block line (base64)", lineStart(s, i), lineEnd(s, e)}
		}
		return finding{"looks like a random key (base64)", i, e}
	}
	return finding{}
}

// placeholderBody reports a token body that stands for one: one repeated byte or "xxxx".
func placeholderBody(b string) bool {
	return strings.Count(b, b[:1]) == len(b) || containsFoldASCII(b, "xxxx")
}

// shortKeyLine reports the last, short line of a key block's base64 body ("t3NWSQ=="):
// padded, and binary once decoded.
func shortKeyLine(t string) bool {
	body := strings.TrimRight(t, "=")
	if len(body) == len(t) || len(body) < 6 || !onlyBytes(body, alnumChars+"+/") {
		return false
	}
	var buf [48]byte
	n := decodeBase64(body[:min(len(body), 64)&^3], buf[:])
	binary := 0
	for _, c := range buf[:n] {
		if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c >= 0x7f {
			binary++
		}
	}
	return n > 0 && 3*binary >= n
}

// shapedToken recognises tokens without a prefix by their structure.
func shapedToken(t string) string {
	switch {
	case len(t) >= 58 && (t[0] == 'M' || t[0] == 'N' || t[0] == 'O') && discordShape(t): // 23 + 6 + 27 and the dots
		return "looks like a Discord bot token"
	case len(t) >= 36 && len(t) <= 38 && onlyBytes(t[:32], hexChars) && strings.HasPrefix(t[32:], "-us") && onlyDigits(t[35:]):
		return "looks like a Mailchimp API key"
	case len(t) >= 37 && len(t) <= 40 && asciiDigit(t[3]) && t[4] == 'Q' && t[5] == '~':
		return "looks like an Azure client secret"
	case len(t) == 84 && t[76:80] == "AZDO" && onlyBytes(t, alnumChars):
		return "looks like an Azure DevOps token"
	case len(t) == 40 && strings.HasSuffix(t, "_mmk") && t[6] == '_':
		return "looks like a MaxMind license key"
	}
	if k := strings.Index(t, ".atlasv1."); k == 14 && len(t)-k-9 >= 60 {
		return "looks like a Terraform Cloud token"
	}
	return ""
}

// discordShape matches three dot-separated parts of 23–28, 6 and 27–38 token bytes.
func discordShape(t string) bool {
	a, rest, ok := strings.Cut(t, ".")
	if !ok {
		return false
	}
	b, c, ok := strings.Cut(rest, ".")
	return ok && len(a) >= 23 && len(a) <= 28 && len(b) == 6 && len(c) >= 27 && len(c) <= 38 &&
		onlyBytes(a, alnumChars) && !strings.ContainsAny(c, ".+/~") && anyDigit(t) && mixedCase(t)
}

// randomBase64 reports a standard base64 string of 20 bytes or more that looks random: all
// three character classes, frequent switches between them, and binary once decoded (the
// base64 of a sentence decodes to text).
func randomBase64(t string) bool {
	body := strings.TrimRight(t, "=")
	if len(body) < 20 || !anyUpper(body) || !anyLower(body) || !anyDigit(body) {
		return false
	}
	switches := 0
	for k := 0; k < len(body); k++ {
		c := body[k]
		if !asciiAlnum(c) && c != '+' && c != '/' {
			return false
		}
		if k > 0 && charClass(c) != charClass(body[k-1]) {
			switches++
		}
	}
	if 3*switches < len(body) {
		return false
	}
	var buf [48]byte
	n := decodeBase64(body[:min(len(body), 64)], buf[:])
	if n < 12 || sshPublicBlob(buf[:n]) {
		return false
	}
	binary := 0
	for _, c := range buf[:n] {
		if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c >= 0x7f {
			binary++
		}
	}
	return 4*binary >= n
}

func charClass(c byte) int {
	switch {
	case asciiUpper(c):
		return 0
	case asciiLower(c):
		return 1
	case asciiDigit(c):
		return 2
	}
	return 3
}

// decodeBase64 decodes whole groups of four base64 bytes into dst and returns the count.
func decodeBase64(src string, dst []byte) int {
	n := 0
	for k := 0; k+4 <= len(src) && n+3 <= len(dst); k += 4 {
		var v uint32
		for _, c := range []byte(src[k : k+4]) {
			v = v<<6 | uint32(base64Value(c))
		}
		dst[n], dst[n+1], dst[n+2] = byte(v>>16), byte(v>>8), byte(v)
		n += 3
	}
	return n
}

func base64Value(c byte) byte {
	switch {
	case asciiUpper(c):
		return c - 'A'
	case asciiLower(c):
		return c - 'a' + 26
	case asciiDigit(c):
		return c - '0' + 52
	case c == '+':
		return 62
	}
	return 63
}

// sshPublicBlob reports the start of an SSH public key (length-prefixed "ssh-…", "ecdsa-…"):
// public keys are shared on purpose.
func sshPublicBlob(b []byte) bool {
	if len(b) < 8 || b[0] != 0 || b[1] != 0 || b[2] != 0 {
		return false
	}
	name := string(b[4:min(len(b), 4+int(b[3]))])
	return strings.HasPrefix(name, "ssh-") || strings.HasPrefix(name, "ecdsa-") || strings.HasPrefix(name, "sk-")
}

// digestAt reports a checksum written before s[i:] (go.sum's "h1:", SRI's "sha512-"): a hash of
// public content, not a key.
func digestAt(s string, i int) bool {
	p := s[max(0, i-8):i]
	return strings.HasSuffix(p, "h1:") || strings.HasSuffix(p, "sha256-") || strings.HasSuffix(p, "sha384-") ||
		strings.HasSuffix(p, "sha512-") || strings.HasSuffix(p, "sha256:") || strings.HasSuffix(p, "sha256=")
}

// generated reports a token body that mixes cases and digits, as generated ones do.
func generated(t string) bool { return anyDigit(t) && mixedCase(t) }

// dataURIAt reports the base64 data of a media data URI before s[i:]: "data:image/png;base64,"
// (image, font, audio or video: bytes published with a page, not a credential).
func dataURIAt(s string, i int) bool {
	if !strings.HasSuffix(s[:i], ";base64,") {
		return false
	}
	k := strings.LastIndex(s[max(0, i-80):i], "data:")
	if k < 0 {
		return false
	}
	mime := s[max(0, i-80)+k+len("data:") : i-len(";base64,")]
	for _, m := range [...]string{"image/", "font/", "audio/", "video/"} {
		if strings.HasPrefix(mime, m) && !strings.ContainsAny(mime, " \t\"'") {
			return true
		}
	}
	return false
}

// wholeLine reports whether s[i:e] is all its line holds, apart from spaces and a list marker.
func wholeLine(s string, i, e int) bool {
	for k := i - 1; k >= 0 && s[k] != '\n'; k-- {
		if strings.IndexByte(" \t-*>", s[k]) < 0 {
			return false
		}
	}
	for k := e; k < len(s) && s[k] != '\n' && s[k] != '\r'; k++ {
		if s[k] != ' ' && s[k] != '\t' {
			return false
		}
	}
	return true
}

// lineStart returns the index where the line holding s[i] starts.
func lineStart(s string, i int) int {
	return strings.LastIndexByte(s[:i], '\n') + 1
}
