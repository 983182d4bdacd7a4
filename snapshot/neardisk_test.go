package snapshot

import (
	"runtime"
	"strings"
	"testing"
)

// TestNearOnDiskLongPath (round 3 of issue 35, class c): nearOnDisk
// walked up a missing path a folder at a time, copying the path so far
// at each: 40,000 folders (a/a/…, 80 KB) took 10 s. A path longer than
// PATH_MAX names no file and gets no near name, in linear time.
func TestNearOnDiskLongPath(t *testing.T) {
	dir := t.TempDir()
	allocated := func(folders int) uint64 {
		p := dir + "/" + strings.TrimSuffix(strings.Repeat("a/", folders), "/")
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		got := nearOnDisk(p)
		runtime.ReadMemStats(&after)
		if got != "" {
			t.Errorf("nearOnDisk of %d folders: %q; want none", folders, got)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := allocated(2500), allocated(10000)
	if float64(large) > 4.4*float64(small)+4096 {
		t.Errorf("nearOnDisk of 2,500 folders allocated %d bytes, of 10,000 %d; want at most ~4.4x", small, large)
	}
}
