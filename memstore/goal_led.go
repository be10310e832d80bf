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
	var last *Bullet
	for _, b := range today.AllBullets() {
		if b.Section.Key == KeyGoal {
			last = &b.Bullet
		}
	}
	text := tx.CleanBullet(goals[0])
	if last == nil || !strings.ContainsAny(last.Text, "?？") || text == "" || !SameTask(last.Text, text) || !tx.guard(KeyGoal, text) {
		return goals
	}
	today.SetBulletText(*last, text)
	res.Added = append(res.Added, Item{Key: KeyGoal, Text: text, Path: path})
	return nil
}
