package tui

import (
	"fmt"
	"os"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"

	"carnet/lang"
	"carnet/memstore"
)

// uiLanguage is the language the UI speaks: Options.Lang when set, else the workspace's
// (carnet.toml's language), else, before the workspace is read, the user's locale's.
func uiLanguage(opts Options, ws *memstore.Workspace) string {
	switch {
	case opts.Lang != "":
		return lang.Of(opts.Lang)
	case ws != nil:
		return lang.Of(ws.Config.Language)
	}
	return lang.FromLocale(os.Getenv)
}

// uiText is a text of the UI before it is written in the UI's language: an English format
// and its arguments (words_fr.go has the French). As an error, it reads in English.
type uiText struct {
	format string
	args   []any
}

func (t uiText) Error() string { return fmt.Sprintf(t.format, t.args...) }

// sayErr is an error of this UI, which the status line writes in the UI's language.
func sayErr(format string, a ...any) error { return uiText{format, a} }

// say writes t in the UI's language; an argument that is itself a uiText is written first.
func (c *common) say(t uiText) string {
	args := make([]any, len(t.args))
	for i, a := range t.args {
		if u, ok := a.(uiText); ok {
			a = c.say(u)
		}
		args[i] = a
	}
	return words.F(c.lang, t.format, args...)
}

// tr is s in the UI's language.
func (c *common) tr(s string) string { return words.T(c.lang, s) }

// trf is fmt.Sprintf of format in the UI's language.
func (c *common) trf(format string, a ...any) string { return words.F(c.lang, format, a...) }

// count writes n and its noun in the UI's language: "3 items", "3 éléments".
func (c *common) count(n int, noun string) string { return words.N(c.lang, n, noun) }

// helpKeys are bindings with their descriptions in the UI's language, for the footer and ?.
func (c *common) helpKeys(bs []key.Binding) []key.Binding {
	out := make([]key.Binding, len(bs))
	for i, b := range bs {
		h := b.Help()
		out[i] = key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(h.Key, c.tr(h.Desc)))
		if !b.Enabled() {
			out[i].SetEnabled(false)
		}
	}
	return out
}

// weekday is the short weekday of a YYYY-MM-DD date in the UI's language.
func (c *common) weekday(date string) string { return c.tr(weekday(date)) }

// daysAgo says how far a YYYY-MM-DD date is from today, in the UI's language.
func (c *common) daysAgo(date string) string { return c.relative(daysAgo(c.now(), date)) }

// relative writes one of Ago's and daysAgo's English phrases in the UI's language.
func (c *common) relative(s string) string {
	if n, unit, ok := strings.Cut(strings.TrimSuffix(s, " ago"), " "); ok && strings.HasSuffix(s, " ago") {
		var k int
		if _, err := fmt.Sscan(n, &k); err == nil {
			return c.trf("%s ago", c.count(k, strings.TrimSuffix(unit, "s")))
		}
	}
	return c.tr(s)
}

// frenchMonths are the short month names of the French date.
var frenchMonths = [...]string{"janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."}

// when is a commit's date and time: "Mon 2 Jan 2006 15:04", "lun 2 janv. 2006 15:04".
func (c *common) when(t time.Time) string {
	if c.lang != lang.FR {
		return t.Format("Mon 2 Jan 2006 15:04")
	}
	return c.tr(t.Format("Mon")) + " " + fmt.Sprint(t.Day()) + " " + frenchMonths[t.Month()-1] + " " + t.Format("2006 15:04")
}

// agoShort is agoShort in the UI's language: "3d", "3j".
func (c *common) agoShort(t time.Time) string {
	s := agoShort(c.now(), t)
	if c.lang != lang.FR {
		return s
	}
	switch {
	case s == "now":
		return "0m"
	case strings.HasSuffix(s, "mo"):
		return s
	case strings.HasSuffix(s, "d"):
		return strings.TrimSuffix(s, "d") + "j"
	case strings.HasSuffix(s, "w"):
		return strings.TrimSuffix(s, "w") + "s"
	case strings.HasSuffix(s, "y"):
		return strings.TrimSuffix(s, "y") + "a"
	}
	return s
}
