package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// carnet promote --yes leaves a fact without evidence a model wrote in its log;
// --accept-unproven takes it; a tried approach never goes.
func TestPromoteUnproven(t *testing.T) {
	for _, accept := range []bool{false, true} {
		root := promoteWS(t)
		log := filepath.Join(root, "memory_sessions/logs/2026-01-10.md")
		data, _ := os.ReadFile(log)
		data = []byte(strings.Replace(string(data), "- The transcript is read from its end.\n",
			"- The transcript is read from its end.\n- The cache is flushed on deploy. <!-- model:haiku -->\n- tried, no effect: a bigger buffer\n", 1))
		if err := os.WriteFile(log, data, 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"--root", root, "promote", "--yes"}
		if accept {
			args = append(args, "--accept-unproven")
		}
		var out, errb strings.Builder
		if code := run(args, strings.NewReader(""), &out, &errb); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		lm, _ := os.ReadFile(filepath.Join(root, "memory_sessions/long_memory.md"))
		if !strings.Contains(string(lm), "The transcript is read from its end.") || strings.Contains(string(lm), "a bigger buffer") {
			t.Fatalf("long memory:\n%s", lm)
		}
		if got := strings.Contains(string(lm), "The cache is flushed on deploy."); got != accept {
			t.Fatalf("accept %v: the unproven fact promoted %v:\n%s\n%s", accept, got, lm, out.String())
		}
		if !accept && !strings.Contains(out.String(), "unproven: 1 fact without evidence shown above and not applied (--accept-unproven") {
			t.Fatalf("output:\n%s", out.String())
		}
	}
}
