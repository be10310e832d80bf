#!/usr/bin/env bash
# bench-search.sh: carnet search, and memory_search through carnet mcp (one process per query,
# as carnet search), against rg -ni over 20 projects × 365 daily logs of 2–24 KB (about 95 MB)
# written by scripts/gen-workspace.go: bullets that read like real ones, where "migration" and
# "postgres" are common words (tens of thousands of lines) and others rare.
# Builds the workspace once (in $1, default a temp folder), times the first search (which
# writes each project's search index in logs/.debug/), then, for each query, runs every
# command twice to warm up and 9 times counted, interleaved (A B C A B C …) so that all see
# the same load, output through a pipe, and prints the best and median of each and the
# median of the paired ratios carnet/rg.
# Usage: scripts/bench-search.sh [DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-$(mktemp -d)/ws}
if [ ! -f "$dir/carnet.toml" ]; then
	go run scripts/gen-workspace.go -o "$dir" >/dev/null
fi
bin=$(mktemp -d)/carnet
go build -o "$bin" ./cmd/carnet
command -v rg >/dev/null || { echo "rg (ripgrep) is not installed" >&2; exit 1; }
echo "$(find "$dir" -name '*.md' | wc -l) files, $(du -sh "$dir" | cut -f1)"
cat "$dir"/p*/memory_sessions/logs/*.md >/dev/null # warm the page cache
echo "load: $(uptime | sed 's/.*load average: //')"
# ms prints a command's wall time and CPU time (user + system), in ms, its output read
# through a pipe (as a person's | less or | grep reads it).
ms() {
	local TIMEFORMAT='%R %U %S' t
	t=$({ time "$@" 2>/dev/null | cat >/dev/null; } 2>&1) || true
	awk '{printf "%d %d\n", $1 * 1000, ($2 + $3) * 1000}' <<<"$t"
}
# stats prints the best and median wall times and the median CPU time of lines from ms.
stats() {
	local in
	in=$(cat)
	printf 'best %d ms, median %d ms (CPU median %d ms)\n' \
		"$(sort -n <<<"$in" | head -1 | cut -d' ' -f1)" "$(cut -d' ' -f1 <<<"$in" | sort -n | med)" "$(cut -d' ' -f2 <<<"$in" | sort -n | med)"
}
med() { awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
mcp() { # one memory_search over every project, through the MCP server on stdio
	printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}' \
		'{"jsonrpc":"2.0","method":"notifications/initialized"}' \
		"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"memory_search\",\"arguments\":{\"query\":\"$1\",\"project\":\"*\"}}}" |
		"$bin" --root "$dir" mcp
}
rm -f "$dir"/p*/memory_sessions/logs/.debug/search-index
echo "first search, no index yet (reads every file and writes the indexes): $(ms "$bin" --root "$dir" search zéphyrin | stats)"
for q in "migration postgres" "pool inventory" "config" "zéphyrin"; do
	for _ in 1 2; do # warm-up, not counted
		ms "$bin" --root "$dir" search $q >/dev/null
		ms rg -ni "${q%% *}" "$dir" >/dev/null
	done
	c=() m=() r=() ratio=()
	for _ in 1 2 3 4 5 6 7 8 9; do
		a=$(ms "$bin" --root "$dir" search $q)
		b=$(ms rg -ni "${q%% *}" "$dir")
		c+=("$a") r+=("$b") m+=("$(ms mcp "$q")")
		ratio+=("$(awk -v a="${a%% *}" -v b="${b%% *}" 'BEGIN {printf "%.2f", a / (b > 0 ? b : 1)}')")
	done
	echo "load: $(uptime | sed 's/.*load average: //')"
	echo "query \"$q\" ($("$bin" --root "$dir" search $q 2>/dev/null | wc -l) lines; rg -ni ${q%% *}: $(rg -ni "${q%% *}" "$dir" | wc -l)):"
	echo "  carnet search $(printf '%s\n' "${c[@]}" | stats); memory_search $(printf '%s\n' "${m[@]}" | stats); rg -ni $(printf '%s\n' "${r[@]}" | stats); carnet/rg by pair, median $(printf '%s\n' "${ratio[@]}" | sort -n | med)×"
done
