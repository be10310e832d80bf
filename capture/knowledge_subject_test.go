package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// "The issue is that the test …" does not say which test; when the same paragraph names
// it ("The performance regression test needs …"), the bullet takes that name. When the
// text just before announced what the agent fixes ("Let me also fix the cache test that's
// failing:"), a cause that names nothing says what it is the issue with.
func TestCauseNamesItsSubject(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("why do the performance tests fail?")
	b.Say("m1", "Let me also fix the cache test that's failing:")
	b.Use("m1", "r1", "Read", map[string]any{"file_path": "/home/dev/proj/test/perf.test.ts"})
	b.Result("r1", "expect(second).toBeLessThan(first * 0.5)", false)
	b.Say("m2", "The issue is that both requests are too fast (under 1ms), so the percentage comparison is not reliable. Let me fix this:")
	b.Use("m2", "r2", "Read", map[string]any{"file_path": "/home/dev/proj/test/setup.ts"})
	b.Result("r2", "vi.mock('../src/api/client')", false)
	b.Say("m3", "The issue is that the test is using a mock API client that returns nothing for `post` calls. "+
		"The performance regression test needs real API calls, but it's being mocked by the global test setup.\n\n"+
		"Let me fix this by making the test skip when not using the real API:")
	b.Use("m3", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/test/perf.test.ts", "old_string": "a", "new_string": "b"})
	b.Result("e1", "The file /home/dev/proj/test/perf.test.ts has been updated.", false)
	b.Say("m4", "Both tests now pass.")
	e := extractEN(t, b, "/home/dev/proj")
	for _, w := range []string{
		"The issue with the cache test is that both requests are too fast (under 1ms), so the percentage comparison is not reliable.",
		"The issue is that the performance regression test is using a mock API client that returns nothing for `post` calls.",
	} {
		if !slices.Contains(e.Knowledge, w) {
			t.Errorf("knowledge = %q, want %q in it", e.Knowledge, w)
		}
	}
}

func TestAnnouncedSubject(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Let me also fix the cache test that's failing:":                "the cache test",
		"Let me fix the cache test:":                                    "the cache test",
		"Let me check the build:":                                       "the build",
		"Let me fix the:":                                               "",
		"Let me check the whole thing again and then see what is left:": "",
		"Let me fix the cache test.":                                    "",
	} {
		if got := announcedSubject(in); got != want {
			t.Errorf("announcedSubject(%q) = %q, want %q", in, got, want)
		}
	}
}
