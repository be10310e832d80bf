package memstore

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"carnet/secret/secrettest"
)

func gitIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=T", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=T", "GIT_COMMITTER_EMAIL=t@example.com")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// The one write path commits exactly what it changed, with a message naming the project, the
// change and the writer; a commit the user's pre-commit hook refuses leaves the memory
// written, says why in one line, and is retried by the next write.
func TestWriteCommitsAndRetriesARefusedCommit(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	w, p := newTestWorkspace(t, map[string]string{"long_memory.md": "# Mémoire long terme — root\n"})
	gitIn(t, w.Root, "init", "-q", "-b", "main")
	gitIn(t, w.Root, "add", ".")
	gitIn(t, w.Root, "commit", "-q", "-m", "init")
	gate := filepath.Join(w.Root, "refuse")
	hook := "#!/bin/sh\nif [ -e " + gate + " ]; then echo 'gitleaks: leak found in memory' >&2; exit 1; fi\n"
	if err := writeExec(filepath.Join(w.Root, ".git", "hooks", "pre-commit"), []byte(hook)); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(gate, nil, 0o644)

	add := func(key, text string) Written {
		t.Helper()
		wr, err := p.Write(Change{Writer: "ui", Commit: CommitAlways, Now: day("2026-03-22")}, func(tx *Tx) error {
			_, err := tx.AddBullet(key, text)
			tx.Say("add a bullet")
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return wr
	}
	first := add(KeyDecisions, "Un commit par écriture")
	if first.CommitErr == nil || strings.Contains(first.CommitErr.Error(), "\n") || !strings.Contains(first.CommitErr.Error(), "gitleaks") {
		t.Fatalf("refused commit: %v", first.CommitErr)
	}
	if !strings.Contains(readRel(t, p, p.LogPath("2026-03-22")), "- Un commit par écriture") {
		t.Fatal("a refused commit lost the memory")
	}

	os.Remove(gate)
	second := add(KeyLongTerm, "Le hook pre-commit de l'utilisateur tourne")
	if second.CommitErr != nil || second.Commit.Hash == "" {
		t.Fatalf("second write: %+v", second)
	}
	files := gitIn(t, w.Root, "show", "--name-only", "--format=", "HEAD")
	if files != "memory_sessions/logs/2026-03-22.md\nmemory_sessions/long_memory.md" {
		t.Errorf("the retry did not take the refused file along:\n%s", files)
	}
	if msg := gitIn(t, w.Root, "log", "-1", "--format=%B"); msg != "memory(root): add a bullet\n\nCarnet-Writer: ui" {
		t.Errorf("message %q", msg)
	}
	if st := gitIn(t, w.Root, "status", "--porcelain"); st != "?? refuse" && st != "" {
		t.Errorf("status after the retry: %q", st)
	}
}

// The write path's guard catches a login said in a sentence (a prompt becomes the session's
// goal) and lets a public key or a certificate through, though its body lines look like a
// private key's.
func TestWriteGuardLoginsAndPublicBlocks(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"long_memory.md": "# Mémoire long terme — root\n\n## 2026-03-22\n- A fact.\n"})
	now := time.Date(2026, 3, 22, 10, 0, 0, 0, time.UTC)
	var e Extraction
	e.Add(KeyGoal, "Check the camera at 192.168.1.64, log in as admin with Hik12345!")
	e.Add(KeyKnowledge, "Credentials for staging: deploy / Winter2025!")
	res, err := p.Merge(e, Change{Writer: "hook", Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Added) != 0 || len(res.Refused) != 2 {
		t.Fatalf("added %+v, refused %+v", res.Added, res.Refused)
	}
	if data, _ := p.ReadFile(p.LogPath("2026-03-22")); strings.Contains(string(data), "Hik12345") || strings.Contains(string(data), "Winter2025") {
		t.Fatalf("a password was written:\n%s", data)
	}

	cert := secrettest.PublicBlocks()[3].Text
	if _, err := p.EditFile(Change{Writer: "cli", Now: now}, "long_memory.md", Edit{Op: EditAppend, Section: "2026-03-22", New: "- The proxy's CA:\n" + indentLines(cert)}); err != nil {
		t.Fatalf("a certificate was refused: %v", err)
	}
	key := secrettest.KeyFiles()[0].Text // a private key in the same place is refused
	if _, err := p.EditFile(Change{Writer: "cli", Now: now}, "long_memory.md", Edit{Op: EditAppend, Section: "2026-03-22", New: "- The key:\n" + indentLines(key)}); err == nil {
		t.Fatal("a private key was written")
	}
}

func indentLines(s string) string { return "  " + strings.ReplaceAll(s, "\n", "\n  ") }

// writeExec writes an executable with no fork under way: a parallel test's child would hold
// the file open for writing and its exec fail with "text file busy".
func writeExec(p string, data []byte) error {
	syscall.ForkLock.Lock()
	defer syscall.ForkLock.Unlock()
	return os.WriteFile(p, data, 0o755)
}
