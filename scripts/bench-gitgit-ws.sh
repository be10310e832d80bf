#!/usr/bin/env bash
# Makes the workspace of the timeline benchmark on a real history: a clone of git/git (82,000
# commits) with a year of carnet memory committed on top of it — two commits a day into
# memory_sessions/ (the daily log, the long memory about one day in eight, an old log moved
# into logs/archives/ at each month's start), as the hook and the UI leave it.
#
#   scripts/bench-gitgit-ws.sh            prints the workspace's path
#
# CARNET_BENCH_GITGIT is a clone of git/git, bare or not (default ${TMPDIR:-/tmp}/git.git;
# make one with `git clone --bare https://github.com/git/git "$CARNET_BENCH_GITGIT"`);
# without it the script says so in one line and exits 0. The workspace goes into
# $CARNET_BENCH_GITGIT_WS (default ${TMPDIR:-/tmp}/carnet-bench-gitgit), made once (it shares
# the clone's objects through alternates; `git gc` then writes its commit-graph, as a
# repository that lives a while has); delete it to start over.
set -euo pipefail

src="${CARNET_BENCH_GITGIT:-${TMPDIR:-/tmp}/git.git}"
ws="${CARNET_BENCH_GITGIT_WS:-${TMPDIR:-/tmp}/carnet-bench-gitgit}"
if [ -f "$ws/.git/carnet-bench-complete" ]; then
	echo "$ws"
	exit 0
fi
if ! git -C "$src" rev-parse -q --verify 'HEAD^{commit}' >/dev/null 2>&1; then
	echo "skip: no git/git clone at $src (set CARNET_BENCH_GITGIT)" >&2
	exit 0
fi

export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
rm -rf "$ws"
git clone -q --shared "$src" "$ws"
cd "$ws"
printf '[projects]\ngit = "memory_sessions"\n' >carnet.toml
git add carnet.toml
git -c user.name=bench -c user.email=bench@example.com commit -q -m "carnet: workspace"
start=$(git log -1 --format=%ct)
branch=$(git symbolic-ref HEAD)

# The year as a fast-import stream: awk keeps each file's content and writes whole blobs.
awk -v start="$start" -v branch="$branch" '
function data(s) { printf "data %d\n%s\n", length(s), s }
# day(t) is the UTC date of unix time t (civil from days, as awk has no strftime everywhere).
function day(t,   z, era, doe, yoe, y, doy, mp, d, m) {
	z = int(t / 86400) + 719468; era = int(z / 146097); doe = z - era * 146097
	yoe = int((doe - int(doe / 1460) + int(doe / 36524) - int(doe / 146096)) / 365)
	y = yoe + era * 400; doy = doe - (365 * yoe + int(yoe / 4) - int(yoe / 100)); mp = int((5 * doy + 2) / 153)
	d = doy - int((153 * mp + 2) / 5) + 1; m = mp < 10 ? mp + 3 : mp - 9
	return sprintf("%04d-%02d-%02d", y + (m <= 2), m, d)
}
BEGIN {
	srand(365)
	mem = "memory_sessions"
	long = "# Mémoire long terme — git\n"
	n = 0
	for (d = 1; d <= 365; d++) {
		for (k = 0; k < 2; k++) {
			t = start + d * 86400 + k * 21600
			name = day(t)
			lf = mem "/logs/" name ".md"
			if (!(lf in files)) {
				files[lf] = "# Log session — " name "\n\n## Contexte\n"
				logs[++nlogs] = lf
			}
			for (b = 0; b < 4; b++)
				files[lf] = files[lf] sprintf("- Travail sur le module %d : décision %d, vérifié par make test.\n", int(rand() * 50), int(rand() * 1000))
			nset = 0
			set[++nset] = lf
			ndel = 0
			if (rand() < 0.125) {
				long = long sprintf("\n## %s\n- Fait durable %d.\n", name, d)
				files[mem "/long_memory.md"] = long
				set[++nset] = mem "/long_memory.md"
			}
			msg = "carnet: memory (hook)"
			if (k == 0 && substr(name, 9, 2) == "01" && oldest < nlogs - 10) {
				old = logs[++oldest]
				moved = mem "/logs/archives/" substr(old, length(mem "/logs/") + 1)
				files[moved] = files[old]
				delete files[old]
				del[++ndel] = old
				set[++nset] = moved
				msg = "carnet: promote (archive " substr(old, length(mem "/logs/") + 1) ")"
			}
			n++
			printf "commit %s\n", branch
			printf "author carnet <carnet@localhost> %d +0100\ncommitter carnet <carnet@localhost> %d +0100\n", t, t
			data(msg)
			if (n == 1) printf "from %s^0\n", branch
			for (i = 1; i <= ndel; i++) printf "D %s\n", del[i]
			for (i = 1; i <= nset; i++) { printf "M 100644 inline %s\n", set[i]; data(files[set[i]]) }
			print ""
		}
	}
}' | git fast-import --quiet
git reset -q --hard
git gc -q
touch .git/carnet-bench-complete
echo "$ws"
