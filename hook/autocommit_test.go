package hook

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
	"carnet/memstore/gitrepo"
)

// A Stop with autocommit finds the repository once: the walk up to .git that picks the
// workspace from the hook's cwd is the one the commit uses.
func TestStopLooksUpTheRepositoryOnce(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	ws := testWorkspace(t)
	t.Setenv("GIT_AUTHOR_NAME", "T")
	t.Setenv("GIT_AUTHOR_EMAIL", "t@example.com")
	t.Setenv("GIT_COMMITTER_NAME", "T")
	t.Setenv("GIT_COMMITTER_EMAIL", "t@example.com")
	git := func(args ...string) string {
		out, err := exec.Command("git", append([]string{"-C", ws}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q", "-b", "main")
	writeFile(t, ws, "carnet.toml", "[hook]\nautocommit = true\n")
	git("add", ".")
	git("commit", "-q", "-m", "init")

	path := (&transcripttest.Claude{}).Prompt("Rends le parser tolérant aux lignes vides").
		Say("m1", "C'est fait : le parser ignore les lignes vides.").Write(t)
	in, _ := json.Marshal(map[string]any{"hook_event_name": "Stop", "session_id": "s1",
		"transcript_path": path, "cwd": ws})
	before := gitrepo.Lookups()
	code := Run(Env{Stdin: bytes.NewReader(in), Now: fixedNow, Getenv: func(string) string { return "" }})
	if code != 0 {
		t.Fatalf("code %d", code)
	}
	if n := gitrepo.Lookups() - before; n != 1 {
		t.Errorf("the Stop looked for the repository %d times, want 1", n)
	}
	if msg := git("log", "-1", "--format=%s%n%(trailers:key=Carnet-Writer,valueonly)"); !strings.HasPrefix(msg, "memory(root): ") || !strings.HasSuffix(msg, "\nhook") {
		t.Errorf("last commit: %q", msg)
	}
}

func writeFile(t *testing.T, dir, name, data string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
