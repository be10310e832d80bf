package memstore

import "testing"

// "Run `x`, then test the page" is two steps: running the command closes it only when
// nothing follows the command; a lone command to run is still closed by running it.
func TestShownDoneRunThenMore(t *testing.T) {
	t.Parallel()
	cases := []struct {
		item     string
		evidence []string
		want     bool
	}{
		{"Run `npx convex dev` to deploy the schema, then test the settings page at `/configure`", []string{"npx convex dev"}, false},
		{"Run `make build` and then check the logs", []string{"make build"}, false},
		{"Run `npx convex dev` to deploy the schema", []string{"npx convex dev"}, true},
		{"Run `make` then `make install`", []string{"make"}, false},
	}
	for _, c := range cases {
		if got := ShownDone(c.item, c.evidence); got != c.want {
			t.Errorf("ShownDone(%q, %q) = %v, want %v", c.item, c.evidence, got, c.want)
		}
	}
}
