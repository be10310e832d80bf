package transcript

import (
	"carnet/hook/transcript/transcripttest"
	"reflect"
	"strings"
	"testing"
)

func TestShellWrites(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		cmd  string
		want []string
	}{
		{"go test ./... 2>&1 | tail -5", nil},
		{"echo hi > notes.txt", []string{"notes.txt"}},
		{"echo hi >>notes.txt; cat a.go >/dev/null 2>/tmp/err", []string{"notes.txt"}},
		{"printf 'a > b' | tee -a out.log other.log", []string{"out.log", "other.log"}},
		{"sed -i 's/a/b/' pkg/x.go", []string{"pkg/x.go"}},
		{"sed -n '1,10p' pkg/x.go", nil},
		{"perl -pi -e 's/a/b/' y.go", []string{"y.go"}},
		{"cp a.go b.go && mv c.go d/", []string{"b.go", "d/c.go", "c.go"}},
		{"cat > main.go <<'EOF'\npackage main\nfunc f() { x > y }\nEOF\ngofmt -l .", []string{"main.go"}},
		{"grep -r 'x > y' . # > not.txt", nil},
		{`echo "$X" > "$OUT"`, nil},
		{"cmd &> all.log", []string{"all.log"}},
		{"cat <<< 'x' > h.txt", []string{"h.txt"}},
		{"cd web && rm -f old.ts /tmp/scratch && echo x > .env", []string{"web/.env", "web/old.ts"}},
		{"bash -lc 'sed -i s/a/b/ x.go'", []string{"x.go"}},
	} {
		if _, got := shellWork(c.cmd, ""); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.cmd, got, c.want)
		}
	}
}

func TestIsCarnetMCPWrite(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{
		"carnet__memory_add": true, "mcp__carnet__memory_done": true, "carnet__memory_read": false,
		"other__memory_add": false, "memory_add": false, "mcp__carnet__memory_forget": true,
	} {
		if isCarnetMCPWrite(name) != want {
			t.Errorf("%s: want %v", name, want)
		}
	}
}

func TestScanCodexActivity(t *testing.T) {
	t.Parallel()
	r := &transcripttest.Rollout{}
	r.Item("event_msg", map[string]any{"type": "user_message", "message": "fix it"})
	r.Shell("go test ./...").Patch("pkg/a.go", "pkg/b.go").Shell("echo x > notes.md").Patch("pkg/a.go")
	data := r.String()
	act := scanCodexActivity(strings.NewReader(data), int64(len(data)))
	if act.Tools != 4 || act.Stores != 0 || !reflect.DeepEqual(act.Edits, []string{"pkg/b.go", "notes.md", "pkg/a.go"}) {
		t.Fatalf("%+v", act)
	}
	// Stores: carnet add through the shell, MCP calls in every naming, mcp_tool_call_end once per call.
	for _, c := range []struct {
		name string
		add  func(*transcripttest.Rollout)
	}{
		{"shell", func(r *transcripttest.Rollout) { r.Shell(`carnet -p api add --section decisions "x"`) }},
		{"done", func(r *transcripttest.Rollout) { r.Shell(`/usr/local/bin/carnet done "x"`) }},
		{"legacy", func(r *transcripttest.Rollout) { r.Call("carnet__memory_add", "") }},
		{"mcp", func(r *transcripttest.Rollout) { r.Call("mcp__carnet__memory_done", "") }},
		{"namespace", func(r *transcripttest.Rollout) { r.Call("memory_add", "mcp__carnet__") }},
		{"event", func(r *transcripttest.Rollout) {
			r.Item("event_msg", map[string]any{"type": "mcp_tool_call_end", "call_id": "m1", "invocation": map[string]any{"server": "carnet", "tool": "memory_add"}})
		}},
	} {
		r := &transcripttest.Rollout{}
		r.Patch("x.go")
		c.add(r)
		data := r.String()
		if act := scanCodexActivity(strings.NewReader(data), int64(len(data))); act.Stores != 1 {
			t.Errorf("%s: %+v", c.name, act)
		}
	}
	// A read through MCP is not a store.
	r = &transcripttest.Rollout{}
	r.Patch("x.go").Call("mcp__carnet__memory_read", "")
	data = r.String()
	if act := scanCodexActivity(strings.NewReader(data), int64(len(data))); act.Stores != 0 || act.Tools != 2 {
		t.Errorf("read: %+v", act)
	}
}

// A patch too big to hold in memory is still seen as an edit of the files its head names.
func TestScanCodexActivityHugePatch(t *testing.T) {
	t.Parallel()
	body := strings.Repeat("+filler line of the added file\n", (maxLine/30)+1000)
	r := &transcripttest.Rollout{}
	r.Shell("ls")
	r.Item("response_item", map[string]any{"type": "custom_tool_call", "name": "apply_patch", "call_id": "big",
		"input": "*** Begin Patch\n*** Add File: data/big.txt\n" + body + "*** End Patch\n"})
	r.Item("response_item", map[string]any{"type": "custom_tool_call_output", "call_id": "big", "output": "ok"})
	data := r.String()
	act := scanCodexActivity(strings.NewReader(data), int64(len(data)))
	if act.Tools != 2 || !reflect.DeepEqual(act.Edits, []string{"data/big.txt"}) {
		t.Fatalf("%+v", act)
	}
}

// A shell call's workdir is the folder of the files it writes, for the gate as for capture;
// so is a local_shell_call's working_directory.
func TestCodexActivityWorkdir(t *testing.T) {
	t.Parallel()
	r := &transcripttest.Rollout{}
	r.Item("response_item", map[string]any{"type": "function_call", "name": "exec_command", "call_id": "c1",
		"arguments": `{"cmd":"echo x > a.json && cd sub && touch b.txt","workdir":"/repo/web"}`})
	r.Item("response_item", map[string]any{"type": "local_shell_call", "call_id": "c2",
		"action": map[string]any{"type": "exec", "command": []string{"bash", "-lc", "touch c.txt"}, "working_directory": "/repo/api"}})
	data := r.String()
	act := scanCodexActivity(strings.NewReader(data), int64(len(data)))
	if want := []string{"/repo/web/a.json", "/repo/web/sub/b.txt", "/repo/api/c.txt"}; !reflect.DeepEqual(act.Edits, want) {
		t.Errorf("edits %q, want %q", act.Edits, want)
	}
}
