package capture

import (
	"slices"
	"strings"

	"carnet/hook/transcript"
)

// commitMessage reads the subject of `git commit -m …` from a command line, including the
// heredoc form `-m "$(cat <<'EOF' … EOF)"`.
func commitMessage(cmd string) string {
	i := strings.Index(cmd, "git commit")
	if i < 0 {
		return ""
	}
	rest := cmd[i:]
	if _, after, ok := strings.Cut(rest, "<<"); ok {
		body := after
		before, after, ok := strings.Cut(body, "\n")
		if !ok {
			return ""
		}
		tag := strings.Trim(strings.TrimSpace(before), `'"-`)
		if p := strings.IndexAny(tag, " )"); p >= 0 {
			tag = tag[:p]
		}
		for line := range strings.Lines(after) {
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
		_, after, ok := strings.Cut(rest, flag)
		if !ok {
			continue
		}
		v := strings.TrimLeft(after, " ")
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
		v, _, _ = strings.Cut(v, "\n")
		return strings.TrimSpace(v)
	}
	return ""
}

// shortCommand shows a command in one short line: its lines joined (";" between
// commands), cut before inline scripts and heredocs.
func shortCommand(cmd string) string {
	cmd = strings.TrimSpace(cmd)
	for _, cut := range []string{"$(", "<<", " -m \"", " -m '"} {
		if i := strings.Index(cmd, cut); i > 0 {
			cmd = strings.TrimRight(cmd[:i], " \"'")
		}
	}
	var sb strings.Builder
	sep := ""
	for l := range strings.Lines(cmd) {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		sb.WriteString(sep)
		t, cont := strings.CutSuffix(t, "\\")
		t = strings.TrimSpace(t)
		sb.WriteString(t)
		sep = " ; "
		if cont || strings.HasSuffix(t, "&&") || strings.HasSuffix(t, "|") || strings.HasSuffix(t, "||") {
			sep = " "
		}
	}
	cmd = strings.TrimSuffix(strings.TrimSpace(sb.String()), " -m")
	return transcript.ClipWords(strings.TrimSpace(cmd), 120)
}

// pushOnly names a failed push in a failure bullet, whatever command it was chained to.
const pushOnly = "git push"

// pushed reports a shell call that went through and pushed.
func pushed(u *transcript.ToolUse) bool {
	return u.Name == "Bash" && u.HasResult && !u.IsError && strings.Contains(u.Command, "git push")
}

// pushedLater reports whether a later call of the turn pushed: it fixes a refused push
// ("git pull --rebase && git push" after a push rejected for want of the remote's work).
func pushedLater(later []*transcript.ToolUse) bool {
	return slices.ContainsFunc(later, pushed)
}

// rerunFixed reports whether a later call of the turn ran the same program again, on part
// of the failed call's operands, including the file its cause names, and went through
// ("ruff check --fix a.py" after "ruff check a.py b.py" failed on a.py:3:1).
func rerunFixed(later []*transcript.ToolUse, cmd, cause string) bool {
	f := strings.Fields(commandKey(cmd))
	if len(f) < 3 || cause == "" {
		return false
	}
	for _, u := range later {
		if u.Name != "Bash" || !u.HasResult || u.IsError || skipsHooks(u.Command) {
			continue
		}
		g := strings.Fields(commandKey(u.Command))
		if len(g) < 3 || g[0] != f[0] || g[1] != f[1] {
			continue
		}
		named, subset := false, true
		for _, a := range g[2:] {
			if strings.HasPrefix(a, "-") {
				continue
			}
			subset = subset && slices.Contains(f[2:], a)
			named = named || strings.Contains(cause, a)
		}
		if subset && named {
			return true
		}
	}
	return false
}
