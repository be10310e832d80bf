package install

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5"

	"carnet/memstore"
)

// Options say what Run installs, and where.
type Options struct {
	Root        string // the --root flag: "" resolves as SPEC §2 says
	Agent       string // claude, codex, gemini, opencode or kimi
	Lang        string // the workspace's language (fr or en): the skills are written in it
	Scope       string // project (the agent's folder in the workspace) or user (in the home folder)
	DryRun      bool   // decide everything, write nothing
	MergeDriver bool   // also register carnet's git merge driver for memory_sessions/**
	PreCommit   bool   // also wire carnet check into the repository's git pre-commit hook
	NoAgent     bool   // register with no agent (only the git parts asked for)
	// Init creates the memory layout of a workspace that has none (carnet init) and returns
	// the files it created.
	Init func(root string) ([]string, error)
}

// StepKind says what a Step is.
type StepKind int

// The kinds of Step.
const (
	// StepInit: the workspace had no memory layout; Init ran (Created), or would run.
	StepInit StepKind = iota
	// StepWrite: a file was created or updated with What (Old is nil for a new file); in a
	// dry run it would be, from Old to New.
	StepWrite
	// StepSkillKept: a skill or a plugin edited by hand, left as it is.
	StepSkillKept
	// StepUserMCP: at user scope, Claude Code's MCP server is registered with the claude CLI
	// by hand (Run has no file to write it in).
	StepUserMCP
	// StepNoRepo: the merge driver was not registered, the workspace is not in a git repository.
	StepNoRepo
	// StepGitConfig: Settings were set in the repository's git config (or would be).
	StepGitConfig
	// StepHookKept: the repository's own git hook Path was kept as What, which carnet's
	// hook runs first (or would be).
	StepHookKept
)

// Step is one thing an installation did, or in a dry run would do.
type Step struct {
	Kind     StepKind
	Path     string   // the file (relative to the workspace root, or ~/…); the root for StepInit
	What     string   // StepWrite: what carnet added
	Old, New []byte   // StepWrite: the content before and after
	Created  []string // StepInit: the files created
	Settings []string // StepGitConfig: "merge.carnet.name = …"
}

// Report is what Run did, in order.
type Report struct {
	Agent     string // the agent's name as its users know it: Claude Code, Codex, Gemini CLI
	Root      string // the workspace root
	Steps     []Step
	Changed   int  // files and settings changed (or to change, in a dry run)
	NotOnPath bool // carnet is not on $PATH, where the agent looks for "carnet --hook" and "carnet mcp"
}

// agents maps the --agent names to what users call them and how carnet registers with them.
var agents = map[string]struct {
	name    string
	install func(*installer) error
}{
	"claude":   {"Claude Code", (*installer).claude},
	"codex":    {"Codex", (*installer).codex},
	"gemini":   {"Gemini CLI", (*installer).gemini},
	"opencode": {"OpenCode", (*installer).opencode},
	"kimi":     {"Kimi Code", (*installer).kimi},
}

// Run registers carnet with an agent: it creates the memory layout when the workspace has
// none, merges carnet's hooks and MCP server into the agent's settings and, with
// o.MergeDriver, registers the git merge driver. Running it again changes nothing. It reads
// every file it would change before it writes any: a file it cannot read or merge is an
// error naming it, with no report, and nothing is written. A write that fails (a full disk)
// returns the report with the steps decided.
func Run(o Options) (*Report, error) {
	a, ok := agents[o.Agent]
	if !ok {
		return nil, fmt.Errorf("unknown agent %q: claude, codex, gemini, opencode or kimi", o.Agent)
	}
	if o.Scope != "project" && o.Scope != "user" {
		return nil, fmt.Errorf("--scope must be project or user, not %q", o.Scope)
	}
	root, err := memstore.ResolveRoot(o.Root)
	if err != nil {
		return nil, err
	}
	// Every input is read and every change decided first; only then is anything written, so
	// that a file carnet cannot read leaves the workspace as it was (no half installation).
	in := &installer{Options: o, root: root, report: &Report{Agent: a.name, Root: root}}
	if err := in.ensureInit(); err != nil {
		return nil, err
	}
	if !o.NoAgent {
		if err := a.install(in); err != nil {
			return nil, err
		}
	}
	if o.MergeDriver {
		if err := in.mergeDriver(); err != nil {
			return nil, err
		}
	}
	if o.PreCommit {
		if err := in.preCommit(); err != nil {
			return nil, err
		}
	}
	for _, w := range in.pending {
		if err := w.do(); err != nil {
			in.report.Steps = in.report.Steps[:w.step] // what was done before it
			return in.report, err
		}
	}
	_, err = exec.LookPath("carnet")
	in.report.NotOnPath = err != nil
	return in.report, nil
}

// installer writes (or, in a dry run, only decides) the files of an installation.
type installer struct {
	Options
	root    string
	report  *Report
	pending []pendingWrite // the writes decided, run once every input has been read
}

// pendingWrite is a write decided and not made yet: the step it makes true, and how.
type pendingWrite struct {
	step int // index in the report's steps
	do   func() error
}

// later queues the write of the step about to be recorded, unless this is a dry run.
func (in *installer) later(do func() error) {
	if !in.DryRun {
		in.pending = append(in.pending, pendingWrite{step: len(in.report.Steps), do: do})
	}
}

func (in *installer) step(s Step) { in.report.Steps = append(in.report.Steps, s) }

// configDir is the agent's folder: dir in the workspace, or in the home folder (user scope).
func (in *installer) configDir(dir string) (string, error) {
	if in.Scope != "user" {
		return filepath.Join(in.root, dir), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("cannot find the home folder: %w", err)
	}
	return filepath.Join(home, dir), nil
}

// ensureInit creates the memory layout when the workspace has none.
func (in *installer) ensureInit() error {
	ws, err := memstore.Open(in.root)
	if err != nil {
		return err
	}
	missing := len(ws.Projects) == 0
	for _, p := range ws.Projects {
		if _, err := os.Stat(ws.Abs(p.LogsDir())); err != nil {
			missing = true // a project named in carnet.toml whose folder is not made yet
		}
	}
	if !missing {
		return nil
	}
	i := len(in.report.Steps)
	in.later(func() error {
		created, err := in.Init(in.root)
		in.report.Steps[i].Created = created
		if err != nil {
			return fmt.Errorf("carnet init: %w", err)
		}
		return nil
	})
	in.step(Step{Kind: StepInit, Path: in.root})
	in.report.Changed++
	return nil
}

func (in *installer) claude() error {
	base, err := in.configDir(".claude")
	if err != nil {
		return err
	}

	err = in.mergeFile(filepath.Join(base, "settings.json"), func(old []byte) ([]byte, string, error) {
		merged, added, err := MergeClaudeSettings(old, HookCommand)
		return merged, "hooks for " + strings.Join(added, ", "), err
	})
	if err != nil {
		return err
	}

	for _, s := range ClaudeSkillsIn(in.Lang) {
		own := func(old []byte) bool { return isOwnSkill(s.Name, string(old)) }
		if err := in.writeOwned(filepath.Join(base, "skills", s.Name, "SKILL.md"), s.Content, "skill /"+s.Name, own); err != nil {
			return err
		}
	}

	if in.Scope == "project" {
		return in.mergeFile(filepath.Join(in.root, ".mcp.json"), func(old []byte) ([]byte, string, error) {
			merged, _, err := MergeMCPConfig(old)
			return merged, "MCP server carnet", err
		})
	}
	if in.report.Changed > 0 {
		in.step(Step{Kind: StepUserMCP})
	}
	return nil
}

// codex registers the hooks in hooks.json and the MCP server in config.toml.
func (in *installer) codex() error {
	base, err := in.configDir(".codex")
	if err != nil {
		return err
	}
	err = in.mergeFile(filepath.Join(base, "hooks.json"), func(old []byte) ([]byte, string, error) {
		merged, added, err := MergeCodexHooks(old, HookCommand)
		return merged, "hooks for " + strings.Join(added, ", "), err
	})
	if err != nil {
		return err
	}
	return in.mergeFile(filepath.Join(base, "config.toml"), func(old []byte) ([]byte, string, error) {
		merged, _, err := MergeCodexConfig(old)
		return merged, "MCP server carnet", err
	})
}

// gemini registers the hooks and the MCP server in settings.json.
func (in *installer) gemini() error {
	base, err := in.configDir(".gemini")
	if err != nil {
		return err
	}
	return in.mergeFile(filepath.Join(base, "settings.json"), func(old []byte) ([]byte, string, error) {
		merged, added, mcp, err := MergeGeminiSettings(old, HookCommand)
		var what []string
		if len(added) > 0 {
			what = append(what, "hooks for "+strings.Join(added, ", "))
		}
		if mcp {
			what = append(what, "MCP server carnet")
		}
		return merged, strings.Join(what, "; "), err
	})
}

// opencode writes carnet's plugin and registers the MCP server in opencode.json (or an
// opencode.jsonc that is there alone): in the workspace (.opencode/plugins/) or in OpenCode's
// config folder (user scope).
func (in *installer) opencode() error {
	dir, pluginDir := in.root, filepath.Join(in.root, ".opencode")
	if in.Scope == "user" {
		var err error
		if dir, err = openCodeConfigDir(); err != nil {
			return err
		}
		pluginDir = dir
	}
	if err := in.writeOwned(filepath.Join(pluginDir, "plugins", "carnet.js"), OpenCodePlugin, "plugin: hooks for session start and session.idle", nil); err != nil {
		return err
	}
	cfg := filepath.Join(dir, "opencode.json")
	if _, err := os.Stat(cfg); errors.Is(err, fs.ErrNotExist) {
		if _, err := os.Stat(filepath.Join(dir, "opencode.jsonc")); err == nil {
			cfg = filepath.Join(dir, "opencode.jsonc")
		}
	}
	return in.mergeFile(cfg, func(old []byte) ([]byte, string, error) {
		merged, _, err := MergeOpenCodeConfig(old)
		return merged, "MCP server carnet", err
	})
}

// kimi registers the hooks in Kimi Code's config.toml, which is only in its home folder
// ($KIMI_CODE_HOME, else ~/.kimi-code), and the MCP server in .kimi-code/mcp.json (user
// scope: in that home folder).
func (in *installer) kimi() error {
	home := os.Getenv("KIMI_CODE_HOME")
	if !filepath.IsAbs(home) {
		h, err := os.UserHomeDir()
		if err != nil {
			return fmt.Errorf("cannot find the home folder: %w", err)
		}
		home = filepath.Join(h, ".kimi-code")
	}
	err := in.mergeFile(filepath.Join(home, "config.toml"), func(old []byte) ([]byte, string, error) {
		merged, added, err := MergeKimiConfig(old, HookCommand)
		return merged, "hooks for " + strings.Join(added, ", "), err
	})
	if err != nil {
		return err
	}
	mcp := filepath.Join(in.root, ".kimi-code", "mcp.json")
	if in.Scope == "user" {
		mcp = filepath.Join(home, "mcp.json")
	}
	return in.mergeFile(mcp, func(old []byte) ([]byte, string, error) {
		merged, _, err := mergeMCPServers(old, false, "kimi")
		return merged, "MCP server carnet", err
	})
}

// openCodeConfigDir is OpenCode's global config folder: $XDG_CONFIG_HOME/opencode, else
// ~/.config/opencode (on every system).
func openCodeConfigDir() (string, error) {
	if x := os.Getenv("XDG_CONFIG_HOME"); filepath.IsAbs(x) {
		return filepath.Join(x, "opencode"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("cannot find the home folder: %w", err)
	}
	return filepath.Join(home, ".config", "opencode"), nil
}

// writeOwned writes a file carnet owns (a skill, a plugin) unless it is there: a copy that
// differs was edited by hand and is kept, unless own says it is one carnet wrote (a skill in
// the other language), which is replaced.
func (in *installer) writeOwned(path, content, what string, own func(old []byte) bool) error {
	old, err := readMaybe(path)
	if err != nil {
		return err
	}
	if old != nil && !bytes.Equal(old, []byte(content)) && own != nil && own(old) {
		return in.write(path, old, []byte(content), what)
	}
	if old != nil {
		if !bytes.Equal(old, []byte(content)) {
			in.step(Step{Kind: StepSkillKept, Path: in.show(path)})
		}
		return nil
	}
	return in.write(path, nil, []byte(content), what)
}

// mergeFile reads path (missing is empty), merges carnet's entries into it with merge, which
// also says what it added, and writes the result (see write). A merge error names the file.
func (in *installer) mergeFile(path string, merge func(old []byte) ([]byte, string, error)) error {
	old, err := readMaybe(path)
	if err != nil {
		return err
	}
	merged, what, err := merge(old)
	if err != nil {
		return fmt.Errorf("%s: %w", in.show(path), err)
	}
	return in.write(path, old, merged, what)
}

// write replaces path with data when it differs from old (in a dry run, only records it).
func (in *installer) write(path string, old, data []byte, what string) error {
	if bytes.Equal(old, data) {
		return nil
	}
	in.report.Changed++
	name := in.show(path)
	in.later(func() error {
		if err := memstore.WriteFileAtomic(path, data); err != nil {
			return fmt.Errorf("cannot write %s: %w", name, err)
		}
		return nil
	})
	in.step(Step{Kind: StepWrite, Path: name, What: what, Old: old, New: data})
	return nil
}

// show names a path relative to the workspace root when it is inside it, else to ~.
func (in *installer) show(path string) string {
	if r, err := filepath.Rel(in.root, path); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	if home, err := os.UserHomeDir(); err == nil {
		if r, err := filepath.Rel(home, path); err == nil && !strings.HasPrefix(r, "..") {
			return "~/" + filepath.ToSlash(r)
		}
	}
	return path
}

// readMaybe reads a file that may not exist (nil, nil then).
func readMaybe(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	return data, nil
}

// mergeDriver registers carnet's git merge driver (SPEC §6): memory_sessions/** merge=carnet
// in the workspace's .gitattributes, and merge.carnet.* in the repository's own config.
func (in *installer) mergeDriver() error {
	repo, err := git.PlainOpenWithOptions(in.root, &git.PlainOpenOptions{DetectDotGit: true, EnableDotGitCommonDir: true})
	if errors.Is(err, git.ErrRepositoryNotExists) {
		in.step(Step{Kind: StepNoRepo, Path: in.root})
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot open the git repository: %w", err)
	}

	attrs := filepath.Join(in.root, ".gitattributes")
	old, err := readMaybe(attrs)
	if err != nil {
		return err
	}
	if err := in.write(attrs, old, MergeGitAttributes(old), "merge=carnet for memory_sessions/**"); err != nil {
		return err
	}

	cfg, err := repo.Config()
	if err != nil {
		return fmt.Errorf("cannot read the git config: %w", err)
	}
	sub := cfg.Raw.Section("merge").Subsection("carnet")
	want := [][2]string{{"name", MergeDriverName}, {"driver", MergeDriverCommand}}
	var set []string
	for _, kv := range want {
		if sub.Option(kv[0]) != kv[1] {
			sub.SetOption(kv[0], kv[1])
			set = append(set, fmt.Sprintf("merge.carnet.%s = %s", kv[0], kv[1]))
		}
	}
	if len(set) == 0 {
		return nil
	}
	in.report.Changed++
	in.later(func() error {
		if err := repo.SetConfig(cfg); err != nil {
			return fmt.Errorf("cannot write the git config: %w", err)
		}
		return nil
	})
	in.step(Step{Kind: StepGitConfig, Settings: set})
	return nil
}
