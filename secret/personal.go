package secret

import (
	"math/big"
	"regexp"
	"strings"
	"unicode"
)

// Find reports where the first secret Detect would flag lies in text (byte offsets) and why;
// reason is "" when text holds none.
func Find(text string) (start, end int, reason string) {
	f := scan(text)
	if f.reason == "" {
		return 0, 0, ""
	}
	return f.start, f.end, f.reason
}

// Personal data that is no secret but that a person may want out of a repository for good:
// an e-mail address, a phone number, an IBAN. Writes are not refused for them (a team's
// contact is memory); the UI offers to purge such a bullet from history when it is deleted.

var (
	emailRe = regexp.MustCompile(`[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}`)
	// an international number, or a national one written in groups (06 12 34 56 78,
	// (555) 123-4567, 555-123-4567): 9 to 15 digits
	phoneRe = regexp.MustCompile(`(?:\+\d{1,3}[ .\-]?)?(?:\(\d{1,4}\)[ .\-]?)?\d{1,4}(?:[ .\-]\d{2,4}){1,5}`)
	ibanRe  = regexp.MustCompile(`\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b`)
)

// Personal reports where the first piece of personal data of text lies (an e-mail address,
// a phone number, an IBAN that passes its check) and what it is; what is "" when there is none.
func Personal(text string) (start, end int, what string) {
	if loc := emailRe.FindStringIndex(text); loc != nil {
		return loc[0], loc[1], "an e-mail address"
	}
	for _, loc := range ibanRe.FindAllStringIndex(text, -1) {
		if ibanValid(text[loc[0]:loc[1]]) {
			return loc[0], loc[1], "an IBAN"
		}
	}
	for _, loc := range phoneRe.FindAllStringIndex(text, -1) {
		s := text[loc[0]:loc[1]]
		digits := 0
		for _, r := range s {
			if unicode.IsDigit(r) {
				digits++
			}
		}
		before := loc[0] > 0 && (isWordByte(text[loc[0]-1]) || text[loc[0]-1] == '.')
		after := loc[1] < len(text) && isWordByte(text[loc[1]])
		if digits >= 9 && digits <= 15 && !before && !after && !looksLikeDate(s) {
			return loc[0], loc[1], "a phone number"
		}
	}
	return 0, 0, ""
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// looksLikeDate tells a date or a version (2026-03-22, 1.2.3) from a phone number.
var dateRe = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}|^\d+\.\d+\.\d+$`)

func looksLikeDate(s string) bool { return dateRe.MatchString(s) }

// ibanValid checks an IBAN's mod-97 checksum.
func ibanValid(s string) bool {
	s = strings.ReplaceAll(s, " ", "")
	if len(s) < 15 || len(s) > 34 {
		return false
	}
	s = s[4:] + s[:4]
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r >= 'A' && r <= 'Z':
			b.WriteString(big.NewInt(int64(r - 'A' + 10)).String())
		default:
			return false
		}
	}
	n, ok := new(big.Int).SetString(b.String(), 10)
	return ok && new(big.Int).Mod(n, big.NewInt(97)).Int64() == 1
}
