package capture

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// An answer often shows a command in a block of its own, then says what it does in the
// next paragraph: "This copies the skill templates to …". Taken alone, that sentence has
// lost its subject; namedCommands puts the command back in place of "This".

// commandPointers open a sentence that points at what was shown just above it.
var commandPointers = []string{"This command ", "This ", "That ", "It "}

// namedCommands returns text where a paragraph that follows a fenced block of one line (a
// command) and opens with a pointer to it ("This copies …") opens with the command
// instead ("`uv run tool install` copies …"). Other text is returned as it is.
func namedCommands(text string) string {
	if !strings.Contains(text, "```") {
		return text
	}
	var b strings.Builder
	var block []string // the lines of the fenced block open, or of the last one closed
	inFence, after := false, false
	for line := range strings.Lines(text) {
		t := strings.TrimSpace(line)
		switch {
		case isFence(t):
			if !inFence {
				block = block[:0]
			}
			inFence, after = !inFence, inFence
		case inFence:
			if t != "" {
				block = append(block, t)
			}
		case t == "":
		default:
			if after && len(block) == 1 {
				line = pointedAt(line, block[0])
			}
			after = false
		}
		b.WriteString(line)
	}
	return b.String()
}

// pointedAt returns line with its opening pointer replaced by the command cmd, when it
// opens with one followed by a lower-case word; line as it is otherwise.
func pointedAt(line, cmd string) string {
	if strings.HasPrefix(cmd, "#") || strings.HasPrefix(cmd, "//") || strings.Contains(cmd, "`") {
		return line // a comment, not a command
	}
	for _, p := range commandPointers {
		rest, ok := strings.CutPrefix(line, p)
		if !ok {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(rest); !unicode.IsLower(r) {
			return line
		}
		return "`" + strings.TrimPrefix(cmd, "$ ") + "` " + rest
	}
	return line
}
