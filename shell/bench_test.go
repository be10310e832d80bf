package shell

import "testing"

// BenchmarkParse reads command lines of the shapes agents run, the way the hook does for
// every shell call it reads (the gate's edit detection, commit and store detection).
func BenchmarkParse(b *testing.B) {
	lines := []string{
		"go test ./... 2>&1 | tail -40",
		"cd web && npm run build && cd .. && git status",
		"git add -A && git commit -m \"$(cat <<'EOF'\nfix: parse heredocs\n\nbody\nEOF\n)\"",
		"cat > main.go <<'EOF'\npackage main\n\nfunc main() {}\nEOF\ngofmt -l .",
		`bash -lc 'cd app && go build ./... > build.log'`,
	}
	for b.Loop() {
		for _, l := range lines {
			Parse(l).Writes()
		}
	}
}
