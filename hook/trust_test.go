package hook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"carnet/hook/transcript/transcripttest"
	"carnet/secret"
	"carnet/secret/secrettest"
)

// A transcript path that is not a regular file is refused before anything opens it: a FIFO
// nobody writes would block the open until the time limit, /dev/zero would never end. The
// run gets a limit far longer than it needs; the log shows it did not wait for it.
func TestRunRefusesANonRegularTranscript(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	paths := map[string]string{"folder": dir}
	if runtime.GOOS != "windows" {
		fifo := filepath.Join(dir, "fifo.jsonl")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Fatal(err)
		}
		paths["fifo"] = fifo
		if _, err := os.Stat("/dev/zero"); err == nil {
			paths["device"] = "/dev/zero"
		}
	}
	for name, path := range paths {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ws := testWorkspace(t)
			in, _ := json.Marshal(map[string]any{"hook_event_name": "Stop", "session_id": "s1", "transcript_path": path, "cwd": ws})
			var stderr bytes.Buffer
			code := Run(Env{Root: ws, Stdin: bytes.NewReader(in), Stderr: &stderr, Now: fixedNow, Limit: 30 * time.Second,
				Getenv: func(string) string { return "" }})
			data, _ := os.ReadFile(filepath.Join(ws, "memory_sessions", "logs", ".debug", HookLogFile))
			log := string(data)
			if code != 0 || strings.Count(log, "\n") != 1 || !strings.Contains(log, "not a regular file") || strings.Contains(log, "time limit") {
				t.Errorf("code %d, hook.log %q, stderr %q", code, log, stderr.String())
			}
		})
	}
}

// corpusRun is one hook run of the corpus: a prompt and a closing text that carry cases.
type corpusRun struct {
	prompt, closing string
}

// labelsOfTheClosingText are labels the heuristic reads a list under, each taking up to
// two items.
var labelsOfTheClosingText = []string{"Next steps:", "Remaining work:", "To do:", "Open questions:", "Known issues:"}

// corpusRuns spreads texts over hook runs: each text is an item under a label of the closing
// text, and the prompt of its run repeats the first of them.
func corpusRuns(texts []string) []corpusRun {
	var runs []corpusRun
	const perLabel = 2 // within the open items one turn writes
	for len(texts) > 0 {
		var b strings.Builder
		b.WriteString("Done.\n")
		first := texts[0]
		for _, label := range labelsOfTheClosingText {
			if len(texts) == 0 {
				break
			}
			n := min(perLabel, len(texts))
			fmt.Fprintf(&b, "\n%s\n", label)
			for _, s := range texts[:n] {
				fmt.Fprintf(&b, "- %s\n", s)
			}
			texts = texts[n:]
		}
		runs = append(runs, corpusRun{prompt: "Keep this in mind: " + first, closing: b.String()})
		if blockLine(first) {
			runs[len(runs)-1].prompt = "Keep these in mind." // a key block reaches a prompt whole, never one line of it (TestHookPromptKeyBlock)
		}
	}
	return runs
}

// blockLine reports one line of an armored key block (its BEGIN or END line, a line of its
// body, its checksum): alone, it is no secret a reader can tell.
func blockLine(s string) bool {
	t := strings.Trim(s, "- ")
	if strings.HasPrefix(t, "BEGIN ") || strings.HasPrefix(t, "END ") {
		return true
	}
	if strings.HasPrefix(t, "=") && len(t) <= 6 {
		return true
	}
	return len(t) >= 16 && !strings.ContainsAny(t, " \t") && strings.Trim(t, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=") == ""
}

// A private key pasted whole into a prompt leaves no line of it in memory.
func TestHookPromptKeyBlock(t *testing.T) {
	block := "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACDf8Pq3rCbu2kq7W0sN1Xq0yXb9W5c1y2Ck3sE9lq1vGQAAAJg7x5Ey\n-----END OPENSSH PRIVATE KEY-----"
	_, written, committed := runCorpus(t, []corpusRun{{prompt: "Use this key for the deploy:\n" + block, closing: "Noted."}})
	for l := range strings.SplitSeq(block, "\n") {
		if strings.Contains(written, strings.Trim(l, "-")) || strings.Contains(committed, strings.Trim(l, "-")) {
			t.Errorf("a line of the key reached memory: %q", l)
		}
	}
}

// runCorpus runs the hook (Stop, autocommit on) on each run in a git workspace and returns the
// workspace with the text of every memory file, of the debug folder and of `git log -p`.
func runCorpus(t *testing.T, runs []corpusRun) (ws, written, committed string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	ws = testWorkspace(t)
	t.Setenv("GIT_AUTHOR_NAME", "T")
	t.Setenv("GIT_AUTHOR_EMAIL", "t@example.com")
	t.Setenv("GIT_COMMITTER_NAME", "T")
	t.Setenv("GIT_COMMITTER_EMAIL", "t@example.com")
	git := func(args ...string) string {
		out, err := exec.Command("git", append([]string{"-C", ws}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	git("init", "-q", "-b", "main")
	writeFile(t, ws, "carnet.toml", "[hook]\nautocommit = true\n")
	git("add", ".")
	git("commit", "-q", "-m", "init")
	for i, r := range runs {
		path := (&transcripttest.Claude{}).Prompt(r.prompt).Say("m1", r.closing).Write(t)
		in, _ := json.Marshal(map[string]any{"hook_event_name": "Stop", "session_id": fmt.Sprint("s", i),
			"transcript_path": path, "cwd": ws})
		if code := Run(Env{Root: ws, Stdin: bytes.NewReader(in), Now: fixedNow, Limit: time.Minute, Getenv: func(string) string { return "" }}); code != 0 {
			t.Fatalf("run %d: code %d", i, code)
		}
	}
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
	return ws, b.String(), git("log", "-p", "--format=%B")
}

// bulletOf is the bullet the hook makes of a list item: words joined by one space, no leading
// list marks.
func bulletOf(s string) string {
	return strings.TrimLeft(strings.Join(strings.Fields(s), " "), "-*•+ ")
}

// The secrets corpus through the hook: no secret is written raw to memory, to the debug
// folder or to a commit (a bullet that holds one keeps its other words, with [redacted]), and
// the look-alikes are written.
func TestHookSecretCorpus(t *testing.T) {
	pos, neg := secrettest.Positives(), secrettest.Negatives()
	var texts []string
	for _, c := range pos {
		texts = append(texts, c.Text)
	}
	_, written, committed := runCorpus(t, corpusRuns(texts))
	leaked := 0
	for _, c := range pos {
		b := bulletOf(c.Text)
		if strings.Contains(written, b) || strings.Contains(committed, b) {
			leaked++
			t.Errorf("[%s] written raw: %q", c.Form, c.Text)
		}
	}
	for line := range strings.Lines(written + committed) {
		if why := secret.Detect(line); why != "" {
			t.Errorf("a line that holds a secret (%s) was written: %q", why, line)
		}
	}
	if !strings.Contains(written, "[redacted]") {
		t.Error("no bullet kept with [redacted]: secrets were dropped with their bullets")
	}
	t.Logf("%d secrets: %d written raw (recall %.1f %%)", len(pos), leaked, 100*float64(len(pos)-leaked)/float64(len(pos)))

	texts = texts[:0]
	for _, c := range neg {
		texts = append(texts, c.Text)
	}
	ws, written, _ := runCorpus(t, corpusRuns(texts))
	kept, refused := extracted(t, ws)
	missing := len(refused)
	for _, r := range refused {
		t.Logf("look-alike refused by memory: %s", r)
	}
	dropped := 0 // by the heuristic's own reading (a list item ending in ":" names a group…)
	for _, c := range neg {
		// Written, or folded by memory's dedup into a bullet already there (both extracted).
		switch b := bulletOf(c.Text); {
		case !kept[b] && kept[bulletOf(scrubbed(b))]:
			t.Logf("[%s] look-alike kept with its machine path made relative: %q", c.Form, c.Text)
		case kept[b] && !strings.Contains(written, b):
			t.Logf("[%s] look-alike folded into a bullet already there: %q", c.Form, c.Text)
		case kept[b]:
		case secret.Detect(c.Text) != "":
			missing++
			t.Logf("[%s] look-alike redacted: %q", c.Form, c.Text)
		default:
			dropped++
			t.Logf("[%s] look-alike not kept by the heuristic: %q", c.Form, c.Text)
		}
	}
	if fpr := 100 * float64(missing) / float64(len(neg)); fpr > 1 {
		t.Errorf("%d of %d look-alikes refused or redacted (%.1f %%, want ≤ 1 %%)", missing, len(neg), fpr)
	}
	if dropped > len(neg)*2/100 {
		t.Errorf("%d of %d look-alikes not kept by the heuristic (want ≤ 2 %%)", dropped, len(neg))
	}
}

// scrubbed is a text with its machine paths reduced to their file names, as memory keeps
// them (SPEC §1: no absolute path).
func scrubbed(s string) string {
	return machinePath.ReplaceAllStringFunc(s, func(p string) string {
		return p[strings.LastIndexAny(p, `/\`)+1:]
	})
}

var machinePath = regexp.MustCompile(`(/home/|/Users/|[A-Z]:\\)\S+`)

// extracted reads the debug folder's extraction records: every bullet the hook handed to
// memory, and the bullets memory refused.
func extracted(t *testing.T, ws string) (kept map[string]bool, refused []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(ws, "memory_sessions", "logs", ".debug", ExtractionsFile))
	if err != nil {
		t.Fatal(err)
	}
	kept = map[string]bool{}
	for line := range strings.Lines(string(data)) {
		var rec struct {
			Raw     map[string][]string `json:"raw"`
			Refused []string            `json:"refused"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		for _, bullets := range rec.Raw {
			for _, b := range bullets {
				kept[bulletOf(b)] = true // as the corpus's texts are compared: leading list marks left out
			}
		}
		refused = append(refused, rec.Refused...)
	}
	return kept, refused
}

// The time limit covers opening the workspace: a carnet.toml that blocks its reader (a FIFO)
// does not hold the hook past its limit, and the line that says so, which cannot go to a
// workspace that does not open, goes to stderr.
func TestRunTimeLimitCoversTheWorkspaceOpen(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("FIFOs")
	}
	ws := testWorkspace(t)
	if err := os.Remove(filepath.Join(ws, "carnet.toml")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(ws, "carnet.toml"), 0o600); err != nil {
		t.Fatal(err)
	}
	in, _ := json.Marshal(map[string]any{"hook_event_name": "Stop", "session_id": "s1", "transcript_path": "x.jsonl", "cwd": ws})
	var stderr bytes.Buffer
	code := Run(Env{Root: ws, Stdin: bytes.NewReader(in), Stderr: &stderr, Now: fixedNow, Limit: 500 * time.Millisecond,
		Getenv: func(string) string { return "" }})
	if code != 0 || !strings.Contains(stderr.String(), "time limit reached") {
		t.Errorf("code %d, stderr %q", code, stderr.String())
	}
}
