#!/usr/bin/env bash
# Makes the PNGs of the README from the real binary: builds carnet, builds the demo workspace
# with a fixed clock, runs the UI in tmux at 120x40, moves through it with send-keys, captures
# each screen with its colours (capture-pane -e) and renders it with charmbracelet/freeze.
#
#   screenshots/make.sh            # writes screenshots/*.png
#   KEEP=1 screenshots/make.sh     # also keeps the .ans captures
#
# Needs tmux, ImageMagick and pngquant (apt-get install -y tmux imagemagick pngquant) and Go
# (freeze is run with go run). freeze draws PNGs at 4x; they are halved and quantised so the
# repository stays small (~0.5 MB a screenshot).
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in tmux convert pngquant; do
	command -v "$tool" >/dev/null || { echo "make.sh needs $tool: apt-get install -y tmux imagemagick pngquant" >&2; exit 1; }
done
out=screenshots
tmp=$(mktemp -d)
trap 'tmux -L carnet-shots kill-server 2>/dev/null || true; rm -rf "$tmp"' EXIT

export CARNET_NOW=2026-03-22T16:30:00Z
go build -o "$tmp/carnet" ./cmd/carnet
"$tmp/carnet" demo "$tmp/demo" --no-tui --lang en >/dev/null
"$tmp/carnet" demo "$tmp/demo-fr" --no-tui --lang fr >/dev/null
FREEZE=${FREEZE:-"go run github.com/charmbracelet/freeze@v0.2.2"}

tm() { tmux -L carnet-shots "$@"; }
tm kill-server 2>/dev/null || true
start() {
	tm -f /dev/null new-session -d -s shots -x 120 -y 40 \
		"env TERM=xterm-256color COLORTERM=truecolor CARNET_NOW=$CARNET_NOW CARNET_TUI_LOG=$tmp/tui.log EDITOR=true $tmp/carnet --root ${1:-$tmp/demo}"
	tm set-option -t shots status off >/dev/null
	sleep 1.5
}
start

keys() { for k in "$@"; do tm send-keys -t shots "$k"; sleep 0.15; done; sleep 0.8; }
shot() {
	local name=$1
	# freeze does not know SGR 39/49 (default colours): spell out the demo's dark defaults.
	# Its font has no colour emoji: ✅ is drawn as ✔ (same width once followed by a space).
	tm capture-pane -e -p -t shots |
		perl -CSD -pe 's/\e\[39m/\e[38;2;228;228;231m/g; s/\e\[49m/\e[48;2;23;23;23m/g; s/\x{2705}/\x{2714} /g' >"$tmp/$name.ans"
	$FREEZE --language ansi --window --theme charm --background "#171717" --padding 20 --margin 0 \
		--border.radius 8 --font.size 14 --output "$tmp/$name.png" <"$tmp/$name.ans" >/dev/null
	convert "$tmp/$name.png" -resize 50% -strip "$tmp/$name-half.png"
	pngquant --quality 70-95 --speed 1 --force --output "$out/$name.png" "$tmp/$name-half.png"
	if [ -n "${KEEP:-}" ]; then cp "$tmp/$name.ans" "$out/$name.ans"; fi
	echo "wrote $out/$name.png"
}

shot home                                   # projects, the long memory beside them
keys Enter j j                              # cmms_doc: today's log previewed
shot preview
keys o                                      # its open items, two ticked
keys Space Space
shot open-items
keys Escape y Escape p                      # leave the ticks unapplied; promotion review, long memory's hunks
sleep 1
keys G Enter n Space
shot promotion-review
keys Escape Escape t j                      # timeline, a commit's diff
shot timeline
keys Escape s                               # search the whole workspace
tm send-keys -t shots -l "screenshots"
sleep 0.8
shot search

# The French demo (language = "fr"): French memory, headings and UI.
tm kill-session -t shots
start "$tmp/demo-fr"
keys Enter o Space                          # cmms_doc's open items, one ticked
shot french
