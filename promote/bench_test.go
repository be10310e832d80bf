package promote

import (
	"testing"
)

// BenchmarkPlan1000Logs plans a project with 1,000 daily logs (970 of them to archive) and a
// 450-line long memory: the goal is well under a second.
func BenchmarkPlan1000Logs(b *testing.B) {
	w := newWS(b)
	for n := range 1000 {
		w.write(b, logRel(n), genLog(n))
	}
	w.write(b, lmRel, genLongMemory("cmms_doc", 450, 1))
	b.ResetTimer()
	var pl *Plan
	for i := 0; i < b.N; i++ {
		var err error
		pl, err = Compute(w.p, Options{}, testNow)
		if err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if len(pl.Archived) != 969 || len(pl.Lost) != 0 {
		b.Fatalf("unexpected plan: %s (%d lost)", pl.Summary(), len(pl.Lost))
	}
	b.ReportMetric(float64(len(pl.Changes)), "changes")
	b.Log(pl.Summary())
}
