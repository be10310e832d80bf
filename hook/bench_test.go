package hook

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"carnet/capture"
	"carnet/hook/transcript"
	"carnet/memstore"
)

// BenchmarkCapture measures the hook's own work on one Stop — read the last turn from the
// end of the transcript, extract it heuristically, merge it into today's log (a write) —
// without process start. Transcripts come from scripts/gen-transcript.go, generated into a
// temp folder for the run; every size ends with the same last turn. Besides ns/op (a mean,
// which carries the fsyncs' spikes) it reports the median and the 90th percentile of the
// captures timed one by one (p50-ms, p90-ms): the budget is a median.
//
//	go test ./hook -run '^$' -bench Capture -benchmem
func BenchmarkCapture(b *testing.B) {
	dir := b.TempDir()
	ws := filepath.Join(dir, "ws")
	if err := os.Mkdir(ws, 0o755); err != nil {
		b.Fatal(err)
	}
	if _, err := memstore.Init(ws, ""); err != nil {
		b.Fatal(err)
	}
	w, err := memstore.Open(ws)
	if err != nil {
		b.Fatal(err)
	}
	p := w.Projects[0]
	log := p.WS.Abs(p.LogPath(memstore.Date(fixedNow())))
	for _, size := range []string{"10KB", "50MB", "200MB"} {
		tr := generate(b, dir, size, ws)
		b.Run(size, func(b *testing.B) {
			ctx := context.Background()
			h := capture.Heuristic{Language: "fr"}
			times := make([]time.Duration, 0, b.N)
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				// Each run is the day's first capture (its log and the log's ledger are made) in a
				// memory folder that has had captures before (logs/.debug/ is there).
				os.Remove(log)
				ledgers, _ := filepath.Glob(filepath.Join(p.WS.Abs(p.DebugDir()), "captured", "*"))
				for _, l := range ledgers {
					os.Remove(l)
				}
				syncPath(p.WS.Abs(p.LogsDir())) // the removal reaches the disk before the timer, not in the capture's fsync
				b.StartTimer()
				start := time.Now()
				t, err := transcript.ReadTurn(ctx, tr, transcript.ReadOptions{})
				if err != nil {
					b.Fatal(err)
				}
				t.Root = w.Root
				r, _, _ := h.Extract(ctx, t, &capture.Session{})
				res := &memstore.MergeResult{}
				if _, err := p.Write(memstore.Change{Writer: "hook", Now: fixedNow()}, func(tx *memstore.Tx) error {
					_, err := capture.Apply(tx, r, res)
					return err
				}); err != nil || len(res.Added) == 0 {
					b.Fatalf("merge: %v %+v", err, res)
				}
				times = append(times, time.Since(start))
			}
			reportQuantiles(b, times)
		})
	}
}

// reportQuantiles reports the median and the 90th percentile of times, in milliseconds.
func reportQuantiles(b *testing.B, times []time.Duration) {
	if len(times) == 0 {
		return
	}
	slices.Sort(times)
	q := func(f float64) float64 {
		return float64(times[int(f*float64(len(times)-1)+0.5)]) / float64(time.Millisecond)
	}
	b.ReportMetric(q(0.5), "p50-ms")
	b.ReportMetric(q(0.9), "p90-ms")
}

// syncPath syncs a file or a folder (on a journaling file system, the pending journal with it).
func syncPath(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

// generate writes a transcript of size with scripts/gen-transcript.go (once per benchmark).
func generate(b *testing.B, dir, size, cwd string) string {
	b.Helper()
	tr := filepath.Join(dir, "t"+size+".jsonl")
	if out, err := exec.Command("go", "run", "../scripts/gen-transcript.go", "-size", size, "-o", tr, "-cwd", cwd).CombinedOutput(); err != nil {
		b.Skipf("cannot generate the transcript: %v\n%s", err, out)
	}
	// Written back now, not during the runs: a 200 MB write-back delays every fsync the
	// capture makes, which a transcript written a turn at a time does not.
	syncPath(tr)
	return tr
}

// BenchmarkReadTurn isolates the transcript reader.
func BenchmarkReadTurn(b *testing.B) {
	tr := generate(b, b.TempDir(), "200MB", "/home/dev/project")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := transcript.ReadTurn(context.Background(), tr, transcript.ReadOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadMissed is what the hook adds to a turn when every turn had its hook: the
// lines the previous turn wrote after its hook read the file (here its last 2 kB) are
// read back to find that they hold no prompt.
func BenchmarkReadMissed(b *testing.B) {
	tr := generate(b, b.TempDir(), "200MB", "/home/dev/project")
	ctx := context.Background()
	t, err := transcript.ReadTurn(ctx, tr, transcript.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		missed, err := transcript.ReadMissed(ctx, tr, transcript.FormatClaude, t.Start-2048, t)
		if err != nil || len(missed) > 0 {
			b.Fatalf("%d turns, %v", len(missed), err)
		}
	}
}
