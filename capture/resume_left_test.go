package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// The to-do of an interrupted turn whose prompt listed the parts to build names those no
// changed file covers yet (their heads, before a colon); a prompt without a list gives
// the last file changed, as before.
func TestResumeSaysWhatIsLeftToBuild(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("New repo: gateway - Target: REST to MQTT bridge\n\n MQTT client with topic subscriptions\n - REST endpoints: publish, subscribe\n JWT authentication + rate limiting\n Docker Compose (broker + gateway)")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/src/mqtt/client.py"})
	b.Result("w1", "ok", false)
	b.Use("m1", "w2", "Write", map[string]any{"file_path": "/home/dev/proj/src/models.py"})
	b.Result("w2", "ok", false)
	b.Say("m2", "Provider API request failed.\n\nProvider exception:\nRequest timed out.")
	e := extractEN(t, b, "/home/dev/proj")
	want := "Resume the interrupted work, left to build: REST endpoints; JWT authentication + rate limiting; Docker Compose (broker + gateway)"
	if !slices.Equal(e.Next, []string{want}) {
		t.Errorf("next = %q, want %q", e.Next, want)
	}

	b = &transcripttest.Claude{}
	b.Prompt("Scaffold the gateway with an MQTT client")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/main.py"})
	b.Result("w1", "ok", false)
	b.Say("m2", "Provider API request failed.\n\nProvider exception:\nRequest timed out.")
	if e := extractEN(t, b, "/home/dev/proj"); !slices.Equal(e.Next, []string{"Resume the interrupted work (last file changed: main.py)"}) {
		t.Errorf("next = %q", e.Next)
	}
}
