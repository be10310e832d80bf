// Package memstore is carnet's memory domain: a workspace and its projects (each a
// memory_sessions/ folder), carnet.toml, the Markdown documents and their sections, merging
// an extraction into the day's log and long memory, open items, search, the project overview,
// and the one write path (Project.Write) through which every writer — hook, MCP, UI,
// promotion, CLI — changes memory: under the project's lock, atomically, past the secret
// guard, never through a symbolic link, and committed through memstore/gitrepo when asked.
// Its subpackages know nothing of memory: gitrepo (git), secret (the guard), llm (models).
package memstore
