package gitrepo

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/config"
)

// The repository shapes the own reader does not read exactly are detected before reading,
// and the read is then made by the git CLI (readcli.go): never a silent wrong answer.

// gitConfigs reads the config files git would read for the repository: system, global,
// then the repository's own (and its work tree's). Includes are not followed.
func (r *gitRepo) gitConfigs() (global, repo []*config.Config) {
	for _, p := range gitGlobalConfigPaths() {
		if c := gitReadConfigFile(p); c != nil {
			global = append(global, c)
		}
	}
	for _, p := range []string{filepath.Join(r.commonDir, "config"), filepath.Join(r.gitDir, "config.worktree")} {
		if c := gitReadConfigFile(p); c != nil {
			repo = append(repo, c)
		}
	}
	return global, repo
}

// gitConfigGet is the last value of section.key in configs (later files win).
func gitConfigGet(configs []*config.Config, section, key string) string {
	v := ""
	for _, c := range configs {
		if s := c.Raw.Section(section).Options.Get(key); s != "" {
			v = s
		}
	}
	return v
}

// delegated says why the own reader cannot answer exactly for this repository ("" when it
// can): objects that are not SHA-1, refs not in files, replace refs, grafts. When worktree
// is true (Pending), also the settings that change how a work-tree file becomes a blob:
// core.autocrlf, and text/eol/filter/ident/working-tree-encoding attributes.
func (r *gitRepo) delegated(worktree bool, rel string) string {
	global, repo := r.gitConfigs()
	if f := strings.ToLower(gitConfigGet(repo, "extensions", "objectformat")); f != "" && f != "sha1" {
		return f + " objects"
	}
	if f := strings.ToLower(gitConfigGet(repo, "extensions", "refstorage")); f != "" && f != "files" {
		return f + " refs"
	}
	if _, err := os.Stat(filepath.Join(r.commonDir, "info", "grafts")); err == nil {
		return "grafts"
	}
	if gitHasReplaceRefs(r.commonDir) {
		return "replace refs"
	}
	if !worktree {
		return ""
	}
	all := append(global, repo...)
	if v := strings.ToLower(gitConfigGet(all, "core", "autocrlf")); v == "true" || v == "input" || v == "yes" || v == "on" || v == "1" {
		return "core.autocrlf"
	}
	if r.conversionAttributes(all, rel) {
		return "conversion attributes"
	}
	return ""
}

// gitHasReplaceRefs says whether refs/replace/ holds a ref, loose or packed.
func gitHasReplaceRefs(commonDir string) bool {
	found := false
	_ = filepath.WalkDir(filepath.Join(commonDir, "refs", "replace"), func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	if found {
		return true
	}
	b, err := os.ReadFile(filepath.Join(commonDir, "packed-refs"))
	return err == nil && bytes.Contains(b, []byte(" refs/replace/"))
}

// conversionAttributes says whether an attributes file that can apply to folder rel sets an
// attribute that converts content between the work tree and the object store.
func (r *gitRepo) conversionAttributes(configs []*config.Config, rel string) bool {
	files := []string{filepath.Join(r.commonDir, "info", "attributes")}
	if p := gitConfigGet(configs, "core", "attributesfile"); p != "" {
		if rest, ok := strings.CutPrefix(p, "~/"); ok {
			home, _ := os.UserHomeDir()
			p = filepath.Join(home, rest)
		}
		files = append(files, p)
	} else if xdg := os.Getenv("XDG_CONFIG_HOME"); xdg != "" {
		files = append(files, filepath.Join(xdg, "git", "attributes"))
	} else if home, err := os.UserHomeDir(); err == nil {
		files = append(files, filepath.Join(home, ".config", "git", "attributes"))
	}
	dir := r.root
	files = append(files, filepath.Join(dir, ".gitattributes"))
	if rel != "" {
		for name := range strings.SplitSeq(rel, "/") {
			dir = filepath.Join(dir, name)
			files = append(files, filepath.Join(dir, ".gitattributes"))
		}
	}
	// .gitattributes files inside the folder itself.
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return nil
		case d.IsDir() && (d.Name() == ".git" || d.Name() == ".debug"):
			return filepath.SkipDir
		case !d.IsDir() && d.Name() == ".gitattributes" && p != filepath.Join(dir, ".gitattributes"):
			files = append(files, p)
		}
		return nil
	})
	return slices.ContainsFunc(files, gitConvertsContent)
}

// gitConvertsContent says whether attributes file path sets (or unsets: -text is as telling)
// one of the attributes that change content on its way to the object store.
func gitConvertsContent(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		for _, a := range fields[1:] {
			name, _, _ := strings.Cut(strings.TrimLeft(a, "-!"), "=")
			switch name {
			case "text", "eol", "crlf", "filter", "ident", "working-tree-encoding":
				return true
			}
		}
	}
	return false
}

// needsCLI is the error of a read that only git can make exactly, when git is not installed.
func gitNeedsCLI(why string) error {
	return fmt.Errorf("this repository uses %s, which carnet reads only through git, and git is not installed", why)
}
