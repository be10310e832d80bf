package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// What a person or an agent wrote survives a day of captured turns byte for byte: capture
// consolidates only the bullets it wrote itself. The day holds a person's decision
// (`carnet add`), an agent's decision (the MCP tool), and a bullet capture wrote that a
// person then edited by hand; the turns that follow revert "the hover styling change"
// (which, in a capture-only day, would drop the choice it undoes), fix the failure the
// edited bullet is about, and restate the subject of both decisions.
func TestCaptureKeepsWhatOthersWrote(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := hookWorkspace(t, "")
	logPath := filepath.Join(ws, "memory_sessions", "logs", hookDay+".md")

	person := "Hover styling on the settings page: an inset shadow, not an overlay"
	if r := runCarnet(t, bin, nil, nil, "--root", ws, "add", "-s", "decisions", person); r.code != 0 {
		t.Fatalf("carnet add: %+v", r)
	}
	mcp := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"probe","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"memory_add","arguments":{"section":"decisions","bullets":["The hover styling change on the settings page uses the accent colour, for contrast"]}}}`,
	}, "\n") + "\n"
	if r := runCarnet(t, bin, []byte(mcp), nil, "--root", ws, "mcp", "--client", "claude"); r.code != 0 || !strings.Contains(r.stdout, "Added to") {
		t.Fatalf("carnet mcp: %+v", r)
	}

	b := &transcripttest.Claude{}
	b.Prompt("Style the hover of the settings page").
		Use("m1", "t1", "Edit", map[string]any{"file_path": filepath.Join(ws, "settings.css"), "old_string": "a", "new_string": "b"}).
		Result("t1", "The file has been updated.", false).
		Use("m1", "t2", "Bash", map[string]any{"command": "npm test"}).
		Result("t2", "Error: expected shadow to be inset, got overlay", true).
		Say("m1", "Styled the hover; the test fails on the shadow.")
	tr := filepath.Join(t.TempDir(), "s1.jsonl")
	write := func() {
		if err := os.WriteFile(tr, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stop := func() {
		t.Helper()
		write()
		if r := runCarnet(t, bin, hookInput("Stop", tr, ws, nil), nil, "--root", ws, "--hook"); r.code != 0 {
			t.Fatalf("hook: %+v", r)
		}
	}
	stop()

	// a person edits the failure capture wrote
	data, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	log := string(data)
	i := strings.Index(log, "- Échec de `npm test`")
	if i < 0 {
		t.Fatalf("the failure was not captured:\n%s", log)
	}
	end := i + strings.IndexByte(log[i:], '\n')
	edited := log[i:end] + " (seen on CI only)"
	log = log[:i] + edited + log[end:]
	if err := os.WriteFile(logPath, []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}

	b.Prompt("undo the last change").
		Use("m2", "t3", "Edit", map[string]any{"file_path": filepath.Join(ws, "settings.css"), "old_string": "b", "new_string": "a"}).
		Result("t3", "The file has been updated.", false).
		Say("m2", "Reverted the hover styling change in the settings page.")
	stop()
	b.Prompt("run the tests again").
		Use("m3", "t4", "Bash", map[string]any{"command": "npm test"}).
		Result("t4", "All tests passed.", false).
		Say("m3", "The tests pass now. The settings page hover styling now uses an inset shadow.")
	stop()
	write()
	if r := runCarnet(t, bin, hookInput("SessionEnd", tr, ws, nil), nil, "--root", ws, "--hook"); r.code != 0 {
		t.Fatalf("hook: %+v", r)
	}

	data, err = os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	for _, want := range []string{
		"\n- " + person + "\n",
		"\n- The hover styling change on the settings page uses the accent colour, for contrast <!-- agent:claude -->\n",
		"\n" + edited + "\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("capture changed or removed %q:\n%s", strings.TrimSpace(want), got)
		}
	}
}
