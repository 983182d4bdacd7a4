//go:build !linux

package main

import (
	"os"
	"testing"
)

// openPTY returns nil: pseudo-terminals are opened on Linux only.
func openPTY(t *testing.T) *os.File { return nil }
