#!/usr/bin/env bash
# Installs the agent CLIs the end-to-end tests run (cmd/carnet/agents_e2e_test.go) at the
# pinned versions below, with npm, into a cache folder outside the repository
# (CARNET_AGENTS_DIR, default ~/.cache/carnet-agents). Idempotent: nothing is fetched when the
# pinned versions are already there. Prints the bin folder to put in PATH.
set -euo pipefail

# The tested versions (README, "Agents"). Bump here, then run scripts/record-agents.sh.
PINS=(
  "@anthropic-ai/claude-code@2.1.328"
  "@openai/codex@0.169.0"
  "@google/gemini-cli@0.61.0"
  "opencode-ai@1.18.33"
)

dir=${CARNET_AGENTS_DIR:-$HOME/.cache/carnet-agents}
mkdir -p "$dir"
stamp="$dir/.pins"
want=$(printf '%s\n' "${PINS[@]}")
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -d "$dir/node_modules/.bin" ]; then
  echo "$dir/node_modules/.bin"
  exit 0
fi
command -v npm >/dev/null || { echo "install-agents: npm not found" >&2; exit 1; }
cd "$dir"
[ -f package.json ] || echo '{"private":true}' >package.json
npm install --no-audit --no-fund --loglevel=error "${PINS[@]}" >&2
printf '%s\n' "$want" >"$stamp"
echo "$dir/node_modules/.bin"
