package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"carnet/lang/langtest"
	"carnet/memstore"
)

// foreignLines fails t on every line of text with a word of the other language than l.
func foreignLines(t *testing.T, l, what, text string) {
	t.Helper()
	for line := range strings.Lines(text) {
		if w := langtest.Foreign(l, line); len(w) > 0 {
			t.Errorf("%s, %s: %q in %q", l, what, w, strings.TrimSpace(line))
		}
	}
}

// carnetIn runs the command line in-process and returns what it printed (stdout, stderr).
func carnetIn(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(args, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("carnet %s: exit %d\n%s%s", strings.Join(args, " "), code, out.String(), errb.String())
	}
	return out.String() + errb.String()
}

// What carnet says while it sets a workspace up, and what it installs, is in the language the
// locale gave the workspace: init, install for every agent (and again, nothing to change),
// the skills, the demo, and the memory SessionStart hands the agent.
func TestSetupSpeaksTheWorkspaceLanguage(t *testing.T) {
	for _, c := range []struct{ l, locale string }{{"fr", "fr_FR.UTF-8"}, {"en", "en_US.UTF-8"}} {
		home := t.TempDir()
		t.Setenv("HOME", home)
		t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
		t.Setenv("KIMI_CODE_HOME", filepath.Join(home, ".kimi-code"))
		t.Setenv("CLAUDE_PROJECT_DIR", "")
		t.Setenv("LC_ALL", "")
		t.Setenv("LC_MESSAGES", "")
		t.Setenv("LANG", c.locale)
		t.Setenv("CARNET_NOW", "2026-03-22T16:30:00Z")
		root := filepath.Join(t.TempDir(), "shop")
		os.MkdirAll(root, 0o755)
		if out, err := exec.Command("git", "init", "-q", root).CombinedOutput(); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		foreignLines(t, c.l, "init", carnetIn(t, "--root", root, "init"))
		foreignLines(t, c.l, "init again", carnetIn(t, "--root", root, "init"))
		for _, agent := range []string{"claude", "codex", "gemini", "opencode", "kimi"} {
			foreignLines(t, c.l, "install "+agent, carnetIn(t, "--root", root, "install", "--agent", agent))
			foreignLines(t, c.l, "install "+agent+" again", carnetIn(t, "--root", root, "install", "--agent", agent))
		}
		foreignLines(t, c.l, "install --scope user", carnetIn(t, "--root", root, "install", "--scope", "user"))
		foreignLines(t, c.l, "install --merge-driver", carnetIn(t, "--root", root, "install", "--merge-driver"))
		for _, skill := range []string{"memory_load", "memory_promotion"} {
			data, err := os.ReadFile(filepath.Join(root, ".claude", "skills", skill, "SKILL.md"))
			if err != nil {
				t.Fatal(err)
			}
			foreignLines(t, c.l, "the skill "+skill, string(data))
		}
		dir := filepath.Join(t.TempDir(), "demo")
		foreignLines(t, c.l, "demo", carnetIn(t, "demo", dir, "--no-tui", "--lang", c.l))
		var out, errb bytes.Buffer
		in := `{"hook_event_name":"SessionStart","source":"startup","session_id":"s1","cwd":"` + filepath.Join(dir, "projects", "cmms_doc") + `"}`
		if code := run([]string{"--root", dir, "--hook"}, strings.NewReader(in), &out, &errb); code != 0 || !strings.Contains(out.String(), "additionalContext") {
			t.Fatalf("SessionStart: exit %d\n%s%s", code, out.String(), errb.String())
		}
		foreignLines(t, c.l, "SessionStart", strings.ReplaceAll(out.String(), `\n`, "\n"))
	}
}

// The command line's help is English, and no French word is in it: the sections are named by
// their English names (Next, Done), whatever the memory's language.
func TestHelpHasNoFrench(t *testing.T) {
	root := newRootCmd()
	var paths [][]string
	var visit func(prefix []string, cmds []*cobra.Command)
	visit = func(prefix []string, cmds []*cobra.Command) {
		for _, c := range cmds {
			if c.Hidden {
				continue
			}
			p := append(append([]string{}, prefix...), c.Name())
			paths = append(paths, p)
			visit(p, c.Commands())
		}
	}
	visit(nil, root.Commands())
	if len(paths) < 12 {
		t.Fatalf("%d commands", len(paths))
	}
	foreignLines(t, "en", "carnet --help", carnetIn(t, "--help"))
	// French text carnet reads or writes literally, quoted beside its English twin: the
	// evidence markers (promote), the phrases that make a line an instruction (import).
	literal := map[string][]string{"promote": {"vérifié", "essayé"}, "import": {"il"}}
	for _, p := range paths {
		help := carnetIn(t, append(p, "--help")...)
		for line := range strings.Lines(help) {
			var left []string
			for _, w := range langtest.Foreign("en", line) {
				if !slices.Contains(literal[p[0]], w) {
					left = append(left, w)
				}
			}
			if len(left) > 0 {
				t.Errorf("carnet %s --help: %q in %q", strings.Join(p, " "), left, strings.TrimSpace(line))
			}
		}
	}
}

// The keys the help names are keys carnet add takes.
func TestAddKeysHelpNamesRealKeys(t *testing.T) {
	t.Parallel()
	for k := range strings.SplitSeq(addKeysHelp(), ", ") {
		if memstore.AddKey(k) == "" {
			t.Errorf("%q is not a section key", k)
		}
	}
}
