package transcript

import "strings"

// summaryMarker closes a Rust build that failed on many diagnostics: cargo's "error: could
// not compile `core` (lib test) due to 188 previous errors", rustc's "error: aborting due to
// 12 previous errors". One diagnostic ("due to 1 previous error") is the cause itself.
const summaryMarker = " previous errors"

// compilerSummary names a Rust build that failed on many diagnostics: its first error with
// a code ("error[E0599]: no method named `clone`…", rustc's own errors, where a lint denied
// as an error, an unused variable, has none), else the closing line over them, without what
// follows ";" ("; 3 warnings emitted"); "" for an output with no such closing line.
func compilerSummary(out string) string {
	out = out[max(0, len(out)-maxOutputScan):] // the summary closes the output
	i := strings.LastIndex(out, summaryMarker)
	if i < 0 {
		return "" // most outputs: no compiler's summary
	}
	line := out[strings.LastIndexByte(out[:i], '\n')+1 : i+len(summaryMarker)]
	line = strings.TrimSpace(stripANSI(line))
	if !strings.HasPrefix(line, "error") || !strings.Contains(line, " due to ") {
		return "" // a log or a source line that quotes the words
	}
	for l := range strings.Lines(out[:i]) {
		if t := strings.TrimSpace(stripANSI(l)); strings.HasPrefix(t, "error[E") {
			return ClipWords(t, 200)
		}
	}
	return ClipWords(line, 200)
}
