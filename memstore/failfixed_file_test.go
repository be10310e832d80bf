package memstore

import "testing"

// The file a failure says is missing is read from each tool's wording; a failure that says
// no file is missing names none.
func TestMissingFile(t *testing.T) {
	t.Parallel()
	for text, want := range map[string]string{
		"Échec de `python -` : FileNotFoundError: [Errno 2] No such file or directory: 'out/a.jsonl'": "out/a.jsonl",
		"Échec de `head -n 3 a.jsonl` : head: a.jsonl: No such file or directory":                     "a.jsonl",
		"`node x.mjs` failed: Error: ENOENT: no such file or directory, open 'conf.json'":             "conf.json",
		"`go run .` failed: open data.csv: no such file or directory":                                 "data.csv",
		"Échec de `make` : make: *** No rule to make target 'lint'.  Stop.":                           "",
	} {
		if got := missingFile(text); got != want {
			t.Errorf("missingFile(%q) = %q, want %q", text, got, want)
		}
	}
}

// A command of the exchange that failed for want of a file is not fixed by what the same
// exchange ran (it may have run before); a later exchange's read of the file fixes it.
func TestMissingFileFixedOnlyLater(t *testing.T) {
	t.Parallel()
	text := "Échec de `python -` : FileNotFoundError: [Errno 2] No such file or directory: 'a.jsonl'"
	read := []string{"wc -l a.jsonl"}
	if fixedSince(text, "python -", read, []string{text}) {
		t.Error("fixed by a read of the same exchange")
	}
	if !fixedSince(text, "python -", read, nil) {
		t.Error("not fixed by a later read of the file")
	}
	if fixedSince(text, "python -", []string{"rm a.jsonl", "wc -l b.jsonl", "git rm -q a.jsonl", `echo "a.jsonl && more"`}, nil) {
		t.Error("fixed by a removal, another file or a quoted word")
	}
	if !fixedSince(text, "python -", []string{`cd data && head -n 3 "a.jsonl"`}, nil) {
		t.Error("not fixed by a read after a cd")
	}
}
