package gitsrc

import (
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/pagetest"
)

// TestLongPathLinear (round 3 of issue 35, class c): every step of the
// way to a REV:PATH or a log's PATH (its folders, the .gitattributes
// above it, the way through links, the near name of a typo) was a
// string of its folders so far, so a PATH of many folders cost the
// square of its length: 40,000 folders (a/a/…, 80 KB) took 52 s and
// 19 GB to say it did not exist. A PATH longer than PATH_MAX, which no
// checkout holds, is refused at once: the bytes allocated for a PATH 4x
// as long are at most ~4.4x.
func TestLongPathLinear(t *testing.T) {
	repo := zlibRepo(t, pagetest.SimplePage("zlib", "develop", 1, 1))
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	allocated := func(folders int) uint64 {
		p := "_cache/" + strings.TrimSuffix(strings.Repeat("a/", folders), "/")
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := r.Resolve("HEAD:" + p)
		_, serr := r.Series("HEAD", p, "", "")
		runtime.ReadMemStats(&after)
		for _, e := range []error{err, serr} {
			if e == nil || !strings.Contains(e.Error(), "no checkout holds a path over 4096 bytes") {
				t.Errorf("a PATH of %d folders: %v; want it refused for its length", folders, e)
			}
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := allocated(2500), allocated(10000)
	if float64(large) > 4.4*float64(small) {
		t.Errorf("a PATH of 2,500 folders allocated %d bytes, of 10,000 %d (%.1fx); want at most ~4.4x", small, large, float64(large)/float64(small))
	}
}
