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
		"sleep 180": true, "gh run watch 17456183654": true, "gh pr checks 41 --watch": true, "tail -f logs/app.log": true,
		"docker compose logs -f api": true, "kubectl rollout status deploy/web": true, "watch -n 5 kubectl get pods": true,
		"gh run view 17456322327": false, "tail -n 50 logs/app.log": false, "docker compose up -d": false, "npm test": false,
		"docker build -f Dockerfile.prod .": false, "kubectl apply -f web.yaml": false, "gh api -f name=x repos/a/b": false,
	} {
		if got := first(line).Waits(); got != want {
			t.Errorf("Waits(%q) = %v", line, got)
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
	for line, want := range map[string]bool{
		"python3 -c 'import json; print(1)'": true, "python -W ignore -c 'x'": true, "node -e 'x()'": true,
		"node -p 'require(\"./package.json\").version'": true, "uv run python -c 'import app'": true,
		"python3 - <<'EOF'\nprint(1)\nEOF": true, "python3 <<EOF\nprint(1)\nEOF": true, "deno eval 'x'": true,
		"ruby -e 'puts 1'": true, "perl -E 'say 1'": true, "php -r 'echo 1;'": true, "python3.12 -c 'x'": true,
		"python -I -c 'x'": true, "node -r ts-node/register -e 'x'": true,
		"python3 app.py": false, "python -m pytest": false, "node scripts/seed.mjs": false, "bash -c 'npm test'": false,
		"python3 -u train.py --epochs 2": false, "npm test": false, "bun install": false, "python3 < run.py": false,
	} {
		if got := first(line).RunsInline(); got != want {
			t.Errorf("RunsInline(%q) = %v", line, got)
		}
	}
	if !Parse("cat data.json | python3 -c 'import json,sys; json.load(sys.stdin)'").Commands[1].RunsInline() ||
		!Parse("curl -s localhost:3000 | node").Commands[1].RunsInline() {
		t.Error("RunsInline: a piped interpreter with code on the line or no file reads inline code")
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
