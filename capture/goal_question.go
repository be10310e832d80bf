package capture

import (
	"slices"
	"strings"

	"carnet/memstore"
)

// askOnly marks the goal of a turn that changed nothing (no file, no commit) and whose
// prompt asks a question, or is a list of small asks (see isAskList): after the day's first goal a question discussed in words is no
// task of its own (see memstore.Extraction.Asked).
func askOnly(e *memstore.Extraction, changed bool) {
	if changed || len(e.Goal) != 1 || !isInquiry(e.Goal[0]) && !isAskList(e.Goal[0]) {
		return
	}
	e.Asked = true
}

// inquiryOpeners open a request for an explanation ("Explain how …", "請你分析 …") or a
// one-shot query ("count the lines of …", "how many …").
var inquiryOpeners = []string{"explain", "analyze", "analyse", "describe", "tell me", "walk me through", "expliquer",
	"explique", "分析", "解釋", "解释", "說明", "说明", "count the ", "count how ", "how many ", "how much ", "combien "}

// politeOpeners open a request before its verb ("please", "請你").
var politeOpeners = []string{"please ", "pls ", "can you ", "could you ", "請你", "请你", "請", "请", "麻煩", "麻烦", "幫我", "帮我"}

// cjkInterrogatives make a sentence a question without a question mark in Chinese.
var cjkInterrogatives = []string{"如何", "為什麼", "为什么", "什麼", "什么", "是否", "嗎", "吗", "怎麼", "怎么"}

// isInquiry reports a goal that asks a question or for an explanation.
func isInquiry(g string) bool {
	if strings.ContainsAny(g, "?？") || slices.ContainsFunc(cjkInterrogatives, func(w string) bool { return strings.Contains(g, w) }) {
		return true
	}
	f := strings.ToLower(strings.TrimSpace(g))
	for _, p := range politeOpeners {
		f = strings.TrimPrefix(f, p)
	}
	return slices.ContainsFunc(inquiryOpeners, func(o string) bool { return strings.HasPrefix(f, o) })
}
