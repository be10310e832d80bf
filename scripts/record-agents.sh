#!/usr/bin/env bash
# Re-records the transcript fixtures of hook/transcript/testdata/transcripts from the real
# agent CLIs (installed by scripts/install-agents.sh) running carnet's scripted sessions
# against the scripted model server (hook/agentstest). Run it after bumping a pinned version,
# then rename the fixtures the tests name if the version is part of their names.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(scripts/install-agents.sh)
export PATH="$bin:$PATH"
CARNET_RECORD_AGENTS="$PWD/hook/transcript/testdata/transcripts" go test ./cmd/carnet/ -run '^TestAgent' -count=1 -v
