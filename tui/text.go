package tui

import (
	"bytes"
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"
)

// errBinary is what a screen says of a file that is not text: it is listed, never drawn.
var errBinary = errors.New("binary, not shown")

// isBinary reports whether data is not text: a NUL byte, or control characters (other than
// tabs and line ends) in more than one byte in ten of its first 8 KB.
func isBinary(data []byte) bool {
	head := data[:min(len(data), 8192)]
	if bytes.IndexByte(head, 0) >= 0 {
		return true
	}
	ctl := 0
	for _, b := range head {
		if b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' {
			ctl++
		}
	}
	return ctl*10 > len(head)
}

// drawable is text from a file made safe to draw: no byte order mark, invalid UTF-8 (a
// Latin-1 file) replaced by �, control characters that would move the terminal's cursor or
// change its state replaced too. Line ends and tabs stay.
func drawable(s string) string {
	s = strings.TrimPrefix(s, "\ufeff")
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "�")
	}
	if strings.IndexFunc(s, unsafeRune) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unsafeRune(r) {
			return '�'
		}
		return r
	}, s)
}

func unsafeRune(r rune) bool {
	return unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r' || r == '\ufeff'
}
