package capture

import (
	"cmp"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// filesStep names every file the turn created, changed or deleted inside the project,
// relative to it, grouped by folder: "Fichiers modifiés : hook/ (run.go, gate.go), README.md".
// A deleted file is one removed for good (not moved, not written in the turn), a file by its
// name (fileName).
func filesStep(c *turnCtx) {
	var created, changed []string
	seen := map[string]bool{}
	written := map[string]int{} // file → the last call that wrote it
	removed, moved := c.removedLater()
	var went []string // the folders the turn went to, read for the first path outside the project
	for i, u := range c.t.Tools {
		if u.HasResult && u.IsError {
			continue
		}
		var paths []string
		switch {
		case u.Edits() && u.FilePath != "" && !u.Deleted:
			paths = []string{u.FilePath}
		case u.Name == "Bash" && u.HasResult:
			paths = parseLine(u.Command).Writes() // cat > x, sed -i, tee, mv, cp
		}
		for _, path := range paths {
			p, ok := c.fileOf(u, path, &went)
			if !ok {
				continue
			}
			written[p] = i
			if seen[p] {
				continue
			}
			r, gone := removed[p]
			if gone && r > i {
				continue // written then removed in the turn: a helper, or a file the turn took out
			}
			seen[p] = true
			if u.Name == "Write" && u.Created && !gone && !c.s.Existed[p] { // deleted or moved, then written again: rewritten
				created = append(created, p)
			} else {
				changed = append(changed, p)
			}
		}
	}
	var deleted []string
	for p, r := range removed {
		if w, ok := written[p]; ok && w > r {
			continue // removed, then written anew: it is there
		}
		c.r.RemovedFiles = append(c.r.RemovedFiles, p)
		if _, wrote := written[p]; !moved[p] && !wrote && fileName(p) {
			deleted = append(deleted, p)
		}
	}
	slices.Sort(c.r.RemovedFiles)
	slices.Sort(deleted)
	c.changedAt = map[string]int{}
	for _, p := range slices.Concat(created, changed, deleted) {
		c.changedAt[p] = max(written[p], removed[p])
	}
	if c.s.Existed == nil {
		c.s.Existed = map[string]bool{}
	}
	for i, f := range slices.Concat(created, changed, c.r.RemovedFiles) { // the first the session saw of each: made by it, or there
		if _, ok := c.s.Existed[f]; !ok {
			c.s.Existed[f] = i >= len(created)
		}
	}
	c.add(memstore.KeyWork, FileListBullets(c.w.created, created)...)
	c.add(memstore.KeyWork, FileListBullets(c.w.changed, changed)...)
	c.add(memstore.KeyWork, FileListBullets(c.w.deleted, deleted)...)
}

// fileOf names the file at path that call u wrote or removed: relative to the project, or by
// the folder outside it the agent went to that holds it (went, read when first needed); none
// for another path.
func (c *turnCtx) fileOf(u *transcript.ToolUse, path string, went *[]string) (string, bool) {
	p, inside := c.fx.RelIn(u.Cwd, path)
	if !inside {
		if *went == nil {
			*went = c.wentTo()
		}
		p, inside = c.fx.Elsewhere(*went, path)
	}
	return p, inside && p != "" && p != "." && !agentStore(p)
}

// agentStores are the folders where agents keep their own sessions and memory: Claude
// Code's transcripts and auto memory (~/.claude/projects/<project>/), its plan-mode plans and
// to-do lists, Codex's sessions, Gemini CLI's chats, OpenCode's data. A file the agent wrote
// there is its own, not the project's, even in a session started in the home folder.
var agentStores = []string{".claude/projects/", ".claude/plans/", ".claude/todos/", ".codex/sessions/", ".gemini/tmp/", ".local/share/opencode/"}

// agentStore reports a path, relative to the project, in one of agentStores.
func agentStore(p string) bool {
	return slices.ContainsFunc(agentStores, func(d string) bool { return strings.HasPrefix(p, d) || strings.Contains(p, "/"+d) })
}

// wentTo is the folders outside the project the session's shell calls ran in, this turn's
// and the earlier turns': their folder, the one they change to first (cd /elsewhere && …).
// The session remembers them: a later turn that edits there without a cd still works there.
func (c *turnCtx) wentTo() []string {
	var dirs []string
	for _, u := range c.t.Tools {
		if u.Name != "Bash" {
			continue
		}
		dirs = append(dirs, u.Cwd)
		if cmds := simpleCommands(u.Command); len(cmds) > 0 && len(cmds[0]) == 2 && cmds[0][0] == "cd" {
			dirs = append(dirs, cmds[0][1])
		}
	}
	slices.Sort(dirs)
	windows := slices.ContainsFunc(c.t.Tools, func(u *transcript.ToolUse) bool { return len(u.FilePath) > 2 && u.FilePath[1] == ':' })
	for _, d := range slices.Compact(dirs) {
		if d, ok := c.fx.Away(d, windows); ok && !slices.Contains(c.s.Went, d) && len(c.s.Went) < maxWent {
			c.s.Went = append(c.s.Went, d)
		}
	}
	went := slices.Clone(c.s.Went)
	slices.Sort(went)       // a folder before the ones inside it: the one that names its files
	return append(went, "") // never nil: read once a turn, even when there is none
}

// maxWent bounds the folders outside the project a session remembers.
const maxWent = 16

// fileName reports a path that names a file of the project's own: a name with an extension,
// no glob, not in a hidden folder (.next/, .cache/: a tool's output).
func fileName(p string) bool {
	hidden := slices.ContainsFunc(strings.Split(path.Dir(p), "/"), func(d string) bool { return strings.HasPrefix(d, ".") && d != "." })
	return path.Ext(p) != "" && path.Ext(p) != path.Base(p) && !strings.ContainsAny(p, "*?") && !hidden
}

// removedLater maps the files the turn removed (rm, git rm, an apply_patch's Delete File,
// mv's source) to the index of the call that removed them; moved are the ones moved.
func (c *turnCtx) removedLater() (out map[string]int, moved map[string]bool) {
	out, moved = map[string]int{}, map[string]bool{}
	var went []string
	for i, u := range c.t.Tools {
		var paths, sources []string
		switch {
		case u.Deleted && !(u.HasResult && u.IsError):
			paths = []string{u.FilePath}
		case u.Name == "Bash" && u.HasResult && !u.IsError:
			for _, cmd := range parseLine(u.Command).Commands {
				if cmd.Moves() {
					sources = append(sources, cmd.Removes()...)
				} else {
					paths = append(paths, cmd.Removes()...)
				}
			}
		}
		for j, path := range append(paths, sources...) {
			if p, ok := c.fileOf(u, path, &went); ok {
				out[p], moved[p] = i, j >= len(paths)
			}
		}
	}
	return out, moved
}

// FileListBullets names files after opening: their paths, or, when they do not fit in one
// bullet, grouped by folder, in as many bullets as they need (never "+N more": the next
// session looks for exactly those names).
func FileListBullets(opening string, files []string) []string {
	if len(files) == 0 {
		return nil
	}
	if all := strings.Join(files, ", "); len(opening)+len(all) <= maxFileList {
		return []string{opening + all}
	}
	var out []string
	cur := ""
	for _, g := range groupFiles(files) {
		if cur != "" && len(opening)+len(cur)+2+len(g) > maxFileList {
			out = append(out, opening+cur)
			cur = ""
		}
		if cur != "" {
			cur += ", "
		}
		cur += g
	}
	return append(out, opening+cur)
}

// groupFiles writes the files of one folder as "dir/ (a.go, b.go)", a lone file as its
// path, folders in the order their first file came.
func groupFiles(files []string) []string {
	var dirs []string
	by := map[string][]string{}
	for _, f := range files {
		d := path.Dir(f)
		if _, ok := by[d]; !ok {
			dirs = append(dirs, d)
		}
		if !slices.Contains(by[d], path.Base(f)) {
			by[d] = append(by[d], path.Base(f))
		}
	}
	var out []string
	for _, d := range dirs {
		names := by[d]
		switch {
		case d == ".":
			out = append(out, names...)
		case len(names) == 1:
			out = append(out, d+"/"+names[0])
		default:
			for len(names) > 0 { // a folder too big for one bullet takes several
				n, size := 0, len(d)+4
				for n < len(names) && (n == 0 || size+len(names[n])+2 <= maxFileList/2) {
					size += len(names[n]) + 2
					n++
				}
				out = append(out, d+"/ ("+strings.Join(names[:n], ", ")+")")
				names = names[n:]
			}
		}
	}
	return out
}

// ParseFileList reads back the files a file-list bullet names (after its opening).
func ParseFileList(list string) []string {
	var out []string
	depth, start := 0, 0
	emit := func(part string) {
		part = strings.TrimSpace(part)
		if part == "" {
			return
		}
		if dir, names, ok := strings.Cut(part, "/ ("); ok && strings.HasSuffix(names, ")") {
			for n := range strings.SplitSeq(strings.TrimSuffix(names, ")"), ", ") {
				out = append(out, dir+"/"+strings.TrimSpace(n))
			}
			return
		}
		out = append(out, part)
	}
	for i := 0; i < len(list); i++ {
		switch list[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				emit(list[start:i])
				start = i + 1
			}
		}
	}
	emit(list[start:])
	return out
}

// commitsStep names the commits the turn made in this project.
func commitsStep(c *turnCtx) {
	for _, u := range c.t.Tools {
		if !u.HasResult || foreignDir(c.fx, u.Command) {
			continue
		}
		subject := u.CommitSubject
		if subject == "" && u.Name == "Bash" && isCommit(u.Command) && !u.IsError {
			subject = commitMessage(u.Command)
		}
		if subject == "" || u.IsError && u.CommitHash == "" {
			continue
		}
		if u.CommitHash != "" {
			c.add(memstore.KeyWork, fmt.Sprintf(c.w.commit, u.CommitHash, subject))
		} else if isCommit(u.Command) || transcript.GitHubCommitTool(u.Name) {
			c.add(memstore.KeyWork, fmt.Sprintf(c.w.commitNoHash, subject))
		}
	}
}

// reposStep names the repositories the turn created: `gh repo create NAME`, a GitHub MCP
// create_repository that went through.
func reposStep(c *turnCtx) {
	for _, u := range c.t.Tools {
		if !u.HasResult || u.IsError {
			continue
		}
		switch {
		case strings.HasSuffix(u.Name, "create_repository"):
			if m := repoURL.FindStringSubmatch(u.Output); m != nil {
				c.add(memstore.KeyWork, fmt.Sprintf(c.w.repoCreated, cmp.Or(m[1], m[2])))
			}
		case u.Name == "Bash" && strings.Contains(u.Command, "gh repo create"):
			for _, cmd := range simpleCommands(u.Command) {
				if len(cmd) >= 4 && cmd[0] == "gh" && cmd[1] == "repo" && cmd[2] == "create" && !strings.HasPrefix(cmd[3], "-") {
					c.add(memstore.KeyWork, fmt.Sprintf(c.w.repoCreated, cmd[3]))
				}
			}
		}
	}
}

// pullsStep names the pull requests the turn opened or merged: `gh pr create` with the
// address it printed and its --title, a GitHub MCP create_pull_request; `gh pr merge N`,
// a GitHub MCP merge_pull_request.
func pullsStep(c *turnCtx) {
	for _, u := range c.t.Tools {
		if !u.HasResult || u.IsError || foreignDir(c.fx, u.Command) {
			continue
		}
		switch {
		case strings.HasSuffix(u.Name, "create_pull_request") && u.Pull != "":
			c.add(memstore.KeyWork, c.pullOpened(u.Pull, u.Subject))
		case strings.HasSuffix(u.Name, "merge_pull_request") && u.PullNumber != "":
			c.add(memstore.KeyWork, fmt.Sprintf(c.w.pullMerged, u.PullNumber))
		case u.Name == "Bash" && strings.Contains(u.Command, "gh pr "):
			for _, cmd := range parseLine(u.Command).Commands {
				switch verb, n, title := cmd.PullRequest(); {
				case verb == "create" && u.Pull != "":
					c.add(memstore.KeyWork, c.pullOpened(u.Pull, title))
				case verb == "merge" && cmp.Or(n, u.Pull) != "":
					c.add(memstore.KeyWork, fmt.Sprintf(c.w.pullMerged, cmp.Or(n, u.Pull)))
				}
			}
		}
	}
}

// pullOpened is the bullet of pull request n opened, with its title when known.
func (c *turnCtx) pullOpened(n, title string) string {
	if title = strings.TrimSpace(title); title != "" {
		return fmt.Sprintf(c.w.pullTitled, n, transcript.ClipWords(title, 120))
	}
	return fmt.Sprintf(c.w.pullOpened, n)
}

// repoURL finds a GitHub repository's name in an API answer.
var repoURL = regexp.MustCompile(`"full_name":\s*"([^"]+)"|github\.com/([\w.-]+/[\w.-]+)`)

// isCommit reports a command line that runs git commit.
func isCommit(line string) bool { return runsGit(line, "commit") }

// isPush reports a command line that runs git push.
func isPush(line string) bool { return runsGit(line, "push") }

// runsGit reports a command line with a `git <verb>` among its commands.
func runsGit(line, verb string) bool {
	if !strings.Contains(line, verb) {
		return false
	}
	for _, cmd := range simpleCommands(line) {
		args := cmd
		for len(args) > 1 && args[0] == "git" && strings.HasPrefix(args[1], "-") {
			n := 2 // git --no-pager log
			if slices.Contains([]string{"-C", "-c", "--git-dir", "--work-tree"}, args[1]) {
				n = 3 // git -C dir commit
			}
			args = append(args[:1:1], args[min(len(args), n):]...)
		}
		if len(args) > 1 && args[0] == "git" && args[1] == verb {
			return true
		}
	}
	return false
}

// commitMessage is the -m message of a git commit line, or "".
func commitMessage(line string) string {
	for _, cmd := range simpleCommands(line) {
		for i, a := range cmd {
			if (a == "-m" || a == "--message") && i+1 < len(cmd) {
				first, _, _ := strings.Cut(cmd[i+1], "\n")
				return strings.TrimSpace(first)
			}
			if v, ok := strings.CutPrefix(a, "--message="); ok {
				return v
			}
		}
	}
	return ""
}
