//go:build tools

// This file pins the modules carnet is built on while their packages land one by one,
// so that `go mod tidy` keeps them. It is never compiled.
package main

import (
	_ "charm.land/bubbles/v2/list"
	_ "charm.land/bubbletea/v2"
	_ "charm.land/glamour/v2"
	_ "charm.land/lipgloss/v2"
	_ "github.com/aymanbagabas/go-udiff"
	_ "github.com/charmbracelet/x/exp/teatest/v2"
	_ "github.com/fsnotify/fsnotify"
	_ "github.com/go-git/go-git/v5"
	_ "github.com/gofrs/flock"
	_ "github.com/modelcontextprotocol/go-sdk/mcp"
	_ "github.com/pelletier/go-toml/v2"
	_ "github.com/rogpeppe/go-internal/testscript"
	_ "golang.org/x/text/unicode/norm"
)
