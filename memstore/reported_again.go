package memstore

import (
	"cmp"
	"slices"
	"strings"
)

// ReportedAgainPrefix opens, in each log language, a reported error the user reported
// again: it came back after what was done for it, so a line that says it is fixed no
// longer closes it (markReportedFixed reads ReportedPrefix only).
var ReportedAgainPrefix = map[string]string{"fr": "Erreur signalée à nouveau : ", "en": "Reported again: "}

// reportedAgain rewrites the day's bullet of each reported error the fresh items report
// again (open or marked fixed) as reported again, and drops those items: one bullet a day
// per error, open since it came back.
func reportedAgain(today *Doc, items []string, lang string) []string {
	s, ok := today.Section(KeyProblems)
	if !ok {
		return items
	}
	again := cmp.Or(ReportedAgainPrefix[lang], ReportedAgainPrefix["fr"])
	bullets := today.Bullets(s)
	return slices.DeleteFunc(items, func(item string) bool {
		err := reportedError(item)
		if err == "" {
			return false
		}
		for _, b := range bullets {
			if had, ok := reportedText(b.Text); ok && had == err {
				if !strings.HasPrefix(b.Text, again) {
					today.SetBulletText(b, again+err)
				}
				return true
			}
		}
		return false
	})
}

// reportedText is the error a reported-error bullet names, whether it is open, marked
// fixed or reported again.
func reportedText(text string) (string, bool) {
	for _, p := range FixedPrefix {
		text = strings.TrimPrefix(text, p)
	}
	for _, m := range []map[string]string{ReportedPrefix, ReportedAgainPrefix} {
		for _, p := range m {
			if err, ok := strings.CutPrefix(text, p); ok {
				return err, true
			}
		}
	}
	return "", false
}
