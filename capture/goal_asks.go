package capture

import (
	"regexp"
	"slices"
	"strings"
)

// listItem opens an item of a numbered list written on one line ("1. …, 2. …", "1) …").
var listItem = regexp.MustCompile(`(?:^|[\s,，;；])\d[.)、]\s*`)

// showOpeners open an ask for output or a pointer, not for work ("show me", "direct me to",
// "輸出"), once a polite opener is cut.
var showOpeners = []string{"show ", "print ", "output ", "give me", "direct me to", "point me to", "tell me", "list ",
	"montre", "affiche ", "donne-moi", "輸出", "输出", "給我", "给我", "顯示", "显示", "列出", "告訴我", "告诉我"}

// directly opens an ask before its verb ("直接輸出", "just show").
var directly = []string{"直接", "just ", "directly "}

// isAskList reports a goal that is a numbered list of two asks or more, each a question or
// an ask for output or a pointer: small asks, not a task.
func isAskList(g string) bool {
	g = strings.TrimSpace(g)
	at := listItem.FindAllStringIndex(g, -1)
	if len(at) < 2 || at[0][0] != 0 {
		return false
	}
	for i, a := range at {
		end := len(g)
		if i+1 < len(at) {
			end = at[i+1][0]
		}
		if !isSmallAsk(strings.TrimRight(g[a[1]:end], " ,，;；")) {
			return false
		}
	}
	return true
}

// isSmallAsk reports an item that asks a question or for output or a pointer.
func isSmallAsk(item string) bool {
	if isInquiry(item) {
		return true
	}
	f := strings.ToLower(item)
	for _, p := range politeOpeners {
		f = strings.TrimPrefix(f, p)
	}
	for _, d := range directly {
		f = strings.TrimPrefix(f, d)
	}
	return slices.ContainsFunc(showOpeners, func(o string) bool { return strings.HasPrefix(f, o) })
}
