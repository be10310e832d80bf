package capture

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// fakeClaude puts an executable named claude on PATH that runs script (sh).
func fakeClaude(t *testing.T, script string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("shell scripts")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "claude")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	return dir
}

func sampleTurn() *transcript.Turn {
	return &transcript.Turn{
		Root:    "/home/dev/proj",
		Prompt:  "Add retries to the HTTP client",
		Closing: "Decision: retry 3 times with backoff.",
		Texts:   []string{"Decision: retry 3 times with backoff."},
		Tools: []*transcript.ToolUse{{Name: "Edit", FilePath: "/home/dev/proj/client.go", HasResult: true},
			{Name: "Bash", Command: "go test ./...", HasResult: true, IsError: true, Output: "--- FAIL: TestRetry"}},
	}
}

func TestClaudeExtractorCannedJSON(t *testing.T) {
	dir := fakeClaude(t, `cat > "$CARNET_TEST_OUT/stdin"
pwd > "$CARNET_TEST_OUT/pwd"
echo "$CARNET_NESTED $*" > "$CARNET_TEST_OUT/env"
printf '%s\n' 'Here is the JSON:' '{"objectif":["Add retries"],"decisions":"retry 3 times","a_suivre":["tune /home/dev/proj/client.go timeouts",""],"mystery":1}'
`)
	t.Setenv("CARNET_TEST_OUT", dir)
	var fellBack error
	x, err := New(Options{Kind: KindClaude, Timeout: 30 * time.Second, OnFallback: func(err error) { fellBack = err }})
	if err != nil {
		t.Fatal(err)
	}
	e, raw, err := x.Extract(context.Background(), sampleTurn())
	if err != nil || fellBack != nil {
		t.Fatalf("err %v fallback %v", err, fellBack)
	}
	want := memstore.Extraction{Goal: []string{"Add retries"}, Decisions: []string{"retry 3 times"},
		Next: []string{"tune client.go timeouts"}, Unknown: []string{"mystery"}}
	if !equalExtraction(e, want) {
		t.Errorf("got %#v", e)
	}
	if !strings.Contains(string(raw), `"mystery":1`) {
		t.Errorf("raw output not kept: %q", raw)
	}
	stdin, _ := os.ReadFile(filepath.Join(dir, "stdin"))
	for _, s := range []string{"Add retries to the HTTP client", "TOOL Edit client.go", "ERROR: --- FAIL: TestRetry", `"a_suivre"`} {
		if !strings.Contains(string(stdin), s) {
			t.Errorf("prompt lacks %q:\n%s", s, stdin)
		}
	}
	if strings.Contains(string(stdin), "/home/dev/proj") {
		t.Error("the prompt carries absolute paths")
	}
	env, _ := os.ReadFile(filepath.Join(dir, "env"))
	if strings.TrimSpace(string(env)) != "1 -p --model claude-haiku-4-5" {
		t.Errorf("nested guard / argv: %q", env)
	}
	pwd, _ := os.ReadFile(filepath.Join(dir, "pwd"))
	if wd, _ := os.Getwd(); strings.TrimSpace(string(pwd)) == wd || !strings.Contains(string(pwd), "carnet-model-") {
		t.Errorf("ran from %q, want a temporary folder", pwd)
	}
}

func equalExtraction(a, b memstore.Extraction) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y) && strings.Join(a.Unknown, ",") == strings.Join(b.Unknown, ",")
}

func TestClaudeExtractorFallsBack(t *testing.T) {
	cases := map[string]string{
		"hangs":   "sleep 30\n",
		"garbage": "echo 'I cannot do that, Dave.'\n",
		"fails":   "echo 'model overloaded' >&2; exit 3\n",
	}
	for name, script := range cases {
		t.Run(name, func(t *testing.T) {
			fakeClaude(t, script)
			var fellBack error
			timeout := 20 * time.Second // only the hanging model should meet the limit, even on a loaded machine
			if name == "hangs" {
				timeout = 300 * time.Millisecond
			}
			x, _ := New(Options{Kind: KindClaude, Timeout: timeout, OnFallback: func(err error) { fellBack = err }})
			e, raw, err := x.Extract(context.Background(), sampleTurn())
			if err != nil || fellBack == nil {
				t.Fatalf("err %v, fallback %v", err, fellBack)
			}
			if name == "hangs" && !strings.Contains(fellBack.Error(), "timed out") {
				t.Errorf("fallback reason: %v", fellBack)
			}
			if name == "fails" && !strings.Contains(fellBack.Error(), "model overloaded") {
				t.Errorf("fallback reason: %v", fellBack)
			}
			if len(e.Goal) != 1 || e.Goal[0] != "Add retries to the HTTP client" || !contains(e.Work, "client.go") {
				t.Errorf("heuristic result expected, got %+v", e)
			}
			if !strings.Contains(string(raw), `"fallback"`) {
				t.Errorf("debug record: %s", raw)
			}
		})
	}
}

func TestCommandExtractor(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	script := filepath.Join(dir, "extract.sh")
	os.WriteFile(script, []byte("#!/bin/sh\ncat >/dev/null\necho '{\"travail\":[\"wrote it\"],\"long_terme\":[\"Retries live in client.go\"]}'\n"), 0o755)
	x, err := New(Options{Kind: KindCommand, Command: []string{script}})
	if err != nil {
		t.Fatal(err)
	}
	e, _, err := x.Extract(context.Background(), sampleTurn())
	if err != nil || len(e.Work) != 1 || len(e.LongTerm) != 1 {
		t.Errorf("%+v %v", e, err)
	}
	if _, err := New(Options{Kind: KindCommand}); err == nil {
		t.Error("command extractor without a command accepted")
	}
	if _, err := New(Options{Kind: "gpt"}); err == nil {
		t.Error("unknown extractor accepted")
	}
}

func TestAnthropicExtractor(t *testing.T) {
	var got struct {
		Model    string `json:"model"`
		Messages []struct {
			Role, Content string
		} `json:"messages"`
	}
	var headers http.Header
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		headers = r.Header.Clone()
		body, _ := io.ReadAll(r.Body)
		json.Unmarshal(body, &got)
		if r.URL.Path != "/v1/messages" {
			http.Error(w, "bad path", 404)
			return
		}
		io.WriteString(w, `{"id":"msg_1","type":"message","role":"assistant","content":[{"type":"text","text":"{\"connaissances\":[\"The API rate-limits at 10 rps\"]}"}]}`)
	}))
	defer srv.Close()
	t.Setenv("ANTHROPIC_BASE_URL", srv.URL)
	t.Setenv("ANTHROPIC_API_KEY", "test-key")
	x, _ := New(Options{Kind: KindAnthropic, Command: []string{"claude", "--model", "claude-test"}, Language: "en"})
	e, _, err := x.Extract(context.Background(), sampleTurn())
	if err != nil || len(e.Knowledge) != 1 || e.Knowledge[0] != "The API rate-limits at 10 rps" {
		t.Fatalf("%+v %v", e, err)
	}
	if got.Model != "claude-test" || len(got.Messages) != 1 || !strings.Contains(got.Messages[0].Content, "write in English") {
		t.Errorf("request: %+v", got)
	}
	if headers.Get("x-api-key") != "test-key" || headers.Get("anthropic-version") == "" {
		t.Errorf("headers: %v", headers)
	}
}

func TestAnthropicExtractorFallsBack(t *testing.T) {
	block := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Query().Get("mode") {
		default:
		}
		if r.Header.Get("x-api-key") == "slow" {
			<-block
			return
		}
		http.Error(w, `{"type":"error","error":{"type":"overloaded_error"}}`, 529)
	}))
	defer srv.Close()
	defer close(block)
	t.Setenv("ANTHROPIC_BASE_URL", srv.URL)
	for _, key := range []string{"", "overloaded", "slow"} {
		t.Setenv("ANTHROPIC_API_KEY", key)
		var fellBack error
		x, _ := New(Options{Kind: KindAnthropic, Timeout: 300 * time.Millisecond, OnFallback: func(err error) { fellBack = err }})
		e, _, err := x.Extract(context.Background(), sampleTurn())
		if err != nil || fellBack == nil || len(e.Goal) != 1 {
			t.Errorf("key %q: e %+v err %v fallback %v", key, e, err, fellBack)
		}
	}
}

// A model that repeats a secret of the turn: the bullet is kept with [redacted], and the raw
// output kept for the debug log holds no secret either, nor does the fallback's record.
func TestModelOutputGoesThroughTheGuard(t *testing.T) {
	key := "ghp_" + strings.Repeat("aB3dE5", 6)
	fakeClaude(t, `cat > /dev/null
case "$MODE" in
  ok) printf '%s\n' '{"connaissances":["CI pushes with the token `+key+` since Monday","-----BEGIN OPENSSH PRIVATE KEY-----"]}' ;;
  *) printf '%s\n' 'no JSON, but the token `+key+`' ;;
esac
`)
	for _, mode := range []string{"ok", "garbage"} {
		t.Setenv("MODE", mode)
		x, err := New(Options{Kind: KindClaude, Timeout: 30 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		turn := sampleTurn()
		turn.Prompt = "Push with " + key
		e, raw, err := x.Extract(context.Background(), turn)
		if err != nil {
			t.Fatal(err)
		}
		all := strings.Join(e.Knowledge, "\n") + string(raw) + strings.Join(e.Goal, "\n")
		if strings.Contains(all, key) || strings.Contains(all, "BEGIN OPENSSH") {
			t.Errorf("%s: a secret passed: %q %s", mode, e.Knowledge, raw)
		}
		if mode == "ok" && !slices.Equal(e.Knowledge, []string{"CI pushes with the token [redacted] since Monday"}) {
			t.Errorf("knowledge %q", e.Knowledge)
		}
	}
}
