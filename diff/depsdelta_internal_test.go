package diff

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/snapshot"
)

// depsDelta compares the link and run edges of one hash by their whole
// names and hashes: a dependency whose hash keeps its first 7
// characters, or whose name keeps its first 60, is another edge (it
// compared the shortened strings, and said the edges agree), its hash
// and its name printed with as many characters as tell it apart.
func TestDepsDeltaWholeNames(t *testing.T) {
	dep := func(name, hash string) []snapshot.Dep {
		return []snapshot.Dep{{Name: name, Hash: hash, Types: []string{"build", "link"}}}
	}
	long := strings.Repeat("l", 60)
	for _, c := range []struct {
		what     string
		old, new []snapshot.Dep
		want     string
	}{
		{"a hash of the same first 7", dep("zlib", "zzzzzzz"+strings.Repeat("a", 25)), dep("zlib", "zzzzzzz"+strings.Repeat("b", 25)), "zlib/zzzzzzza → zlib/zzzzzzzb"},
		{"a hash of other first 7", dep("zlib", strings.Repeat("a", 32)), dep("zlib", strings.Repeat("b", 32)), "zlib/aaaaaaa → zlib/bbbbbbb"},
		// Names of the same first 60 print as long as tells them apart
		// (they printed "lll…/aaaaaaa → lll…/aaaaaaa", alike).
		{"a name of the same first 60", dep(long+"-a", strings.Repeat("a", 32)), dep(long+"-b", strings.Repeat("a", 32)), long + "-a/aaaaaaa → " + long + "-b/aaaaaaa"},
		{"a name of the same first 100", dep(long+long+"a"+long, strings.Repeat("a", 32)), dep(long+long+"b"+long, strings.Repeat("a", 32)),
			long + long + "a" + cutmark.Of(long+long+"a"+long) + "/aaaaaaa → " + long + long + "b" + cutmark.Of(long+long+"b"+long) + "/aaaaaaa"},
		{"a quoted name of the same first 60", dep(" "+long+"a"+long, strings.Repeat("a", 32)), dep(" "+long+"b"+long, strings.Repeat("a", 32)),
			`" ` + long + `a` + cutmark.Of(" "+long+"a"+long) + `"/aaaaaaa → " ` + long + `b` + cutmark.Of(" "+long+"b"+long) + `"/aaaaaaa`},
		{"names apart by an invalid byte", dep(long+"\xfe"+long, strings.Repeat("a", 32)), dep(long+"\xff"+long, strings.Repeat("a", 32)),
			`"` + long + `\xfe` + cutmark.Of(long+"\xfe"+long) + `"/aaaaaaa → "` + long + `\xff` + cutmark.Of(long+"\xff"+long) + `"/aaaaaaa`},
		{"a name apart from a dependency's of another hash", dep(long+"a", strings.Repeat("a", 32)), dep(long+"b", strings.Repeat("b", 32)),
			long + "a/aaaaaaa → " + long + "b/bbbbbbb"},
		{"names apart in their first 60", dep("zlib"+long, strings.Repeat("a", 32)), dep("zlia"+long, strings.Repeat("a", 32)),
			"zlib" + long[:56] + cutmark.Of("zlib"+long) + "/aaaaaaa → zlia" + long[:56] + cutmark.Of("zlia"+long) + "/aaaaaaa"},
		{"the same edge", dep(long+"-a", strings.Repeat("a", 32)), dep(long+"-a", strings.Repeat("a", 32)), ""},
	} {
		if got := depsDelta(c.old, c.new); got != c.want {
			t.Errorf("%s: depsDelta %q, want %q", c.what, got, c.want)
		}
	}
}

// depsDelta over a spec of n link edges, every hash changed to one of
// the same first 30 characters: 4x the edges cost at most 4.4x the
// bytes allocated (the edges sorted whole, a merge for each side's own,
// each printed edge's hash length found over the others of its name).
func TestDepsDeltaLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	deps := func(n int, last byte) []snapshot.Dep {
		l := make([]snapshot.Dep, n)
		for i := range l {
			name := fmt.Sprintf("dep%06d", (i*7919)%n)
			l[i] = snapshot.Dep{Name: name, Hash: strings.Repeat("h", 24) + name[3:] + string(last) + "x", Types: []string{"link"}}
		}
		return l
	}
	cost := func(n int) uint64 {
		od, nd := deps(n, 'a'), deps(n, 'b')
		best := uint64(0)
		for i := range 3 {
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			got := depsDelta(od, nd)
			runtime.ReadMemStats(&after)
			if !strings.Contains(got, "dep000000/"+strings.Repeat("h", 24)+"000000a, ") {
				t.Fatalf("n=%d: depsDelta %q, want dep000000's hashes told apart", n, got)
			}
			if a := after.TotalAlloc - before.TotalAlloc; i == 0 || a < best {
				best = a
			}
		}
		return best
	}
	a, b := cost(2000), cost(8000)
	t.Logf("2,000 → 8,000 edges: %d → %d bytes (%.2fx)", a, b, float64(b)/float64(a))
	if f := float64(b) / float64(a); f > 4.4 {
		t.Errorf("4x the edges cost %.2fx the bytes (%d → %d), want at most 4.4x", f, a, b)
	}
}
