#!/usr/bin/env bash
# Time to the first frame of the UI on a large workspace (20 projects × 365 daily logs),
# process start included: carnet quits as soon as the project list is drawn
# (CARNET_TUI_FIRST_FRAME=exit). The UI needs a terminal, so the runs happen in a tmux pane
# at 120x40; hyperfine measures them when it is installed, else a loop with date.
#
#   scripts/bench-tui.sh [RUNS]
#
# Then the Go benchmarks: go test ./tui/ -run '^$' -bench . -benchmem
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-30}
tmp=$(mktemp -d)
trap 'tmux -L carnet-bench kill-server 2>/dev/null || true; rm -rf "$tmp"' EXIT

go build -o "$tmp/carnet" ./cmd/carnet
"$tmp/carnet" demo "$tmp/ws" --no-tui --projects 20 --days 365 --log-kb 20
echo "logs: $(find "$tmp/ws" -path '*/logs/*.md' | wc -l) in $(find "$tmp/ws" -name memory_sessions | wc -l) projects"

cat >"$tmp/run.sh" <<RUN
#!/usr/bin/env bash
export CARNET_TUI_LOG=$tmp/tui.log TERM=xterm-256color
cmd="$tmp/carnet --root $tmp/ws"
if command -v hyperfine >/dev/null; then
	hyperfine --warmup 3 --runs $runs --style basic --export-markdown $tmp/result.md \
		-n "first frame: the project list" "CARNET_TUI_FIRST_FRAME=exit \$cmd" \
		-n "open-item counts in (every log read)" "CARNET_TUI_FIRST_FRAME=counts \$cmd" >$tmp/hyperfine.log 2>&1
else
	export CARNET_TUI_FIRST_FRAME=exit
	for i in \$(seq $runs); do
		s=\$(date +%s%N); \$cmd >/dev/null; e=\$(date +%s%N)
		echo \$(( (e - s) / 1000 ))
	done | sort -n | awk '{a[NR]=\$1} END {printf "| runs | min | median | max |\\n|---|---|---|---|\\n| %d | %.1f ms | %.1f ms | %.1f ms |\\n", NR, a[1]/1000, a[int((NR+1)/2)]/1000, a[NR]/1000}' >$tmp/result.md
fi
touch $tmp/done
RUN
chmod +x "$tmp/run.sh"
tmux -L carnet-bench -f /dev/null new-session -d -s bench -x 120 -y 40 "$tmp/run.sh"
for _ in $(seq 600); do [ -e "$tmp/done" ] && break; sleep 0.5; done
echo "time to the first frame (project list), 20 × 365 logs:"
cat "$tmp/result.md"
