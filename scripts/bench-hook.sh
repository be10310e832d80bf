#!/usr/bin/env bash
# Whole-process benchmark of `carnet --hook` (issue 3): p50 wall time and peak RSS of a Stop
# capture on generated transcripts of 10 KB, 50 MB and 200 MB (autocommit off), next to two
# floors measured in the same run: an empty Go binary and the bare `carnet --version`. Then the
# same 200 MB capture with autocommit on (one commit through the user's git per run), and the
# autocommit's cost: the difference of the two p50s.
#
#   scripts/bench-hook.sh [RUNS]        (default 21 runs per case; needs go and bash ≥ 5)
#
# Transcripts and binaries go to a temp folder that is removed at the end; nothing is
# written in the repository.
set -euo pipefail
runs=${1:-21}
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "building…" >&2
(cd "$repo" && go build -o "$tmp/carnet" ./cmd/carnet)
mkdir -p "$tmp/empty"
printf 'package main\n\nfunc main() {}\n' > "$tmp/empty/main.go"
(cd "$tmp/empty" && go mod init empty >/dev/null 2>&1 && go build -o "$tmp/emptybin" .)

ws="$tmp/ws"
mkdir -p "$ws"
(cd "$ws" && git init -q . 2>/dev/null || true)
"$tmp/carnet" --root "$ws" init >/dev/null

sizes=(10KB 50MB 200MB)
for s in "${sizes[@]}"; do
  echo "generating $s transcript…" >&2
  (cd "$repo" && go run scripts/gen-transcript.go -size "$s" -o "$tmp/t$s.jsonl" -cwd "$ws")
  printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","hook_event_name":"Stop","last_assistant_message":""}' \
    "$tmp/t$s.jsonl" "$ws" > "$tmp/in$s.json"
done

# p50 of $runs runs of a command (stdin from $2), in milliseconds. Each hook run captures
# on a new day (CARNET_NOW), so every run writes a log, as a real Stop does.
median_ms() {
  local input=$1; shift
  local -a times=()
  for ((i = 0; i < runs; i++)); do
    local day
    day=$(printf '2026-%02d-%02d' $((1 + i / 28)) $((1 + i % 28)))
    local t0=$EPOCHREALTIME
    CARNET_NOW=$day "$@" < "$input" > /dev/null 2>&1 || true
    local t1=$EPOCHREALTIME
    times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) * 1000 }')")
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

peak_rss_mb() {
  local input=$1; shift
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -v "$@" < "$input" 2>&1 >/dev/null | awk -F: '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }'
  else
    echo "n/a"
  fi
}

rm -rf "$ws/memory_sessions/logs/"*.md
: > "$tmp/none"
printf '%-28s %10s %12s\n' "case" "p50 (ms)" "peak RSS (MB)"
printf '%-28s %10s %12s\n' "empty Go binary" "$(median_ms "$tmp/none" "$tmp/emptybin")" "$(peak_rss_mb "$tmp/none" "$tmp/emptybin")"
printf '%-28s %10s %12s\n' "carnet --version" "$(median_ms "$tmp/none" "$tmp/carnet" --version)" "$(peak_rss_mb "$tmp/none" "$tmp/carnet" --version)"
declare -A p50
for s in "${sizes[@]}"; do
  rm -rf "$ws/memory_sessions/logs/"*.md
  p50[$s]=$(median_ms "$tmp/in$s.json" "$tmp/carnet" --root "$ws" --hook)
  printf '%-28s %10s %12s\n' "carnet --hook, $s" "${p50[$s]}" "$(peak_rss_mb "$tmp/in$s.json" "$tmp/carnet" --root "$ws" --hook)"
done
awk -v a="${p50[200MB]}" -v b="${p50[10KB]}" 'BEGIN { printf "ratio 200 MB / 10 KB: %.2f\n", a / b }'

# Autocommit on: a git workspace with one commit; each run commits its new log through git.
wsgit="$tmp/wsgit"
mkdir -p "$wsgit"
git -C "$wsgit" init -q -b main
"$tmp/carnet" --root "$wsgit" init >/dev/null
printf '[hook]\nautocommit = true\n' > "$wsgit/carnet.toml"
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
git -C "$wsgit" add -A && git -C "$wsgit" commit -q -m init
sed "s|\"cwd\":\"$ws\"|\"cwd\":\"$wsgit\"|" "$tmp/in200MB.json" > "$tmp/ingit.json"
commits0=$(git -C "$wsgit" rev-list --count HEAD)
on=$(median_ms "$tmp/ingit.json" "$tmp/carnet" --root "$wsgit" --hook)
commits=$(($(git -C "$wsgit" rev-list --count HEAD) - commits0))
printf '%-28s %10s %12s\n' "carnet --hook, 200MB, autocommit" "$on" "$(peak_rss_mb "$tmp/ingit.json" "$tmp/carnet" --root "$wsgit" --hook)"
awk -v a="$on" -v b="${p50[200MB]}" -v n="$commits" -v r="$runs" 'BEGIN { printf "autocommit cost (p50 on − p50 off): %.1f ms (%d commits in %d runs)\n", a - b, n, r }'
if [ -s "$wsgit/memory_sessions/logs/.debug/hook.log" ]; then
  echo "hook.log with autocommit (should be empty):"; cat "$wsgit/memory_sessions/logs/.debug/hook.log"
fi
if [ -s "$ws/memory_sessions/logs/.debug/hook.log" ]; then
  echo "hook.log (should be empty):"; cat "$ws/memory_sessions/logs/.debug/hook.log"
fi
ls "$ws/memory_sessions/logs/"*.md >/dev/null 2>&1 || echo "warning: the hook wrote no log" >&2
