package memstore

import "strings"

// questionLed replaces the day's last goal, when it is a question ("does the sync fetch
// its mapping live? if not, plan it"), by the one goal of goals when that one asks nothing
// and goes on with it (see SameTask): the question led to that task, which names what the
// day did. It gives the goals left to add.
func (tx *Tx) questionLed(today *Doc, goals []string, path string, res *MergeResult) []string {
	if len(goals) != 1 || strings.ContainsAny(goals[0], "?？") {
		return goals
	}
	last := lastGoal(today)
	text := tx.CleanBullet(goals[0])
	if last == nil || !strings.ContainsAny(last.Text, "?？") || text == "" || !SameTask(last.Text, text) || !tx.guard(KeyGoal, text) {
		return goals
	}
	return replaceGoal(today, *last, text, path, res)
}

// lastGoal gives the day's last goal, nil when the day has none.
func lastGoal(today *Doc) *Bullet {
	var last *Bullet
	for _, b := range today.AllBullets() {
		if b.Section.Key == KeyGoal {
			last = &b.Bullet
		}
	}
	return last
}

// replaceGoal sets the goal b to text, the task that the day's goal led to, and says so in
// res; no goal is left to add.
func replaceGoal(today *Doc, b Bullet, text, path string, res *MergeResult) []string {
	today.SetBulletText(b, text)
	res.Added = append(res.Added, Item{Key: KeyGoal, Text: text, Path: path})
	return nil
}
