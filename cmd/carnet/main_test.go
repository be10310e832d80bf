package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"carnet/hook/agentstest"
)

// TestMain makes the test binary double as the carnet command inside test scripts, and says
// which real-agent tests skipped (see skips).
func TestMain(m *testing.M) {
	testscript.Main(reportSkips{m}, map[string]func(){
		"carnet":                func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		"carnet-agent-sandbox":  func() { os.Exit(agentstest.SandboxMain(os.Args[1:])) },
		"carnet-recall-sandbox": func() { os.Exit(agentstest.RecallSandboxMain(os.Args[1:])) },
	})
}

// TestScripts runs the end-to-end scripts in testdata/script: the real command line, on
// real files and real git repositories made in temp folders.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		// UPDATE_SCRIPTS=1 rewrites the expected files of cmp lines inside the scripts.
		UpdateScripts: os.Getenv("UPDATE_SCRIPTS") != "",
		Setup: func(env *testscript.Env) error {
			env.Setenv("HOME", env.WorkDir)
			env.Setenv("CLAUDE_PROJECT_DIR", "")
			env.Setenv("NO_COLOR", "1")
			env.Setenv("GIT_AUTHOR_NAME", "Test")
			env.Setenv("GIT_AUTHOR_EMAIL", "test@example.com")
			env.Setenv("GIT_COMMITTER_NAME", "Test")
			env.Setenv("GIT_COMMITTER_EMAIL", "test@example.com")
			return nil
		},
	})
}
