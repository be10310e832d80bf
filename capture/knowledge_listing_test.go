package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A usage listing's line with no option ("`npm run build`: Build for production") says what
// the script's name says; a command with an option ("--refresh-config") teaches how to run it.
func TestUsageCommandWithNoOptionIsNoKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Document the project in CLAUDE.md")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/CLAUDE.md", "content": "# App\n\n## Development Commands\n```bash\n" +
		"# Start development server\nnpm run dev\n\n# Sync one table\npython scripts/sync.py \"People\"\n\n# Skip the cache\nnpm run build -- --no-cache\n```\n"})
	b.Result("w1", "File created successfully at: /home/dev/proj/CLAUDE.md", false)
	b.Say("m2", "Done.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"`npm run build -- --no-cache`: Skip the cache"}
	if !slices.Equal(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q", e.Knowledge, want)
	}
}

// Two statements of one turn on the same command or action, one saying again what the
// other says ("… `actions/upload-artifact@v3` …" twice, "the `install` command refreshes the
// templates" after "`uv run tool install --force` copies the templates"), are one fact.
func TestOneFactPerCommand(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want []string }{
		{[]string{"GitHub deprecated `actions/upload-artifact@v3` in April 2024.",
			"The CI failure is because the workflow uses a deprecated version of `actions/upload-artifact: v3`."},
			[]string{"GitHub deprecated `actions/upload-artifact@v3` in April 2024."}},
		{[]string{"No package reinstall needed - just the `install` command refreshes the templates.",
			"`uv run tool install --force` copies the skill templates from your source to `~/.claude/commands/`."},
			[]string{"`uv run tool install --force` copies the skill templates from your source to `~/.claude/commands/`."}},
		{[]string{"`config.ts` must match the database schema.", "`config.ts` is loaded once at startup by the server."}, // two facts on one file
			[]string{"`config.ts` must match the database schema.", "`config.ts` is loaded once at startup by the server."}},
	} {
		if got := oneFactEach(slices.Clone(c.in)); !slices.Equal(got, c.want) {
			t.Errorf("oneFactEach(%q) =\n%q, want\n%q", c.in, got, c.want)
		}
	}
}

// An answer that sums itself up ("結論:可以做但 ROI 低…", "In short, …") gives a judgement
// of the discussion: the fact it states first is kept, not the conclusion nor the argument.
func TestConclusionIsNoKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Can we find who created the bot?")
	b.Use("m1", "r1", "Read", map[string]any{"file_path": "/home/dev/proj/doc.md"})
	b.Result("r1", "x", false)
	b.Say("m2", "The GitHub API does not expose who created a bot account.\n\nConceptually yes — writing automation is leverage in itself.\n\n"+
		"**In short**, doable but the return is low for this take-home.")
	e := extractEN(t, b, "/home/dev/proj")
	if want := []string{"The GitHub API does not expose who created a bot account."}; !slices.Equal(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q", e.Knowledge, want)
	}
}
