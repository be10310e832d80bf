package hook

import (
	"carnet/capture"
	"carnet/hook/transcript/transcripttest"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestCheckGateCodex(t *testing.T) {
	t.Parallel()
	dir := testProject(t)
	tr := filepath.Join(t.TempDir(), "rollout.jsonl")
	fx := capture.NewPathFixer("/repo")
	r := &transcripttest.Rollout{}
	r.Shell("ls").Patch("/repo/pkg/a.go").Shell("go test ./...")
	r.Write(t, tr)
	res, err := checkGate(dir, "s1", tr, fx, "")
	if err != nil || !res.Block || !reflect.DeepEqual(res.Edits, []string{"pkg/a.go"}) || !strings.Contains(res.Message, "carnet add --section decisions") {
		t.Fatalf("%+v %v", res, err)
	}
	// Only what came after the previous check is judged.
	r.Shell(`carnet add --section decisions "x"`).Write(t, tr)
	if res, err := checkGate(dir, "s1", tr, fx, ""); err != nil || res.Block {
		t.Fatalf("after carnet add: %+v %v", res, err)
	}
	r.Patch("pkg/c.go").Write(t, tr)
	if res, _ := checkGate(dir, "s1", tr, fx, "api"); !res.Block || !reflect.DeepEqual(res.Edits, []string{"pkg/c.go"}) || !strings.Contains(res.Message, "carnet add -p api") {
		t.Fatalf("again: %+v", res)
	}
	// No transcript: nothing to judge.
	if res, err := checkGate(dir, "s2", "", fx, ""); err != nil || res.Block {
		t.Fatalf("no transcript: %+v %v", res, err)
	}
}

// The gate's and the task record's state files live in the debug folder, which a clone can
// bring as a link (it is not the user's): a planted link is refused, nothing is written
// where it points, and the hook goes on.
func TestHookStateRefusesPlantedLinks(t *testing.T) {
	t.Parallel()
	p := testProject(t)
	if err := p.MakeDebugDir(); err != nil {
		t.Fatal(err)
	}
	elsewhere := t.TempDir()
	for _, dir := range []string{"gate", "sessions"} {
		if err := os.Symlink(elsewhere, p.WS.Abs(path.Join(p.DebugDir(), dir))); err != nil {
			t.Fatal(err)
		}
	}
	tr := filepath.Join(t.TempDir(), "rollout.jsonl")
	r := &transcripttest.Rollout{}
	r.Shell("ls").Patch("/repo/pkg/a.go").Shell("go test ./...")
	r.Write(t, tr)
	if _, err := checkGate(p, "s1", tr, capture.NewPathFixer("/repo"), ""); err == nil {
		t.Error("the gate wrote its state through a link")
	}
	if err := p.WriteState(sessionPath("s1"), (&capture.Session{Next: []string{"Fetch the data"}}).Bytes()); err == nil {
		t.Error("the session state was written through a link")
	}
	if ents, _ := os.ReadDir(elsewhere); len(ents) != 0 {
		t.Errorf("written where the link points: %v", ents)
	}
}
