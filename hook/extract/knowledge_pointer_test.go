package extract

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A sentence that only says where a page is ("The form is open at [Grants](https://…).")
// is a link with a sentence around it: no fact to reuse. A fact with a link in it stays.
func TestWhereALinkIsIsNoKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Can you prepare the grant form, do you understand?")
	b.Say("m1", "The grant portal rejects drafts longer than two thousand words per section.\n\n"+
		"The form is open at [Acme Grants](https://grants.example.com/apply).")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"The grant portal rejects drafts longer than two thousand words per section."}
	if !slices.Equal(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q", e.Knowledge, want)
	}
}

func TestLinkPointer(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"The application is open at [Superb Grants](https://x.example.com/earn).",
		"The docs are available at https://docs.example.com.", "The dashboard is live at [dash](https://dash.example.com)"} {
		if !isLabelledLink(s) {
			t.Errorf("%q: a link with a sentence around it kept", s)
		}
	}
	for _, s := range []string{"The app redirects anonymous clients to [the login page](https://x.example.com/-/login).",
		"The API is at [v2](https://api.example.com/v2) since the token format changed in March."} {
		if isLabelledLink(s) {
			t.Errorf("%q: a fact taken for a link with a sentence around it", s)
		}
	}
}
