package transcript

import "testing"

// A turn replayed away from the machine it ran on takes the session's folder for the
// project. A home folder is the project's when the session started there (its files sit
// under it), not when only a later cd went there (~/.zshrc is no file of the project).
func TestTurnFixerHomeFolder(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name                  string
		sessionCwd, cwd, file string
		want                  string
		inside                bool
	}{
		{"started at home", "/home/ana", "/home/ana", "/home/ana/shop/src/app.ts", "shop/src/app.ts", true},
		{"started at home on macOS", "/Users/ana", "/Users/ana/shop", "/Users/ana/shop/README.md", "README.md", true},
		{"went home later", "/work/shop", "/home/ana", "/home/ana/.zshrc", ".zshrc", false},
		{"project", "/work/shop", "/work/shop", "/work/shop/go.mod", "go.mod", true},
	} {
		f := TurnFixer(&Turn{Root: "/tmp/replay", SessionCwd: tc.sessionCwd, StartCwd: tc.cwd, Cwd: tc.cwd})
		if got, inside := f.Rel(tc.file); got != tc.want || inside != tc.inside {
			t.Errorf("%s: Rel(%q) = %q, %v; want %q, %v", tc.name, tc.file, got, inside, tc.want, tc.inside)
		}
	}
}
