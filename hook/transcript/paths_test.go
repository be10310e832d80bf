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

// A file outside the project is named by the folder the agent went to that holds it (its
// name, then the path under it), a Windows path with Git Bash's spelling of its drive too;
// a home, hidden or temporary folder, or one inside the project, names none.
func TestElsewhere(t *testing.T) {
	t.Parallel()
	f := NewPathFixer("/srv/shop")
	for _, tc := range []struct {
		dirs       []string
		file, want string
	}{
		{[]string{"/srv/lib"}, "/srv/lib/src/parse.go", "lib/src/parse.go"},
		{[]string{"/e/AI/billing-api"}, `E:\AI\billing-api\scripts\run.py`, "billing-api/scripts/run.py"},
		{[]string{`C:\Users\ana\Studio\site`}, `C:\Users\ana\Studio\site\wp-content\theme.css`, "site/wp-content/theme.css"},
		{[]string{"E:/AI/billing-api"}, "/e/AI/billing-api/reports/board.html", "billing-api/reports/board.html"},
		{[]string{"/srv/lib", "/srv/lib/src"}, "/srv/lib/src/parse.go", "lib/src/parse.go"},
		{[]string{"/home/ana"}, "/home/ana/notes.md", ""},
		{[]string{"/tmp/build"}, "/tmp/build/out.js", ""},
		{[]string{"/home/ana/.claude/plans"}, "/home/ana/.claude/plans/plan.md", ""},
		{[]string{"/srv/shop/web"}, "/srv/other/x.go", ""},
		{[]string{"/srv/lib"}, "/srv/library/x.go", ""},
		{[]string{"lib"}, "/srv/lib/x.go", ""},
	} {
		got, ok := f.Elsewhere(tc.dirs, tc.file)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("Elsewhere(%q, %q) = %q, %v; want %q", tc.dirs, tc.file, got, ok, tc.want)
		}
	}
}
