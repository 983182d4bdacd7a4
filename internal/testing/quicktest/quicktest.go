// Package quicktest holds what the packages' tests share for go test
// -short, the quick inner loop (make test runs without -short, and sets
// GOGC=400 for every process it starts instead).
package quicktest

import (
	"flag"
	"os"
	"runtime/debug"
	"testing"
)

// Collect makes a test process under -short collect its garbage a quarter
// as often (GOGC=400). A test process's heap is a few megabytes, so the
// default collected hundreds of times, and the collections and the memory
// handed back and forth cost as much as some of the tests (a third of the
// CPU of cmd/cachediff's tests without their scripts). Call it once the
// flags are parsed.
func Collect() {
	if testing.Short() {
		debug.SetGCPercent(400)
	}
}

// Main is a TestMain for a package that needs nothing else: it parses the
// flags, calls Collect and runs the tests.
func Main(m *testing.M) {
	flag.Parse()
	Collect()
	os.Exit(m.Run())
}
