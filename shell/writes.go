package shell

import (
	"path"
	"slices"
	"strings"
)

// Writes are the files the command writes, as far as its words tell: its output
// redirections (> f, >> f, &> f, a here-document's cat > f), tee and touch, sed -i and
// perl -i, the target of cp, mv, install and git mv, the manifest and lock file of a package
// manager that adds or removes a package (npm install x: package.json, package-lock.json); in PowerShell, Out-File, Set-Content,
// Add-Content, Tee-Object, New-Item, Copy-Item and Move-Item. A file is named as written,
// joined to the folder the command runs in (Dir); /dev, a descriptor and a target the
// shell would expand ($OUT, *.go) are left out.
func (c *Command) Writes() []string {
	var out []string
	for _, r := range c.Redirects {
		switch r.Op {
		case ">", ">>", ">|", "&>", "&>>", "<>", ">>|", "&>|", "&>>|":
			out = append(out, r.Target)
		}
	}
	if c.dialect == PowerShell {
		out = append(out, c.psWrites()...)
	} else {
		out = append(out, c.programWrites()...)
	}
	return c.files(out)
}

// Removes are the files the command removes: the operands of rm, unlink, rmdir and git rm,
// the sources of mv and git mv (a moved file is gone from where it was); in PowerShell,
// Remove-Item (rm, del, ri, erase) and Move-Item's source. Named as Writes names them.
func (c *Command) Removes() []string {
	argv := c.Argv()
	if len(argv) == 0 {
		return nil
	}
	var ops []string
	switch name := c.Name(); {
	case name == "rm" || name == "unlink" || name == "rmdir":
		ops = operands(argv[1:], nil)
	case c.dialect != Sh && slices.Contains([]string{"remove-item", "ri", "del", "erase", "rd"}, name):
		ops = psPaths(argv[1:], 0)
	case c.Moves() && c.dialect == PowerShell:
		ops = psPaths(argv[1:], 1)
	case c.Moves() && name == "mv":
		ops = moved(argv[1:])
	case name == "git":
		if i, sub := c.gitSub(); sub == "rm" {
			ops = operands(argv[i+1:], nil)
		} else if sub == "mv" {
			ops = moved(argv[i+1:])
		}
	}
	return c.files(ops)
}

// Moves reports a command that moves files (mv, git mv, PowerShell's Move-Item): what it
// removes is only gone from where it was.
func (c *Command) Moves() bool {
	name := c.Name()
	return c.dialect == PowerShell && slices.Contains([]string{"move-item", "mi", "move", "mv"}, name) || name == "mv" || c.Git() == "mv"
}

// moved are the sources an mv's args name: every operand but the last, or all of them
// with -t (--target-directory).
func moved(args []string) []string {
	ops := operands(args, []string{"-S", "-t", "--suffix", "--target-directory"})
	if _, ok := flagValue(args, "-t", "--target-directory"); ok {
		return ops
	}
	return ops[:max(len(ops)-1, 0)]
}

// programWrites are the files a program's operands say it writes.
func (c *Command) programWrites() []string {
	argv := c.Argv()
	if len(argv) < 2 {
		return nil
	}
	args := argv[1:]
	switch c.Name() {
	case "tee", "touch":
		return operands(args, nil)
	case "cp", "mv", "install":
		ops := operands(args, []string{"-m", "-o", "-g", "-S", "-t", "--suffix", "--mode", "--owner", "--group", "--target-directory"})
		if t, ok := flagValue(args, "-t", "--target-directory"); ok {
			return into(t, ops)
		}
		if len(ops) > 2 || len(ops) == 2 && strings.HasSuffix(ops[1], "/") {
			return into(ops[len(ops)-1], ops[:len(ops)-1])
		}
		if len(ops) == 2 {
			return ops[1:]
		}
	case "sed", "gsed":
		return inPlace(args, "ef")
	case "perl":
		return inPlace(args, "eE")
	case "git":
		if i, sub := c.gitSub(); sub == "mv" {
			if ops := operands(argv[i+1:], nil); len(ops) > 2 || len(ops) == 2 && strings.HasSuffix(ops[1], "/") {
				return into(ops[len(ops)-1], ops[:len(ops)-1])
			} else if len(ops) == 2 {
				return ops[1:]
			}
		}
	default:
		return manifests(c.Name(), args)
	}
	return nil
}

// into are the files sources copied or moved into the folder dir become: dir/<name>.
func into(dir string, sources []string) []string {
	out := make([]string, 0, len(sources))
	for _, s := range sources {
		out = append(out, path.Join(dir, path.Base(s)))
	}
	return out
}

// packageCommands are the package managers' commands that change a project's dependencies,
// and the files each then rewrites, in the folder it runs in: the manifest and its lock file.
var packageCommands = map[string]struct {
	subs  []string
	files []string
}{
	"npm":    {[]string{"install", "i", "in", "add", "uninstall", "remove", "rm", "un", "r"}, []string{"package.json", "package-lock.json"}},
	"pnpm":   {[]string{"add", "install", "i", "remove", "rm", "uninstall", "un"}, []string{"package.json", "pnpm-lock.yaml"}},
	"yarn":   {[]string{"add", "remove"}, []string{"package.json", "yarn.lock"}},
	"bun":    {[]string{"add", "a", "install", "i", "remove", "rm"}, []string{"package.json"}},
	"cargo":  {[]string{"add", "remove", "rm"}, []string{"Cargo.toml", "Cargo.lock"}},
	"go":     {[]string{"get"}, []string{"go.mod", "go.sum"}},
	"uv":     {[]string{"add", "remove"}, []string{"pyproject.toml", "uv.lock"}},
	"poetry": {[]string{"add", "remove"}, []string{"pyproject.toml", "poetry.lock"}},
}

// manifests are the files a package manager rewrites when it adds or removes a package
// (npm install left-pad, cargo add serde, go get ./…, go mod tidy): none for a global
// install, one that does not save, or one pointed at another folder.
func manifests(name string, args []string) []string {
	pm, ok := packageCommands[name]
	ops := operands(args, nil)
	if !ok || len(ops) == 0 {
		return nil
	}
	if name == "go" && len(ops) == 2 && ops[0] == "mod" && ops[1] == "tidy" {
		return pm.files
	}
	if !slices.Contains(pm.subs, ops[0]) || len(ops) < 2 {
		return nil // npm install alone installs what the manifest says
	}
	for _, a := range args {
		opt, _, _ := strings.Cut(a, "=")
		if slices.Contains([]string{"-g", "--global", "--no-save", "--dry-run", "--prefix", "-C", "--dir", "--cwd",
			"-w", "--workspace", "--filter", "--manifest-path", "--project", "--directory", "-p", "--package"}, opt) {
			return nil
		}
	}
	return pm.files
}

// inPlace are the files sed -i or perl -i edits: its operands after the script (the first
// operand, unless an option gives the script: script lists their letters); none without -i.
func inPlace(args []string, script string) []string {
	edits, given := false, false
	var ops []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "--"):
			edits = edits || strings.HasPrefix(a, "--in-place")
			if a == "--expression" || a == "--file" {
				given = true
				i++
			}
			given = given || strings.HasPrefix(a, "--expression=") || strings.HasPrefix(a, "--file=")
		case len(a) > 1 && a[0] == '-':
			letters := a[1:]
			if k := strings.IndexByte(letters, 'i'); k >= 0 {
				edits, letters = true, letters[:k] // what follows -i is a backup suffix
			}
			if k := strings.IndexAny(letters, script); k >= 0 {
				given = true
				if k == len(a)-2 {
					i++ // the script is the next word
				}
			}
		default:
			ops = append(ops, a)
		}
	}
	if !edits || len(ops) == 0 {
		return nil
	}
	if !given {
		ops = ops[1:] // the script
	}
	return ops
}

// operands are the words of args that are no options, nor the value of an option that
// withValue lists.
func operands(args, withValue []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(out, args[i+1:]...)
		case len(a) > 1 && a[0] == '-':
			for _, o := range withValue {
				if a == o {
					i++
				}
			}
		default:
			out = append(out, a)
		}
	}
	return out
}

// flagValue is the value of the first option of args named one of names.
func flagValue(args []string, names ...string) (string, bool) {
	return (&Command{Words: args}).Flag(names...)
}

// psWrites are the files a PowerShell cmdlet writes.
func (c *Command) psWrites() []string {
	argv := c.Argv()
	if len(argv) < 2 {
		return nil
	}
	switch c.Name() {
	case "out-file", "set-content", "sc", "add-content", "ac", "tee-object", "tee", "new-item", "ni":
		if v, ok := flagValue(argv[1:], "-ItemType"); ok && !strings.EqualFold(v, "file") {
			return nil // a folder
		}
		return psPaths(argv[1:], 1)
	case "copy-item", "cpi", "copy", "cp", "move-item", "mi", "move", "mv":
		if v, ok := flagValue(argv[1:], "-Destination"); ok {
			return []string{v}
		}
		if ops := psOperands(argv[1:]); len(ops) >= 2 {
			return ops[1:2]
		}
	}
	return nil
}

// psPaths are the paths a cmdlet is given: its -Path, -LiteralPath or -FilePath, else its
// first n operands (all of them for n = 0).
func psPaths(args []string, n int) []string {
	for i := 0; i+1 < len(args); i++ {
		switch strings.ToLower(args[i]) {
		case "-path", "-literalpath", "-filepath", "-lp":
			return []string{args[i+1]}
		}
	}
	ops := psOperands(args)
	if n > 0 && len(ops) > n {
		ops = ops[:n]
	}
	return ops
}

// psOperands are a cmdlet's positional words: what no "-Name" option takes.
func psOperands(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(a) > 1 && a[0] == '-' {
			if !strings.Contains(a, ":") && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") && !psSwitch(a) {
				i++ // the option's value
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

// psSwitch reports a PowerShell option that takes no value.
func psSwitch(a string) bool {
	switch strings.ToLower(a) {
	case "-force", "-recurse", "-append", "-noclobber", "-nonewline", "-passthru", "-whatif", "-confirm", "-r", "-rf", "-fo":
		return true
	}
	return false
}

// files are the paths of ps the command names as files, joined to its folder: no /dev
// node, no descriptor, nothing the shell would expand; each once.
func (c *Command) files(ps []string) []string {
	var out []string
	for _, p := range ps {
		if p == "" || p == "-" || strings.HasPrefix(p, "/dev/") || strings.EqualFold(p, "$null") || strings.EqualFold(p, "nul") ||
			strings.ContainsAny(p, "$*?`") || !c.literalWord(p) {
			continue
		}
		if c.Dir != "" && !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") && !(len(p) > 1 && p[1] == ':') {
			p = path.Join(c.Dir, p)
		}
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// literalWord reports that no word of the command equal to w needs the shell to expand it.
func (c *Command) literalWord(w string) bool {
	for i, x := range c.Words {
		if x == w && !c.Literal(i) {
			return false
		}
	}
	return true
}

// Writes are the files the line's commands write (see Command.Writes), each once, in order.
func (l *Line) Writes() []string { return l.files((*Command).Writes) }

// Removes are the files the line's commands remove (see Command.Removes), each once, in order.
func (l *Line) Removes() []string { return l.files((*Command).Removes) }

// files are the files of each command of the line, each once, in order.
func (l *Line) files(of func(c *Command) []string) []string {
	var out []string
	for _, c := range l.Commands {
		for _, p := range of(c) {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}
