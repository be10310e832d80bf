package capture

import "strings"

// maxCauseURL is the longest URL a failure's cause keeps whole; urlSegments, how many
// segments of its path a longer one keeps.
const (
	maxCauseURL = 60
	urlSegments = 2
)

// shortURLs cuts each long URL of a failure's cause to its host and first path segments
// ("https://api.github.com/repos/org/…"): the bullet says which service refused, not the
// whole address. Punctuation after the URL stays.
func shortURLs(cause string) string {
	if !strings.Contains(cause, "://") {
		return cause
	}
	f := strings.Split(cause, " ")
	for i, w := range f {
		start := strings.Index(w, "http://")
		if start < 0 {
			start = strings.Index(w, "https://")
		}
		if start < 0 {
			continue
		}
		end := len(strings.TrimRight(w, ":,.;)'\"`"))
		if end-start <= maxCauseURL {
			continue
		}
		f[i] = w[:start] + cutURL(w[start:end]) + w[end:]
	}
	return strings.Join(f, " ")
}

// cutURL keeps a URL's scheme, host and first urlSegments path segments, then "…".
func cutURL(u string) string {
	scheme, rest, _ := strings.Cut(u, "://")
	parts := strings.SplitN(rest, "/", urlSegments+2)
	if len(parts) <= urlSegments+1 {
		return u
	}
	return scheme + "://" + strings.Join(parts[:urlSegments+1], "/") + "/…"
}
