package memstore

import (
	"bytes"
	"fmt"
)

// Plural writes a count with its word, adding an s past one: "1 log", "3 logs".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// HumanSize writes a byte count as people read it: "812 B", "4.2 KB", "1.3 MB".
func HumanSize(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f KB", float64(n)/1000)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// CountLines is the number of lines of a file's content, the last one counted even without
// its final newline.
func CountLines(data []byte) int {
	n := bytes.Count(data, []byte("\n"))
	if len(data) > 0 && data[len(data)-1] != '\n' {
		n++
	}
	return n
}
