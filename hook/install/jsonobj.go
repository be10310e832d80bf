package install

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// jsonObject is a JSON object that keeps its keys in their original order and, while it
// is not changed, its original text, so that merging into a person's settings file changes
// only what carnet adds.
type jsonObject struct {
	keys  []string
	vals  map[string]any      // values: *jsonObject, []any, json.Number, string, bool, nil
	raw   []byte              // the object's text as read
	raws  map[string][]byte   // each value's text as read, until it is set again
	notes map[string][]string // the comment lines written before a key (JSONC), kept on rewrite
	tail  []string            // the comment lines after the last key
	dirty bool
}

func newObject() *jsonObject { return &jsonObject{vals: map[string]any{}} }

func (o *jsonObject) get(k string) (any, bool) { v, ok := o.vals[k]; return v, ok }

func (o *jsonObject) set(k string, v any) {
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
	delete(o.raws, k)
	o.dirty = true
}

// decodeOrdered parses one JSON value, objects as *jsonObject. With jsonc it accepts JSONC,
// as Gemini CLI writes it: comments and trailing commas are read as white space (the decoder
// reads a copy with them blanked out, at the same offsets), and the comments come back when
// the object is written again.
func decodeOrdered(data []byte, jsonc bool) (any, error) {
	clean := data
	if jsonc {
		clean = blankJSONC(data)
	}
	dec := json.NewDecoder(bytes.NewReader(clean))
	dec.UseNumber()
	v, err := decodeValue(dec, clean, data)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("trailing data after the JSON value")
	}
	return v, nil
}

func decodeValue(dec *json.Decoder, clean, data []byte) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			start := dec.InputOffset() - 1
			o := newObject()
			prev := int(dec.InputOffset()) // More skips white space (blanked comments): read offsets before it
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				if n := commentLines(data[prev : prev+bytes.IndexByte(clean[prev:], '"')]); len(n) > 0 {
					if o.notes == nil {
						o.notes = map[string][]string{}
					}
					o.notes[k] = n
				}
				vstart := int(dec.InputOffset())
				for vstart < len(data) && strings.IndexByte(" \t\r\n:", data[vstart]) >= 0 {
					vstart++
				}
				v, err := decodeValue(dec, clean, data)
				if err != nil {
					return nil, err
				}
				o.set(k, v)
				if o.raws == nil {
					o.raws = map[string][]byte{}
				}
				o.raws[k] = data[vstart:dec.InputOffset()]
				prev = int(dec.InputOffset())
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			o.tail = commentLines(data[prev : dec.InputOffset()-1])
			o.raw, o.dirty = data[start:dec.InputOffset()], false
			return o, nil
		case '[':
			arr := []any{}
			for dec.More() {
				v, err := decodeValue(dec, clean, data)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := dec.Token()
			return arr, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	default:
		return tok, nil
	}
}

// encodeOrdered writes v as indented JSON with a final newline.
func encodeOrdered(v any, indent string) []byte {
	var b bytes.Buffer
	writeValue(&b, v, indent, 0)
	b.WriteByte('\n')
	return b.Bytes()
}

func writeValue(b *bytes.Buffer, v any, indent string, depth int) {
	pad := func(d int) { b.WriteString(strings.Repeat(indent, d)) }
	switch x := v.(type) {
	case *jsonObject:
		if !x.dirty && x.raw != nil {
			b.Write(x.raw) // untouched: exactly as the person wrote it
			return
		}
		if len(x.keys) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, k := range x.keys {
			for _, n := range x.notes[k] {
				pad(depth + 1)
				b.WriteString(n + "\n")
			}
			pad(depth + 1)
			writeString(b, k)
			b.WriteString(": ")
			if raw, ok := x.raws[k]; ok && !isDirty(x.vals[k]) {
				b.Write(raw)
			} else {
				writeValue(b, x.vals[k], indent, depth+1)
			}
			if i < len(x.keys)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		for _, n := range x.tail {
			pad(depth + 1)
			b.WriteString(n + "\n")
		}
		pad(depth)
		b.WriteByte('}')
	case []any:
		if len(x) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i, e := range x {
			pad(depth + 1)
			writeValue(b, e, indent, depth+1)
			if i < len(x)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		pad(depth)
		b.WriteByte(']')
	case string:
		writeString(b, x)
	default:
		data, err := json.Marshal(x)
		if err != nil {
			data = []byte("null")
		}
		b.Write(data)
	}
}

// isDirty reports an object changed since it was read (values of other kinds are replaced
// through set, which forgets their text).
func isDirty(v any) bool {
	o, ok := v.(*jsonObject)
	return ok && o.dirty
}

func writeString(b *bytes.Buffer, s string) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	b.Write(bytes.TrimRight(buf.Bytes(), "\n"))
}

// detectIndent returns the indentation unit of a JSON text (two spaces when unknown).
func detectIndent(data []byte) string {
	for line := range strings.Lines(string(data)) {
		line = strings.TrimSuffix(line, "\n")
		t := strings.TrimLeft(line, " \t")
		if t != "" && len(t) < len(line) {
			return line[:len(line)-len(t)]
		}
	}
	return "  "
}

// blankJSONC returns a copy of data with its comments (// and /* */) and trailing commas
// replaced by spaces (newlines kept), so that offsets in it are offsets in data.
func blankJSONC(data []byte) []byte {
	out := bytes.Clone(data)
	inString := false
	lastComma := -1 // a comma that is trailing if the next significant byte closes
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString, lastComma = true, -1
		case c == '/' && i+1 < len(out) && out[i+1] == '/':
			for ; i < len(out) && out[i] != '\n'; i++ {
				out[i] = ' '
			}
		case c == '/' && i+1 < len(out) && out[i+1] == '*':
			end := bytes.Index(out[i+2:], []byte("*/"))
			stop := len(out)
			if end >= 0 {
				stop = i + 2 + end + 2
			}
			for ; i < stop; i++ {
				if out[i] != '\n' {
					out[i] = ' '
				}
			}
			i--
		case c == ',':
			lastComma = i
		case c == '}' || c == ']':
			if lastComma >= 0 {
				out[lastComma] = ' '
			}
			lastComma = -1
		case c != ' ' && c != '\t' && c != '\r' && c != '\n':
			lastComma = -1
		}
	}
	return out
}

// commentLines returns the comments in a stretch of JSONC between two members, one trimmed
// line each (commas and white space dropped).
func commentLines(b []byte) []string {
	if !bytes.Contains(b, []byte("//")) && !bytes.Contains(b, []byte("/*")) {
		return nil
	}
	var out []string
	for l := range strings.Lines(string(b)) {
		l = strings.TrimSpace(strings.TrimSpace(l))
		l = strings.TrimSpace(strings.TrimPrefix(l, ","))
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}
