package capture

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// homeLabels name where the work lives once the session is over ("Repo:", "Dashboard:",
// "Production:"): one of them, alone before an address, makes the item worth keeping.
var homeLabels = []string{"repo", "repository", "dashboard", "app", "site", "website", "production",
	"live", "deployed", "deployment", "demo", "homepage"}

// codeHosts open a repository address written without its scheme ("github.com/org/name").
var codeHosts = []string{"github.com/", "gitlab.com/", "bitbucket.org/"}

// workHomes returns the items of a closing text that only say where the work lives
// ("Dashboard: https://…", "Repo: github.com/org/name"), under any heading: the addresses
// a colleague looks for next time. A passing address (local, preview) is not kept, nor an
// item that says more than the address.
func workHomes(closing string) []string {
	if !strings.Contains(closing, "://") && !hasAny(closing, codeHosts) {
		return nil
	}
	var out []string
	for item := range listItems(closing) {
		label, addr, ok := strings.Cut(item, ": ")
		if ok && isHomeLabel(label) && isOneAddress(strings.TrimSpace(addr)) && !isTemporaryAddress(item) {
			out = append(out, item)
		}
	}
	return out
}

// isHomeLabel reports a short label that names one of homeLabels as a word ("GitHub Repo").
func isHomeLabel(label string) bool {
	if label == "" || utf8.RuneCountInString(label) > maxAddressLabel {
		return false
	}
	return slices.ContainsFunc(strings.Fields(strings.ToLower(label)), func(w string) bool {
		return slices.Contains(homeLabels, w)
	})
}

// isOneAddress reports a text that is one address and nothing else: a URL, a repository
// written without scheme, or one Markdown link.
func isOneAddress(s string) bool {
	if strings.HasPrefix(s, "[") { // [name](https://…)
		_, target, ok := strings.Cut(s, "](")
		return ok && strings.HasSuffix(target, ")") && strings.Contains(target, "://") && !strings.Contains(target, " ")
	}
	if strings.ContainsAny(s, " \t") {
		return false
	}
	if strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://") {
		return true
	}
	for _, h := range codeHosts {
		if strings.HasPrefix(s, h) && len(s) > len(h) {
			return true
		}
	}
	return false
}
