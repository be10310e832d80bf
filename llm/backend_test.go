package llm

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestNewRefusesIncompleteSpecs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		spec Spec
		want string
	}{
		{Spec{Kind: KindCommand}, "needs [hook] command"},
		{Spec{Kind: KindOpenAI, Model: "m"}, "base_url is missing"},
		{Spec{Kind: KindOpenAI, BaseURL: "localhost:11434/v1", Model: "m"}, "is not an http:// or https:// URL"},
		{Spec{Kind: KindOpenAI, BaseURL: "ftp://host/v1", Model: "m"}, "is not an http:// or https:// URL"},
		{Spec{Kind: KindOpenAI, BaseURL: "http://localhost:11434/v1"}, "needs [hook] model"},
		{Spec{Kind: "ollama"}, `unknown model back end "ollama" (want claude, codex, gemini, openai, anthropic, command)`},
	} {
		if _, err := New(c.spec); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.spec, err, c.want)
		}
	}
}

func TestCommandLines(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		spec Spec
		want []string
	}{
		{Spec{Kind: KindClaude}, []string{"claude", "-p", "--output-format", "text", "--no-session-persistence", "--strict-mcp-config", "--tools", "", "--model", DefaultModel}},
		{Spec{Kind: KindClaude, Model: "claude-sonnet-4-5"}, []string{"claude", "-p", "--output-format", "text", "--no-session-persistence", "--strict-mcp-config", "--tools", "", "--model", "claude-sonnet-4-5"}},
		{Spec{Kind: KindClaude, Command: []string{"my-claude", "-p"}, Model: "ignored"}, []string{"my-claude", "-p"}},
		{Spec{Kind: KindCodex}, []string{"codex", "exec", "--skip-git-repo-check", "--ephemeral", "--sandbox", "read-only", "--color", "never", "-"}},
		{Spec{Kind: KindCodex, Model: "gpt-5-mini"}, []string{"codex", "exec", "--skip-git-repo-check", "--ephemeral", "--sandbox", "read-only", "--color", "never", "-m", "gpt-5-mini", "-"}},
		{Spec{Kind: KindGemini, Model: "gemini-2.5-flash"}, []string{"gemini", "-p", geminiAsk, "--output-format", "json", "-m", "gemini-2.5-flash"}},
		{Spec{Kind: KindCommand, Command: []string{"ollama", "run", "llama3"}}, []string{"ollama", "run", "llama3"}},
	} {
		b, err := New(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.Argv(); !slices.Equal(got, c.want) {
			t.Errorf("%+v:\n got %q\nwant %q", c.spec, got, c.want)
		}
	}
}

// script writes an executable shell script and returns its path.
func script(t *testing.T, body string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("shell scripts")
	}
	p := filepath.Join(t.TempDir(), "model.sh")
	// Written with no fork under way: a parallel test's child would hold the file open for
	// writing and its exec here fail with "text file busy".
	syscall.ForkLock.Lock()
	err := os.WriteFile(p, []byte("#!/bin/sh\n"+body), 0o755)
	syscall.ForkLock.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A command back end reads the prompt on stdin, from an empty temporary folder, with the
// nested-run variable set, and its answer is what it prints.
func TestCommandRunsFromAnEmptyFolderWithTheNestedVariable(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	p := script(t, `cat > "$1/stdin"; pwd > "$1/pwd"; ls -A > "$1/ls"; echo "$`+NestedEnv+`" > "$1/nested"; echo '{"objectif":["ok"]}'`)
	b, err := New(Spec{Kind: KindCommand, Command: []string{p, out}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := b.Ask(context.Background(), "the whole session")
	if err != nil || strings.TrimSpace(string(got)) != `{"objectif":["ok"]}` {
		t.Fatalf("%q %v", got, err)
	}
	read := func(name string) string {
		data, _ := os.ReadFile(filepath.Join(out, name))
		return strings.TrimSpace(string(data))
	}
	cwd, _ := os.Getwd()
	if read("stdin") != "the whole session" || read("nested") != "1" || read("ls") != "" || read("pwd") == cwd {
		t.Errorf("stdin %q nested %q ls %q pwd %q", read("stdin"), read("nested"), read("ls"), read("pwd"))
	}
	if _, err := os.Stat(read("pwd")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the temporary folder %s is left behind", read("pwd"))
	}
}

func TestCommandFailuresSayWhy(t *testing.T) {
	t.Parallel()
	b, _ := New(Spec{Kind: KindCommand, Command: []string{script(t, "echo 'model overloaded' >&2; exit 3")}})
	if _, err := b.Ask(context.Background(), "x"); err == nil || !strings.Contains(err.Error(), "exit status 3: model overloaded") {
		t.Errorf("%v", err)
	}
	// A command that outlives the deadline is killed with its children.
	b, _ = New(Spec{Kind: KindCommand, Command: []string{script(t, "sleep 60 & sleep 60")}})
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if _, err := b.Ask(ctx, "x"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("%v", err)
	}
}

// The gemini CLI's --output-format json wraps the answer; a command line of the user's own
// may print the answer bare.
func TestGeminiAnswer(t *testing.T) {
	t.Parallel()
	if got := geminiResponse([]byte(`{"session_id":"s","response":"{\"objectif\":[\"x\"]}","stats":{}}`)); string(got) != `{"objectif":["x"]}` {
		t.Errorf("%s", got)
	}
	if got := geminiResponse([]byte(`{"objectif":["x"]}`)); string(got) != `{"objectif":["x"]}` {
		t.Errorf("%s", got)
	}
}

func TestOpenAICompatibleEndpoint(t *testing.T) {
	t.Parallel()
	var got struct {
		path, auth string
		body       map[string]any
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.path, got.auth = r.URL.Path, r.Header.Get("Authorization")
		data, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(data, &got.body)
		if r.URL.Path != "/v1/chat/completions" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"id":"c1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"{\"objectif\":[\"x\"]}"},"finish_reason":"stop"}]}`))
	}))
	defer srv.Close()
	env := map[string]string{"LOCAL_KEY": "sk-local"}
	b, err := New(Spec{Kind: KindOpenAI, BaseURL: srv.URL + "/v1/", Model: "qwen2.5-coder:7b", APIKeyEnv: "LOCAL_KEY", Getenv: func(k string) string { return env[k] }})
	if err != nil {
		t.Fatal(err)
	}
	out, err := b.Ask(context.Background(), "the session")
	if err != nil || string(out) != `{"objectif":["x"]}` {
		t.Fatalf("%q %v", out, err)
	}
	msgs, _ := got.body["messages"].([]any)
	if got.auth != "Bearer sk-local" || got.body["model"] != "qwen2.5-coder:7b" || got.body["stream"] != false || len(msgs) != 1 {
		t.Errorf("request: %+v", got)
	}

	// A base URL without /v1 gets a 404, which says where to look.
	b, _ = New(Spec{Kind: KindOpenAI, BaseURL: srv.URL, Model: "m"})
	if _, err := b.Ask(context.Background(), "x"); err == nil || !strings.Contains(err.Error(), "HTTP 404 (base_url usually ends with /v1)") {
		t.Errorf("%v", err)
	}
	// A key variable that is not set is said, and nothing is sent.
	b, _ = New(Spec{Kind: KindOpenAI, BaseURL: srv.URL + "/v1", Model: "m", APIKeyEnv: "NOT_SET", Getenv: func(string) string { return "" }})
	if _, err := b.Ask(context.Background(), "x"); err == nil || !strings.Contains(err.Error(), "$NOT_SET (api_key_env) is not set") {
		t.Errorf("%v", err)
	}
}
