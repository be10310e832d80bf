#!/usr/bin/env bash
# Re-records the transcript fixtures of hook/transcript/testdata/transcripts from the real
# agent CLIs (installed by scripts/install-agents.sh) running carnet's scripted sessions
# against the scripted model server (hook/agentstest): TestAgentClaudeCode, TestAgentCodex,
# TestAgentGemini, TestAgentOpenCode (the "work" session) and TestAgentClaudeSessions (Claude
# Code's hello, denied, heavy, compact, delegate sessions and the subagent's own file). Run it
# after bumping a pinned version, then rename the fixtures the tests name if the version is part
# of their names, and update the values the fixture tests read from them (commit hashes, cwd).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(scripts/install-agents.sh)
export PATH="$bin:$PATH"
CARNET_RECORD_AGENTS="$PWD/hook/transcript/testdata/transcripts" go test ./cmd/carnet/ -run '^TestAgent' -count=1 -v
