package capture

import "strings"

// A question about how the agent came by its own work ("How did you come up with this
// idea?", "你是如何想到的？") is answered with the agent's reasoning and a claim about the
// work ("This framework is a synthesis, not a reproduction"): no fact for next time.

// selfQuestions ask the agent, in lower case, where its idea or choice came from; not how
// it did a piece of work ("how did you fix it?" is answered with the cause found).
var selfQuestions = []string{"come up with", "what made you", "why did you choose", "how did you decide",
	"如何想到", "怎麼想到", "怎么想到", "為什麼選", "为什么选", "pourquoi as-tu choisi", "comment as-tu eu"}

// asksAboutAgent reports a prompt that asks the agent about its own reasoning.
func asksAboutAgent(prompt string) bool { return hasAny(strings.ToLower(prompt), selfQuestions) }
