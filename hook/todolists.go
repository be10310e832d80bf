package hook

import (
	"encoding/json"
	"slices"
	"strings"

	"carnet/hook/transcript"
)

// A TodoWrite list is the whole plan of its session: a later list replaces it. The hook
// keeps, in logs/.debug/todos/<session>.json, the open items of the session's last list,
// so that an item a later turn's list no longer has (done, or given up) is no longer open.

func todosPath(session string) string { return "todos/" + safeName(session) + ".json" }

// replacedTodos records the open items of the turn's last TodoWrite list and returns the
// items the session's previous list had open that none of the turn's lists has.
func (r *runner) replacedTodos(t *transcript.Turn) []string {
	var lists [][]transcript.Todo
	for _, u := range t.Tools {
		if u.Name == "TodoWrite" && u.Todos != nil {
			lists = append(lists, u.Todos)
		}
	}
	home := r.home()
	if t.Sidechain || len(lists) == 0 || home == nil || t.SessionID == "" {
		return nil
	}
	var before []string
	if data, err := home.ReadState(todosPath(t.SessionID)); err == nil {
		_ = json.Unmarshal(data, &before) // an unreadable record only loses the closing
	}
	seen := map[string]bool{}
	for _, l := range lists {
		for _, td := range l {
			seen[strings.TrimSpace(td.Content)] = true
		}
	}
	var open []string
	for _, td := range lists[len(lists)-1] {
		if c := strings.TrimSpace(td.Content); c != "" && td.Status != "completed" && td.Status != "deleted" {
			open = append(open, c)
		}
	}
	data, _ := json.Marshal(open)
	if err := home.WriteState(todosPath(t.SessionID), data); err != nil {
		r.logf("todos: %v", err)
	}
	return slices.DeleteFunc(before, func(c string) bool { return seen[c] })
}
