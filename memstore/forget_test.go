package memstore

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestForgetText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, in, text, want string
		removed              []string
	}{
		{"a bullet with its nested lines", "# Log\r\n\r\n## Connaissances acquises\r\n- a\r\n- key sk-1 here\r\n  - nested\r\n- b\r\n", "sk-1",
			"# Log\r\n\r\n## Connaissances acquises\r\n- a\r\n- b\r\n", []string{"- key sk-1 here", "  - nested"}},
		{"the text in a nested line takes the bullet", "## S\n- top\n  - deep sk-1\n- other\n", "sk-1",
			"## S\n- other\n", []string{"- top", "  - deep sk-1"}},
		{"a line that is no bullet", "# T\nfree text sk-1\n\n## S\n- x", "sk-1", "# T\n\n## S\n- x", []string{"free text sk-1"}},
		{"case counts", "## S\n- SK-1\n", "sk-1", "## S\n- SK-1\n", nil},
		{"the last section keeps its heading", "## S\n- only sk-1\n", "sk-1", "## S\n", []string{"- only sk-1"}},
	} {
		got, removed := ForgetText([]byte(tc.in), tc.text)
		if string(got) != tc.want || !slices.Equal(removed, tc.removed) {
			t.Errorf("%s: got %q %q, want %q %q", tc.name, got, removed, tc.want, tc.removed)
		}
	}
}

func TestForgetMessage(t *testing.T) {
	t.Parallel()
	got := string(ForgetMessage([]byte("memory(x): add sk-1\n\n- the key sk-1\n- other\n\nCarnet-Writer: cli\n"), "sk-1"))
	if want := "memory(x): add […]\n\n- other\n\nCarnet-Writer: cli\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestPickBullet(t *testing.T) {
	t.Parallel()
	d := ParseDoc([]byte("# L\n\n## Décisions prises\n- Lire depuis la fin.\n\n## Travail produit\n- Lire depuis la fin.\n- Autre chose.\n"))
	_, err := PickBullet(d, "logs/x.md", "lire depuis la fin", "")
	if pe, ok := errors.AsType[*PickError](err); !ok || !pe.Ambiguous {
		t.Fatalf("two bullets: %v, want an ambiguous PickError", err)
	}
	sb, err := PickBullet(d, "logs/x.md", "lire depuis la fin", "travail")
	if err != nil || sb.Section.Heading != "Travail produit" {
		t.Fatalf("with the section: %+v %v", sb, err)
	}
	_, err = PickBullet(d, "logs/x.md", "autre", "")
	if pe, ok := errors.AsType[*PickError](err); !ok || pe.Ambiguous || !strings.Contains(pe.Msg, "[Travail produit] Autre chose.") {
		t.Fatalf("a near bullet: %v", err)
	}
}

func TestCheckForgetText(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"", "  ", "ab", "two\nlines"} {
		if CheckForgetText(bad) == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if err := CheckForgetText("sk-live-123"); err != nil {
		t.Error(err)
	}
}
