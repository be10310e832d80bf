#!/usr/bin/env bash
# Time until the UI's project list is visible in a real terminal, and then its open-item
# counts: carnet runs in a tmux pane (120x40) on a large workspace (20 projects × 365 daily
# logs), as a person starts it. scripts/bench-tui.go does the timing: a tmux control-mode
# client timestamps the pane's output as it arrives (no process forked per poll), from a
# clock started just before carnet is exec'd. Process start, terminal set-up and drawing are
# all in. Prints each run, the medians, the load average, and `carnet --version` timed in the
# same runs (the floor under any carnet process).
#
#   scripts/bench-tui.sh [RUNS] [REV]
#
# REV (a git revision) also builds carnet from that revision and runs both interleaved:
# before and after in the same minutes. POLL=1 runs, after, the old measure: polling the pane
# with `tmux capture-pane` (a process per poll, which adds its own latency on a busy box).
#
# Then the Go benchmarks: go test ./tui/ -run '^$' -bench . -benchmem
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-15}
tmp=$(mktemp -d)
sock=carnet-bench-$$
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$tmp"' EXIT

go build -o "$tmp/carnet" ./cmd/carnet
bins=("now=$tmp/carnet")
if [ -n "${2:-}" ]; then
	mkdir "$tmp/src"
	git archive "$2" | tar -x -C "$tmp/src"
	(cd "$tmp/src" && go build -o "$tmp/before" ./cmd/carnet)
	bins=("before=$tmp/before" "${bins[@]}")
fi
"$tmp/carnet" demo "$tmp/ws" --no-tui --projects 20 --days 365 --log-kb 20 >/dev/null
echo "logs: $(find "$tmp/ws" -path '*/logs/*.md' | wc -l) in $(find "$tmp/ws" -name memory_sessions | wc -l) projects; $(date -u +%H:%M) UTC; $(nproc) cores"
go run scripts/bench-tui.go -ws "$tmp/ws" -runs "$runs" "${bins[@]}"

[ "${POLL:-}" = 1 ] || exit 0
echo "--- the old measure: the pane polled with tmux capture-pane (carnet as built now)"
first=$(ls "$tmp/ws/projects" | sort | head -1)
now_us() { echo $(( $(date +%s%N) / 1000 )); }
median() { sort -n | awk '{a[NR]=$1} END {printf "%.1f ms (min %.1f, max %.1f, %d runs)", a[int((NR+1)/2)]/1000, a[1]/1000, a[NR]/1000, NR}'; }
tmux -L "$sock" -f /dev/null new-session -d -s idle -x 120 -y 40 "sleep 3600"
: >"$tmp/list" && : >"$tmp/counts"
for i in $(seq "$runs"); do
	start=$(now_us)
	tmux -L "$sock" new-window -d -t idle -n "run$i" \
		"env CARNET_TUI_LOG=$tmp/tui.log TERM=xterm-256color $tmp/carnet --root $tmp/ws"
	list=""
	for _ in $(seq 20000); do
		pane=$(tmux -L "$sock" capture-pane -p -t "idle:run$i" 2>/dev/null || true)
		if [ -z "$list" ] && grep -q " $first " <<<"$pane"; then
			list=$(( $(now_us) - start ))
		fi
		if [ -n "$list" ] && ! grep " $first " <<<"$pane" | grep -q "^.\{0,40\}…"; then
			echo $(( $(now_us) - start )) >>"$tmp/counts"
			break
		fi
	done
	echo "$list" >>"$tmp/list"
	tmux -L "$sock" kill-window -t "idle:run$i"
done
echo "polled: project list visible: median $(median <"$tmp/list")"
echo "polled: open-item counts in:  median $(median <"$tmp/counts")"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
