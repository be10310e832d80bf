package hook

import (
	"encoding/json"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// Claude Code 2.1 numbers its tasks per session: TaskCreate gives a subject and gets "#N",
// a later TaskUpdate names only "#N". The hook keeps, in logs/.debug/tasks/<session>.json,
// each number's subject, so that a turn's TaskUpdate of a task created turns earlier still
// opens or closes the right to-do.

// sessionTasks maps a task number of one session to its subject.
type sessionTasks map[string]string

// loadSessionTasks reads the session's task names (none when there is no record yet or it
// is unreadable: a lost record only loses the matching, never a capture).
func loadSessionTasks(p *memstore.Project, session string) sessionTasks {
	tasks := sessionTasks{}
	if data, err := p.ReadState(tasksPath(session)); err == nil {
		_ = json.Unmarshal(data, &tasks)
	}
	return tasks
}

func tasksPath(session string) string { return "tasks/" + safeName(session) + ".json" }

func (tasks sessionTasks) save(p *memstore.Project, session string) error {
	data, _ := json.Marshal(tasks)
	return p.WriteState(tasksPath(session), data)
}

// nameTasks gives each TaskUpdate of the turn that has no subject the one its number had
// when it was created, in this turn or an earlier one, and records the subjects the turn
// gave (TaskCreate, or a TaskUpdate that renames). It reports whether the record changed.
func nameTasks(tools []*transcript.ToolUse, tasks sessionTasks) (changed bool) {
	for _, u := range tools {
		if u.Task == nil || u.Task.ID == "" || !u.HasResult || u.IsError {
			continue
		}
		switch {
		case u.Task.Subject != "":
			changed = changed || tasks[u.Task.ID] != u.Task.Subject
			tasks[u.Task.ID] = u.Task.Subject
		case u.Name == "TaskUpdate" && tasks[u.Task.ID] != "":
			u.Task.Subject = tasks[u.Task.ID]
		}
	}
	return changed
}

// rememberTasks names the turn's task updates from the session's record and records the
// tasks it created. Only Claude Code transcripts with task calls touch the record.
func (r *runner) rememberTasks(t *transcript.Turn) {
	if t.Sidechain || !hasTasks(t.Tools) {
		return
	}
	home := r.home()
	if home == nil {
		return
	}
	tasks := loadSessionTasks(home, t.SessionID)
	if nameTasks(t.Tools, tasks) {
		if err := tasks.save(home, t.SessionID); err != nil {
			r.logf("tasks: %v", err)
		}
	}
}

func hasTasks(tools []*transcript.ToolUse) bool {
	for _, u := range tools {
		if u.Task != nil {
			return true
		}
	}
	return false
}
