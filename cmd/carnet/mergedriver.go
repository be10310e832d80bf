package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"carnet/memstore"
)

// The git merge driver (SPEC §6) that carnet install --merge-driver registers for
// memory_sessions/**: git runs it (hook.MergeDriverCommand) with the base, ours and theirs
// versions, the file's path, the conflict marker size and the branch labels, and expects the
// merge in OURS, with exit status 0 when it is clean. A conflict is left in OURS between
// markers, with everything else merged, and the exit status is 1 so that git reports it.
func init() {
	register(func(g *globals) *cobra.Command {
		var mk memstore.MergeMarkers
		var size string
		c := &cobra.Command{
			Use:    "merge-driver BASE OURS THEIRS [PATH]",
			Short:  "Merge two versions of a memory file by section (run by git)",
			Hidden: true,
			Args:   cobra.RangeArgs(3, 4),
			RunE: func(cmd *cobra.Command, args []string) error {
				// a git older than 2.44 leaves %X and %Y as they are: the default labels then
				mk.Ours, mk.Theirs = placeholder(mk.Ours), placeholder(mk.Theirs)
				if s := placeholder(size); s != "" {
					if _, err := fmt.Sscan(s, &mk.Size); err != nil || mk.Size <= 0 {
						return fmt.Errorf("--marker-size %q is not a positive number", size)
					}
				}
				var data [3][]byte
				for i, p := range args[:3] {
					b, err := os.ReadFile(p)
					if err != nil {
						return err
					}
					data[i] = b
				}
				merged, conflicts := memstore.MergeDocs(data[0], data[1], data[2], mk)
				if err := memstore.WriteFileAtomic(args[1], merged); err != nil {
					return err
				}
				if len(conflicts) == 0 {
					return nil
				}
				name := args[1]
				if len(args) == 4 {
					name = args[3]
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "carnet: %s: both sides changed the same lines in %s; the rest is merged, resolve the conflict markers by hand\n",
					name, strings.Join(conflicts, ", "))
				return exitError{1}
			},
		}
		c.Flags().StringVar(&size, "marker-size", "", "length of the conflict markers (git's %L)")
		c.Flags().StringVar(&mk.Ours, "ours", "", `label of ours in the conflict markers (git's %X; "ours" by default)`)
		c.Flags().StringVar(&mk.Theirs, "theirs", "", `label of theirs in the conflict markers (git's %Y; "theirs" by default)`)
		return c
	})
}

// placeholder returns a value git passed, or "" when git left its placeholder unexpanded.
func placeholder(v string) string {
	if len(v) == 2 && v[0] == '%' {
		return ""
	}
	return v
}
