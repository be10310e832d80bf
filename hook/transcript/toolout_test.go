package transcript

import "testing"

func TestFirstUsefulLine(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Exit code 1\n\nOn branch main\nnothing to commit": "nothing to commit",
		"Exit code 2\n=====\nsome output\nmore":            "some output",
		"\x1b[31mError:\x1b[0m cannot find module":         "Error: cannot find module",
		"": "",
		// a header names the error; the line after it says what it is
		"Exit code 1\n> Build error occurred\n[TypeError: generate is not a function]\n    at x (a.js:1)":                                                             "[TypeError: generate is not a function]",
		"Traceback (most recent call last):\n  File \"<stdin>\", line 3, in <module>\n    main()\nFileNotFoundError: [Errno 2] No such file or directory: 'data.csv'": "FileNotFoundError: [Errno 2] No such file or directory: 'data.csv'",
		"npm ERR! code ELIFECYCLE\nnpm ERR! errno 1": "npm ERR! code ELIFECYCLE",
		// a header alone is still the best line there is
		"Traceback (most recent call last):\n  File \"x.py\", line 1": "Traceback (most recent call last):",
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
