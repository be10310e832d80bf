package memstore

import (
	"errors"
	"strings"
	"testing"
)

func TestApplyEdit(t *testing.T) {
	t.Parallel()
	const doc = "# Log\n\n## Contexte\n- a\n\n## À suivre\n- b\n- c\n"
	for _, tc := range []struct {
		name string
		e    Edit
		want string // "" when the edit is refused
	}{
		{"replace once", Edit{Op: EditReplace, Old: "- a", New: "- A"}, "# Log\n\n## Contexte\n- A\n\n## À suivre\n- b\n- c\n"},
		{"replace count mismatch", Edit{Op: EditReplace, Old: "- ", New: "* "}, ""},
		{"replace count", Edit{Op: EditReplace, Old: "- ", New: "* ", Count: 3}, "# Log\n\n## Contexte\n* a\n\n## À suivre\n* b\n* c\n"},
		{"replace nothing", Edit{Op: EditReplace, New: "x"}, ""},
		{"append by key", Edit{Op: EditAppend, Section: "a_suivre", New: "- d\n"}, "# Log\n\n## Contexte\n- a\n\n## À suivre\n- b\n- c\n- d\n"},
		{"append by heading", Edit{Op: EditAppend, Section: "## Contexte", New: "- a2"}, "# Log\n\n## Contexte\n- a\n- a2\n\n## À suivre\n- b\n- c\n"},
		{"append new section", Edit{Op: EditAppend, Section: "decisions", New: "- e"}, "# Log\n\n## Contexte\n- a\n\n## Décisions prises\n- e\n\n## À suivre\n- b\n- c\n"},
		{"prepend", Edit{Op: EditPrepend, Section: "À suivre", New: "- z"}, "# Log\n\n## Contexte\n- a\n\n## À suivre\n- z\n- b\n- c\n"},
		{"replace section", Edit{Op: EditReplaceSection, Section: "Contexte", New: "- x\n- y"}, "# Log\n\n## Contexte\n- x\n- y\n\n## À suivre\n- b\n- c\n"},
		{"replace missing section", Edit{Op: EditReplaceSection, Section: "Nope", New: "- x"}, ""},
		{"no new text", Edit{Op: EditAppend, Section: "Contexte"}, ""},
		{"unknown op", Edit{Op: "rename", New: "x"}, ""},
		{"supersede", Edit{Op: EditSupersede, Old: "b", New: "b2 !6", Date: "2026-11-30"},
			"# Log\n\n## Contexte\n- a\n\n## À suivre\n- b2 !6\n  - ~~b~~ (remplacé le 2026-11-30)\n- c\n"},
		{"supersede none", Edit{Op: EditSupersede, Old: "q", New: "x"}, ""},
	} {
		got, err := ApplyEdit([]byte(doc), tc.e)
		if tc.want == "" {
			if _, ok := errors.AsType[*EditError](err); !ok {
				t.Errorf("%s: want an EditError, got %v / %q", tc.name, err, got)
			}
			continue
		}
		if err != nil || string(got) != tc.want {
			t.Errorf("%s: got %v\n%s\nwant\n%s", tc.name, err, got, tc.want)
		}
	}
}

// A superseded bullet is ambiguous with nothing, stays readable, and is not superseded twice.
func TestSupersedeKeepsBodyAndIsFinal(t *testing.T) {
	t.Parallel()
	doc := "## 2026-03-09\n- vieux fait\n  détail\n- autre fait\n"
	got, err := ApplyEdit([]byte(doc), Edit{Op: EditSupersede, Old: "vieux fait", New: "nouveau fait", Date: "2026-11-30", Lang: "en"})
	if err != nil {
		t.Fatal(err)
	}
	want := "## 2026-03-09\n- nouveau fait\n  - ~~vieux fait~~ (superseded on 2026-11-30)\n    détail\n- autre fait\n"
	if string(got) != want {
		t.Errorf("got\n%s", got)
	}
	if _, err := ApplyEdit(got, Edit{Op: EditSupersede, Old: "fait", New: "x"}); err == nil || !strings.Contains(err.Error(), "matches 2 bullets") {
		t.Errorf("the struck bullet is not a candidate; two live ones are: %v", err)
	}
	if !Superseded("~~vieux fait~~ (superseded on 2026-11-30)") || Superseded("~~barré~~ à la main") {
		t.Error("Superseded")
	}
}

// A section the file lacks and carnet does not know is a typo until said otherwise: refused,
// with the sections that would do, unless the edit asks for a new section.
func TestEditUnknownSection(t *testing.T) {
	t.Parallel()
	const doc = "# Log\n\n## Décisions prises\n- first\n"
	_, err := ApplyEdit([]byte(doc), Edit{Op: EditAppend, Section: "decsions", New: "- x"})
	ee, ok := errors.AsType[*EditError](err)
	if !ok || !ee.UnknownSection {
		t.Fatalf("want an unknown-section EditError, got %v", err)
	}
	for _, w := range []string{`"decsions"`, "Décisions prises", "decisions", "a_suivre", "next"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("the refusal does not list %q: %v", w, err)
		}
	}
	got, err := ApplyEdit([]byte(doc), Edit{Op: EditAppend, Section: "decsions", New: "- x", NewSection: true})
	if want := doc + "\n## decsions\n- x\n"; err != nil || string(got) != want {
		t.Errorf("asked for: got %v\n%q\nwant\n%q", err, got, want)
	}
	for _, s := range []string{"next", "Learnings", "2026-11-30", "## À suivre"} { // known keys, headings, a long memory's day
		if _, err := ApplyEdit([]byte(doc), Edit{Op: EditPrepend, Section: s, New: "- y"}); err != nil {
			t.Errorf("%q is a known section: %v", s, err)
		}
	}
}

// An operation that does not exist is named as such, whatever else the edit lacks.
func TestEditUnknownOperation(t *testing.T) {
	t.Parallel()
	for _, e := range []Edit{{Op: "frobnicate"}, {Op: "frobnicate", New: "x"}, {Op: ""}} {
		_, err := ApplyEdit([]byte("# Log\n"), e)
		if err == nil || !strings.Contains(err.Error(), "unknown operation") || !strings.Contains(err.Error(), "replace_section") {
			t.Errorf("%+v: got %v", e, err)
		}
	}
}
