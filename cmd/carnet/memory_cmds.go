package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"carnet/lang"
	"carnet/memstore"
	"carnet/secret"
)

func init() {
	register(newInitCmd)
	register(newAddCmd)
	register(newDoneCmd)
	register(newSearchCmd)
}

func newInitCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "init [DIR]",
		Short: "Create the memory layout in the workspace",
		Long: `Create memory_sessions/logs/ in DIR (relative to the workspace root; default the root),
the .gitignore line that keeps logs/.debug/ out of git, and a commented carnet.toml at the
root when there is none. Existing files are left as they are.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			root, err := memstore.ResolveRoot(g.root)
			if err != nil {
				return err
			}
			dir := ""
			if len(args) == 1 {
				dir = args[0]
			}
			if strings.HasPrefix(dir, "/") || strings.HasPrefix(dir, "..") {
				return fmt.Errorf("DIR must be relative to the workspace root (%s)", root)
			}
			l, err := workspaceLanguage(root)
			if err != nil {
				return err
			}
			created, err := initWorkspace(root, dir)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if len(created) == 0 {
				fmt.Fprintln(out, words.F(l.lang, "carnet is already set up in %s", root))
				fmt.Fprintln(out, l.line())
				return nil
			}
			for _, c := range created {
				fmt.Fprintln(out, words.F(l.lang, "created %s", c))
			}
			fmt.Fprintln(out, l.line())
			if sub := subfolder(root); dir == "" && sub != "" {
				fmt.Fprintln(out, words.F(l.lang, "note: this is the memory of the whole workspace (%s); for a project of its own in this folder: carnet init %s", root, sub))
			}
			fmt.Fprintln(out, words.T(l.lang, "next: carnet install   (registers the hook so sessions are captured and loaded)"))
			return nil
		},
	}
}

// subfolder is the current folder relative to root, or "" at the root or outside it.
func subfolder(root string) string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	if r, err := filepath.EvalSymlinks(wd); err == nil {
		wd = r
	}
	rel, err := filepath.Rel(root, wd)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return ""
	}
	return filepath.ToSlash(rel)
}

// initWorkspace creates the memory layout in dir (relative to root). When carnet.toml names
// the projects, those are the folders it makes: every one of them without DIR, else the one
// in DIR, and a DIR that is not one of them is an error (its memory would belong to no project).
func initWorkspace(root, dir string) ([]string, error) {
	cfg, err := memstore.LoadConfigFile(root)
	if err != nil {
		return nil, err
	}
	if len(cfg.Projects) == 0 {
		return memstore.InitIn(root, dir, lang.FromLocale(getenv)) // the locale's language, for a new carnet.toml
	}
	names := make([]string, 0, len(cfg.Projects))
	for n := range cfg.Projects {
		names = append(names, n)
	}
	sort.Strings(names)
	want := path.Join(filepath.ToSlash(filepath.Clean(dir)), memstore.MemoryDir)
	var created []string
	found := false
	for _, n := range names {
		mem := cfg.Projects[n]
		if dir != "" && mem != want {
			continue
		}
		found = true
		c, err := memstore.InitFolder(root, mem)
		if err != nil {
			return created, err
		}
		created = append(created, c...)
	}
	if !found {
		return nil, fmt.Errorf("%s names the projects and %s is not one of them: add a line like  %s = %q  under [projects], then run carnet init again",
			memstore.ConfigFile, want, path.Base(path.Dir(want)), want)
	}
	return created, nil
}

func newAddCmd(g *globals) *cobra.Command {
	var section string
	var importance int
	var tags []string
	var nothing bool
	c := &cobra.Command{
		Use:   "add --section KEY TEXT… | --nothing",
		Short: "Append a bullet to today's log (or long memory)",
		Long: `Append one bullet to today's daily log, in the section KEY:
  context, goal, problems, knowledge, work, decisions, next, or long_term for the long-term
  memory (the keys of the extraction JSON are accepted too).
The words form one bullet; "-" reads one bullet per line from stdin. A bullet already there
(same words, case, accents or punctuation aside) is not written twice; a bullet that looks
like a secret is refused. The project is chosen with -p only. --importance (1-10, most facts
4-6) and --tag end each bullet as " !7 #tag": search and load rank by them.
--nothing writes no bullet: it records that the work since the last record held nothing
worth keeping, so the Stop gate lets the agent stop (logs/.debug/gate/recorded.mark).`,
		Example: `  carnet add --section decisions "Read the transcript from its end"
  carnet add --section next -p api "Benchmark the hook on 200 MB"
  printf 'fact one\nfact two\n' | carnet add --section long_term -
  carnet add --nothing`,
		Args: func(cmd *cobra.Command, args []string) error {
			if nothing {
				if len(args) > 0 || section != "" {
					return errors.New("--nothing records that nothing is worth keeping: it takes no --section and no text")
				}
				return nil
			}
			return cobra.MinimumNArgs(1)(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if nothing {
				_, p, err := g.openProject(nil)
				if err != nil {
					return err
				}
				if err := p.MarkRecorded(now()); err != nil {
					return err
				}
				fmt.Fprintln(cmd.OutOrStdout(), "noted: nothing worth keeping since the last record (no bullet written)")
				return nil
			}
			if section == "" {
				return fmt.Errorf("--section is required (one of %s)", addKeysHelp())
			}
			key := memstore.AddKey(section)
			if key == "" {
				return fmt.Errorf("unknown section %q (want one of %s)", section, addKeysHelp())
			}
			texts, err := textArgs(args, cmd.InOrStdin())
			if err != nil {
				return err
			}
			if err := checkBullets(texts); err != nil {
				return err
			}
			weight, err := memstore.CheckWeight(importance, tags)
			if err != nil {
				return err
			}
			for i, t := range texts {
				texts[i] = memstore.WithWeight(t, weight)
			}
			_, p, err := g.openProject(nil) // free text: the project comes from -p only
			if err != nil {
				return err
			}
			var e memstore.Extraction
			e.Add(key, texts...)
			res, err := p.Merge(e, cliChange(""))
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			for _, a := range res.Added {
				fmt.Fprintf(out, "added to %s: %s\n", a.Path, a.Text)
			}
			reportCommit(cmd, memstore.Written{Changed: res.Changed, Commit: res.Commit, CommitErr: res.CommitErr})
			if res.Duplicates > 0 {
				fmt.Fprintf(out, "%d already there, not added again\n", res.Duplicates)
			}
			if len(res.Refused) > 0 {
				for _, r := range res.Refused {
					fmt.Fprintf(cmd.ErrOrStderr(), "refused %q: %s\n", r.Text, r.Reason)
				}
				return fmt.Errorf("%d bullet(s) refused: memory is kept in git, secrets stay out", len(res.Refused))
			}
			return nil
		},
	}
	c.Flags().StringVarP(&section, "section", "s", "", "section key: "+addKeysHelp())
	c.Flags().IntVar(&importance, "importance", 0, "how much the fact matters, 1-10 (most 4-6)")
	c.Flags().StringSliceVar(&tags, "tag", nil, "a tag (repeat, or comma-separated)")
	c.Flags().BoolVar(&nothing, "nothing", false, "write no bullet: record that nothing was worth keeping (the Stop gate then passes)")
	return c
}

// checkBullets refuses, before anything is written, a bullet too long to be written whole
// or one that looks like a secret: the whole command fails and nothing is half-written.
func checkBullets(texts []string) error {
	for i, t := range texts {
		which := "the bullet"
		if len(texts) > 1 {
			which = fmt.Sprintf("bullet %d", i+1)
		}
		if n := utf8.RuneCountInString(strings.Join(strings.Fields(t), " ")); n > memstore.MaxBulletChars {
			return fmt.Errorf("%s is %d characters; a bullet is one fact of at most %d: split it (with -, one bullet per line of stdin); nothing written", which, n, memstore.MaxBulletChars)
		}
		if why := secret.Detect(t); why != "" {
			return fmt.Errorf("refused %s (%s): nothing written; memory is kept in git, so record where a secret lives, never its value", which, why)
		}
	}
	return nil
}

// addKeysHelp lists the keys `add --section` takes: the English ones (the extraction JSON's
// keys are accepted too, see memstore.AddKey).
func addKeysHelp() string {
	return "context, goal, problems, knowledge, work, decisions, next, long_term"
}

func newDoneCmd(g *globals) *cobra.Command {
	var all, yes bool
	c := &cobra.Command{
		Use:   "done TEXT… | --all",
		Short: "Tick an open next step into Done",
		Long: `Tick the open next step matching TEXT (the words form one item) into the Done section of
the log that holds it, as "✅ item" (the sections' headings are in the memory's language). The match ignores case, accents and
punctuation, and accepts an item that contains all the words of TEXT. When several items
match, they are listed and nothing changes (add --all to tick them all). --all alone ticks
every open item of the project, once you confirm (on a terminal) or with --yes. It ends
with the git command that takes the ticks back.`,
		Example: `  carnet done validate the JSON format
  carnet done --all -p api          # asks first
  carnet done --all --yes -p api    # no question (scripts)`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 && !all {
				return errors.New("say which item: carnet done TEXT… (or --all)")
			}
			w, p, err := g.openProject(nil) // free text: the project comes from -p only
			if err != nil {
				return err
			}
			var ticked []memstore.Item
			var written []memstore.Written
			if len(args) == 0 {
				if ok, err := confirmDoneAll(cmd, p, yes); err != nil || !ok {
					return err
				}
				var w memstore.Written
				ticked, w, err = p.DoneAll(cliChange(""))
				reportCommit(cmd, w)
				written = append(written, w)
			} else {
				var texts []string
				if texts, err = textArgs(args, cmd.InOrStdin()); err != nil {
					return err
				}
				for _, t := range texts {
					tk, w, err := p.Done(t, all, cliChange(""))
					if err != nil {
						return err
					}
					reportCommit(cmd, w)
					ticked = append(ticked, tk...)
					written = append(written, w)
				}
			}
			if err != nil {
				return err
			}
			if len(ticked) == 0 {
				fmt.Fprintln(cmd.OutOrStdout(), "no open item")
			}
			for _, t := range ticked {
				fmt.Fprintf(cmd.OutOrStdout(), "✅ %s  (%s)\n", t.Text, t.Path)
			}
			sayUndo(cmd, w, written)
			return nil
		},
	}
	c.Flags().BoolVar(&all, "all", false, "tick every matching item (every open item when no TEXT is given)")
	c.Flags().BoolVarP(&yes, "yes", "y", false, "--all alone: tick without asking (required when not on a terminal)")
	return c
}

// confirmDoneAll asks, on a terminal, before every open item of the project is ticked; off a
// terminal it wants --yes. It reports whether to go on.
func confirmDoneAll(cmd *cobra.Command, p *memstore.Project, yes bool) (bool, error) {
	if yes {
		return true, nil
	}
	items, err := p.OpenItems()
	if err != nil || len(items) == 0 {
		return true, err // nothing to tick: "no open item" says so
	}
	out, in := cmd.OutOrStdout(), cmd.InOrStdin()
	if !isTerminal(in) || !isTerminal(out) {
		return false, fmt.Errorf("nothing ticked: --all ticks all %s of %s, and off a terminal nothing is asked; run again with --yes to tick them",
			memstore.Plural(len(items), "open item"), p.Name)
	}
	ok, err := confirm(in, out, fmt.Sprintf("Tick all %s of %s? [y/N] ", memstore.Plural(len(items), "open item"), p.Name))
	if err == nil && !ok {
		fmt.Fprintln(out, "nothing ticked")
	}
	return ok, err
}

// sayUndo tells how to take the writes back: the commits to revert, or the files to restore
// when they were written without a commit (run in the workspace root: their paths are
// relative to it).
func sayUndo(cmd *cobra.Command, w *memstore.Workspace, ws []memstore.Written) {
	out := cmd.OutOrStdout()
	if _, err := w.Repo(); err != nil {
		if slices.ContainsFunc(ws, func(w memstore.Written) bool { return len(w.Changed) > 0 }) {
			fmt.Fprintln(out, "undo: not in a git repository, so only by editing the files back (git init keeps every change undoable)")
		}
		return
	}
	git := "git"
	if wd, err := os.Getwd(); err != nil || !sameDir(wd, w.Root) {
		git = "git -C " + shellQuote(w.Root)
	}
	var commits, files []string
	for _, w := range ws {
		if w.Commit.Hash != "" {
			commits = append(commits, w.Commit.Hash[:7])
		} else {
			files = append(files, w.Changed...)
		}
	}
	if len(commits) > 0 {
		slices.Reverse(commits) // the newest first, as git revert wants them taken back
		fmt.Fprintf(out, "undo: %s revert %s\n", git, strings.Join(commits, " "))
	}
	if len(files) > 0 {
		files = slices.Compact(slices.Sorted(slices.Values(files)))
		fmt.Fprintf(out, "undo: %s restore %s   (not committed: this also drops any other uncommitted change of these files; git diff shows them)\n", git, strings.Join(files, " "))
	}
}

// sameDir reports whether two paths name the same folder.
func sameDir(a, b string) bool {
	ia, err1 := os.Stat(a)
	ib, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(ia, ib)
}

// shellQuote quotes a path for a shell when it needs it.
func shellQuote(s string) string {
	if s != "" && !strings.ContainsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("/._-+:@", r)
	}) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// termSafe shows the control characters of s (but tab) as text — ^[ for ESC, ^@ for NUL,
// ^? for DEL, \u009b for a C1 one — so that memory printed to a terminal cannot drive it.
func termSafe(s string) string {
	if !hasControl(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\t' || !unicode.IsControl(r):
			b.WriteRune(r)
		case r < 0x20:
			b.WriteByte('^')
			b.WriteRune(r + '@')
		case r == 0x7f:
			b.WriteString("^?")
		default:
			fmt.Fprintf(&b, "\\u%04x", r)
		}
	}
	return b.String()
}

// hasControl reports whether s holds a control character but tab (unicode.IsControl: C0,
// DEL, C1), through a table of the bytes that may start one: a search prints tens of
// thousands of lines through termSafe.
func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; controlStart[c] && (c != 0xc2 || i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f) { // C1: U+0080–U+009F
			return true
		}
	}
	return false
}

// controlStart marks the bytes a control character but tab starts with: C0, DEL, and 0xc2,
// the first byte of C1 characters in UTF-8.
var controlStart = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = c != '\t'
	}
	t[0x7f], t[0xc2] = true, true
	return t
}()

func newSearchCmd(g *globals) *cobra.Command {
	var q memstore.Query
	c := &cobra.Command{
		Use:   "search QUERY…",
		Short: "Search all memory of the workspace",
		Long: `Print the lines of every project's memory (long memory, logs, archives) that hold all the
words of QUERY, best first (BM25 and recency), as PATH:LINE: [section] text. Each word of QUERY
matches the start of a word, case and accents ignored: "config" finds "Configuration".`,
		Example: `  carnet search transcript
  carnet search -p api cache locale     # one project`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			w, err := g.workspace()
			if err != nil {
				return err
			}
			if len(w.Projects) == 0 {
				return fmt.Errorf("no memory in %s yet: run carnet init", w.Root)
			}
			if g.project != "" {
				p, err := w.Project(g.project)
				if err != nil {
					return err
				}
				w.Projects = []*memstore.Project{p}
			}
			q.Text, q.Once = strings.Join(args, " "), true
			for _, d := range []string{q.From, q.To} {
				if d != "" && !memstore.IsDate(d) {
					return fmt.Errorf("--from and --to take a date YYYY-MM-DD, not %q", d)
				}
			}
			res, err := w.Find(q)
			if err != nil {
				return err
			}
			if len(res.Hits) == 0 {
				fmt.Fprintf(cmd.ErrOrStderr(), "no match for %q\n", q.Text)
				return nil
			}
			out := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10) // one write per line would cost a system call each
			var path, safePath, sec, safeSec string               // hits of one day often come together: each made safe once
			for _, h := range res.Hits {
				if h.Path != path {
					path, safePath = h.Path, termSafe(h.Path)
				}
				if h.Section != sec {
					sec, safeSec = h.Section, termSafe(h.Section)
				}
				tag := ""
				if safeSec != "" {
					tag = "[" + safeSec + "] "
				}
				if _, err := out.WriteString(safePath + ":" + strconv.Itoa(h.Line) + ": " + tag + termSafe(h.Text) + "\n"); err != nil {
					return err
				}
			}
			return out.Flush()
		},
	}
	c.Flags().IntVarP(&q.Limit, "limit", "n", 0, "stop after N matches (0: all)")
	c.Flags().IntVar(&q.Offset, "offset", 0, "skip the N best matches")
	c.Flags().StringVar(&q.Section, "section", "", "only lines of this section (key or heading)")
	c.Flags().StringVar(&q.From, "from", "", "only lines dated on or after `DATE`")
	c.Flags().StringVar(&q.To, "to", "", "only lines dated on or before `DATE`")
	c.Flags().StringVar(&q.Tag, "tag", "", "only bullets tagged `TAG` (their \" #tag\" suffix)")
	return c
}

// cliChange is a write of the CLI: committed when [hook] autocommit is on. Run by an agent
// (its shell sets one of the variables memstore.AgentFromEnv knows), what it adds is marked
// as that agent's note.
func cliChange(what string) memstore.Change {
	return memstore.Change{Writer: "cli", Author: memstore.AgentFromEnv(getenv), What: what, Commit: memstore.CommitOnAutocommit, Now: now()}
}

// reportCommit says the commit a write made, why it failed (the memory is written), or why
// there is none: the CLI commits only with autocommit (README "Commits").
func reportCommit(cmd *cobra.Command, w memstore.Written) {
	switch {
	case w.CommitErr != nil:
		fmt.Fprintf(cmd.ErrOrStderr(), "written, not committed: %v\n", w.CommitErr)
	case w.Commit.Hash != "":
		fmt.Fprintf(cmd.OutOrStdout(), "committed %s\n", w.Commit.Hash[:7])
	case w.Commit.Skipped != "":
		fmt.Fprintf(cmd.OutOrStdout(), "not committed: %s\n", w.Commit.Skipped)
	case len(w.Changed) > 0:
		fmt.Fprintln(cmd.OutOrStdout(), notCommitted)
	}
}

// notCommitted is what the CLI says of a write that autocommit off leaves uncommitted.
const notCommitted = "not committed: the CLI, the hook and the MCP server commit only with `autocommit = true` ([hook] in carnet.toml); commit it with git, or with C in carnet's timeline"
