package extract

import (
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A usage line whose option the turn's work already names ("`--refresh-config` flag -
// Manual configuration refresh option") says that item again: both readers called it the
// worst knowledge bullet. A usage line with an option the work does not name stays.
func TestUsageLineWhoseOptionTheWorkNamesGoes(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("add a way to refresh the configuration")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/scripts/sync.py", "old_string": "a", "new_string": "b"})
	b.Result("e1", "The file /home/dev/proj/scripts/sync.py has been updated.", false)
	b.Say("m2", "## Summary\n\n### What was added:\n\n1. **`--refresh-config` flag** - Manual configuration refresh option\n\n"+
		"### Usage:\n```bash\n# Refresh configuration manually\npython scripts/sync.py --refresh-config\n\n"+
		"# Sync without asking\npython scripts/sync.py --yes\n```\n")
	e := extractEN(t, b, "/home/dev/proj")
	if got := strings.Join(e.Knowledge, "\n"); strings.Contains(got, "--refresh-config") {
		t.Errorf("a usage line repeats an item of the work:\n%s", got)
	}
	if want := "`python scripts/sync.py --yes`: Sync without asking"; !slices.Contains(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q in it", e.Knowledge, want)
	}
	if !slices.ContainsFunc(e.Work, func(w string) bool { return strings.Contains(w, "`--refresh-config` flag") }) {
		t.Errorf("work = %q, want the flag's item in it", e.Work)
	}
}
