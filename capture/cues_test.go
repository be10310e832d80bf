package capture

import (
	"slices"
	"strings"
	"testing"
)

// Every cue table's examples: what each kind must recognise, and what it must not.
func TestCueTables(t *testing.T) {
	t.Parallel()
	kinds := []string{cueNext, cueDecisions, cueKnowledge, cueBecause, cueInstead, cueNarration, cueFollowUp, cueReaction, cueSession, cuePending}
	langs := map[string]bool{}
	for _, tb := range tables {
		langs[tb.lang] = true
		for _, kind := range kinds {
			if len(tb.cues[kind]) == 0 || len(tb.keep[kind]) == 0 || len(tb.drop[kind]) == 0 {
				t.Errorf("%s %s: cues, examples to keep and examples to drop are all needed", tb.lang, kind)
			}
			for _, ex := range tb.keep[kind] {
				if !recognises(kind, ex) {
					t.Errorf("%s %s: %q is not recognised", tb.lang, kind, ex)
				}
			}
			for _, ex := range tb.drop[kind] {
				if recognises(kind, ex) {
					t.Errorf("%s %s: %q is recognised, and must not be", tb.lang, kind, ex)
				}
			}
		}
	}
	for _, want := range []string{"fr", "en", "es", "de", "it", "pt", "ja", "zh", "ko"} {
		if !langs[want] {
			t.Errorf("no cue table for %s", want)
		}
	}
	// every file of cues/ is a table read, of the kinds capture knows
	files, _ := cueFiles.ReadDir("cues")
	for _, f := range files {
		if !langs[strings.TrimSuffix(f.Name(), ".toml")] {
			t.Errorf("cues/%s is not read (cueLangs)", f.Name())
		}
	}
	for _, tb := range tables {
		for kind := range tb.cues {
			if !slices.Contains(kinds, kind) {
				t.Errorf("%s: unknown kind %q", tb.lang, kind)
			}
		}
	}
}

// recognises applies kind's cues to an example the way capture does.
func recognises(kind, ex string) bool {
	switch kind {
	case cueNext, cueDecisions, cueKnowledge:
		h, _, _, ok := headingText(ex)
		if !ok {
			h = stripMarkup(ex)
		}
		return headingKind(h) == kind
	case cueNarration:
		return narrates(ex)
	case cueFollowUp:
		return isFollowUp(ex)
	case cueReaction:
		return reacts(ex)
	}
	return matchCue(foldText(ex), kind)
}

// A heading is a cue with a few words around it; a sentence that happens to hold the cue
// is not a heading.
func TestHeadingKind(t *testing.T) {
	t.Parallel()
	for h, want := range map[string]string{
		"Next steps":                     cueNext,
		"Recommended next steps for you": cueNext,
		"Root cause":                     cueKnowledge,
		"Cause":                          cueKnowledge,
		"Decisions and trade-offs":       cueDecisions,
		"Summary":                        "",
		"Next, I updated the router and the tests": "",
		"後続: 次のステップ":                               cueNext,
	} {
		if got := headingKind(h); got != want {
			t.Errorf("headingKind(%q) = %q, want %q", h, got, want)
		}
	}
}

// A closing text's outline: the items under each heading, not the ones nested under an
// item, nor those ticked done, nor a table.
func TestOutline(t *testing.T) {
	t.Parallel()
	text := "Done: the importer retries now.\n\n## Next steps\n1. Add a test for the retry\n   - with a flaky server\n2. ✅ Update the README\n- [ ] Tag a release\n\n| a | b |\n|---|---|\n\n**Root cause:** the client closed the body before reading it.\n"
	got := announced(text, cueNext)
	if want := []string{"Add a test for the retry", "Tag a release"}; !slices.Equal(got, want) {
		t.Errorf("next = %q, want %q", got, want)
	}
	if got := announced(text, cueKnowledge); !slices.Equal(got, []string{"the client closed the body before reading it."}) {
		t.Errorf("knowledge = %q", got)
	}
	// A paragraph of its own after the list ends what the heading announced: the items
	// after it are not next steps. Text indented under an item, a table or a code block
	// after a blank line does not end it.
	text = "## Next steps\n- Add a retry\n\n  with a backoff\n\n```\ngo test ./...\n```\n- Tag a release\n\nThat is all for today.\n\n- Tip: the cache warms in a minute\n"
	if got, want := announced(text, cueNext), []string{"Add a retry", "Tag a release"}; !slices.Equal(got, want) {
		t.Errorf("after a paragraph: next = %q, want %q", got, want)
	}
	// A lesson said on its heading's line is whole: the labelled lists after it (the fix,
	// what was checked) are not part of it. Under a heading that says nothing itself, a
	// label groups the items under it.
	text = "Root cause found: the form read the old mint, owned by the legacy program.\n\nI fixed it by:\n- switching the mint\n- updating `.env.example`\n\n" +
		"Verified:\n- `npm run build` passes\n\n**Root cause**: a paste arrives as separate key events.\n\n**Fixes applied**:\n\n1. **`main.rs`**: enabled bracketed paste\n"
	want := []string{"the form read the old mint, owned by the legacy program.", "a paste arrives as separate key events."}
	if got := announced(text, cueKnowledge); !slices.Equal(got, want) {
		t.Errorf("said on the heading: knowledge = %q, want %q", got, want)
	}
	// A heading that only names its subject ("Root Cause: Health Check Failure") says no
	// lesson on its line: the paragraph under it does.
	text = "### **Root Cause: Health Check Failure**\n\nThe deploy went through, but the health check curls a URL kept in a secret.\n\n## Next: tag it\n"
	if got, want := announced(text, cueKnowledge), []string{"The deploy went through, but the health check curls a URL kept in a secret."}; !slices.Equal(got, want) {
		t.Errorf("a title on the heading: knowledge = %q, want %q", got, want)
	}
	if got, want := announced(text, cueNext), []string{"tag it"}; !slices.Equal(got, want) {
		t.Errorf("a next step said on its heading: next = %q, want %q", got, want)
	}
	if got, want := announced("Decision: keep the queue in SQLite.", cueDecisions), []string{"keep the queue in SQLite."}; !slices.Equal(got, want) {
		t.Errorf("a short statement on the heading: decisions = %q, want %q", got, want)
	}
	text = "## Lessons\n**Git:**\n- a shallow clone has no tags\n"
	if got, want := announced(text, cueKnowledge), []string{"Git: a shallow clone has no tags"}; !slices.Equal(got, want) {
		t.Errorf("grouped: knowledge = %q, want %q", got, want)
	}
}

// BenchmarkReadCueTables is what reading the cue tables costs every run of the program.
func BenchmarkReadCueTables(b *testing.B) {
	for b.Loop() {
		if len(readCueTables()) != len(cueLangs) {
			b.Fatal("tables missing")
		}
	}
}
