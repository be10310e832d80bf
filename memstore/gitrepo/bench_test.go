package gitrepo

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// The timeline benchmark: the last 50 commits of one project's memory in a
// generated repository of 5,000 commits over 20 projects, through git and through
// go-git, next to `git log -n 50 -- <path>` on the same repository.
// scripts/bench-timeline.sh runs them and prints medians.

const (
	gitBenchCommits  = 5000
	gitBenchProjects = 20
	gitBenchDir      = "projects/p07/memory_sessions"
)

func BenchmarkHistory50(b *testing.B) {
	repo := gitBenchRepo(b)
	gitBenchCheck(b, repo)
	for b.Loop() {
		cs, err := history(repo, gitBenchDir, 50)
		if err != nil || len(cs) != 50 {
			b.Fatalf("History: %d commits, %v", len(cs), err)
		}
	}
}

// BenchmarkHistory50GoGit is the same history read through go-git, as where git is absent.
func BenchmarkHistory50GoGit(b *testing.B) {
	repo := gitBenchRepo(b)
	gitBenchCheck(b, repo)
	gitCLIOff = true
	defer func() { gitCLIOff = false }()
	for b.Loop() {
		cs, err := history(repo, gitBenchDir, 50)
		if err != nil || len(cs) != 50 {
			b.Fatalf("History: %d commits, %v", len(cs), err)
		}
	}
}

// BenchmarkHistory50GitLog is the yardstick: the git CLI answering the same
// question (process start included, as for a user typing it).
func BenchmarkHistory50GitLog(b *testing.B) {
	repo := gitBenchRepo(b)
	for b.Loop() {
		out, err := exec.Command("git", "-C", repo, "log", "-n", "50", "--format=%H", "--", gitBenchDir).Output()
		if err != nil || strings.Count(string(out), "\n") != 50 {
			b.Fatalf("git log: %v", err)
		}
	}
}

// gitBenchCheck makes sure History lists what git log lists before timing it.
func gitBenchCheck(b *testing.B, repo string) {
	out, err := exec.Command("git", "-C", repo, "log", "-n", "50", "--format=%H", "--", gitBenchDir).Output()
	if err != nil {
		b.Skipf("git log: %v", err)
	}
	cs, err := history(repo, gitBenchDir, 50)
	if err != nil {
		b.Fatal(err)
	}
	var got []string
	for _, c := range cs {
		got = append(got, c.Hash)
	}
	if want := strings.Fields(string(out)); strings.Join(got, " ") != strings.Join(want, " ") {
		b.Fatalf("History and git log disagree:\n%v\n%v", got, want)
	}
}

// gitBenchRepo returns the benchmark repository, generating it on first use
// into $CARNET_BENCH_REPO (default $TMPDIR/carnet-bench-repo-5000).
func gitBenchRepo(b *testing.B) string {
	b.Helper()
	dir := os.Getenv("CARNET_BENCH_REPO")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "carnet-bench-repo-5000")
	}
	marker := filepath.Join(dir, ".git", "carnet-bench-complete")
	if _, err := os.Stat(marker); err == nil {
		return dir
	}
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git CLI not found")
	}
	tmp := fmt.Sprintf("%s.tmp%d", dir, os.Getpid())
	os.RemoveAll(tmp)
	defer os.RemoveAll(tmp)
	start := time.Now()
	if err := gitBenchGenerate(tmp); err != nil {
		b.Skipf("cannot generate the benchmark repository: %v", err)
	}
	if err := os.WriteFile(filepath.Join(tmp, ".git", "carnet-bench-complete"), nil, 0o644); err != nil {
		b.Skip(err)
	}
	os.RemoveAll(dir) // an incomplete earlier attempt
	if err := os.Rename(tmp, dir); err != nil {
		b.Skip(err)
	}
	b.Logf("generated %s in %v", dir, time.Since(start).Round(time.Millisecond))
	return dir
}

// gitBenchGenerate writes the repository with `git fast-import`: a year of
// work where each commit appends to one project's daily log (sometimes to its
// long memory, sometimes archiving an old log), or changes code.
func gitBenchGenerate(dir string) error {
	git := func(stdin func(*bufio.Writer) error, args ...string) error {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
		var stderr strings.Builder
		cmd.Stderr = &stderr
		var done chan error
		if stdin != nil {
			w, err := cmd.StdinPipe()
			if err != nil {
				return err
			}
			done = make(chan error, 1)
			go func() {
				bw := bufio.NewWriterSize(w, 1<<20)
				err := stdin(bw)
				if err == nil {
					err = bw.Flush()
				}
				w.Close()
				done <- err
			}()
		}
		err := cmd.Run()
		if done != nil {
			if werr := <-done; err == nil {
				err = werr
			}
		}
		if err != nil {
			return fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, stderr.String())
		}
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := git(nil, "init", "-q", "-b", "main"); err != nil {
		return err
	}
	if err := git(gitBenchStream, "fast-import", "--quiet"); err != nil {
		return err
	}
	if err := git(nil, "reset", "-q", "--hard"); err != nil {
		return err
	}
	// As a repository that lives a while would be: packed, with a commit-graph.
	return git(nil, "gc", "-q")
}

func gitBenchStream(w *bufio.Writer) error {
	rng := rand.New(rand.NewPCG(5000, 20))
	files := map[string]string{}
	logsOf := make([][]string, gitBenchProjects) // daily logs not archived yet, oldest first
	authors := []string{"Alice Martin <alice@example.com>", "Bruno Petit <bruno@example.com>", "carnet <carnet@localhost>"}
	start := time.Date(2025, 3, 1, 8, 0, 0, 0, time.UTC)
	data := func(s string) { fmt.Fprintf(w, "data %d\n%s\n", len(s), s) }
	for i := 1; i <= gitBenchCommits; i++ {
		when := start.Add(time.Duration(i) * 100 * time.Minute)
		day := when.Format("2006-01-02")
		var set, del []string
		var msg string
		if r := rng.IntN(100); r < 20 {
			p := fmt.Sprintf("src/pkg%02d/file%d.go", rng.IntN(10), rng.IntN(5))
			if files[p] == "" {
				files[p] = "package pkg\n"
			}
			files[p] += fmt.Sprintf("// change %d\nfunc f%d() {}\n", i, i)
			set, msg = []string{p}, fmt.Sprintf("code: change %d", i)
		} else {
			proj := rng.IntN(gitBenchProjects)
			base := fmt.Sprintf("projects/p%02d", proj)
			mem := base + "/memory_sessions"
			if r < 28 { // the project's code, not its memory
				p := base + "/src/main.go"
				files[p] += fmt.Sprintf("// change %d\n", i)
				set, msg = []string{p}, fmt.Sprintf("p%02d: code %d", proj, i)
			} else {
				log := mem + "/logs/" + day + ".md"
				if files[log] == "" {
					files[log] = "# Log session — " + day + "\n\n## Contexte\n"
					logsOf[proj] = append(logsOf[proj], log)
				}
				files[log] += fmt.Sprintf("- Bullet %d: travail sur le module %d, décision %d.\n", i, rng.IntN(50), rng.IntN(1000))
				set, msg = []string{log}, fmt.Sprintf("carnet: p%02d memory (%d)", proj, i)
				if rng.IntN(8) == 0 {
					lm := mem + "/long_memory.md"
					if files[lm] == "" {
						files[lm] = fmt.Sprintf("# Mémoire long terme — p%02d\n", proj)
					}
					files[lm] += fmt.Sprintf("\n## %s\n- Fait durable %d.\n", day, i)
					set = append(set, lm)
				}
				if rng.IntN(40) == 0 && len(logsOf[proj]) > 3 { // promotion: archive the oldest log
					old := logsOf[proj][0]
					logsOf[proj] = logsOf[proj][1:]
					moved := mem + "/logs/archives/" + filepath.Base(old)
					files[moved] = files[old]
					delete(files, old)
					del, set = append(del, old), append(set, moved)
					msg = fmt.Sprintf("carnet: promote p%02d (%d)", proj, i)
				}
			}
		}
		sort.Strings(set)
		author := authors[rng.IntN(len(authors))]
		fmt.Fprintf(w, "commit refs/heads/main\nmark :%d\n", i)
		fmt.Fprintf(w, "author %s %d +0100\ncommitter %s %d +0100\n", author, when.Unix(), author, when.Unix())
		data(msg)
		if i > 1 {
			fmt.Fprintf(w, "from :%d\n", i-1)
		}
		for _, p := range del {
			fmt.Fprintf(w, "D %s\n", p)
		}
		for _, p := range set {
			fmt.Fprintf(w, "M 100644 inline %s\n", p)
			data(files[p])
		}
		w.WriteString("\n")
	}
	return nil
}

// BenchmarkCommitGit and BenchmarkCommitGoGit: one memory commit (a log and the long memory
// changed) in a small repository, through the git CLI and through go-git.
func BenchmarkCommitGit(b *testing.B) { gitBenchCommit(b, false) }

func BenchmarkCommitGoGit(b *testing.B) { gitBenchCommit(b, true) }

func gitBenchCommit(b *testing.B, goGit bool) {
	if gitCLIPath() == "" {
		b.Skip("git CLI not found")
	}
	gitCLIOff = goGit
	defer func() { gitCLIOff = false }()
	repo := b.TempDir()
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"config", "user.name", "Bench"}, {"config", "user.email", "bench@example.com"}} {
		if out, err := exec.Command("git", append([]string{"-C", repo}, args...)...).CombinedOutput(); err != nil {
			b.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	r, err := Open(repo)
	if err != nil {
		b.Fatal(err)
	}
	log := filepath.Join(repo, "projects", "a", "memory_sessions", "logs", "2026-03-22.md")
	long := filepath.Join(repo, "projects", "a", "memory_sessions", "long_memory.md")
	os.MkdirAll(filepath.Dir(log), 0o755)
	i := 0
	for b.Loop() {
		i++
		os.WriteFile(log, []byte(strings.Repeat("- bullet\n", i)), 0o644)
		os.WriteFile(long, []byte(fmt.Sprintf("# Mémoire\n- fait %d\n", i)), 0o644)
		res, err := r.CommitPaths(context.Background(), []string{log, long}, "carnet: bench")
		if err != nil || res.Hash == "" {
			b.Fatalf("CommitPaths = %+v, %v", res, err)
		}
	}
}

// BenchmarkTimeline50Diff is `carnet timeline -n 50 --diff` without the process: the last 50
// commits of one project's memory and the diff of each, through one Repo opened once.
func BenchmarkTimeline50Diff(b *testing.B) {
	dir := gitBenchRepo(b)
	repo, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		cs, err := repo.History(gitBenchDir, 50)
		if err != nil || len(cs) != 50 {
			b.Fatalf("History: %d commits, %v", len(cs), err)
		}
		for _, c := range cs {
			if d, err := repo.CommitDiff(c.Hash, gitBenchDir); err != nil || !strings.Contains(d, "@@") {
				b.Fatalf("CommitDiff(%s): %v\n%s", c.Hash, err, d)
			}
		}
	}
}

// BenchmarkTimeline50DiffGitLog is its yardstick: `git log -n 50 -p -- path`.
func BenchmarkTimeline50DiffGitLog(b *testing.B) {
	repo := gitBenchRepo(b)
	for b.Loop() {
		out, err := exec.Command("git", "-C", repo, "log", "-n", "50", "-p", "--format=%H", "--", gitBenchDir).Output()
		if err != nil || strings.Count(string(out), "diff --git") < 50 {
			b.Fatalf("git log -p: %v", err)
		}
	}
}

// BenchmarkUIHistoryGitGit is what the UI's timeline loads (Pending, then History(dir, 500))
// on scripts/bench-gitgit-ws.sh's workspace, git/git with a year of memory on top, next to
// BenchmarkGitLog500GitGit. Skipped unless CARNET_BENCH_GITGIT_WS names that workspace.
func BenchmarkUIHistoryGitGit(b *testing.B) {
	r, err := Open(gitBenchGitGit(b))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := r.Pending("memory_sessions"); err != nil {
			b.Fatal(err)
		}
		if cs, err := r.History("memory_sessions", 500); err != nil || len(cs) != 500 {
			b.Fatalf("History: %d commits, %v", len(cs), err)
		}
	}
}

func BenchmarkGitLog500GitGit(b *testing.B) {
	ws := gitBenchGitGit(b)
	for b.Loop() {
		if err := exec.Command("git", "-C", ws, "log", "-n", "500", "--format=%H", "--", "memory_sessions").Run(); err != nil {
			b.Fatal(err)
		}
	}
}

func gitBenchGitGit(b *testing.B) string {
	ws := os.Getenv("CARNET_BENCH_GITGIT_WS")
	if _, err := os.Stat(filepath.Join(ws, ".git", "carnet-bench-complete")); ws == "" || err != nil {
		b.Skip("CARNET_BENCH_GITGIT_WS names no workspace made by scripts/bench-gitgit-ws.sh")
	}
	return ws
}
