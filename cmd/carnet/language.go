package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"carnet/lang"
	"carnet/memstore"
)

// langChoice is the language of a workspace and where it comes from.
type langChoice struct {
	lang string
	from string // "carnet.toml", "default" (carnet.toml names none), else the locale: "LANG=fr_FR.UTF-8", or "" when none is set
}

// workspaceLanguage is the language of the workspace at root: the one carnet.toml names,
// else, with no carnet.toml yet, the user's locale's (what carnet init writes there), else
// the default of a carnet.toml that names none (fr). A carnet.toml that cannot be read is an
// error.
func workspaceLanguage(root string) (langChoice, error) {
	_, err := os.Stat(filepath.Join(root, memstore.ConfigFile))
	if errors.Is(err, fs.ErrNotExist) {
		name, value := lang.Locale(getenv)
		from := ""
		if name != "" {
			from = name + "=" + value
		}
		return langChoice{lang: lang.FromLocale(getenv), from: from}, nil
	}
	cfg, err := memstore.LoadConfigFile(root)
	if err != nil {
		return langChoice{}, err
	}
	if cfg.LanguageSet {
		return langChoice{lang: lang.Of(cfg.Language), from: memstore.ConfigFile}, nil
	}
	return langChoice{lang: lang.Of(cfg.Language), from: "default"}, nil
}

// line says the language in one line, in that language, and how to change it.
func (c langChoice) line() string {
	other := lang.FR
	if c.lang == lang.FR {
		other = lang.EN
	}
	var why string
	switch c.from {
	case memstore.ConfigFile:
		why = memstore.ConfigFile
	case "default":
		why = words.T(c.lang, "carnet.toml does not say: the default language")
	case "":
		why = words.T(c.lang, "from your locale: none is set")
	default:
		why = words.F(c.lang, "from your locale: %s", c.from)
	}
	return words.F(c.lang, "language: %s (%s); to change it, set `language = \"%s\"` in carnet.toml", lang.Name(c.lang), why, other)
}
