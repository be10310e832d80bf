package capture

import (
	"encoding/json"

	"carnet/hook/transcript"
)

// Session is what capture remembers of a session from one turn to the next: the hook keeps
// it in logs/.debug/sessions/<id>.json. Losing it loses only the links between turns (an
// item closed by a later list, a failure fixed later), never a capture.
type Session struct {
	Goals       []string          `json:"goals,omitempty"`       // the requests the session's goals were read from
	GoalFiles   []string          `json:"goal_files,omitempty"`  // the files changed under the last goal
	Existed     map[string]bool   `json:"existed,omitempty"`     // the files the session wrote or removed: true for those there before it
	List        []transcript.Todo `json:"list,omitempty"`        // the agent's latest whole to-do list
	Tasks       map[string]task   `json:"tasks,omitempty"`       // Claude Code's numbered tasks
	Next        []string          `json:"next,omitempty"`        // the items of the last closing text's next-steps list
	NextAge     int               `json:"next_age,omitempty"`    // turns of work since that list was given
	Failed      map[string]string `json:"failed,omitempty"`      // command key → the open failure bullet written for it
	Reported    []string          `json:"reported,omitempty"`    // the open error-reported bullets that name code words a commit may name
	Addressed   []string          `json:"addressed,omitempty"`   // the reported errors the agent worked on, open until the user moves on
	Half        []string          `json:"half,omitempty"`        // half-done work written (a refused commit, a failed push)
	Committed   bool              `json:"committed,omitempty"`   // the session made a commit
	Uncommitted []string          `json:"uncommitted,omitempty"` // the files it changed since its last commit
	Ending      []string          `json:"ending,omitempty"`      // what the last turn left open that no list says (endingStep)
	Commands    []string          `json:"commands,omitempty"`    // the commands that went through, as the knowledge bullet lists them
	Went        []string          `json:"went,omitempty"`        // the folders outside the project its shell calls ran in
	Proposed    string            `json:"proposed,omitempty"`    // the plan the last answer proposed (a Codex <proposed_plan>)
	ProposedBy  string            `json:"proposed_by,omitempty"` // the goal bullet of the turn that proposed it
	Held        string            `json:"held,omitempty"`        // a request whose turns changed nothing yet (a proposal asked for)
	HeldAsked   bool              `json:"held_asked,omitempty"`  // the last of those turns ended on a question to the user
	End         int64             `json:"end,omitempty"`         // where the main transcript ended when the hook last read it
	Began       bool              `json:"began,omitempty"`       // the session's first turn was read
}

// task is one of Claude Code's numbered tasks (TaskCreate, TaskUpdate).
type task struct {
	Subject string `json:"subject"`
	Status  string `json:"status"`
}

// LoadSession decodes a session's state; bad or missing data is an empty state.
func LoadSession(data []byte) *Session {
	s := &Session{}
	if len(data) > 0 {
		_ = json.Unmarshal(data, s)
	}
	return s
}

// Bytes encodes the state.
func (s *Session) Bytes() []byte {
	data, _ := json.Marshal(s)
	return data
}

// maxGoalsKept bounds the goals a session remembers.
const maxGoalsKept = 40

func (s *Session) rememberGoal(g string) {
	s.Goals = append(s.Goals, g)
	if len(s.Goals) > maxGoalsKept {
		s.Goals = s.Goals[len(s.Goals)-maxGoalsKept:]
	}
}
