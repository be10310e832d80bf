package extract

import "strings"

// A question about how the agent came by its own work ("How did you come up with this
// idea?", "你是如何想到的？") is answered with the agent's reasoning and a claim about the
// work ("This framework is a synthesis, not a reproduction"): no fact for next time.

// selfQuestions ask the agent, in lower case, how or why it did what it did.
var selfQuestions = []string{"how did you", "why did you", "what made you", "come up with",
	"你是如何", "你如何", "你怎麼", "你怎么", "你為什麼", "你为什么", "你是怎麼", "你是怎么"}

// asksAboutAgent reports a prompt that asks the agent about its own reasoning.
func asksAboutAgent(prompt string) bool { return hasAny(strings.ToLower(prompt), selfQuestions) }
