package memstore

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A state lock is held by one holder at a time: the next waits for it, or gives up when its
// context ends; the project's write lock stays free meanwhile.
func TestLockStateIsExclusive(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	unlock, err := p.LockState(context.Background(), "model/s1.lock")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if _, err := p.LockState(ctx, "model/s1.lock"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a second holder got the lock: %v", err)
	}
	other, err := p.LockState(context.Background(), "model/s2.lock")
	if err != nil {
		t.Fatalf("another session's lock: %v", err)
	}
	other()
	write, err := p.Lock()
	if err != nil {
		t.Fatal(err)
	}
	write()
	unlock()
	again, err := p.LockState(context.Background(), "model/s1.lock")
	if err != nil {
		t.Fatal(err)
	}
	again()
}

// A symbolic link planted on the way to a state lock is refused, not followed.
func TestLockStateRefusesALink(t *testing.T) {
	t.Parallel()
	w, p := newTestWorkspace(t, nil)
	if err := p.MakeDebugDir(); err != nil {
		t.Fatal(err)
	}
	elsewhere := t.TempDir()
	if err := os.Symlink(elsewhere, filepath.Join(w.Abs(p.DebugDir()), "model")); err != nil {
		t.Skip(err)
	}
	if _, err := p.LockState(context.Background(), "model/s1.lock"); err == nil {
		t.Fatal("the lock went through a symbolic link")
	}
	if ents, _ := os.ReadDir(elsewhere); len(ents) != 0 {
		t.Errorf("a file was made through the link: %v", ents)
	}
}

func TestRemoveState(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	if err := p.WriteState("model/s1.1.job", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	if err := p.RemoveState("model/s1.1.job"); err != nil {
		t.Fatal(err)
	}
	if _, err := p.ReadState("model/s1.1.job"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("still there: %v", err)
	}
	if err := p.RemoveState("model/s1.1.job"); err != nil {
		t.Errorf("a missing file: %v", err)
	}
}
