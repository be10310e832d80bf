package transcript

import (
	"cmp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// isLocator reports the line a compiler, a linter or PowerShell puts under a diagnostic to
// say where it is ("--> src/main.rs:4:5", "  ╭─[file:1:1]", "At line:1 char:1" over an
// error record): the line before it is the diagnostic.
func isLocator(t string) bool {
	return strings.HasPrefix(t, "--> ") || strings.HasPrefix(t, "╭─[") || strings.HasPrefix(t, ",-[") ||
		strings.HasPrefix(t, "At line:") && strings.Contains(t, " char:")
}

// isExcerpt reports a line of quoted source under a diagnostic: "8 | | from x import y",
// "321|   expect(a)", "| ^^^^" (a gutter of line numbers and bars).
func isExcerpt(t string) bool {
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	rest := strings.TrimLeft(t[i:], " ")
	return strings.HasPrefix(rest, "|") || strings.HasPrefix(rest, "│")
}

// hasPathOrZero reports a line whose words may name an error that is none: a path
// ("src/errors/api-errors.ts"), a count of none ("0 errors").
func hasPathOrZero(line string) bool {
	return strings.Contains(line, "/") || strings.Contains(line, "0 ")
}

// lowerWithoutPaths appends to dst the line in lower case without the words that hold a
// slash (paths, URLs, packages such as "@typescript-eslint/no-explicit-any") nor a count of
// none ("0 errors", "(0 failed"): what is left names an error if the line does.
func lowerWithoutPaths(dst []byte, line string) []byte {
	zero := false
	for f := range strings.FieldsSeq(line) {
		wasZero := zero
		zero = strings.TrimLeft(f, "(") == "0"
		if strings.Contains(f, "/") || zero || wasZero {
			continue
		}
		for _, r := range f {
			dst = utf8.AppendRune(dst, unicode.ToLower(r))
		}
		dst = append(dst, ' ')
	}
	return dst
}

// errorWordBytes are errorWords, to look for in a byte slice.
var errorWordBytes = func() [][]byte {
	out := make([][]byte, len(errorWords))
	for i, w := range errorWords {
		out[i] = []byte(w)
	}
	return out
}()

// outputLine is the line kept of a tool's output: a compiler's summary over many
// diagnostics (compilerSummary); for a call that failed, the first line that opens with a
// failure (failureLine), else the first useful one.
func outputLine(out string, failed bool) string {
	if failed {
		if l := refusalLine(out[:min(len(out), maxRefusal)]); l != "" {
			return l // the refusal, whatever lines follow it
		}
	}
	if !failed {
		first := firstUsefulLine(out)
		if !strings.HasPrefix(first, "error") {
			return first // most outputs: no build failing behind "| tail"
		}
		if l := compilerSummary(out); l != "" {
			return l // the verdict of a build behind "| tail"
		}
		return first
	}
	if l := compilerSummary(out); l != "" {
		return l // the build's verdict
	}
	if l := failureLine(out); l != "" {
		return l
	}
	return usefulLine(out, true)
}

// refusalLine is the line that says the call was refused (Refused), among the first two
// lines of head that say something (a denial opens the result), or "".
func refusalLine(head string) string {
	if !Refused(head) {
		return ""
	}
	n := 0
	for line := range strings.Lines(stripANSI(CleanText(head))) {
		t := strings.TrimSpace(line)
		if t == "" || isBanner(t) {
			continue
		}
		if Refused(t) {
			return ClipWords(t, 200)
		}
		if n++; n == 2 {
			break
		}
	}
	return ""
}

// failureLine is the first line of a failed call's output that opens with a failure, as
// test runners, compilers and interpreters print it ("FAIL  test/x > case", "TypeError: …",
// "error[E0308]: …", "src/a.py:3:1: F841 …"), rather than only holding an error word (a
// log line "Batch query failed, falling back…", "husky - pre-commit script failed"); a test
// runner's own failure record where it prints one (runnerCause); "".
func failureLine(out string) string {
	lines := strings.Split(stripANSI(CleanText(out[:min(len(out), maxOutputScan)])), "\n")
	n, header, since, verdict := 0, "", 0, ""
	for i, line := range lines {
		t := strings.TrimSpace(line)
		if t == "" || isBanner(t) || strings.HasPrefix(t, "✓ ") { // a test that passed
			continue
		}
		if n++; n > 401 {
			break
		}
		if header != "" {
			if since++; since > maxAfterHeader {
				break
			}
		}
		if c := runnerCause(lines, i, header != ""); c != "" {
			return c
		}
		switch {
		case isTestHeader(t):
			header, since = cmp.Or(header, t), 0 // "--- FAIL: TestGreet (0.00s)": the assertion under it says why
		case isWarning(t) || isStackFrame(t) || npmOwn.MatchString(t):
			continue // what stands before the error: a warning, a note, a frame, npm's word that its script failed
		case opensFailure(t):
			l := locatedAbove(lines, i, t)
			first, _, _ := strings.Cut(t, " ")
			if verdict != "" && (l == t && !isDiagnostic(first) || strings.Contains(strings.ToLower(verdict), "timed out")) {
				return ClipWords(verdict, 200) // an unlocated error line under the verdict (a log line), or the call's time ran out: the verdict says more
			}
			return ClipWords(l, 200)
		case n == 1 && namesError(t) && !isErrorHeader(t):
			verdict = t // the runtime's or tool's verdict above the output; a located diagnostic under it says more
		}
	}
	return ClipWords(cmp.Or(verdict, header), 200)
}

// maxAfterHeader bounds the lines after a test runner's header where its assertion is looked for.
const maxAfterHeader = 20

// isTestHeader reports a test runner's line that names a failing test or package without
// saying why ("--- FAIL: TestGreet (0.00s)", "FAIL\tcarnet/a\t0.01s", "FAILED tests/x.py::t"):
// a line of its own that opens with FAIL, unless it carries the message after " - ".
func isTestHeader(t string) bool {
	for _, p := range []string{"--- FAIL", "FAIL\t", "FAIL ", "FAILED ", "FAIL:"} {
		if strings.HasPrefix(t, p) {
			return !strings.Contains(t, " - ") && !strings.Contains(t, "Error:")
		}
	}
	return t == "FAIL" || t == "FAILED" || strings.HasPrefix(t, "× ") || strings.HasPrefix(t, "✗ ") || strings.HasPrefix(t, "✕ ") // a test runner's progress line
}

// isWarning reports a line that warns or notes rather than fails: "warning: …", "npm warn …",
// a diagnostic whose severity is a warning or a note ("a.c:4:7: warning: …", "x.py:3:
// DeprecationWarning: …", "x.py:8: note: …").
func isWarning(t string) bool {
	w := strings.Fields(strings.ToLower(t))
	if len(w) > 0 && isDiagnostic(w[0]) || len(w) > 1 && w[0] == "npm" {
		w = w[1:]
	}
	for _, f := range w[:min(2, len(w))] {
		if f = strings.TrimRight(f, ":"); f == "warning" || f == "warn" || f == "note" || strings.HasSuffix(f, "warning") {
			return true
		}
	}
	return false
}

// failureOpeners start the lines that report a failure.
var failureOpeners = []string{"FAIL ", "FAILED ", "--- FAIL", "ERROR", "Error:", "error:", "error[", "fatal:", "panic:",
	"npm ERR!", "E   ", "! [rejected]", "! [remote rejected]"}

func opensFailure(t string) bool {
	for _, p := range failureOpeners {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	first, rest, _ := strings.Cut(t, " ")
	if code, ok := strings.CutPrefix(rest, "["); ok && strings.Contains(code, "]:") {
		first += ":" // "AssertionError [ERR_ASSERTION]: …"
	}
	return strings.HasSuffix(first, "Error:") || strings.HasSuffix(first, "Exception:") || isDiagnostic(first) ||
		isCapitalWord(first) && strings.HasPrefix(rest, "error:") || isRow(first) && isErrorSeverity(rest) // "Type error: …", eslint's "38:55  error  …"
}

// isCapitalWord reports a word of letters that opens with a capital ("Type", "Syntax").
func isCapitalWord(w string) bool {
	return w != "" && unicode.IsUpper(rune(w[0])) && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) < 0
}

// isRow reports the "line:col" that opens a linter's row under the file it names (eslint's
// stylish report: "  38:55  error  Unexpected any  @typescript-eslint/no-explicit-any").
func isRow(w string) bool {
	l, c, ok := strings.Cut(w, ":")
	return ok && l != "" && c != "" && strings.Trim(l, "0123456789") == "" && strings.Trim(c, "0123456789") == ""
}

// isErrorSeverity reports a row's rest that opens with its severity error ("error  …", "Error: …").
func isErrorSeverity(rest string) bool {
	f := strings.Fields(rest)
	return len(f) > 1 && strings.EqualFold(strings.TrimSuffix(f[0], ":"), "error")
}

// locatedAbove is the failure line t (lines[i]) with the location its tool printed on the
// line above: a bare "file:line:col" ("./src/app/page.tsx:12:5" over Next.js's "Type error:
// …"), or, for a linter's row ("38:55  Error: …"), the file its rows are listed under.
func locatedAbove(lines []string, i int, t string) string {
	first, rest, _ := strings.Cut(t, " ")
	row := isRow(first)
	for j := i - 1; j >= 0 && j >= i-maxRowsAbove; j-- {
		a := strings.TrimSpace(lines[j])
		f := strings.Fields(a)
		switch {
		case len(f) == 0, row && isRow(f[0]):
			continue // a blank, another row of the same file
		case len(f) != 1 || !strings.Contains(a, "."):
			return t // no location of its own above
		case row:
			return a + ":" + first + " " + strings.Join(strings.Fields(rest), " ")
		}
		if file, at, ok := strings.Cut(a, ":"); ok && file != "" && isRow(at) {
			return a + " " + t
		}
		return t
	}
	return t
}

// maxRowsAbove bounds the lines above a failure line where its location is looked for.
const maxRowsAbove = 12

// isDiagnostic reports a compiler's or linter's location "file:line:col:" opening a line.
func isDiagnostic(first string) bool {
	file, rest, ok := strings.Cut(first, ":")
	if !ok || file == "" || !strings.Contains(file, ".") || !strings.HasSuffix(rest, ":") {
		return false
	}
	nums := strings.Split(strings.TrimSuffix(rest, ":"), ":")
	for _, d := range nums {
		if d == "" || strings.Trim(d, "0123456789") != "" {
			return false
		}
	}
	return len(nums) <= 2
}

// isStackFrame reports a line of a stack trace ("at run (file:///x/index.js:8:1)"): the
// names in it ("runWithTimeout") are code, not the failure.
func isStackFrame(t string) bool {
	first, rest, _ := strings.Cut(t, " ")
	return strings.HasPrefix(t, "at ") && strings.ContainsAny(t, "(:") || isDiagnostic(first) && strings.HasPrefix(rest, "in ") // pytest's "x.py:14: in test_login"
}

// refusals are the words of an error result that is no command failing: a user who refused
// the call, a hook, sandbox or approval reviewer that denied it, a sibling call's error, an
// interruption, nothing to commit — as each agent words them (OpenCode's permission errors
// and aborts, Gemini CLI's cancellations, Codex's rejections by the user or its reviewer).
var refusals = []string{"The user doesn't want to proceed", "User rejected", "Sibling tool call errored",
	"[Request interrupted", "Interrupted by user", "Permission to use", "requires approval",
	"nothing to commit", "nothing added to commit", "blocked by hook", "hook error", "denied by",
	"PreToolUse", "auto mode", "classifier", "sandbox", "Cancelled: parallel tool call",
	"rejected permission to use", "prevents you from using this specific tool call", "Tool execution aborted",
	"[Operation Cancelled]", "cancelled by user", "rejected by user", "rejected due to unacceptable risk"}

// maxRefusal bounds the head of an output where a refusal is looked for: it opens the result.
const maxRefusal = 2 << 10

// Refused reports an error result that says the call was refused or cancelled, or had
// nothing to do, rather than that the command failed.
func Refused(out string) bool {
	for _, p := range refusals {
		if strings.Contains(out, p) {
			return true
		}
	}
	return false
}
