package mcpserver

import (
	"os"
	"testing"

	"carnet/memstore"
)

// TestMain stops the search watcher the servers' searches started, so that its sentinel
// folder does not stay in the temp folder.
func TestMain(m *testing.M) {
	code := m.Run()
	memstore.StopSearchWatch()
	os.Exit(code)
}
