#!/usr/bin/env bash
# Every benchmark of BENCHMARKS.md, in one run. Each part can also be run on its own; see
# BENCHMARKS.md for the command of each table. Never run by CI: timings belong here, not in tests.
set -euo pipefail
cd "$(dirname "$0")/.."
count="${COUNT:-5}"

echo "== memstore: merge, parse, secret guard"
go test ./memstore -run '^$' -bench 'Merge20KB|ParseLongMemory300|ParseConfig20K' -benchmem -count "$count"
go test ./memstore -run '^$' -bench UICommit -benchmem -benchtime 10x -count "$count"
go test ./secret -run '^$' -bench 'DetectSecret' -benchmem -count "$count"
go test ./secret -run 'TestDetect(Corpus|HeldOut|Fresh|Untuned)' -v -count 1
echo "== memstore: timeline of 50 commits vs git log; commits through git and go-git"
scripts/bench-timeline.sh 10
go test ./memstore/gitrepo -run '^$' -bench 'Commit(Git|GoGit)$' -benchtime 10x -count "$count"
echo "== start-up: what every process pays before main, and who links it"
go run scripts/bench-startup.go
echo "== hook: own work, then whole process"
go test ./hook -run '^$' -bench . -benchmem -count "$count"
go test ./capture -run '^$' -bench ReadCueTables -benchmem -count "$count"
go test ./shell -run '^$' -bench Parse -benchmem -count "$count"
scripts/bench-hook.sh 31
echo "== hook: the reference check on a repository the size of git/git (CARNET_STALE_REPO, else skipped)"
scripts/bench-stale.sh 21
echo "== promote: plan for 1,000 logs"
go test ./promote -run '^$' -bench Plan1000 -benchmem -count "$count"
echo "== tui: View, preview, loading; then time to first frame"
go test ./tui -run '^$' -bench . -benchmem -count 3
scripts/bench-tui.sh 21
echo "== search: carnet search and memory_search against rg -ni, then against engram"
scripts/bench-search.sh
go test ./memstore -run '^$' -bench Search20x365 -benchmem -benchtime 5x -count "$count"
go test ./mcpserver -run TestConcurrentClients -v -count 1
scripts/bench-engram.sh
