// Package lang is carnet's two languages: which one a user's locale asks for, and the French
// wording of the texts carnet writes in English in its code (each package keeps its own
// Words). It imports nothing of carnet.
package lang

import (
	"fmt"
	"maps"
	"strings"
)

// The languages carnet writes, as carnet.toml's language names them.
const (
	FR = "fr"
	EN = "en"
)

// FromLocale is the language of the user's locale as POSIX reads it: the first of LC_ALL,
// LC_MESSAGES and LANG that is set and not empty decides; a French locale (fr, fr_FR.UTF-8,
// fr_CA, …) gives FR, anything else (English, another language, C, POSIX, nothing) gives EN.
func FromLocale(getenv func(string) string) string {
	_, v := Locale(getenv)
	return ofLocale(v)
}

// Locale is the variable that decides the locale's language and its value: the first of
// LC_ALL, LC_MESSAGES and LANG set and not empty ("", "" when none is).
func Locale(getenv func(string) string) (name, value string) {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := strings.TrimSpace(getenv(k)); v != "" {
			return k, v
		}
	}
	return "", ""
}

// ofLocale reads a locale name, language[_territory][.codeset][@modifier].
func ofLocale(v string) string {
	name := strings.ToLower(v)
	if i := strings.IndexAny(name, "_.@-"); i >= 0 {
		name = name[:i]
	}
	if name == "fr" {
		return FR
	}
	return EN
}

// Of is the language of a carnet.toml value: "en" is English, anything else French (the
// file format's own language, and the default of a workspace that does not say).
func Of(l string) string {
	if l == EN {
		return EN
	}
	return FR
}

// Name is how a language is called in itself, for messages: "English", "français".
func Name(l string) string {
	if Of(l) == EN {
		return "English"
	}
	return "français"
}

// Words is one package's French wording of its texts: English text → French text. A text
// missing from it is written as it is (the language walk of the tests catches it). A noun
// for N is written "singular" or "singular|plural" on both sides; without a plural, French
// adds an s (or an x after -eau, -au, -eu; nothing after s, x, z) and English an s.
type Words map[string]string

// T is s in language l.
func (w Words) T(l, s string) string {
	if Of(l) == FR {
		if t, ok := w[s]; ok {
			return t
		}
	}
	return s
}

// F is fmt.Sprintf of format in language l: the French format takes the same arguments,
// in the same order unless it says otherwise (%[2]s).
func (w Words) F(l, format string, a ...any) string {
	return fmt.Sprintf(w.T(l, format), a...)
}

// N writes a count and its noun in language l: "1 project", "3 projects", "0 projet",
// "3 projets" (French counts 0 and 1 as one).
func (w Words) N(l string, n int, noun string) string {
	return fmt.Sprintf("%d %s", n, w.Noun(l, n, noun))
}

// Noun is the noun alone, in the number n asks for.
func (w Words) Noun(l string, n int, noun string) string {
	if Of(l) == FR {
		one, many, ok := strings.Cut(w.T(FR, noun), "|")
		if n <= 1 {
			return one
		}
		if ok {
			return many
		}
		return frenchPlural(one)
	}
	one, many, ok := strings.Cut(noun, "|")
	if n == 1 {
		return one
	}
	if ok {
		return many
	}
	return one + "s"
}

// frenchPlural is the regular French plural of a noun or a noun phrase's first word
// ("élément ouvert" → "éléments ouverts": every word that is not a short link word).
func frenchPlural(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		if i > 0 && (w == "de" || w == "du" || w == "des" || w == "à" || w == "en" || w == "d'un") {
			break // "fichier de mémoire": only the head noun and what precedes the link
		}
		words[i] = pluralWord(w)
	}
	return strings.Join(words, " ")
}

func pluralWord(w string) string {
	switch {
	case strings.HasSuffix(w, "s"), strings.HasSuffix(w, "x"), strings.HasSuffix(w, "z"):
		return w
	case strings.HasSuffix(w, "eau"), strings.HasSuffix(w, "au"), strings.HasSuffix(w, "eu"):
		return w + "x"
	}
	return w + "s"
}

// Merge joins several tables of wording into one (a package's, kept by subject).
func Merge(ws ...Words) Words {
	out := Words{}
	for _, w := range ws {
		maps.Copy(out, w)
	}
	return out
}
