package capture

import (
	"slices"
	"strings"

	"carnet/hook/transcript"
)

// pipedBuildError reports a shell call that exited 0 only because its output went through
// "| tail" or "| head" (a pipe exits as its last stage does) while what it printed opens
// with a compiler's diagnostic ("error: …", "error[E0425]: …"): the build failed. A file
// read through the same pipe ("cat build.log | tail") is no build.
func pipedBuildError(u *transcript.ToolUse) bool {
	rest, ok := strings.CutPrefix(u.Output, "error")
	if !ok || u.IsError || u.Name != "Bash" || !strings.HasPrefix(rest, ":") && !strings.HasPrefix(rest, "[") {
		return false // most calls: the output says no compiler error
	}
	stage, piped := lastStage(u.Command)
	last, first := strings.Fields(stage), strings.Fields(u.Command)
	return piped && len(last) > 0 && (last[0] == "tail" || last[0] == "head") &&
		!slices.Contains(outputReaders, first[0])
}

// outputReaders print what is already there (a log, a file): an error line they show is
// no build failing now.
var outputReaders = []string{"cat", "tail", "head", "less", "more", "grep", "rg", "sed", "awk", "jq", "echo", "printf"}
