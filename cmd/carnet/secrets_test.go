package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
	"carnet/secret"
	"carnet/secret/secrettest"
)

// These tests run the secrets corpus (secret/secrettest) through the real binary's
// entry points, in a git workspace with autocommit on: nothing secret is written or
// committed, and the look-alikes are written.

var gitIdentity = []string{"GIT_AUTHOR_NAME=T", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=T", "GIT_COMMITTER_EMAIL=t@example.com"}

// autocommitWorkspace is a git workspace with one commit and autocommit on.
func autocommitWorkspace(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	ws := hookWorkspace(t, "[hook]\nautocommit = true\n")
	gitIn(t, ws, "add", ".")
	gitIn(t, ws, "commit", "-q", "-m", "init")
	return ws
}

func gitIn(t *testing.T, ws string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", ws}, args...)...)
	cmd.Env = append(os.Environ(), gitIdentity...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// memoryText is every memory file of ws (debug folder included), concatenated.
func memoryText(t *testing.T, ws string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(filepath.Join(ws, "memory_sessions"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		b.Write(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// noSecretWritten fails when a line of memory or of `git log -p` holds a secret, or when
// one of texts appears there raw.
func noSecretWritten(t *testing.T, ws string, texts []string) {
	t.Helper()
	all := memoryText(t, ws) + gitIn(t, ws, "log", "-p", "--all", "--format=%B")
	for line := range strings.Lines(all) {
		if why := secret.Detect(line); why != "" {
			t.Errorf("a line that holds a secret (%s) was written: %q", why, line)
		}
	}
	for _, s := range texts {
		if b := strings.TrimLeft(strings.Join(strings.Fields(s), " "), "-*•+ "); strings.Contains(all, b) {
			t.Errorf("written raw: %q", s)
		}
	}
}

// `carnet add` refuses every secret of the corpus (a sample: one process each) and writes
// every look-alike (one process, one bullet per line of stdin).
func TestAddSecretCorpus(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := autocommitWorkspace(t)
	head := gitIn(t, ws, "rev-parse", "HEAD")
	var sample []string
	for i, c := range secrettest.Positives() {
		if i%12 != 0 { // one process each: a sample across the forms
			continue
		}
		sample = append(sample, c.Text)
		r := runCarnet(t, bin, nil, gitIdentity, "--root", ws, "add", "-s", "connaissances", "--", c.Text)
		if r.code == 0 || !strings.Contains(r.stderr, "nothing written") {
			t.Errorf("[%s] %q: exit %d, stderr %q", c.Form, c.Text, r.code, r.stderr)
		}
	}
	noSecretWritten(t, ws, sample)
	if gitIn(t, ws, "rev-parse", "HEAD") != head {
		t.Error("a refused add made a commit")
	}
	t.Logf("%d secrets refused", len(sample))

	neg := secrettest.Negatives()
	var in strings.Builder
	for _, c := range neg {
		in.WriteString(c.Text + "\n")
	}
	r := runCarnet(t, bin, []byte(in.String()), gitIdentity, "--root", ws, "add", "-s", "connaissances", "-")
	added := strings.Count(r.stdout, "added to ")
	var dupes int
	for line := range strings.Lines(r.stdout) {
		var n int
		if _, err := fmt.Sscanf(line, "%d already there", &n); err == nil {
			dupes = n
		}
	}
	if r.code != 0 || added+dupes != len(neg) {
		t.Errorf("look-alikes: exit %d, %d added, %d already there, of %d; stderr %q", r.code, added, dupes, len(neg), r.stderr)
	}
	if gitIn(t, ws, "rev-parse", "HEAD") == head {
		t.Error("the look-alikes were not committed")
	}
}

// MCP memory_add over stdio: every secret of the corpus is refused (nothing written, nothing
// committed) and the look-alikes are written.
func TestMCPSecretCorpus(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := autocommitWorkspace(t)
	pos, neg := secrettest.Positives(), secrettest.Negatives()
	var in strings.Builder
	in.WriteString(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"corpus","version":"1"}}}` + "\n")
	in.WriteString(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
	call := func(id int, bullets []string) {
		req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": "tools/call",
			"params": map[string]any{"name": "memory_add", "arguments": map[string]any{"section": "connaissances", "bullets": bullets}}})
		in.Write(append(req, '\n'))
	}
	var texts []string
	for i, c := range pos {
		call(i+1, []string{c.Text})
		texts = append(texts, c.Text)
	}
	var look []string
	for _, c := range neg {
		look = append(look, c.Text)
	}
	last := len(pos) + 1
	call(last, look)

	r := runCarnet(t, bin, []byte(in.String()), gitIdentity, "--root", ws, "mcp")
	if r.code != 0 {
		t.Fatalf("carnet mcp: %+v", r)
	}
	answers := map[int]bool{} // id → isError
	sc := bufio.NewScanner(strings.NewReader(r.stdout))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var m struct {
			ID     int `json:"id"`
			Result struct {
				IsError bool `json:"isError"`
			} `json:"result"`
		}
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("stdout line %q: %v", sc.Text(), err)
		}
		answers[m.ID] = m.Result.IsError
	}
	refused := 0
	for i, c := range pos {
		if isErr, ok := answers[i+1]; !ok {
			t.Errorf("[%s] no answer", c.Form)
		} else if isErr {
			refused++
		} else {
			t.Errorf("[%s] accepted: %q", c.Form, c.Text)
		}
	}
	t.Logf("%d secrets, %d refused (recall %.1f %%)", len(pos), refused, 100*float64(refused)/float64(len(pos)))
	noSecretWritten(t, ws, texts)
	if isErr, ok := answers[last]; !ok || isErr {
		t.Errorf("the look-alikes were refused (answered %v)", ok)
	}
	log := memoryText(t, ws)
	missing := 0
	for _, s := range look {
		if !strings.Contains(log, strings.Join(strings.Fields(s), " ")) {
			missing++
			t.Logf("look-alike not written (or folded into one already there): %q", s)
		}
	}
	if fpr := 100 * float64(missing) / float64(len(look)); fpr > 1 {
		t.Errorf("%d of %d look-alikes not written (%.1f %%)", missing, len(look), fpr)
	}
	if n := strings.Count(gitIn(t, ws, "log", "--format=%s"), "\n"); n != 2 {
		t.Errorf("%d commits, want the first and the look-alikes' one", n)
	}
}

// A private key pasted in a transcript (prompt and closing text), each format: the hook
// writes no line of it and commits none (autocommit on, `git log -p` checked).
func TestHookPastedKeyEndToEnd(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	for _, k := range secrettest.KeyFiles() {
		t.Run(k.Form, func(t *testing.T) {
			ws := autocommitWorkspace(t)
			path := (&transcripttest.Claude{}).Prompt("Here is the deploy key, keep it:\n"+k.Text+"\nand fix the deploy script").
				Say("m1", "Done.\n\nLearned:\n- the deploy script needs bash\n- the deploy key is\n- "+strings.ReplaceAll(k.Text, "\n", "\n- ")+"\n").Write(t)
			r := runCarnet(t, bin, hookInput("Stop", path, ws, nil), gitIdentity, "--root", ws, "--hook")
			if r.code != 0 {
				t.Fatal(r)
			}
			all := memoryText(t, ws) + gitIn(t, ws, "log", "-p", "--all", "--format=%B")
			if !strings.Contains(all, "the deploy script needs bash") {
				t.Errorf("the turn was not captured:\n%s", all)
			}
			for line := range strings.Lines(k.Text) {
				l := strings.Trim(strings.TrimSpace(line), "-")
				if (len(l) >= 16 && !strings.Contains(l, " ")) || strings.Contains(l, "PRIVATE") || strings.HasPrefix(l, "PuTTY") || strings.HasPrefix(l, "Private-") {
					if strings.Contains(all, l) {
						t.Errorf("a line of the key was written: %q", l)
					}
				}
			}
		})
	}
}
