package transcript

import (
	"strconv"
	"strings"
)

// summaryMarker closes a Rust build that failed on many diagnostics: cargo's "error: could
// not compile `core` (lib test) due to 188 previous errors", rustc's "error: aborting due to
// 12 previous errors". One diagnostic ("due to 1 previous error") says more than it.
const summaryMarker = " previous errors"

// fewErrors bounds the count of errors under which a compiler's first error is the cause
// rather than its summary.
const fewErrors = 4

// compilerSummary is the compiler's closing line over the many diagnostics of out, without
// what follows ";" ("; 3 warnings emitted"), or "": it names the failure better than the
// first of the diagnostics, which may be a mere unused variable. Over a few diagnostics
// (fewer than fewErrors) whose first is an error of the compiler's own, with its code
// ("error[E0308]: …"), that error names it better.
func compilerSummary(out string) string {
	out = out[max(0, len(out)-maxOutputScan):] // the summary closes the output
	i := strings.LastIndex(out, summaryMarker)
	if i < 0 {
		return "" // most outputs: no compiler's summary
	}
	if f := strings.Fields(out[max(0, i-8):i]); len(f) > 0 {
		if n, err := strconv.Atoi(f[len(f)-1]); err == nil && n < fewErrors && firstErrorHasCode(out[:i]) {
			return "" // the first error says it
		}
	}
	line := out[strings.LastIndexByte(out[:i], '\n')+1 : i+len(summaryMarker)]
	line = strings.TrimSpace(stripANSI(line))
	if !strings.HasPrefix(line, "error") || !strings.Contains(line, " due to ") {
		return "" // a log or a source line that quotes the words
	}
	return ClipWords(line, 200)
}

// firstErrorHasCode reports out's first line that opens with "error" carrying the
// compiler's error code ("error[E0308]: mismatched types").
func firstErrorHasCode(out string) bool {
	for line := range strings.Lines(out) {
		if t := strings.TrimSpace(stripANSI(line)); strings.HasPrefix(t, "error") {
			return strings.HasPrefix(t, "error[E")
		}
	}
	return false
}
