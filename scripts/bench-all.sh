#!/usr/bin/env bash
# Every benchmark of BENCHMARKS.md, in one run. Each part can also be run on its own; see
# BENCHMARKS.md for the command of each table. Never run by CI: timings belong here, not in tests.
set -euo pipefail
cd "$(dirname "$0")/.."
count="${COUNT:-5}"

echo "== memstore: merge, parse, secret guard"
go test ./memstore -run '^$' -bench 'Merge20KB|ParseLongMemory300' -benchmem -count "$count"
go test ./secret -run '^$' -bench 'DetectSecret' -benchmem -count "$count"
echo "== memstore: timeline of 50 commits vs git log"
scripts/bench-timeline.sh 10
echo "== start-up: what every process pays before main, and who links it"
go run scripts/bench-startup.go
echo "== hook: own work, then whole process"
go test ./hook -run '^$' -bench . -benchmem -count "$count"
go test ./shell -run '^$' -bench Parse -benchmem -count "$count"
scripts/bench-hook.sh 31
echo "== hook: the reference check on a repository the size of git/git (CARNET_STALE_REPO, else skipped)"
scripts/bench-stale.sh 21
echo "== promote: plan for 1,000 logs"
go test ./promote -run '^$' -bench Plan1000 -benchmem -count "$count"
echo "== tui: View, preview, loading; then time to first frame"
go test ./tui -run '^$' -bench . -benchmem -count 3
scripts/bench-tui.sh 30
echo "== search: carnet search and memory_search against rg -ni, then against engram"
scripts/bench-search.sh
scripts/bench-engram.sh
