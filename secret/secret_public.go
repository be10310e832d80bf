package secret

import "strings"

// Public keys and certificates are published on purpose: their armour and base64 body are
// not secrets, though a body line looks like one of a private key. A line is only known to be
// public inside its block, so a text (or a file's lines) is read as a whole for them.

// publicLabel reports whether an armour label names a block that is public.
func publicLabel(label string) bool {
	switch label {
	case "CERTIFICATE", "TRUSTED CERTIFICATE", "CERTIFICATE REQUEST", "NEW CERTIFICATE REQUEST",
		"X509 CRL", "PKCS7", "CMS", "SSH2 PUBLIC KEY":
		return true
	}
	return strings.HasSuffix(label, "PUBLIC KEY") || strings.HasSuffix(label, "PUBLIC KEY BLOCK")
}

// armour reads a "-----BEGIN LABEL-----" or "-----END LABEL-----" line (list marks and
// spaces around it aside; "---- BEGIN SSH2 PUBLIC KEY ----" too): its label, and whether it
// begins a block.
func armour(line string) (label string, begin, ok bool) {
	t := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), ">*+ "))
	if !strings.HasPrefix(t, "----") || !strings.HasSuffix(t, "----") {
		return "", false, false
	}
	t = strings.TrimSpace(strings.Trim(t, "-"))
	if rest, found := strings.CutPrefix(t, "BEGIN "); found {
		return rest, true, true
	}
	if rest, found := strings.CutPrefix(t, "END "); found {
		return rest, false, true
	}
	return "", false, false
}

// publicBody reports a line of a public block's body: base64, or an armour header
// ("Comment: …", "Version: …").
func publicBody(line string) bool {
	t := strings.TrimSpace(line)
	if t == "" {
		return true
	}
	if k := strings.Index(t, ": "); k > 0 && onlyBytes(t[:k], alnumChars+"-") {
		return !strings.ContainsAny(strings.ToLower(t[:k]), "0123456789") && !containsFoldASCII(t[:k], "pass") &&
			!containsFoldASCII(t[:k], "key") && !containsFoldASCII(t[:k], "token") && !containsFoldASCII(t[:k], "secret")
	}
	return onlyBytes(strings.TrimRight(t, "="), alnumChars+"+/")
}

// PublicLines marks the lines that belong to a public key or certificate block: its armour
// lines and the base64 lines between them. Any other line in the block is not marked, so
// that it is checked as every line is.
func PublicLines(lines []string) []bool {
	var marks []bool
	open, openAt := "", 0
	for i, l := range lines {
		if !strings.Contains(l, "----") && open == "" {
			continue
		}
		label, begin, ok := armour(l)
		switch {
		case ok && begin && publicLabel(label) && open == "":
			open, openAt = label, i
		case ok && !begin && open != "" && label == open:
			open = ""
		case open == "" || !publicBody(l):
			continue
		}
		if marks == nil {
			marks = make([]bool, len(lines))
		}
		marks[i] = true
	}
	if open != "" { // a block that never ends is not known to be one
		clear(marks[openAt:])
	}
	return marks
}

// maskPublic returns text with the lines of its public blocks blanked (same length, so
// that positions in it are positions in text), or text itself when it has none.
func maskPublic(text string) string {
	if !strings.Contains(text, "----") || !strings.Contains(text, "BEGIN") {
		return text
	}
	lines := strings.Split(text, "\n")
	marks := PublicLines(lines)
	if marks == nil {
		return text
	}
	var b strings.Builder
	b.Grow(len(text))
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		if marks[i] {
			b.WriteString(strings.Repeat(" ", len(l)))
		} else {
			b.WriteString(l)
		}
	}
	return b.String()
}
