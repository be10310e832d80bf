// carnet for OpenCode: the project's memory (memory_sessions/), loaded at session start and
// captured at the end of every turn. Written by `carnet install --agent opencode`; carnet does
// not overwrite it once you edit it (README, "OpenCode").
//
// It runs `carnet --hook` with one JSON object on stdin, as Claude Code's hooks do:
//   {"hook_event_name": "SessionStart", "source": "startup", "session_id", "cwd"}
//     before the first model call of a session; carnet prints
//     {"hookSpecificOutput": {"additionalContext": "<memory>"}} and the memory is added to the
//     system prompt of that session's model calls.
//   {"hook_event_name": "Stop", "session_id", "cwd", "transcript_path", "stop_hook_active"}
//     when the session goes idle (the end of a turn); transcript_path names a file holding the
//     session as `opencode export <id>` prints it, removed afterwards. Exit status 2 is
//     carnet's gate: its stderr is sent back to the session once as a new prompt, and the
//     Stop that follows says stop_hook_active.
import { spawn, spawnSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const carnet = "carnet"

function payload(event, sessionID, directory, extra) {
  return JSON.stringify({ hook_event_name: event, session_id: sessionID, cwd: directory, ...extra })
}

// memoryOf runs the SessionStart hook and resolves to the memory it prints ("" on any failure).
function memoryOf(directory, sessionID) {
  return new Promise((resolve) => {
    let out = ""
    const p = spawn(carnet, ["--hook"], { cwd: directory, stdio: ["pipe", "pipe", "ignore"] })
    p.stdout.on("data", (d) => (out += d))
    p.on("error", () => resolve(""))
    p.on("close", () => {
      try {
        resolve(JSON.parse(out)?.hookSpecificOutput?.additionalContext ?? "")
      } catch {
        resolve(out.trim())
      }
    })
    p.stdin.on("error", () => {})
    p.stdin.end(payload("SessionStart", sessionID, directory, { source: "startup" }))
  })
}

export const CarnetPlugin = async ({ client, directory }) => {
  const memory = new Map() // session id → Promise of its memory text
  const sentBack = new Set() // sessions the gate sent back: their next Stop says stop_hook_active
  return {
    "experimental.chat.system.transform": async (input, output) => {
      if (!input.sessionID) return
      if (!memory.has(input.sessionID)) memory.set(input.sessionID, memoryOf(directory, input.sessionID))
      const text = await memory.get(input.sessionID)
      if (text) output.system.push(text)
    },
    event: async ({ event }) => {
      if (event.type !== "session.idle") return
      const id = event.properties?.sessionID
      if (!id) return
      const active = sentBack.delete(id)
      const [session, messages] = await Promise.all([client.session.get({ path: { id } }), client.session.messages({ path: { id } })])
      if (!session.data || !messages.data || session.data.parentID) return // a subagent's session is part of its parent's turn
      const dir = mkdtempSync(join(tmpdir(), "carnet-opencode-"))
      let gate = ""
      try {
        const file = join(dir, "session.json")
        writeFileSync(file, JSON.stringify({ info: session.data, messages: messages.data }))
        // Synchronous on purpose: `opencode run` exits as soon as the session is idle, without
        // waiting for plugins; blocking here lets the capture finish first.
        const r = spawnSync(carnet, ["--hook"], {
          cwd: directory, encoding: "utf8", timeout: 60000,
          input: payload("Stop", id, directory, { transcript_path: file, stop_hook_active: active }),
        })
        if (r.status === 2 && !active) gate = (r.stderr ?? "").trim()
      } catch {
        // carnet missing or failing: OpenCode goes on without memory
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
      if (gate) {
        sentBack.add(id)
        await client.session.prompt({ path: { id }, body: { parts: [{ type: "text", text: gate }] } })
      }
    },
  }
}
