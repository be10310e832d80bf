package capture

import (
	"slices"
	"testing"

	"carnet/memstore"
)

// A listed statement that ends with a colon before its details ("Added 4 fields to the
// validator (lines 29-32):" then one line per field) is the item; its details are not. A
// short group name ("**Immediate actions:**") still only names the items under it.
func TestListedStatementKeepsItsDetailsOut(t *testing.T) {
	t.Parallel()
	text := "### Changes made\n- Added 4 AI Stars fields to the `configurationSchema` validator (lines 29-32):\n" +
		"  - `aiStarsType`: Optional union of \"solid\" or \"none\"\n  - `aiStarsSolidColor`: Optional string\n- Updated the docs\n"
	want := []string{"Added 4 AI Stars fields to the `configurationSchema` validator (lines 29-32)", "Updated the docs"}
	if got := labelled(text)[memstore.KeyWork]; !slices.Equal(got, want) {
		t.Errorf("work = %q, want %q", got, want)
	}
	groups := "**Next steps:**\n- **Immediate actions:**\n  - Rotate the key\n- **Later:**\n  - Audit the logs\n"
	if got := labelled(groups)[memstore.KeyNext]; !slices.Equal(got, []string{"Rotate the key", "Audit the logs"}) {
		t.Errorf("next = %q", got)
	}
}
