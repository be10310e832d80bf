package tui

import "charm.land/bubbles/v2/key"

// KeyMap holds every binding of the UI, grouped by where it applies. Screens match keys with
// key.Matches against it and feed the help footer with their own subset.
type KeyMap struct {
	// Everywhere.
	Quit key.Binding // q from any screen (typed in a text field), ctrl+c even there
	// QuitTyping is ctrl+c as the help names it: it quits from a text field too.
	QuitTyping key.Binding
	Back       key.Binding // esc / h / ←: one screen back; it never quits
	Undo       key.Binding // the last change this UI made
	Help       key.Binding
	Search     key.Binding // workspace-wide search
	Copy       key.Binding // the selected bullet, path or commit hash, to the clipboard

	// Lists and scrolling.
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Top      key.Binding
	Bottom   key.Binding
	Open     key.Binding
	Filter   key.Binding
	Focus    key.Binding // tab: move between the list and the pane beside it

	// A project.
	OpenItems key.Binding
	Timeline  key.Binding
	Promote   key.Binding
	Curate    key.Binding
	Editor    key.Binding
	Archives  key.Binding
	Stale     key.Binding // the bullets whose files or names are gone from the code

	// Open items and bullets.
	Tick      key.Binding
	Apply     key.Binding
	Reword    key.Binding
	Add       key.Binding
	Drop      key.Binding
	MoveLong  key.Binding
	Supersede key.Binding

	// Promotion review.
	ToggleHunk key.Binding
	NextHunk   key.Binding
	PrevHunk   key.Binding
	AcceptAll  key.Binding
	RejectAll  key.Binding
	ApplyPlan  key.Binding
	Force      key.Binding

	// A search hit opened in the pager.
	NextHit key.Binding
	PrevHit key.Binding

	// Timeline.
	Commit key.Binding

	// Prompts and confirmations.
	Confirm key.Binding
	Cancel  key.Binding
	Yes     key.Binding
	No      key.Binding
}

// DefaultKeyMap returns the bindings: vim keys and arrows both work.
func DefaultKeyMap() KeyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return KeyMap{
		Quit:       b([]string{"q", "ctrl+c"}, "q", "quit"),
		QuitTyping: b([]string{"ctrl+c"}, "ctrl+c", "quit, even while typing"),
		Back:       b([]string{"esc", "h", "left"}, "esc", "back"),
		Undo:       b([]string{"u"}, "u", "undo last change"),
		Help:       b([]string{"?"}, "?", "help"),
		Search:     b([]string{"s"}, "s", "search all"),
		Copy:       b([]string{"y"}, "y", "copy"),

		Up:       b([]string{"up", "k"}, "↑/k", "up"),
		Down:     b([]string{"down", "j"}, "↓/j", "down"),
		PageUp:   b([]string{"pgup", "ctrl+u", "b"}, "pgup/ctrl+u", "page up"),
		PageDown: b([]string{"pgdown", "ctrl+d", "f"}, "pgdn/ctrl+d", "page down"),
		Top:      b([]string{"home", "g"}, "g/home", "top"),
		Bottom:   b([]string{"end", "G"}, "G/end", "bottom"),
		Open:     b([]string{"enter", "l", "right"}, "enter", "open"),
		Filter:   b([]string{"/"}, "/", "filter"),
		Focus:    b([]string{"tab"}, "tab", "switch pane"),

		OpenItems: b([]string{"o"}, "o", "open items"),
		Timeline:  b([]string{"t"}, "t", "timeline"),
		Promote:   b([]string{"p"}, "p", "promote"),
		Curate:    b([]string{"c"}, "c", "curate bullets"),
		Editor:    b([]string{"e"}, "e", "$EDITOR"),
		Archives:  b([]string{"a"}, "a", "show archives"),
		Stale:     b([]string{"!"}, "!", "stale bullets"),

		Tick:      b([]string{"space", "x"}, "space", "tick"),
		Apply:     b([]string{"enter"}, "enter", "apply ticks"),
		Reword:    b([]string{"r"}, "r", "edit text"),
		Add:       b([]string{"a"}, "a", "add"),
		Drop:      b([]string{"d", "delete"}, "d", "drop"),
		MoveLong:  b([]string{"m"}, "m", "move to long-term"),
		Supersede: b([]string{"S"}, "S", "supersede"),

		ToggleHunk: b([]string{"space", "x"}, "space", "accept/reject hunk"),
		NextHunk:   b([]string{"n", "J"}, "n", "next hunk"),
		PrevHunk:   b([]string{"N", "K"}, "N", "prev hunk"),
		AcceptAll:  b([]string{"A"}, "A", "accept all"),
		RejectAll:  b([]string{"R"}, "R", "reject all"),
		ApplyPlan:  b([]string{"ctrl+s", "w"}, "w", "apply & commit"),
		Force:      b([]string{"F"}, "F", "force past guard"),

		NextHit: b([]string{"n"}, "n", "next hit"),
		PrevHit: b([]string{"N"}, "N", "previous hit"),

		Commit: b([]string{"C"}, "C", "commit pending"),

		Confirm: b([]string{"enter"}, "enter", "save"),
		Cancel:  b([]string{"esc"}, "esc", "cancel"),
		Yes:     b([]string{"y", "Y"}, "y", "yes"),
		No:      b([]string{"n", "N", "esc", "q"}, "n", "no"),
	}
}

// navKeys are the list bindings shown in full help for any list screen.
func (k KeyMap) navKeys() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}
}

// globalKeys are shown in every full help.
func (k KeyMap) globalKeys() []key.Binding {
	return []key.Binding{k.Back, k.Undo, k.Search, k.Copy, k.Help, k.Quit, k.QuitTyping}
}
