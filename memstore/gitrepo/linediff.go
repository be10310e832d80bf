package gitrepo

import (
	"fmt"
	"strings"
)

// gitLineOp is one line of an edit script: ' ' kept, '-' deleted, '+' added.
type gitLineOp struct {
	kind byte
	line string // with its newline, if it had one
}

// gitMyersBudget bounds the memory of the edit-graph trace (in int32 cells,
// 16 MB); past it, the linear-space variant of the same algorithm takes over.
const gitMyersBudget = 4 << 20

// gitLineDiff returns a shortest edit script from a to b (Myers' O(ND)
// algorithm), so +/- counts agree with git's.
func gitLineDiff(a, b []string) []gitLineOp {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ops := make([]gitLineOp, 0, len(a)+len(b)-pre-suf)
	for _, l := range a[:pre] {
		ops = append(ops, gitLineOp{' ', l})
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	ids := map[string]int{}
	intern := func(ls []string) []int {
		out := make([]int, len(ls))
		for i, l := range ls {
			id, ok := ids[l]
			if !ok {
				id = len(ids)
				ids[l] = id
			}
			out[i] = id
		}
		return out
	}
	ia, ib := intern(ma), intern(mb)
	script, ok := gitMyers(ia, ib)
	if !ok {
		script = string(gitMyersLinear(ia, ib, make([]byte, 0, len(ia)+len(ib))))
	}
	i, j := 0, 0
	for k := 0; k < len(script); k++ {
		switch script[k] {
		case ' ':
			ops = append(ops, gitLineOp{' ', ma[i]})
			i++
			j++
		case '-':
			ops = append(ops, gitLineOp{'-', ma[i]})
			i++
		case '+':
			ops = append(ops, gitLineOp{'+', mb[j]})
			j++
		}
	}
	for _, l := range a[len(a)-suf:] {
		ops = append(ops, gitLineOp{' ', l})
	}
	return ops
}

// gitMyers returns the edit script of a shortest path through the edit graph
// of a and b as a string of ' ', '-' and '+'; false when over budget.
func gitMyers(a, b []int) (string, bool) {
	n, m := len(a), len(b)
	limit := n + m
	off := limit + 1
	v := make([]int32, 2*limit+3)
	var trace [][]int32
	budget := gitMyersBudget
	for d := 0; d <= limit; d++ {
		snap := append([]int32(nil), v[off-d-1:off+d+2]...)
		if budget -= len(snap); budget < 0 {
			return "", false
		}
		trace = append(trace, snap)
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = int(v[off+k+1])
			} else {
				x = int(v[off+k-1]) + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[off+k] = int32(x)
			if x >= n && y >= m {
				return gitMyersBacktrack(trace, d, n, m), true
			}
		}
	}
	return "", false
}

// gitMyersLinear appends to out a shortest edit script from a to b in linear space
// (Myers' divide and conquer on the middle snake), for the diffs too large for gitMyers.
func gitMyersLinear(a, b []int, out []byte) []byte {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	out = gitRepeat(out, ' ', pre)
	a, b = a[pre:len(a)-suf], b[pre:len(b)-suf]
	switch {
	case len(a) == 0:
		out = gitRepeat(out, '+', len(b))
	case len(b) == 0:
		out = gitRepeat(out, '-', len(a))
	default:
		x0, y0, x1, y1 := gitMiddleSnake(a, b)
		if x0 == 0 && y0 == 0 && x1 == len(a) && y1 == len(b) { // cannot happen: a != b here
			out = gitRepeat(gitRepeat(out, '-', len(a)), '+', len(b))
			break
		}
		out = gitMyersLinear(a[:x0], b[:y0], out)
		out = gitRepeat(out, ' ', x1-x0)
		out = gitMyersLinear(a[x1:], b[y1:], out)
	}
	return gitRepeat(out, ' ', suf)
}

func gitRepeat(out []byte, c byte, n int) []byte {
	for range n {
		out = append(out, c)
	}
	return out
}

// gitMiddleSnake returns the middle snake, (x0,y0) to (x1,y1), of a shortest path through
// the edit graph of a and b, searched from both ends at once.
func gitMiddleSnake(a, b []int) (x0, y0, x1, y1 int) {
	n, m := len(a), len(b)
	delta := n - m
	odd := delta&1 != 0
	half := (n + m + 1) / 2
	off := half + 1
	vf := make([]int, 2*off+1) // furthest x on each forward diagonal k = x - y
	vb := make([]int, 2*off+1) // furthest distance from the end on each backward diagonal
	for d := 0; d <= half; d++ {
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && vf[off+k-1] < vf[off+k+1]) {
				x = vf[off+k+1]
			} else {
				x = vf[off+k-1] + 1
			}
			y := x - k
			sx, sy := x, y
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			vf[off+k] = x
			if kb := delta - k; odd && kb >= -(d-1) && kb <= d-1 && x+vb[off+kb] >= n {
				return sx, sy, x, y
			}
		}
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && vb[off+k-1] < vb[off+k+1]) {
				x = vb[off+k+1]
			} else {
				x = vb[off+k-1] + 1
			}
			y := x - k
			sx, sy := x, y
			for x < n && y < m && a[n-1-x] == b[m-1-y] {
				x++
				y++
			}
			vb[off+k] = x
			if kf := delta - k; !odd && kf >= -d && kf <= d && x+vf[off+kf] >= n {
				return n - x, m - y, n - sx, m - sy
			}
		}
	}
	return 0, 0, n, m
}

func gitMyersBacktrack(trace [][]int32, dist, n, m int) string {
	rev := make([]byte, 0, n+m)
	x, y := n, m
	for d := dist; d > 0; d-- {
		s := trace[d] // v at the start of round d, for k in [-d-1, d+1]
		at := func(k int) int { return int(s[k+d+1]) }
		k := x - y
		pk := k - 1
		if k == -d || (k != d && at(k-1) < at(k+1)) {
			pk = k + 1
		}
		px := at(pk)
		py := px - pk
		for x > px && y > py {
			rev = append(rev, ' ')
			x--
			y--
		}
		if x == px {
			rev = append(rev, '+')
			y--
		} else {
			rev = append(rev, '-')
			x--
		}
	}
	for x > 0 && y > 0 {
		rev = append(rev, ' ')
		x--
		y--
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return string(rev)
}

// gitWriteHunks writes the @@ hunks of an edit script with ctx lines of
// context; hunks closer than 2*ctx unchanged lines are joined, as git does.
func gitWriteHunks(w *strings.Builder, ops []gitLineOp, ctx int) {
	oldPos := make([]int, len(ops)+1)
	newPos := make([]int, len(ops)+1)
	var old []string // the old file, for the function names of hunk headers
	funcName, searched := "", -1
	for i, op := range ops {
		if op.kind != '+' {
			old = append(old, op.line)
		}
		oldPos[i+1], newPos[i+1] = oldPos[i], newPos[i]
		if op.kind != '+' {
			oldPos[i+1]++
		}
		if op.kind != '-' {
			newPos[i+1]++
		}
	}
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-ctx, 0)
		end, j := i, i
		for j < len(ops) {
			if ops[j].kind != ' ' {
				j++
				end = j
				continue
			}
			k := j
			for k < len(ops) && ops[k].kind == ' ' {
				k++
			}
			if k == len(ops) || k-j > 2*ctx {
				break
			}
			j = k
		}
		stop := min(end+ctx, len(ops))
		// git's default function line: the nearest line above the hunk that
		// starts with a letter, "_" or "$", looked for back to the previous
		// hunk (whose own is kept when none is found), trimmed to 80 bytes.
		for l := oldPos[start] - 1; l > searched; l-- {
			if c := old[l][0]; c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' {
				funcName = strings.TrimRight(old[l][:min(len(old[l]), 80)], " \t\r\n\v\f")
				break
			}
		}
		searched = oldPos[start] - 1
		fmt.Fprintf(w, "@@ -%s +%s @@",
			gitHunkRange(oldPos[start], oldPos[stop]-oldPos[start]),
			gitHunkRange(newPos[start], newPos[stop]-newPos[start]))
		if funcName != "" {
			w.WriteString(" " + funcName)
		}
		w.WriteString("\n")
		// Within a run of changes, git shows every deleted line before the added ones.
		var dels, adds []string
		flush := func() {
			for _, l := range dels {
				gitWriteLine(w, '-', l)
			}
			for _, l := range adds {
				gitWriteLine(w, '+', l)
			}
			dels, adds = dels[:0], adds[:0]
		}
		for _, op := range ops[start:stop] {
			switch op.kind {
			case '-':
				dels = append(dels, op.line)
			case '+':
				adds = append(adds, op.line)
			default:
				flush()
				gitWriteLine(w, ' ', op.line)
			}
		}
		flush()
		i = stop
	}
}

// gitHunkRange formats one side of a hunk header: "start,count", the count
// left out when 1, the start being the line before when nothing is there.
func gitHunkRange(start, count int) string {
	switch count {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, count)
}

func gitWriteLine(w *strings.Builder, kind byte, line string) {
	w.WriteByte(kind)
	w.WriteString(line)
	if !strings.HasSuffix(line, "\n") {
		w.WriteString("\n\\ No newline at end of file\n")
	}
}
