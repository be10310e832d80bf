package tui

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const purgeTestKey = "ghp_R2d2C3poBb8Luke9Leia0Han1Chewie2Yoda3"

// Deleting a bullet that holds a secret offers the purge: y rewrites it out of the memory
// folder's history (a backup kept), n only deletes it.
func TestCurateDeleteOffersPurge(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git CLI not found")
	}
	for _, purge := range []bool{true, false} {
		root := fixture(t)
		log := filepath.Join(root, "projects/cmms_doc/memory_sessions/logs/2026-03-22.md")
		data, err := os.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(log, append(data, []byte("- Le token de test est "+purgeTestKey+"\n")...), 0o644); err != nil {
			t.Fatal(err)
		}
		git := func(args ...string) string {
			cmd := exec.Command("git", args...)
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=T", "GIT_AUTHOR_EMAIL=t@e", "GIT_COMMITTER_NAME=T", "GIT_COMMITTER_EMAIL=t@e")
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("git %v: %v\n%s", args, err, out)
			}
			return string(out)
		}
		git("add", "-A")
		git("commit", "-q", "-m", "the key lands in memory")

		h := newHarness(t, root, true)
		h.press("enter", "j", "j", "c")
		s := topIs[*curate](h, "c opened")
		found := false
		for i, r := range s.rows {
			if r.header == "" && strings.Contains(r.ref.text, purgeTestKey) {
				s.list.cursor, found = i, true
			}
		}
		if !found {
			t.Fatal("the bullet with the key is not listed")
		}
		h.press("d", "y")
		h.contains("It holds a secret", "rewrite it out of git history")
		if purge {
			h.press("y")
			h.contains("Deleted and purged from history")
		} else {
			h.press("n")
			h.contains("Deleted a bullet")
		}
		if strings.Contains(readFile(t, log), purgeTestKey) {
			t.Fatal("the bullet is still in the file")
		}
		history := git("log", "-p", "HEAD", "--", "projects/cmms_doc/memory_sessions")
		if purge == strings.Contains(history, purgeTestKey) {
			t.Fatalf("purge %v: history holds the key: %v", purge, !purge)
		}
		if backup := git("for-each-ref", "refs/carnet/backup/"); purge == (backup == "") {
			t.Fatalf("purge %v: backup refs %q", purge, backup)
		}
	}
}
