package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"carnet/memstore"
)

// The git merge driver (SPEC §6) that carnet install --merge-driver registers for
// memory_sessions/**: git runs "carnet merge-driver %O %A %B %P" and expects the merge
// in %A, with exit status 0 when it is clean.
func init() {
	register(func(g *globals) *cobra.Command {
		return &cobra.Command{
			Use:    "merge-driver BASE OURS THEIRS [PATH]",
			Short:  "Merge two versions of a memory file by section (run by git)",
			Hidden: true,
			Args:   cobra.RangeArgs(3, 4),
			RunE: func(cmd *cobra.Command, args []string) error {
				var data [3][]byte
				for i, p := range args[:3] {
					b, err := os.ReadFile(p)
					if err != nil {
						return err
					}
					data[i] = b
				}
				merged, clean := memstore.MergeDocs(data[0], data[1], data[2])
				if !clean {
					// OURS is left as it is: git keeps the file conflicted for a person to resolve
					name := args[1]
					if len(args) == 4 {
						name = args[3]
					}
					fmt.Fprintf(cmd.ErrOrStderr(), "carnet: %s: both sides changed the same free text; resolve it by hand\n", name)
					return exitError{1}
				}
				if err := memstore.WriteFileAtomic(args[1], merged); err != nil {
					return err
				}
				return nil
			},
		}
	})
}
