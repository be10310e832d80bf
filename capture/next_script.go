package capture

import (
	"unicode/utf8"
)

// leftWords say, in scripts written without spaces (Chinese, Japanese) or Korean, that what
// follows is what is left or next to do ("只剩 2 件事", "下一步", "残りの作業", "남은 작업").
var leftWords = []string{"只剩", "還剩", "还剩", "剩下", "還差", "还差", "剩餘", "剩余", "下一步", "接下來", "接下来",
	"待辦", "待办", "後續", "后续", "未完成", "次のステップ", "残り", "今後の", "다음 단계", "남은"}

// maxLeadIn bounds the characters of such a lead-in: longer, it is a sentence.
const maxLeadIn = 24

// leftLeadIn reports a lead-in line in one of those scripts that announces what is left
// ("只剩 2 件事(都我做):"): a short head naming what is left, a colon and nothing after
// it, so that the list below it is the next steps. A lead-in with something after its
// colon ("只剩一件事:**手動部署**:") names the one thing left, and its list is how to do it.
func leftLeadIn(head string, hasColon bool, after string) bool {
	if !hasColon || after != "" || utf8.RuneCountInString(head) > maxLeadIn {
		return false
	}
	return hasAny(head, leftWords)
}
