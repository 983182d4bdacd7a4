package main

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestLinkRefusalLongPath (round 3 of issue 35, class c): the check of
// links on the way to --output, --template or render's report walked up
// the path's folders for a work tree and links, copying the path so far
// at each: a path of 40,000 folders (a/a/…, 80 KB) took 14 to 25 s to
// refuse. A path over PATH_MAX, which no system call takes, is refused
// at once, saying so: the bytes allocated for a path 4x as long are at
// most ~4.4x.
func TestLinkRefusalLongPath(t *testing.T) {
	dir := t.TempDir()
	allocated := func(folders int) uint64 {
		p := filepath.Join(dir, strings.TrimSuffix(strings.Repeat("a/", folders), "/"), "r.md")
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		err := outputLinks(p)
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), "over the system's PATH_MAX (4096 bytes)") {
			t.Errorf("--output of %d folders: %v; want it refused for its length", folders, err)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := allocated(2500), allocated(10000)
	if float64(large) > 4.4*float64(small)+4096 {
		t.Errorf("--output of 2,500 folders allocated %d bytes, of 10,000 %d; want at most ~4.4x", small, large)
	}
}
