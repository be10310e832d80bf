package memstore

import (
	"slices"
	"strings"
)

// tweakGoals drops the goals of a turn that only touched files the day's log already
// names (see isTweak): after a goal, such a turn tweaks the day's task ("remove the red
// highlight" on the app's files), it is not a task of its own. A plan the user hands over
// always names a task, and so does a feature (see isFeature).
func tweakGoals(today *Doc, goals, work []string) []string {
	if len(goals) == 0 || slices.ContainsFunc(goals, func(g string) bool { return strings.HasPrefix(g, handedPlan) }) || !isTweak(today, work) {
		return goals
	}
	return slices.DeleteFunc(slices.Clone(goals), func(g string) bool { return !isFeature(g) }) // a feature is a task (goal_feature.go)
}

// isTweak reports turn's work whose file lists name only files the day's log already has
// in its own lists (created or changed), when the day has a goal: a turn that creates or
// changes another file, or hides some of its names, is not one.
func isTweak(today *Doc, work []string) bool {
	turn, ok := listedFiles(work)
	if !ok || len(turn) == 0 {
		return false
	}
	var dayWork []string
	hasGoal := false
	for _, b := range today.AllBullets() {
		switch b.Section.Key {
		case KeyGoal:
			hasGoal = true
		case KeyWork:
			dayWork = append(dayWork, b.Bullet.Text)
		}
	}
	day, _ := listedFiles(dayWork)
	return hasGoal && !slices.ContainsFunc(turn, func(f string) bool { return !slices.Contains(day, f) })
}

// listedFiles gives the files the file-list bullets of items name; ok is false when one
// of them hides names ("(+3 more)").
func listedFiles(items []string) (files []string, ok bool) {
	for _, it := range items {
		text := strings.TrimPrefix(strings.TrimSpace(it), "- ")
		opening, _, isList := fileListKind(text)
		if !isList {
			continue
		}
		names, hidden := parseFileList(strings.TrimPrefix(text, opening))
		if hidden > 0 {
			return nil, false
		}
		files = append(files, names...)
	}
	return files, true
}
