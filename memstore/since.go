package memstore

import (
	"strings"
)

// A promotion carries the open items of an archived log into today's log; the item keeps the
// day it was first written in its text, before its weight:
// "Vérifier l'export (ouvert depuis le 2026-01-10) !7 #export", "(open since 2026-01-10)" in
// English. The words are part of the file a person reads; identity (Normalize) ignores them.

// sinceWords open the "(… DATE)" suffix of a carried item, per log language.
var sinceWords = map[string]string{"fr": "(ouvert depuis le ", "en": "(open since "}

// OpenSince splits a carried item's text into the text without its "(ouvert depuis le
// DATE)" suffix (the weight kept at its end) and that date; since is "" when there is none.
func OpenSince(text string) (rest, since string) {
	if !strings.Contains(text, sinceWords["fr"]) && !strings.Contains(text, sinceWords["en"]) {
		return text, ""
	}
	_, author := SplitAuthor(text)
	body, w := ParseWeight(text)
	for _, open := range sinceWords {
		i := strings.LastIndex(body, " "+open)
		if i < 0 || !strings.HasSuffix(body, ")") {
			continue
		}
		date := strings.TrimSuffix(body[i+1+len(open):], ")")
		if IsDate(date) {
			return body[:i] + w.Suffix() + Marker(author), date
		}
	}
	return text, ""
}

// CarriedText is an open item's text as a promotion carries it into another day's log: it
// says since when the item is open (first, the day of the log it comes from), once.
func CarriedText(text, first, lang string) string {
	if _, since := OpenSince(text); since != "" || !IsDate(first) {
		return text
	}
	open := sinceWords["fr"]
	if lang == "en" {
		open = sinceWords["en"]
	}
	_, author := SplitAuthor(text)
	body, w := ParseWeight(text) // the weight, then the author's marker, stay at the end
	return body + " " + open + first + ")" + w.Suffix() + Marker(author)
}

// First is the day the item was first written: the day a carried item says it is open
// since, else the day of the log that holds it.
func (o OpenItem) First() string {
	if o.Since != "" {
		return o.Since
	}
	return o.Date
}
