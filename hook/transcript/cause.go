package transcript

import "strings"

// isLocator reports the line a compiler or linter puts under a diagnostic to say where it
// is ("--> src/main.rs:4:5", "  ╭─[file:1:1]"): the line before it is the diagnostic.
func isLocator(t string) bool {
	return strings.HasPrefix(t, "--> ") || strings.HasPrefix(t, "╭─[") || strings.HasPrefix(t, ",-[")
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

// withoutPaths drops the words of a line that hold a slash (paths, URLs, packages such as
// "@typescript-eslint/no-explicit-any"): "src/errors/api-errors.ts" names no error.
func withoutPaths(line string) string {
	if !strings.Contains(line, "/") {
		return line
	}
	var sb strings.Builder
	for f := range strings.FieldsSeq(line) {
		if !strings.Contains(f, "/") {
			sb.WriteString(f)
			sb.WriteByte(' ')
		}
	}
	return sb.String()
}
