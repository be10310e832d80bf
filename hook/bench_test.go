package hook

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"carnet/memstore"
)

// BenchmarkCapture measures the hook's own work on one Stop — read the last turn from the
// end of the transcript, extract it heuristically, merge it into today's log (a write) —
// without process start. Transcripts come from scripts/gen-transcript.go, generated into a
// temp folder for the run; every size ends with the same last turn.
//
//	go test ./hook -run '^$' -bench Capture -benchmem
func BenchmarkCapture(b *testing.B) {
	for _, size := range []string{"10KB", "50MB", "200MB"} {
		b.Run(size, func(b *testing.B) {
			dir := b.TempDir()
			ws := filepath.Join(dir, "ws")
			if _, err := memstore.Init(ws, ""); err != nil {
				b.Fatal(err)
			}
			tr := filepath.Join(dir, "t.jsonl")
			gen := exec.Command("go", "run", "../scripts/gen-transcript.go", "-size", size, "-o", tr, "-cwd", ws)
			if out, err := gen.CombinedOutput(); err != nil {
				b.Skipf("cannot generate the transcript: %v\n%s", err, out)
			}
			w, err := memstore.Open(ws)
			if err != nil {
				b.Fatal(err)
			}
			p := w.Projects[0]
			ctx := context.Background()
			h := Heuristic{Language: "fr"}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				os.RemoveAll(p.LogsDir())
				os.MkdirAll(p.LogsDir(), 0o755)
				b.StartTimer()
				t, err := ReadTurn(ctx, tr, ReadOptions{})
				if err != nil {
					b.Fatal(err)
				}
				t.Root = w.Root
				e, _, _ := h.Extract(ctx, t)
				res, err := p.Merge(e, fixedNow())
				if err != nil || len(res.Added) == 0 {
					b.Fatalf("merge: %v %+v", err, res)
				}
			}
		})
	}
}

// BenchmarkReadTurn isolates the transcript reader.
func BenchmarkReadTurn(b *testing.B) {
	dir := b.TempDir()
	tr := filepath.Join(dir, "t.jsonl")
	if out, err := exec.Command("go", "run", "../scripts/gen-transcript.go", "-size", "200MB", "-o", tr).CombinedOutput(); err != nil {
		b.Skipf("cannot generate the transcript: %v\n%s", err, out)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ReadTurn(context.Background(), tr, ReadOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
