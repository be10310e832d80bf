package transcript

import (
	"bytes"
	"errors"
	"io"
)

// Limits of the backward reader. They keep the hook's cost independent of the transcript's
// size: a 200 MB file costs what its last turn costs, and a 50 MB single line is skimmed,
// never held in memory.
const (
	chunkSize = 64 << 10 // bytes read per step, from the end towards the start
	maxLine   = 2 << 20  // a longer line is "oversized": only its head and tail are kept
	edgeSize  = 16 << 10 // bytes kept at each end of an oversized line
	maxScan   = 32 << 20 // bytes read back before giving up on finding the turn's start
)

// errScanBudget reports that the reader went back maxScan bytes without reaching the file's start.
var errScanBudget = errors.New("scan budget reached")

// backLine is one line handed out by backReader. Data is only valid until the next call.
// An oversized line has no Data, only Head and Tail (its first and last edgeSize bytes).
type backLine struct {
	Data       []byte
	Oversized  bool
	Head, Tail []byte
	Size       int64
	Start      int64 // the line's offset in the file
}

// backReader yields the lines of a file from the last to the first, reading chunkSize bytes
// at a time backwards. Memory stays bounded by maxLine whatever the file holds.
type backReader struct {
	r       io.ReaderAt
	off     int64 // the file's bytes before off have not been read yet
	scanned int64
	limit   int64

	chunk []byte
	cur   []byte // the chunk being split into lines
	nl    []int  // newline offsets in cur
	ni    int    // next index of nl to consume, counting down
	end   int    // cur[:end] is not consumed yet

	// A line that spans chunks is assembled from the back: acc[accStart:] is the part
	// seen so far (its end). Past maxLine it switches to head/tail tracking.
	pending  bool
	acc      []byte
	accStart int
	size     int64
	over     bool
	tail     []byte
	head     []byte
	spare    []byte
}

func newBackReader(r io.ReaderAt, size, limit int64) *backReader {
	if limit <= 0 {
		limit = maxScan
	}
	return &backReader{r: r, off: size, limit: limit, chunk: make([]byte, min(chunkSize, max(size, 1))), ni: -1} // a short file or section needs no whole chunk
}

// next returns the previous line of the file (newest first), skipping empty lines.
// It returns io.EOF at the start of the file and errScanBudget past the scan limit.
func (b *backReader) next() (backLine, error) {
	for {
		if b.ni >= 0 {
			p := b.nl[b.ni]
			b.ni--
			seg := b.cur[p+1 : b.end]
			b.end = p
			var ln backLine
			if b.pending {
				ln = b.finish(seg)
			} else {
				ln = backLine{Data: seg, Size: int64(len(seg))}
			}
			ln.Start = b.off + int64(p) + 1
			if ln.Size == 0 || (!ln.Oversized && len(bytes.TrimSpace(ln.Data)) == 0) {
				continue
			}
			return ln, nil
		}
		if b.end > 0 {
			seg := b.cur[:b.end]
			b.end = 0
			if b.off == 0 && !b.pending { // the file's first line, whole in this chunk
				if len(bytes.TrimSpace(seg)) > 0 {
					return backLine{Data: seg, Size: int64(len(seg))}, nil
				}
				continue
			}
			b.addPiece(seg)
		}
		if b.off == 0 {
			if b.pending {
				ln := b.finish(nil)
				if ln.Size > 0 && (ln.Oversized || len(bytes.TrimSpace(ln.Data)) > 0) {
					return ln, nil
				}
			}
			return backLine{}, io.EOF
		}
		if b.scanned >= b.limit {
			return backLine{}, errScanBudget
		}
		n := min(int64(len(b.chunk)), b.off)
		b.off -= n
		if _, err := b.r.ReadAt(b.chunk[:n], b.off); err != nil && err != io.EOF {
			return backLine{}, err
		}
		b.scanned += n
		b.cur = b.chunk[:n]
		b.nl = b.nl[:0]
		for i := 0; ; {
			j := bytes.IndexByte(b.cur[i:], '\n')
			if j < 0 {
				break
			}
			b.nl = append(b.nl, i+j)
			i += j + 1
		}
		b.ni = len(b.nl) - 1
		b.end = int(n)
	}
}

// addPiece prepends p (the start-most bytes seen so far) to the line in progress.
func (b *backReader) addPiece(p []byte) {
	if !b.pending {
		b.pending = true
		b.size = 0
		b.over = false
		b.accStart = len(b.acc)
	}
	b.size += int64(len(p))
	if b.over {
		b.prependHead(p)
		return
	}
	if b.size > maxLine {
		// Switch to head/tail tracking: keep the line's last edgeSize bytes once.
		seen := b.acc[b.accStart:]
		b.tail = append(b.tail[:0], seen[max(0, len(seen)-edgeSize):]...)
		if len(seen) < edgeSize { // the tail also needs the start of p
			need := edgeSize - len(seen)
			b.tail = append(append([]byte(nil), p[max(0, len(p)-need):]...), b.tail...)
		}
		b.over = true
		b.head = b.head[:0]
		b.prependHead(p)
		return
	}
	if len(p) > b.accStart {
		b.grow(len(p))
	}
	b.accStart -= len(p)
	copy(b.acc[b.accStart:], p)
}

// grow makes room for at least n more bytes in front of the line in progress.
func (b *backReader) grow(n int) {
	seen := b.acc[b.accStart:]
	c := min(max(2*len(b.acc), 256<<10), maxLine) // a line in progress never passes maxLine
	c = max(c, len(seen)+n)
	buf := make([]byte, c)
	copy(buf[c-len(seen):], seen)
	b.acc = buf
	b.accStart = c - len(seen)
}

// prependHead keeps, in b.head, the first edgeSize bytes of the line as it grows backwards.
func (b *backReader) prependHead(p []byte) {
	keep := min(len(b.head), edgeSize)
	buf := b.spare[:0]
	buf = append(buf, p...)
	buf = append(buf, b.head[:keep]...)
	b.spare, b.head = b.head, buf
}

// finish completes the line in progress with its first bytes seg.
func (b *backReader) finish(seg []byte) backLine {
	b.addPiece(seg)
	b.pending = false
	if b.over {
		return backLine{Oversized: true, Head: b.head[:min(len(b.head), edgeSize)], Tail: b.tail, Size: b.size}
	}
	data := b.acc[b.accStart:]
	b.accStart = len(b.acc)
	return backLine{Data: data, Size: int64(len(data))}
}
