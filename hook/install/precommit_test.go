package install

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"carnet/memstore"
)

func preCommitRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root := t.TempDir()
	if out, err := exec.Command("git", "-C", root, "init", "-q", "-b", "main").CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	return root
}

func preCommitOptions(root string) Options {
	return Options{Root: root, Agent: "claude", Scope: "project", PreCommit: true, NoAgent: true,
		Init: func(root string) ([]string, error) { return memstore.Init(root, "") }}
}

// Without core.hooksPath the hook goes to .git/hooks, executable; an older version of carnet's
// own hook is replaced; no agent's settings are written.
func TestPreCommitDefaultFolderAndUpdate(t *testing.T) {
	t.Parallel()
	root := preCommitRepo(t)
	hook := filepath.Join(root, ".git", "hooks", "pre-commit")
	os.MkdirAll(filepath.Dir(hook), 0o755)
	if err := os.WriteFile(hook, []byte("#!/bin/sh\n"+PreCommitMarker+"\nexec carnet check --old-flag\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := Run(preCommitOptions(root))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(hook)
	if string(data) != PreCommitHook {
		t.Errorf("the old carnet hook was not replaced:\n%s", data)
	}
	if st, err := os.Stat(hook); err != nil || st.Mode().Perm()&0o111 == 0 {
		t.Errorf("the hook is not executable: %v %v", st.Mode(), err)
	}
	if _, err := os.Stat(hook + ChainedSuffix); err == nil {
		t.Error("carnet's own old hook was chained as if it were the user's")
	}
	if _, err := os.Stat(filepath.Join(root, ".claude")); err == nil {
		t.Error("--pre-commit alone wrote Claude Code's settings")
	}
	for _, s := range rep.Steps {
		if s.Kind == StepWrite && s.Path == ".git/hooks/pre-commit" && s.Old != nil {
			return
		}
	}
	t.Errorf("no update step: %+v", rep.Steps)
}

// A hook of the user's and a chained one both there: nothing is touched, the error says why.
func TestPreCommitRefusesTwoHooksOfTheUser(t *testing.T) {
	t.Parallel()
	root := preCommitRepo(t)
	dir := filepath.Join(root, ".git", "hooks")
	os.MkdirAll(dir, 0o755)
	writeExec(filepath.Join(dir, "pre-commit"), []byte("#!/bin/sh\necho mine\n"))
	writeExec(filepath.Join(dir, "pre-commit"+ChainedSuffix), []byte("#!/bin/sh\necho older\n"))
	_, err := Run(preCommitOptions(root))
	if err == nil || !strings.Contains(err.Error(), "is not carnet's and") {
		t.Fatalf("err = %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "pre-commit")); string(data) != "#!/bin/sh\necho mine\n" {
		t.Errorf("the user's hook changed: %s", data)
	}
}

// writeExec writes an executable with no fork under way: a parallel test's child would hold
// the file open for writing and its exec fail with "text file busy".
func writeExec(p string, data []byte) error {
	syscall.ForkLock.Lock()
	defer syscall.ForkLock.Unlock()
	return os.WriteFile(p, data, 0o755)
}
