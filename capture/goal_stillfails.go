package capture

import "carnet/hook/transcript"

// failReports are the words of a prompt that says the work of the last task still fails
// ("Still fails CI/CD tests like lints", "it still fails the lint step").
var failReports = []string{"still fail", "still broken", "toujours en echec", "echoue toujours", "echoue encore"}

// failureTodoWords mark the to-do that names a failure ("Check PR #379 CI/CD failures").
var failureTodoWords = []string{"fail", "error", "broken", "echec", "erreur"}

// maxFailReport bounds the head of a prompt where the report is looked for: a pasted log
// may follow it.
const maxFailReport = 200

// failureGoal gives a turn whose prompt only reports that the work still fails (a follow-up,
// no goal of its own: had is empty) the first to-do of its list that names the failure:
// fixing it is what the turn was for, and a log that says nothing of it misses the task.
func failureGoal(t *transcript.Turn, had []string) []string {
	if len(had) > 0 || !hasAny(fold(t.Prompt[:min(len(t.Prompt), maxFailReport)]), failReports) {
		return nil // most turns: the prompt states a goal or reports no failure
	}
	for _, td := range turnTodos(t.Tools) {
		if hasAny(fold(td.Content), failureTodoWords) {
			return []string{clipGoal(td.Content)}
		}
	}
	return nil
}
