package transcript

import (
	"bytes"
	"errors"
	"io"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// TestBackReaderMatchesForwardSplit compares the backward reader with a plain split on
// files mixing short lines, lines spanning chunks and oversized lines.
func TestBackReaderMatchesForwardSplit(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(1))
	sizes := []int{0, 1, 10, chunkSize - 1, chunkSize, chunkSize + 1, 3 * chunkSize, maxLine, maxLine + 1, maxLine + chunkSize + 7}
	for round := range 6 {
		var lines []string
		n := 3 + rng.Intn(8)
		for i := range n {
			size := sizes[rng.Intn(len(sizes))]
			if rng.Intn(3) > 0 {
				size = rng.Intn(300)
			}
			lines = append(lines, strings.Repeat(string(rune('a'+i%26)), size))
		}
		data := strings.Join(lines, "\n")
		if round%2 == 0 {
			data += "\n"
		}
		br := newBackReader(strings.NewReader(data), int64(len(data)), 1<<40)
		var got []backLine
		for {
			ln, err := br.next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			cp := ln
			cp.Data = append([]byte(nil), ln.Data...)
			cp.Head = append([]byte(nil), ln.Head...)
			cp.Tail = append([]byte(nil), ln.Tail...)
			got = append(got, cp)
		}
		var want []string
		for _, line := range slices.Backward(lines) {
			if line != "" {
				want = append(want, line)
			}
		}
		if len(got) != len(want) {
			t.Fatalf("round %d: %d lines, want %d", round, len(got), len(want))
		}
		for i, w := range want {
			g := got[i]
			if g.Size != int64(len(w)) {
				t.Fatalf("round %d line %d: size %d, want %d", round, i, g.Size, len(w))
			}
			if len(w) > maxLine {
				if !g.Oversized || !bytes.Equal(g.Head, []byte(w[:edgeSize])) || !bytes.Equal(g.Tail, []byte(w[len(w)-edgeSize:])) {
					t.Fatalf("round %d line %d: oversized line's head/tail wrong", round, i)
				}
				continue
			}
			if g.Oversized || string(g.Data) != w {
				t.Fatalf("round %d line %d: got %d bytes (oversized %v), want %d", round, i, len(g.Data), g.Oversized, len(w))
			}
		}
	}
}

func TestSalvageKeepsToolCallAndResult(t *testing.T) {
	t.Parallel()
	head := []byte(`{"parentUuid":"p","isSidechain":false,"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_1","type":"tool_result","content":"Error: boom\nmore`)
	tail := []byte(`more","is_error":true}]},"uuid":"u","timestamp":"2026-03-22T10:00:00Z","toolUseResult":"Error"}`)
	rl, err := salvage(head, tail)
	if err != nil || rl.Type != "user" || !rl.ToolUseResult.set || rl.Timestamp != "2026-03-22T10:00:00Z" {
		t.Fatalf("rl %+v err %v", rl, err)
	}
	c := collector{reading: newReading(&Turn{}), seenTools: map[string]bool{}}
	c.add(&rl, false)
	r := c.results["toolu_1"]
	if !r.isError || r.output != "Error: boom" {
		t.Errorf("result %+v", r)
	}
	if _, err := salvage([]byte("garbage"), []byte("garbage")); err == nil {
		t.Error("garbage salvaged")
	}
}

func TestPartialString(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`abc"rest`:      "abc",
		`a\"b"`:         `a"b`,
		`line\nnext`:    "line\nnext",
		`cut \u00e`:     "cut ",
		`ends with \`:   "ends with ",
		`caf\u00e9 ok"`: "café ok",
	} {
		if got := partialString([]byte(in)); got != want {
			t.Errorf("partialString(%q) = %q, want %q", in, got, want)
		}
	}
}
