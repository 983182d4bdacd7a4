package diff

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// depsDelta compares the link and run edges of one hash by their whole
// names and hashes: a dependency whose hash keeps its first 7
// characters, or whose name keeps its first 60, is another edge (it
// compared the shortened strings, and said the edges agree), its hash
// printed with as many characters as tell it apart.
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
		{"a name of the same first 60", dep(long+"-a", strings.Repeat("a", 32)), dep(long+"-b", strings.Repeat("a", 32)), shortName(long+"-a") + "/aaaaaaa → " + shortName(long+"-b") + "/aaaaaaa"},
		{"the same edge", dep(long+"-a", strings.Repeat("a", 32)), dep(long+"-a", strings.Repeat("a", 32)), ""},
	} {
		if got := depsDelta(c.old, c.new); got != c.want {
			t.Errorf("%s: depsDelta %q, want %q", c.what, got, c.want)
		}
	}
}
