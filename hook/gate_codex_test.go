package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestShellWrites(t *testing.T) {
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
		{"cp a.go b.go && mv c.go d/", []string{"b.go", "d/"}},
		{"cat > main.go <<'EOF'\npackage main\nfunc f() { x > y }\nEOF\ngofmt -l .", []string{"main.go"}},
		{"grep -r 'x > y' . # > not.txt", nil},
		{`echo "$X" > "$OUT"`, nil},
		{"cmd &> all.log", []string{"all.log"}},
		{"cat <<< 'x' > h.txt", []string{"h.txt"}},
	} {
		if got := shellWrites(c.cmd); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.cmd, got, c.want)
		}
	}
}

func TestIsCarnetMCPWrite(t *testing.T) {
	for name, want := range map[string]bool{
		"carnet__memory_add": true, "mcp__carnet__memory_done": true, "carnet__memory_read": false,
		"other__memory_add": false, "memory_add": false, "mcp__carnet__memory_forget": true,
	} {
		if isCarnetMCPWrite(name) != want {
			t.Errorf("%s: want %v", name, want)
		}
	}
}

// codexGateRollout builds rollout lines for the gate tests.
type codexGateRollout struct {
	lines []string
	n     int
}

func (r *codexGateRollout) item(typ string, payload map[string]any) *codexGateRollout {
	b, _ := json.Marshal(map[string]any{"timestamp": "2026-03-22T10:00:00Z", "type": typ, "payload": payload})
	r.lines = append(r.lines, string(b))
	return r
}

func (r *codexGateRollout) id() string { r.n++; return "call_" + itoa(r.n) }

func (r *codexGateRollout) shell(cmd string) *codexGateRollout {
	args, _ := json.Marshal(map[string]any{"command": []string{"bash", "-lc", cmd}})
	id := r.id()
	r.item("response_item", map[string]any{"type": "function_call", "name": "shell", "arguments": string(args), "call_id": id})
	return r.item("response_item", map[string]any{"type": "function_call_output", "call_id": id, "output": "ok"})
}

func (r *codexGateRollout) patch(files ...string) *codexGateRollout {
	p := "*** Begin Patch\n"
	for _, f := range files {
		p += "*** Update File: " + f + "\n@@\n-a\n+b\n"
	}
	p += "*** End Patch\n"
	return r.item("response_item", map[string]any{"type": "custom_tool_call", "name": "apply_patch", "input": p, "call_id": r.id()})
}

func (r *codexGateRollout) call(name, namespace string) *codexGateRollout {
	pl := map[string]any{"type": "function_call", "name": name, "arguments": `{"section":"decisions","text":"x"}`, "call_id": r.id()}
	if namespace != "" {
		pl["namespace"] = namespace
	}
	return r.item("response_item", pl)
}

func (r *codexGateRollout) write(t *testing.T, path string) {
	t.Helper()
	head := `{"timestamp":"2026-03-22T10:00:00Z","type":"session_meta","payload":{"id":"s-codex","cwd":"/repo"}}` + "\n"
	if _, err := os.Stat(path); err == nil {
		head = ""
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(head + strings.Join(r.lines, "\n") + "\n")
	f.Close()
	r.lines = nil
}

func TestScanCodexActivity(t *testing.T) {
	r := &codexGateRollout{}
	r.item("event_msg", map[string]any{"type": "user_message", "message": "fix it"})
	r.shell("go test ./...").patch("pkg/a.go", "pkg/b.go").shell("echo x > notes.md").patch("pkg/a.go")
	data := strings.Join(r.lines, "\n") + "\n"
	act := scanCodexActivity(strings.NewReader(data), int64(len(data)))
	if act.tools != 4 || act.stores != 0 || !reflect.DeepEqual(act.edits, []string{"pkg/b.go", "notes.md", "pkg/a.go"}) {
		t.Fatalf("%+v", act)
	}
	// Stores: carnet add through the shell, MCP calls in every naming, mcp_tool_call_end once per call.
	for _, c := range []struct {
		name string
		add  func(*codexGateRollout)
	}{
		{"shell", func(r *codexGateRollout) { r.shell(`carnet -p api add --section decisions "x"`) }},
		{"done", func(r *codexGateRollout) { r.shell(`/usr/local/bin/carnet done "x"`) }},
		{"legacy", func(r *codexGateRollout) { r.call("carnet__memory_add", "") }},
		{"mcp", func(r *codexGateRollout) { r.call("mcp__carnet__memory_done", "") }},
		{"namespace", func(r *codexGateRollout) { r.call("memory_add", "mcp__carnet__") }},
		{"event", func(r *codexGateRollout) {
			r.item("event_msg", map[string]any{"type": "mcp_tool_call_end", "call_id": "m1", "invocation": map[string]any{"server": "carnet", "tool": "memory_add"}})
		}},
	} {
		r := &codexGateRollout{}
		r.patch("x.go")
		c.add(r)
		data := strings.Join(r.lines, "\n") + "\n"
		if act := scanCodexActivity(strings.NewReader(data), int64(len(data))); act.stores != 1 {
			t.Errorf("%s: %+v", c.name, act)
		}
	}
	// A read through MCP is not a store.
	r = &codexGateRollout{}
	r.patch("x.go").call("mcp__carnet__memory_read", "")
	data = strings.Join(r.lines, "\n") + "\n"
	if act := scanCodexActivity(strings.NewReader(data), int64(len(data))); act.stores != 0 || act.tools != 2 {
		t.Errorf("read: %+v", act)
	}
}

func TestCheckGateCodex(t *testing.T) {
	dir := t.TempDir()
	tr := filepath.Join(t.TempDir(), "rollout.jsonl")
	fx := newPathFixer("/repo")
	r := &codexGateRollout{}
	r.shell("ls").patch("/repo/pkg/a.go").shell("go test ./...")
	r.write(t, tr)
	res, err := checkGate(dir, "s1", tr, fx, "")
	if err != nil || !res.Block || !reflect.DeepEqual(res.Edits, []string{"pkg/a.go"}) || !strings.Contains(res.Message, "carnet add --section decisions") {
		t.Fatalf("%+v %v", res, err)
	}
	// Only what came after the previous check is judged.
	r.shell(`carnet add --section decisions "x"`).write(t, tr)
	if res, err := checkGate(dir, "s1", tr, fx, ""); err != nil || res.Block {
		t.Fatalf("after carnet add: %+v %v", res, err)
	}
	r.patch("pkg/c.go").write(t, tr)
	if res, _ := checkGate(dir, "s1", tr, fx, "api"); !res.Block || !reflect.DeepEqual(res.Edits, []string{"pkg/c.go"}) || !strings.Contains(res.Message, "carnet add -p api") {
		t.Fatalf("again: %+v", res)
	}
	// No transcript: nothing to judge.
	if res, err := checkGate(dir, "s2", "", fx, ""); err != nil || res.Block {
		t.Fatalf("no transcript: %+v %v", res, err)
	}
}

// A patch too big to hold in memory is still seen as an edit of the files its head names.
func TestScanCodexActivityHugePatch(t *testing.T) {
	body := strings.Repeat("+filler line of the added file\n", (maxLine/30)+1000)
	r := &codexGateRollout{}
	r.shell("ls")
	r.item("response_item", map[string]any{"type": "custom_tool_call", "name": "apply_patch", "call_id": "big",
		"input": "*** Begin Patch\n*** Add File: data/big.txt\n" + body + "*** End Patch\n"})
	r.item("response_item", map[string]any{"type": "custom_tool_call_output", "call_id": "big", "output": "ok"})
	data := strings.Join(r.lines, "\n") + "\n"
	act := scanCodexActivity(strings.NewReader(data), int64(len(data)))
	if act.tools != 2 || !reflect.DeepEqual(act.edits, []string{"data/big.txt"}) {
		t.Fatalf("%+v", act)
	}
}
