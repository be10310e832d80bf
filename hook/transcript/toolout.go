package transcript

import (
	"bytes"
	"cmp"
	"regexp"
	"slices"
	"strings"
)

// maxOutputScan bounds how much of a tool's output is looked at for its useful line.
const maxOutputScan = 64 << 10

// errorWords mark the line of a failed command's output that says what went wrong.
var errorWords = []string{"error", "fail", "fatal", "panic", "exception", "traceback", "not found", "no such",
	"denied", "cannot", "can't", "unable", "invalid", "undefined", "nothing to commit", "refused",
	"timed out", "timeout", "killed", "abort", "conflict", "rejected", "erreur", "échec", "introuvable",
	"issues found"}

// firstUsefulLine picks, from a tool's output, the one line worth keeping: the first that
// names an error (past a header that only announces one), else the first with some content. Exit-code banners, rules and blank
// lines are skipped; ANSI escapes are removed; the result is one short line.
func firstUsefulLine(out string) string { return usefulLine(out, false) }

// usefulLine is firstUsefulLine; of a failed call's output (failed), past npm's own lines
// that its script failed (npmOwn): the script's own error line is the cause.
func usefulLine(out string, failed bool) string {
	if len(out) > maxOutputScan {
		out = out[:maxOutputScan]
	}
	out = stripANSI(CleanText(out))
	first, header, prev, n := "", "", "", 0
	for line := range strings.Lines(out) {
		if n++; n > 401 {
			break
		}
		t := strings.TrimSpace(line)
		if t == "" || isBanner(t) {
			continue
		}
		if first == "" {
			first = t
		}
		if isLocator(t) && prev != "" {
			return ClipWords(prev, 200) // a diagnostic ("I001 Import block is un-sorted") before "--> file:1:1"
		}
		if isExcerpt(t) || isStackFrame(t) {
			continue // quoted source, a stack frame: their words are code, not the failure
		}
		prev = t
		if !namesError(t) || isWarning(t) || failed && npmOwn.MatchString(t) {
			continue
		}
		if !isErrorHeader(t) {
			return ClipWords(t, 200)
		}
		if header == "" {
			header = t
		}
	}
	return ClipWords(cmp.Or(header, first), 200)
}

// npmOwn matches npm's own lines around a failure that say nothing of its cause: its exit
// code, that the script's command failed, where, and where the log is ("npm error code 1",
// "npm error command failed", a bare "npm error"). Its other lines ("npm error code E404",
// "npm error ERESOLVE unable to resolve dependency tree") are the cause.
var npmOwn = regexp.MustCompile(`^npm (error|ERR!)(\s*$| code \d+$| (command|path|workspace|location|signal) | command failed| A complete log)`)

// isErrorHeader reports a line that announces an error whose words come after it: a Python
// traceback's first line, a line ending in ":", a short "> Build error occurred" banner.
func isErrorHeader(t string) bool {
	return strings.HasPrefix(t, "Traceback") || strings.HasSuffix(t, ":") ||
		strings.HasPrefix(t, "> ") && len(strings.Fields(t)) <= 4
}

// NamesError reports a line that holds one of errorWords (see namesError).
func NamesError(line string) bool { return namesError(line) }

// namesError reports a line that holds one of errorWords.
func namesError(line string) bool {
	if hasPathOrZero(line) {
		var buf [512]byte
		low := lowerWithoutPaths(buf[:0], line)
		return slices.ContainsFunc(errorWordBytes, func(w []byte) bool { return bytes.Contains(low, w) })
	}
	low := strings.ToLower(line)
	return slices.ContainsFunc(errorWords, func(w string) bool { return strings.Contains(low, w) })
}

// lastUsefulLine is the last line of a tool's output with some content (banners and blank
// lines skipped), as one short line.
func lastUsefulLine(out string) string {
	out = stripANSI(CleanText(out[max(0, len(out)-maxOutputScan):]))
	last := ""
	for line := range strings.Lines(out) {
		if t := strings.TrimSpace(line); t != "" && !isBanner(t) {
			last = t
		}
	}
	return ClipWords(last, 200)
}

// isBanner reports lines that carry no information of their own: an exit status, a rule,
// the notice of an output the agent truncated (Codex's "Total output lines: 812").
func isBanner(t string) bool {
	for _, p := range []string{"Exit code ", "Error: Exit code ", "Total output lines: ", "Warning: truncated output", "[... omitted "} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	if strings.HasPrefix(t, "<tool_use_error>") || strings.HasPrefix(t, "</tool_use_error>") {
		return false
	}
	for _, r := range t {
		if !strings.ContainsRune("=-_*#~+|:. ─━═", r) {
			return false
		}
	}
	return true
}

// stripANSI removes terminal escape sequences (CSI and OSC).
func stripANSI(s string) string {
	if strings.IndexByte(s, 0x1b) < 0 {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != 0x1b {
			sb.WriteByte(s[i])
			continue
		}
		if i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j
		} else if i+1 < len(s) && s[i+1] == ']' {
			j := i + 2
			for j < len(s) && s[j] != 0x07 && (s[j] != 0x1b || j+1 >= len(s) || s[j+1] != '\\') {
				j++
			}
			if j < len(s) && s[j] == 0x1b {
				j++
			}
			i = j
		} else {
			i++
		}
	}
	return sb.String()
}

// commitSubject finds git's "[branch abc1234] subject" line in a commit's output and
// returns the short hash and the subject.
func commitSubject(out string) (hash, subject string) {
	if len(out) > maxOutputScan {
		out = out[:maxOutputScan]
	}
	for line := range strings.Lines(out) {
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "[") {
			continue
		}
		end := strings.IndexByte(t, ']')
		if end < 0 {
			continue
		}
		fields := strings.Fields(t[1:end])
		if len(fields) < 2 {
			continue
		}
		h := fields[len(fields)-1]
		if len(h) < 7 || strings.Trim(h, "0123456789abcdef") != "" {
			continue
		}
		return h, strings.TrimSpace(t[end+1:])
	}
	return "", ""
}
