package secret

// Card numbers: 13–19 digits that start like a real card and pass the Luhn check.

import "slices"

// cardNumber finds a 13–19 digit number, contiguous or in card-style groups ("4111 1111
// 1111 1111", "3782-822463-10005"), that starts like a payment card and passes the Luhn check
// (luhnCard). Phone numbers, order numbers, dates and ids inside words do not have that shape.
func cardNumber(s string) (start, end int) {
	for i := 0; i < len(s); {
		if !asciiDigit(s[i]) {
			i++
			continue
		}
		if i > 0 && (asciiAlnum(s[i-1]) || s[i-1] == '_' || s[i-1] == '.' ||
			(s[i-1] == '-' && i > 1 && asciiLetter(s[i-2]))) { // inside a word or an id (bucket-4242…)
			for i < len(s) && asciiDigit(s[i]) {
				i++
			}
			continue
		}
		var digits [19]byte
		var groups [6]int
		nd, ng, j := 0, 0, i
		for {
			st := j
			for j < len(s) && asciiDigit(s[j]) {
				if nd < len(digits) {
					digits[nd] = s[j]
				}
				nd++
				j++
			}
			groups[ng] = j - st
			ng++
			if ng < len(groups) && j+1 < len(s) && (s[j] == ' ' || s[j] == '-') && asciiDigit(s[j+1]) {
				j++
				continue
			}
			break
		}
		endOK := j == len(s) || !asciiAlnum(s[j]) && s[j] != '_' &&
			(s[j] != '.' || j+1 >= len(s) || !asciiDigit(s[j+1]))
		switch {
		case ng == 1:
			if endOK && nd >= 13 && nd <= 19 && luhnCard(digits[:nd]) {
				return i, j
			}
		case groups[0] == 4 && nd >= 13 && nd <= 19 && endOK && cardGroups(groups[1:ng]):
			if luhnCard(digits[:nd]) {
				return i, j
			}
		case groups[0] >= 13 && groups[0] <= 19:
			if luhnCard(digits[:groups[0]]) {
				return i, i + groups[0]
			}
		}
		i = j
	}
	return 0, 0
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
