package capture

import (
	"strings"
	"unicode/utf8"
)

// maxAddressLabel bounds the label before a link for the bullet to be only that link
// ("Preview URL: https://…"): a longer text around it says something about it.
const maxAddressLabel = 24

// isTemporaryAddress reports a bullet that only gives a passing address: a preview, a
// sandbox or a local server ("Preview URL: https://…-5173.…", "App: http://localhost:3000").
// It lives as long as the session; a repository or a production address is kept.
func isTemporaryAddress(s string) bool {
	before, after, ok := strings.Cut(s, "://")
	if !ok {
		return false
	}
	label := before[:strings.LastIndexAny(before, " \t(<[")+1]
	if utf8.RuneCountInString(label) > maxAddressLabel {
		return false
	}
	host, _, _ := strings.Cut(after, "/")
	host, _, _ = strings.Cut(host, " ")
	host = strings.ToLower(strings.TrimRight(host, ").,;>]"))
	return isLocalHost(host) || hasAny(strings.ToLower(label), passingLabels)
}

// passingLabels name an address that does not outlive the session.
var passingLabels = []string{"preview", "sandbox", "dev server", "local url", "local server", "local:"}

// isLocalHost reports a loopback or unspecified host, with or without its port.
func isLocalHost(host string) bool {
	name, _, _ := strings.Cut(host, ":")
	return name == "localhost" || name == "0.0.0.0" || strings.HasPrefix(name, "127.") || strings.HasPrefix(host, "[::1]")
}
