package hook

import (
	"carnet/hook/extract"
	"carnet/hook/transcript/transcripttest"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestCheckGateCodex(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tr := filepath.Join(t.TempDir(), "rollout.jsonl")
	fx := extract.NewPathFixer("/repo")
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
