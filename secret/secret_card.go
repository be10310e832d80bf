package secret

// Card numbers: 13–19 digits that start like a real card and pass the Luhn check.

import "slices"

// cardNumber finds a 13–19 digit number, contiguous or in card-style groups ("4111 1111
// 1111 1111", "3782-822463-10005"), that starts like a payment card and passes the Luhn check
// (luhnCard). Phone numbers, order numbers, dates and ids inside words do not have that shape.
func cardNumber(s string) (start, end int) {
	for i := 0; i < len(s); {
		switch {
		case !asciiDigit(s[i]):
			i++
		case digitsInWord(s, i):
			for i < len(s) && asciiDigit(s[i]) {
				i++
			}
		default:
			var r digitRun
			r.read(s, i)
			if start, end, ok := r.card(s); ok {
				return start, end
			}
			i = r.end
		}
	}
	return 0, 0
}

// digitsInWord reports whether the digit at s[i] goes on a word or an id (v2, x_42, 1.5,
// bucket-4242…) rather than starting a number.
func digitsInWord(s string, i int) bool {
	if i == 0 {
		return false
	}
	p := s[i-1]
	return asciiAlnum(p) || p == '_' || p == '.' || (p == '-' && i > 1 && asciiLetter(s[i-2]))
}

// digitRun is a run of digit groups joined by single spaces or hyphens, as cardNumber reads
// it: "4111 1111 1111 1111", "3782-822463-10005", "4111111111111111".
type digitRun struct {
	start, end int      // where the run is in s
	digits     [19]byte // its first 19 digits
	nd         int      // how many digits it has
	groups     [6]int   // the number of digits of each group, at most 6 groups
	ng         int      // how many groups it has
}

// read reads the run of digit groups that starts at s[i].
func (r *digitRun) read(s string, i int) {
	r.start = i
	j := i
	for {
		st := j
		for j < len(s) && asciiDigit(s[j]) {
			if r.nd < len(r.digits) {
				r.digits[r.nd] = s[j]
			}
			r.nd++
			j++
		}
		r.groups[r.ng] = j - st
		r.ng++
		if r.ng < len(r.groups) && j+1 < len(s) && (s[j] == ' ' || s[j] == '-') && asciiDigit(s[j+1]) {
			j++
			continue
		}
		break
	}
	r.end = j
}

// card returns where the card number in the run is: the whole run when it is one number or
// groups of card sizes after a first group of 4, or the first group alone when it is a card
// number followed by other digits.
func (r *digitRun) card(s string) (start, end int, ok bool) {
	whole := r.nd >= 13 && r.nd <= 19 && numberEndsAt(s, r.end)
	switch {
	case r.ng == 1:
		if whole && luhnCard(r.digits[:r.nd]) {
			return r.start, r.end, true
		}
	case r.groups[0] == 4 && whole && cardGroups(r.groups[1:r.ng]):
		if luhnCard(r.digits[:r.nd]) {
			return r.start, r.end, true
		}
	case r.groups[0] >= 13 && r.groups[0] <= 19:
		if luhnCard(r.digits[:r.groups[0]]) {
			return r.start, r.start + r.groups[0], true
		}
	}
	return 0, 0, false
}

// numberEndsAt reports whether a number ends at s[j]: the text ends, or a byte that is not
// part of a word, an id or a decimal number (4111….5) follows.
func numberEndsAt(s string, j int) bool {
	return j == len(s) || !asciiAlnum(s[j]) && s[j] != '_' &&
		(s[j] != '.' || j+1 >= len(s) || !asciiDigit(s[j+1]))
}

// cardGroups reports whether the groups after the first have card sizes (3 to 6 digits).
func cardGroups(g []int) bool {
	for _, n := range g {
		if n < 3 || n > 6 {
			return false
		}
	}
	return true
}

// luhnCard checks that d starts like a payment card (Mastercard 2221–2720 and 51–55, Amex,
// JCB and Diners 30 and 34–39, Visa 4, Maestro 5, Discover and UnionPay 6) and passes the
// Luhn checksum.
func luhnCard(d []byte) bool {
	switch d[0] {
	case '2':
		p := int(d[1]-'0')*100 + int(d[2]-'0')*10 + int(d[3]-'0')
		if p < 221 || p > 720 {
			return false // 20xx… is a timestamp, not a card
		}
	case '3':
		if d[1] >= '1' && d[1] <= '3' {
			return false
		}
	case '4', '5', '6':
	default:
		return false
	}
	sum := 0
	for i, v := range slices.Backward(d) {
		n := int(v - '0')
		if (len(d)-1-i)%2 == 1 {
			n *= 2
			if n > 9 {
				n -= 9
			}
		}
		sum += n
	}
	return sum%10 == 0
}
