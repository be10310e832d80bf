package mcpserver

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"carnet/tui/demo"
)

// TestIndexBudgetOnDemo: on the demo's largest project, whose long memory alone is over
// 20,000 characters, the default index stays within 1,500 tokens (4 characters a token),
// in its text and in its structured result alike, and still shows counts, open items, the
// latest day and the newest logs.
func TestIndexBudgetOnDemo(t *testing.T) {
	t.Parallel()
	root := filepath.Join(t.TempDir(), "demo")
	opts := demo.Default(testNow)
	opts.Git = false
	sum, err := demo.Build(root, opts)
	if err != nil {
		t.Fatal(err)
	}
	c := connect(t, root, "claude")
	largest, size := "", 0
	for _, p := range sum.Projects {
		var full IndexOut
		text := c.ok("memory_index", map[string]any{"project": p, "detail": "full"}, &full)
		if len(text) > size {
			largest, size = p, len(text)
		}
	}
	if size < 4*1500*2 {
		t.Fatalf("the demo's largest full index is only %d characters: the test proves nothing", size)
	}
	var out IndexOut
	text := c.ok("memory_index", map[string]any{"project": largest}, &out)
	js, _ := json.Marshal(out)
	t.Logf("default index of %s: text %d, structured %d characters (full: %d)", largest, len(text), len(js), size)
	if len(text) > 1500*4 || len(js) > 1500*4 {
		t.Errorf("index of %s: text %d, structured %d characters, want ≤ 6000 each:\n%s", largest, len(text), len(js), text)
	}
	if out.Counts.Logs == 0 || out.LatestDay == nil || len(out.LatestDay.Sections) == 0 || len(out.Logs) == 0 || !out.Truncated {
		t.Errorf("index lacks its summary: %+v", out)
	}
	if out.LongMemory == nil || out.LongMemory.Content != "" || len(out.LongMemory.Sections) == 0 {
		t.Errorf("long memory should be summarised by sections: %+v", out.LongMemory)
	}
	mustContain(t, "budgeted index", text, "## Latest day: "+out.LatestDay.Date, "## Daily logs", "Sections, newest first")
	if out.Counts.OpenItems > 0 && len(out.OpenItems) == 0 {
		t.Errorf("no open item shown of %d", out.Counts.OpenItems)
	}

	// a smaller budget gives a smaller index; detail full gives everything
	var small IndexOut
	smallText := c.ok("memory_index", map[string]any{"project": largest, "budget": 300}, &small)
	if len(smallText) > 300*4+200 || len(smallText) >= len(text) {
		t.Errorf("budget 300: %d characters", len(smallText))
	}
	var full IndexOut
	fullText := c.ok("memory_index", map[string]any{"project": largest, "detail": "full"}, &full)
	if full.LongMemory == nil || full.LongMemory.Content == "" || len(full.Logs) != full.Counts.Logs || full.Truncated ||
		!strings.Contains(fullText, full.LongMemory.Content) {
		t.Errorf("detail full is not whole: logs %d/%d, truncated %v", len(full.Logs), full.Counts.Logs, full.Truncated)
	}
	c.fail("memory_index", map[string]any{"budget": 10})
	c.fail("memory_index", map[string]any{"detail": "everything"})
}
