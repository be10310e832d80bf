// Package memstore is carnet's memory domain: a workspace and its projects (each a
// memory_sessions/ folder), carnet.toml, the Markdown documents and their sections, merging
// an extraction into the day's log and long memory, open items, search, the project overview,
// and the one write path (Project.Write) through which every writer — hook, MCP, UI,
// promotion, CLI — changes memory: under the project's lock, atomically, past the secret
// guard, never through a symbolic link, and committed through memstore/gitrepo when asked.
// Every path it takes or returns is workspace-relative with forward slashes
// ("memory_sessions/logs/2026-07-03.md"); absolute paths stay inside it, and a path that is
// not workspace-relative is refused (Workspace.Abs is for the few callers that need a file
// on disk: an editor, a file watcher).
// Its subpackages know nothing of memory: gitrepo (git), secret (the guard), llm (models).
package memstore
