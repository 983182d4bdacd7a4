package diff

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// sharedRootsLock writes a lockfile of n roots curl+v0 … curl+vN-1, all
// of one spec of hash letter h, and loads it.
func sharedRootsLock(t *testing.T, n int, h string) *snapshot.Snapshot {
	t.Helper()
	hash := strings.Repeat(h, 32)
	var b strings.Builder
	b.WriteString(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"hash":%q,"spec":"curl+v%d"}`, hash, i)
	}
	fmt.Fprintf(&b, `],"concrete_specs":{%q:{"name":"curl","version":"1","hash":%q}}}`, hash, hash)
	path := filepath.Join(t.TempDir(), "spack.lock")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := snapshot.Load(path, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRespeltRootsOfSpellingsBothWrite (151st adversarial pass, the
// lead of the 149th: a lockfile of 128,000 roots per side cost 5.3x the
// CPU of 32,000): respeltRoots gathered the package names of every root
// of both sides, and renamedRoots looked through them all again, though
// only a spelling one side alone writes can be respelt. Of 4,000 roots
// both sides write, it allocated a map and a list per root; now
// nothing but, once for each side, the hashes it roots under a spelling
// the other does not root them under (one here: a root whose hash the
// other side roots elsewhere is that root respelt, whatever the counts).
func TestRespeltRootsOfSpellingsBothWrite(t *testing.T) {
	o, n := rootNodes(GraphOf(sharedRootsLock(t, 4000, "h"))), rootNodes(GraphOf(sharedRootsLock(t, 4000, "g")))
	var ren map[string]string
	allocs := testing.AllocsPerRun(3, func() { ren, _, _ = respeltRoots(o, n) })
	if ren != nil {
		t.Fatalf("respelt %d roots, want none", len(ren))
	}
	if allocs > 4 {
		t.Errorf("respeltRoots of 4,000 roots both sides write: %.0f allocations, want at most 4 (two maps of one hash)", allocs)
	}
}
