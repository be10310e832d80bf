#!/usr/bin/env bash
# bench-engram.sh: carnet's workspace-wide memory_search against engram's mem_search (SQLite
# FTS5) on the same 20,000 facts, each through its MCP server kept up, in one run; plus where
# each ranks a few planted facts. See scripts/bench-engram.go for what is loaded and timed.
# Builds engram from its source: $ENGRAM_SRC (a checkout), else a bare clone $ENGRAM_GIT
# (e.g. `git clone --bare https://github.com/Gentleman-Programming/engram`); skips with one
# line when neither is set or readable.
# Usage: scripts/bench-engram.sh [-facts 20000] [-n 15] [-dir DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
src=$tmp/engram
if [ -n "${ENGRAM_SRC:-}" ]; then
	cp -r "$ENGRAM_SRC" "$src"
else
	git_dir=${ENGRAM_GIT:-}
	if [ -z "$git_dir" ] || ! git --git-dir="$git_dir" rev-parse -q --verify HEAD >/dev/null 2>&1; then
		echo "bench-engram: skipped, no engram source (set ENGRAM_SRC to a checkout or ENGRAM_GIT to a bare clone${git_dir:+; $git_dir is not a git repository})"
		exit 0
	fi
	# A partial clone may lack a few blobs (binaries committed upstream): take every file it has.
	git --git-dir="$git_dir" ls-tree -r HEAD | while read -r _ type obj path; do
		if [ "$type" = blob ] && git --git-dir="$git_dir" cat-file -e "$obj" 2>/dev/null; then
			mkdir -p "$src/$(dirname "$path")"
			git --git-dir="$git_dir" cat-file blob "$obj" >"$src/$path"
		fi
	done
	echo "engram $(git --git-dir="$git_dir" log -1 --format='%h (%cs)')"
fi
# engram's mem_search joins observations_fts to observations; with its index on deleted_at,
# SQLite 3.51 puts observations outside and runs the full-text match once per row (seconds
# per query at 20,000 facts). CROSS JOIN keeps the match outside, as the query means it;
# ENGRAM_AS_IS=1 measures the source as it is.
store=$src/internal/store/store.go
if [ -z "${ENGRAM_AS_IS:-}" ] && grep -q $'^\t\tJOIN observations o ON o.id = fts.rowid$' "$store"; then
	sed -i $'s/^\t\tJOIN observations o ON o.id = fts.rowid$/\t\tCROSS JOIN observations o ON o.id = fts.rowid/' "$store"
	echo "engram: search join patched (CROSS JOIN: full-text match first)"
fi
if ! (cd "$src" && go build -o "$tmp/engram-bin" ./cmd/engram) >"$tmp/build.log" 2>&1; then
	echo "bench-engram: skipped, engram does not build here: $(grep -m1 . "$tmp/build.log")"
	exit 0
fi
go build -o "$tmp/carnet" ./cmd/carnet
echo "load: $(uptime | sed 's/.*load average: //')"
go run scripts/bench-engram.go -carnet "$tmp/carnet" -engram "$tmp/engram-bin" "$@"
echo "load: $(uptime | sed 's/.*load average: //')"
