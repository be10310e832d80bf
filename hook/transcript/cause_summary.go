package transcript

import "strings"

// summaryMarker closes a Rust build that failed on many diagnostics: cargo's "error: could
// not compile `core` (lib test) due to 188 previous errors", rustc's "error: aborting due to
// 12 previous errors". One diagnostic ("due to 1 previous error") says more than it.
const summaryMarker = " previous errors"

// compilerSummary is the compiler's closing line over the many diagnostics of out, without
// what follows ";" ("; 3 warnings emitted"), or "": it names the failure better than the
// first of the diagnostics, which may be a mere unused variable.
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
	return ClipWords(line, 200)
}
