package memstore

import (
	"fmt"
	"testing"
)

const spanDoc = "# Long\n\n## 2024-01-01\n- a\n- b\n  more of b\n\n# A person's chapter\nsome text\n\n## 2024-02-01\n- c\n\n"

// A section spans up to the next "## " heading, a "# " chapter inside it included; its lines
// are blocks: bullets with their indented lines, and single other lines.
func TestSpansAndBlocks(t *testing.T) {
	t.Parallel()
	d := ParseDoc([]byte(spanDoc))
	spans := d.Spans()
	if len(spans) != 2 || spans[0].Start != 2 || spans[0].End != 10 || spans[1].End != d.Len() {
		t.Fatalf("spans %+v", spans)
	}
	var got string
	for _, b := range d.Blocks(spans[0]) {
		got += fmt.Sprintf("[%d,%d %v %q %v]", b.Line, b.End, b.Bullet, b.Text, b.Simple())
	}
	want := `[3,4 true "a" true][4,6 true "b" false][6,7 false "" false][7,8 false "" false][8,9 false "" false][9,10 false "" false]`
	if got != want {
		t.Errorf("blocks %s\nwant   %s", got, want)
	}
	if e := d.BodyEnd(spans[0]); e != 9 {
		t.Errorf("body end %d", e)
	}
	if e := d.BodyEnd(Section{Start: 0, End: 2}); e != 1 {
		t.Errorf("body end of a bare heading %d", e)
	}
	d.RemoveBlocks(d.Blocks(spans[0]), Block.Simple)
	if d.String() != "# Long\n\n## 2024-01-01\n- b\n  more of b\n\n# A person's chapter\nsome text\n\n## 2024-02-01\n- c\n\n" {
		t.Errorf("after removing the simple bullets:\n%s", d)
	}
}

// Removing a section takes its whole span; the last one leaves the file ending as it did.
func TestRemoveSection(t *testing.T) {
	t.Parallel()
	d := ParseDoc([]byte(spanDoc))
	d.RemoveSection(10)
	if got := d.String(); got != "# Long\n\n## 2024-01-01\n- a\n- b\n  more of b\n\n# A person's chapter\nsome text\n\n" {
		t.Errorf("last removed:\n%q", got)
	}
	d = ParseDoc([]byte(spanDoc))
	d.RemoveSection(2)
	if got := d.String(); got != "# Long\n\n## 2024-02-01\n- c\n\n" {
		t.Errorf("first removed:\n%q", got)
	}
	d.RemoveSection(99) // no section there: nothing happens
	if got := d.String(); got != "# Long\n\n## 2024-02-01\n- c\n\n" {
		t.Errorf("nothing removed:\n%q", got)
	}
}

// A dated bullet goes to its date's section, else to a new one in date order.
func TestAddDatedBullet(t *testing.T) {
	t.Parallel()
	dateOf := func(s Section) string {
		if s.Heading == "Condensed" {
			return "2023-06-01" // a section standing for a date its heading does not say
		}
		return s.Heading
	}
	for _, c := range []struct{ in, date, want string }{
		{"# L\n\n## 2024-01-01\n- a\n\n## 2024-03-01\n- c\n", "2024-01-01", "# L\n\n## 2024-01-01\n- a\n- new\n\n## 2024-03-01\n- c\n"},
		{"# L\n\n## 2024-01-01\n- a\n\n## 2024-03-01\n- c\n", "2024-02-01", "# L\n\n## 2024-01-01\n- a\n\n## 2024-02-01\n- new\n\n## 2024-03-01\n- c\n"},
		{"# L\n\n## 2024-01-01\n- a\n", "2024-05-01", "# L\n\n## 2024-01-01\n- a\n\n## 2024-05-01\n- new\n"},
		{"# L\n\n## Condensed\n- old\n", "2023-01-01", "# L\n\n## 2023-01-01\n- new\n\n## Condensed\n- old\n"},
		{"# L\n", "2024-01-01", "# L\n\n## 2024-01-01\n- new\n"},
	} {
		d := ParseDoc([]byte(c.in))
		d.AddDatedBullet(c.date, "new", dateOf)
		if got := d.String(); got != c.want {
			t.Errorf("%s into %q:\n%q\nwant %q", c.date, c.in, got, c.want)
		}
	}
}
