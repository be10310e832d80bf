package capture

import "strings"

// scaffoldOpeners open a report item that names the command the project was created with.
var scaffoldOpeners = []string{"Created using `", "Created with `", "Scaffolded using `", "Scaffolded with `",
	"Generated using `", "Generated with `", "Bootstrapped with `", "Initialized with `"}

// scaffolded returns the items of a closing text that say which command created the
// project ("Created using `npx create-next-app@latest todo-app` with TypeScript…"): where
// the app lives and how it was set up. A span with no space ("Created with `useReducer`")
// names a part of the code, not a command.
func scaffolded(closing string) []string {
	if !strings.Contains(closing, "d using `") && !strings.Contains(closing, "d with `") {
		return nil
	}
	var out []string
	for item := range listItems(closing) {
		for _, o := range scaffoldOpeners {
			cmd, _, _ := strings.Cut(strings.TrimPrefix(item, o), "`")
			if strings.HasPrefix(item, o) && strings.Contains(cmd, " ") && len(item) <= maxBullet { // a command, not "`useReducer`"

				out = append(out, item)
				break
			}
		}
	}
	return out
}
