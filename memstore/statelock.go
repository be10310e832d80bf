package memstore

import (
	"context"
	"fmt"
	"path"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
)

// LockState takes a lock of its own for the state file name of the debug folder (e.g.
// "model/SESSION.lock"), waiting for it until ctx ends: work that must not run twice at once
// for one session (a session's model extraction at PreCompact, then at SessionEnd) takes it,
// while the project's write lock (Lock) stays free for everyone else. The folders on the way
// are made; a symbolic link on the way is refused. The returned function releases it.
func (p *Project) LockState(ctx context.Context, name string) (unlock func(), err error) {
	rel := path.Join(p.DebugDir(), name)
	f, err := p.openFolder(true)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := f.makeDebugDir(); err != nil {
		return nil, err
	}
	in, err := f.check(rel)
	if err != nil {
		return nil, err
	}
	if err := f.MkdirAll(filepath.Dir(in), 0o755); err != nil {
		return nil, err
	}
	if _, err := f.check(rel); err != nil { // the folder just made is no link either
		return nil, err
	}
	l := flock.New(p.WS.Abs(rel))
	ok, err := l.TryLockContext(ctx, 100*time.Millisecond)
	if err != nil {
		return nil, fmt.Errorf("cannot lock %s: %w", rel, unwrapPath(err))
	}
	if !ok {
		return nil, fmt.Errorf("cannot lock %s: %w", rel, ctx.Err())
	}
	return func() { _ = l.Unlock() }, nil
}

// RemoveState removes the file name of the debug folder (e.g. "model/SESSION.123.job"),
// through no symbolic link; a missing file is no error.
func (p *Project) RemoveState(name string) error {
	f, err := p.openFolder(false)
	if err != nil {
		return ignoreMissing(err)
	}
	defer f.Close()
	in, err := f.check(path.Join(p.DebugDir(), name))
	if err != nil {
		return ignoreMissing(err)
	}
	return ignoreMissing(f.Remove(in))
}
