package extract

import (
	"slices"
	"strings"
)

// workNamesOptions reports a usage line ("`sync.py --refresh-config`: Refresh …") whose
// every option the turn's work already names in a code span ("`--refresh-config` flag -
// Manual configuration refresh option"): the line says that item again.
func workNamesOptions(line string, work []string) bool {
	if len(work) == 0 || !strings.HasPrefix(line, "`") {
		return false
	}
	cmd, _, _ := strings.Cut(line[1:], "`")
	named := false
	for f := range strings.FieldsSeq(cmd) {
		if !hasOption(f) {
			continue
		}
		opt, _, _ := strings.Cut(f, "=")
		if !slices.ContainsFunc(work, func(w string) bool { return strings.Contains(w, "`"+opt+"`") }) {
			return false
		}
		named = true
	}
	return named
}
