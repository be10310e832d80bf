package memstore

import (
	"strings"
	"testing"
)

// carnet init writes the language it chose, uncommented; the template without one leaves the
// default and says carnet.toml does not name it.
func TestConfigForLanguage(t *testing.T) {
	t.Parallel()
	for _, l := range []string{"fr", "en"} {
		c, err := ParseConfig("carnet.toml", []byte(ConfigFor(l)))
		if err != nil {
			t.Fatal(err)
		}
		if c.Language != l || !c.LanguageSet {
			t.Errorf("ConfigFor(%s): language %q, set %v", l, c.Language, c.LanguageSet)
		}
		if !strings.Contains(ConfigFor(l), "\nlanguage = \""+l+"\"\n") {
			t.Errorf("ConfigFor(%s) does not write the language on a line of its own:\n%s", l, ConfigFor(l))
		}
	}
	c, err := ParseConfig("carnet.toml", []byte(ConfigFor("")))
	if err != nil || c.Language != "fr" || c.LanguageSet {
		t.Errorf("the template: %v %q %v", err, c.Language, c.LanguageSet)
	}
}
