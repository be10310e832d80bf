package transcript

import "strings"

// scriptsRun names the package scripts a call's output shows run, in order, from the header
// npm and pnpm print before each ("> app@1.2.0 lint:check"), or nil.
func scriptsRun(out string) []string {
	if !strings.Contains(out, "> ") {
		return nil
	}
	var names []string
	for line := range strings.Lines(out) {
		rest, ok := strings.CutPrefix(strings.TrimLeft(line, " \t"), "> ")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) >= 2 && strings.LastIndexByte(f[0], '@') > 0 {
			names = append(names, f[1])
		}
	}
	return names
}
