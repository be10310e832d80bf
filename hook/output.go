package hook

import (
	"strings"
)

// maxOutputScan bounds how much of a tool's output is looked at for its useful line.
const maxOutputScan = 64 << 10

// errorWords mark the line of a failed command's output that says what went wrong.
var errorWords = []string{"error", "fail", "fatal", "panic", "exception", "traceback", "not found", "no such",
	"denied", "cannot", "can't", "unable", "invalid", "undefined", "nothing to commit", "refused",
	"timed out", "timeout", "killed", "abort", "conflict", "rejected", "erreur", "échec", "introuvable"}

// firstUsefulLine picks, from a tool's output, the one line worth keeping: the first that
// names an error, else the first with some content. Exit-code banners, rules and blank
// lines are skipped; ANSI escapes are removed; the result is one short line.
func firstUsefulLine(out string) string {
	if len(out) > maxOutputScan {
		out = out[:maxOutputScan]
	}
	out = stripANSI(cleanText(out))
	first := ""
	for n, line := range strings.Split(out, "\n") {
		if n > 400 {
			break
		}
		t := strings.TrimSpace(line)
		if t == "" || isBanner(t) {
			continue
		}
		if first == "" {
			first = t
		}
		low := strings.ToLower(t)
		for _, w := range errorWords {
			if strings.Contains(low, w) {
				return clipWords(t, 200)
			}
		}
	}
	return clipWords(first, 200)
}

// isBanner reports lines that carry no information of their own.
func isBanner(t string) bool {
	if strings.HasPrefix(t, "Exit code ") || strings.HasPrefix(t, "Error: Exit code ") {
		return true
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
			for j < len(s) && s[j] != 0x07 && !(s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\') {
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
	for _, line := range strings.Split(out, "\n") {
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

// commitMessage reads the subject of `git commit -m …` from a command line, including the
// heredoc form `-m "$(cat <<'EOF' … EOF)"`.
func commitMessage(cmd string) string {
	i := strings.Index(cmd, "git commit")
	if i < 0 {
		return ""
	}
	rest := cmd[i:]
	if h := strings.Index(rest, "<<"); h >= 0 {
		body := rest[h+2:]
		nl := strings.IndexByte(body, '\n')
		if nl < 0 {
			return ""
		}
		tag := strings.Trim(strings.TrimSpace(body[:nl]), `'"-`)
		if p := strings.IndexAny(tag, " )"); p >= 0 {
			tag = tag[:p]
		}
		for _, line := range strings.Split(body[nl+1:], "\n") {
			t := strings.TrimSpace(line)
			if t == tag {
				break
			}
			if t != "" {
				return t
			}
		}
		return ""
	}
	for _, flag := range []string{" -m ", " --message ", " -am "} {
		j := strings.Index(rest, flag)
		if j < 0 {
			continue
		}
		v := strings.TrimLeft(rest[j+len(flag):], " ")
		if v == "" {
			return ""
		}
		q := v[0]
		if q == '"' || q == '\'' {
			if k := strings.IndexByte(v[1:], q); k >= 0 {
				v = v[1 : k+1]
			} else {
				v = v[1:]
			}
		} else if k := strings.IndexAny(v, " ;&|"); k >= 0 {
			v = v[:k]
		}
		if nl := strings.IndexByte(v, '\n'); nl >= 0 {
			v = v[:nl]
		}
		return strings.TrimSpace(v)
	}
	return ""
}

// shortCommand shows a command in one short line: its first line, cut before inline
// scripts and heredocs.
func shortCommand(cmd string) string {
	cmd = strings.TrimSpace(cmd)
	if nl := strings.IndexByte(cmd, '\n'); nl >= 0 {
		cmd = cmd[:nl]
	}
	for _, cut := range []string{"$(", "<<", " -m \"", " -m '"} {
		if i := strings.Index(cmd, cut); i > 0 {
			cmd = strings.TrimRight(cmd[:i], " \"'")
		}
	}
	cmd = strings.TrimSuffix(cmd, " -m")
	return clipWords(strings.TrimSpace(cmd), 100)
}

// clipWords cuts s to about n bytes at a word boundary, marking the cut with "…".
func clipWords(s string, n int) string {
	if len(s) <= n {
		return s
	}
	c := clip(s, n)
	c = strings.TrimSuffix(c, "…")
	if i := strings.LastIndexByte(c, ' '); i > n/2 {
		c = c[:i]
	}
	return strings.TrimRight(c, " ,;:") + "…"
}
