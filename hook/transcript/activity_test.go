package transcript

import "testing"

func TestStoresMemory(t *testing.T) {
	for cmd, want := range map[string]bool{
		`carnet add --section decisions "x"`:    true,
		`carnet -p api add -s travail x`:        true,
		`/usr/local/bin/carnet done fix parser`: true,
		`cd sub && carnet done "x"`:             true,
		`carnet load`:                           false,
		`echo carnet`:                           false,
		`git add carnet.go`:                     false,
	} {
		if got := storesMemory(&ToolUse{Name: "Bash", Command: cmd}); got != want {
			t.Errorf("storesMemory(%q) = %v", cmd, got)
		}
	}
	if !storesMemory(&ToolUse{Name: "mcp__carnet__memory_write"}) || storesMemory(&ToolUse{Name: "mcp__carnet__memory_read"}) {
		t.Error("MCP tools")
	}
}
