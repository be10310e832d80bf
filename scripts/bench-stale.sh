#!/usr/bin/env bash
# What the reference check (memstore/stale) costs a session start and carnet check, on a
# repository the size of git/git with a year of memory (scripts/gen-memory-year.go): p50 wall
# time of a SessionStart hook (whole process) built from the base commit (no check) and from
# this tree, with the check's cache warm, after one new commit (the cache brought forward),
# after the last commit was rewritten (amended: the cache cannot be brought forward; the wait
# is bounded by hook.RefWait and the rest finishes in the background), and with no cache at all
# (bounded by hook.RefWaitFirst); then carnet check --warm from scratch (what CI pays once per
# clone) and carnet check with the cache warm.
#
#   CARNET_STALE_REPO=DIR scripts/bench-stale.sh [RUNS]     (default 11 runs per case)
#
# CARNET_STALE_REPO is a git repository of that size, bare or not (a clone of
# https://github.com/git/git); without it the benchmark is skipped. It is cloned (--shared)
# into a temp folder that is removed at the end: nothing is written in it, nor in this
# repository. CARNET_STALE_BASE is the commit the "no check" binary is built from (main).
set -euo pipefail
runs=${1:-11}
src=${CARNET_STALE_REPO:-}
if [ -z "$src" ]; then
  echo "bench-stale: skipped: set CARNET_STALE_REPO to a git repository the size of git/git" >&2
  exit 0
fi
base=${CARNET_STALE_BASE:-main}
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "building this tree and $base…" >&2
(cd "$repo" && go build -o "$tmp/carnet" ./cmd/carnet)
mkdir -p "$tmp/base"
git -C "$repo" archive "$base" | tar -x -C "$tmp/base"
(cd "$tmp/base" && go build -o "$tmp/carnet-base" ./cmd/carnet)

echo "cloning $src…" >&2
ws="$tmp/ws"
git clone -q --shared "$src" "$ws"
git -C "$ws" config user.name bench
git -C "$ws" config user.email bench@example.com
end=$(git -C "$ws" log -1 --format=%cd --date=format:%Y-%m-%d)
(cd "$repo" && go run scripts/gen-memory-year.go -repo "$ws" -end "$end")
today=$(date -d "$end + 1 day" +%Y-%m-%d)
"$tmp/carnet" --root "$ws" init >/dev/null 2>&1 || true
printf '{"session_id":"bench","cwd":"%s","hook_event_name":"SessionStart","source":"startup"}' "$ws" > "$tmp/in.json"
cache="$ws/memory_sessions/logs/.debug/stale.tsv"

# p50 of $runs runs of a SessionStart, in milliseconds; $1 runs before each run (not timed).
median_ms() {
  local before=$1; shift
  local -a times=()
  for ((i = 0; i < runs; i++)); do
    eval "$before"
    local t0=$EPOCHREALTIME
    CARNET_NOW=$today "$@" < "$tmp/in.json" > /dev/null 2>&1 || true
    local t1=$EPOCHREALTIME
    times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", (b - a) * 1000 }')")
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# one times one SessionStart, in milliseconds.
one() {
  local t0=$EPOCHREALTIME
  CARNET_NOW=$today "$@" < "$tmp/in.json" > /dev/null 2>&1 || true
  local t1=$EPOCHREALTIME
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", (b - a) * 1000 }'
}

p50() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# wait_warm waits for a background check started by a cold session start to write its cache.
wait_warm() {
  for ((k = 0; k < 600; k++)); do
    [ -f "$cache" ] && ! pgrep -f -- "--root $ws -p root check --warm" >/dev/null && return
    sleep 0.1
  done
}

amend() {
  wait_warm
  n=$((n + 1))
  echo "amend $n" >> "$ws/bench-touch.txt"
  git -C "$ws" add bench-touch.txt
  GIT_COMMITTER_DATE="$end 23:30:00" git -C "$ws" commit -q --amend -m "bench amended $n"
}

n=0
new_commit() {
  n=$((n + 1))
  echo "bench $n" >> "$ws/bench-touch.txt"
  git -C "$ws" add bench-touch.txt
  GIT_COMMITTER_DATE="$end 23:00:00" git -C "$ws" commit -q -m "bench $n"
}

"$tmp/carnet" --root "$ws" check --warm
# The first three cases interleaved, one run of each in turn, so that the machine's drift
# weighs on them alike.
declare -a tb tw tc
for ((i = 0; i < runs; i++)); do
  tb+=("$(one "$tmp/carnet-base" --root "$ws" --hook)")
  tw+=("$(one "$tmp/carnet" --root "$ws" --hook)")
  new_commit
  tc+=("$(one "$tmp/carnet" --root "$ws" --hook)")
done
printf '%-58s %10s\n' "case (git/git, a year of logs)" "p50 (ms)"
printf '%-58s %10s\n' "SessionStart, $base (no reference check)" "$(p50 "${tb[@]}")"
printf '%-58s %10s\n' "SessionStart, this tree, cache warm" "$(p50 "${tw[@]}")"
printf '%-58s %10s\n' "SessionStart, this tree, one new commit since the cache" "$(p50 "${tc[@]}")"
printf '%-58s %10s\n' "SessionStart, this tree, last commit amended (RefWait)" "$(median_ms amend "$tmp/carnet" --root "$ws" --hook)"
printf '%-58s %10s\n' "SessionStart, this tree, no cache (RefWaitFirst)" "$(median_ms "wait_warm; rm -f $cache" "$tmp/carnet" --root "$ws" --hook)"
wait_warm
printf '%-58s %10s\n' "carnet check --warm, no cache (the whole memory)" "$(median_ms "rm -f $cache" "$tmp/carnet" --root "$ws" check --warm)"
printf '%-58s %10s\n' "carnet check, cache warm (every check of the memory)" "$(median_ms : "$tmp/carnet" --root "$ws" check)"
echo "dead references carnet check reports: $("$tmp/carnet" --root "$ws" check 2>/dev/null | grep -c 'fix the bullet' || true)" >&2
grep -c . "$cache" | sed 's/^/lines of the cache: /' >&2
