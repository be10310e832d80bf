package install

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"

	"carnet/memstore/gitrepo"
	"carnet/memstore/gitrepo/query"
)

// PreCommitMarker is the line that says a pre-commit hook is carnet's.
const PreCommitMarker = "# carnet pre-commit hook (carnet install --pre-commit)"

// ChainedSuffix is what the pre-commit hook a repository had before carnet's is renamed
// with: carnet's hook runs it first, and stops the commit when it fails.
const ChainedSuffix = ".before-carnet"

// PreCommitHook is carnet's pre-commit hook: the hook that was there before, then carnet check.
const PreCommitHook = "#!/bin/sh\n" + PreCommitMarker + `
# Checks the project's memory before each commit: carnet check prints one line per
# problem and the commit stops when there is one (git commit --no-verify skips it once).
# The pre-commit hook that was here before carnet's, if any, is kept as
# pre-commit` + ChainedSuffix + ` and runs first.
here=$(dirname "$0")
if [ -x "$here/pre-commit` + ChainedSuffix + `" ]; then
	"$here/pre-commit` + ChainedSuffix + `" "$@" || exit $?
fi
if ! command -v carnet >/dev/null 2>&1; then
	echo "carnet pre-commit: carnet is not on PATH; the memory was not checked" >&2
	exit 0
fi
exec carnet check
`

// preCommit wires carnet check into the repository's pre-commit hook, where git looks for
// hooks (core.hooksPath respected). A hook of the user's is kept and chained: renamed to
// pre-commit.before-carnet, which carnet's hook runs first. Running it again changes nothing.
func (in *installer) preCommit() error {
	repo, err := gitrepo.Open(in.root)
	if err != nil {
		in.step(Step{Kind: StepNoRepo, Path: in.root, What: "pre-commit"})
		return nil
	}
	dir, err := query.HooksDir(context.Background(), repo)
	if err != nil {
		return fmt.Errorf("cannot find the repository's hooks folder: %w", err)
	}
	hook := filepath.Join(dir, "pre-commit")
	chained := hook + ChainedSuffix
	old, err := readMaybe(hook)
	if err != nil {
		return err
	}
	if old != nil && !bytes.Contains(old, []byte(PreCommitMarker)) {
		// the user's own hook: keep it, run it first
		if prev, err := readMaybe(chained); err != nil {
			return err
		} else if prev != nil {
			return fmt.Errorf("%s is not carnet's and %s exists too: put what both do in one of them, remove the other, then run carnet install --pre-commit again",
				in.show(hook), in.show(chained))
		}
		in.report.Changed++
		name := in.show(hook)
		in.later(func() error {
			if err := os.Rename(hook, chained); err != nil {
				return fmt.Errorf("cannot keep %s: %w", name, err)
			}
			return nil
		})
		in.step(Step{Kind: StepHookKept, Path: name, What: in.show(chained)})
		old = nil
	}
	if err := in.write(hook, old, []byte(PreCommitHook), "carnet check before each commit"); err != nil {
		return err
	}
	if st, err := os.Stat(hook); old != nil && err == nil && st.Mode().Perm()&0o111 == 0o111 {
		return nil // there and executable
	}
	if bytes.Equal(old, []byte(PreCommitHook)) {
		in.report.Changed++ // carnet's hook, not executable: made so
	}
	in.later(func() error {
		st, err := os.Stat(hook)
		if err != nil {
			return err
		}
		if err := os.Chmod(hook, st.Mode().Perm()|0o755); err != nil {
			return fmt.Errorf("cannot make %s executable: %w", in.show(hook), err)
		}
		return nil
	})
	return nil
}
