package snapshot

import (
	"flag"
	"os"
	"runtime/debug"
	"testing"
)

// TestMain: under -short, a quick inner loop, the tests' process collects
// its garbage a quarter as often (GOGC=400): its heap is a few megabytes,
// so the default collected hundreds of times, and the collections and the
// memory handed back and forth cost as much as some of the tests. make
// test keeps the default.
func TestMain(m *testing.M) {
	flag.Parse()
	if testing.Short() {
		debug.SetGCPercent(400)
	}
	os.Exit(m.Run())
}
