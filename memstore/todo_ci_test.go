package memstore

import "testing"

// "Run `cargo clippy -- -D warnings` in CI" asks for the command in the pipeline, not for
// one run: a line of evidence that puts the command's tool in CI closes it, running the
// command once does not; a command to run here is still closed by running it.
func TestShownDoneRunInCI(t *testing.T) {
	t.Parallel()
	cases := []struct {
		item     string
		evidence []string
		want     bool
	}{
		{"Run `cargo clippy -- -D warnings` in CI to enforce standards", []string{"Add cargo clippy enforcement to CI/CD pipeline"}, true},
		{"Run `cargo clippy -- -D warnings` in CI to enforce standards", []string{"cargo clippy -- -D warnings"}, false},
		{"Run `npm run lint` in the CI pipeline", []string{"Added npm run lint to the GitHub Actions workflow"}, true},
		{"Run `npm run lint` in the CI pipeline", []string{"Add npm test to CI"}, false},
		{"Run `cargo clippy -- -D warnings` in CI to enforce standards", []string{"Fix cargo clippy warnings in the parser"}, false},
		{"Run `make` to rebuild the assets", []string{"make"}, true},
	}
	for _, c := range cases {
		if got := ShownDone(c.item, c.evidence); got != c.want {
			t.Errorf("ShownDone(%q, %q) = %v, want %v", c.item, c.evidence, got, c.want)
		}
	}
}
