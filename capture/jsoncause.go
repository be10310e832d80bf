package capture

import (
	"encoding/json"
	"strings"
)

// An MCP server often ends its error line with the API's JSON body ("Figma API error: 429 -
// {"status":429,"err":"Rate limit exceeded"}"). What a reader of the log needs is the
// message in it, not the braces and quotes.

// jsonMessageKeys name the field of an error body that says what went wrong, in the order
// they are tried.
var jsonMessageKeys = []string{"message", "error", "err", "detail", "msg", "error_description"}

// plainJSONTail replaces a JSON object that ends an error line with its message field
// ("… 429 - Rate limit exceeded"); the line as it is when it ends with no such object.
func plainJSONTail(line string) string {
	i := strings.IndexByte(line, '{')
	if i < 0 || !strings.HasSuffix(strings.TrimSpace(line), "}") {
		return line
	}
	var body map[string]any
	if json.Unmarshal([]byte(line[i:]), &body) != nil {
		return line
	}
	for _, k := range jsonMessageKeys {
		if m, ok := body[k].(string); ok && strings.TrimSpace(m) != "" {
			head := strings.TrimRight(line[:i], " -:")
			if head == "" {
				return m
			}
			return head + " - " + m
		}
	}
	return line
}
