package transcript

import "testing"

func TestFirstUsefulLine(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Exit code 1\n\nOn branch main\nnothing to commit": "nothing to commit",
		"Exit code 2\n=====\nsome output\nmore":            "some output",
		"\x1b[31mError:\x1b[0m cannot find module":         "Error: cannot find module",
		"": "",
	} {
		if got := firstUsefulLine(in); got != want {
			t.Errorf("firstUsefulLine(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCommitSubject(t *testing.T) {
	t.Parallel()
	if h, s := commitSubject("[main (root-commit) abc1234] first\n 1 file"); h != "abc1234" || s != "first" {
		t.Errorf("commitSubject: %q %q", h, s)
	}
	if h, _ := commitSubject("[WARN] not a commit"); h != "" {
		t.Errorf("commitSubject matched a log line")
	}
}
