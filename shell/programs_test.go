package shell

import "testing"

func TestServesRunsFileAndPullRequest(t *testing.T) {
	t.Parallel()
	first := func(line string) *Command { return Parse(line).Commands[0] }
	for line, want := range map[string]bool{
		"npm run dev": true, "pnpm preview --port 4173": true, "yarn start": true, "next dev": true,
		"python manage.py runserver": true, "npx vite --host": true, "uvicorn app:app --reload": true,
		"npm run build": false, "vite build": false, "npm test": false, "next build": false,
	} {
		if got := first(line).Serves(); got != want {
			t.Errorf("Serves(%q) = %v", line, got)
		}
	}
	for line, want := range map[string]bool{
		"./run.sh": true, "python3 scripts/train.py": true, "node seed.mjs": true, "python -m app": true,
		"python -c 'print(1)'": false, "node -e 'x()'": false, "bun install": false, "ls": false,
	} {
		if got := first(line).RunsFile(); got != want {
			t.Errorf("RunsFile(%q) = %v", line, got)
		}
	}
	for line, want := range map[string][3]string{
		`gh pr create --title "Add export" --body x`: {"create", "", "Add export"},
		"gh pr merge 41 --squash":                    {"merge", "41", ""},
		"gh pr merge https://github.com/a/b/pull/7":  {"merge", "7", ""},
		"gh pr merge feature-branch":                 {"merge", "", ""},
		"gh pr list":                                 {"", "", ""},
	} {
		if v, n, title := first(line).PullRequest(); [3]string{v, n, title} != want {
			t.Errorf("PullRequest(%q) = %q %q %q, want %q", line, v, n, title, want)
		}
	}
}
