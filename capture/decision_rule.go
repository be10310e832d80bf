package capture

import (
	"strings"

	"carnet/hook/transcript"
)

// A user who changes a rule of what is built ("Change the rule such that the game is lost
// when the king is captured. There is also no concept of "check".") states a choice of the
// product in their own words: the rule, with the sentence that follows it when it is no
// question, is a decision. The goal keeps the request; the decision keeps the rule.

// ruleOpeners open, in lower case, a prompt's sentence that sets a rule.
var ruleOpeners = []string{"change the rule such that ", "change the rule so that ", "change the rules such that ",
	"change the rules so that ", "the rule is that ", "new rule: "}

// statedRules returns the rules the prompt sets (see ruleOpeners), each with the next
// sentence of its line when that one is a statement and the two fit a bullet; none for a
// subagent, whose prompt is the main agent's.
func statedRules(t *transcript.Turn) []string {
	if t.Sidechain || !strings.Contains(t.Prompt, "rule") && !strings.Contains(t.Prompt, "RULE") {
		return nil
	}
	var out []string
	for l := range strings.Lines(t.Prompt) {
		ss := splitSentences(strings.TrimSpace(l))
		for i, s := range ss {
			rule, ok := cutRuleOpener(s)
			if !ok || len(out) == maxReasons {
				continue
			}
			if i+1 < len(ss) && !strings.HasSuffix(ss[i+1], "?") && len(rule)+len(ss[i+1]) < maxBullet {
				rule += " " + ss[i+1]
			}
			if len(rule) <= maxBullet {
				out = append(out, rule)
			}
		}
	}
	return out
}

// cutRuleOpener returns the rule a sentence sets, with a capital and a full stop, after one
// of ruleOpeners.
func cutRuleOpener(s string) (string, bool) {
	rest, ok := cutFold(s, ruleOpeners)
	if !ok || rest == "" {
		return "", false
	}
	return upperFirst(strings.TrimRight(rest, ".")) + ".", true
}
