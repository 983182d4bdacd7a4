package snapshot

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// edgeIndex is a build-cache index of n records in names packages, each
// record after the first two with two edges (to the records before it
// and half way to it), each named for its spec's package as Spack
// writes it.
func edgeIndex(n, names int) []byte {
	var b strings.Builder
	b.WriteString(`{"database":{"version":"8","installs":{`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		deps := ""
		if i >= 2 {
			deps = fmt.Sprintf(`,"dependencies":[{"name":"p%d","hash":%q,"parameters":{"deptypes":["build","link"],"virtuals":[]}},{"name":"p%d","hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}]`,
				(i-1)%names, hashN(i-1), (i/2)%names, hashN(i/2))
		}
		fmt.Fprintf(&b, "\n%q:{\"spec\":{\"name\":\"p%d\",\"version\":\"1\",\"hash\":%q%s},\"in_buildcache\":true}", hashN(i), i%names, hashN(i), deps)
	}
	b.WriteString("\n}}}\n")
	return []byte(b.String())
}

// writeEdgeIndex writes edgeIndex(n, n/4) as index.json under a new
// folder and returns its path and size.
func writeEdgeIndex(t *testing.T, n int) (string, int) {
	t.Helper()
	data := edgeIndex(n, n/4)
	path := filepath.Join(t.TempDir(), "index.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, len(data)
}

// Issue 35 class c: renameAcrossFiles built a map of every hash of the
// snapshot to its package and probed it at every edge even for one
// Spack file, whose edges the decoder has filed under their specs'
// packages already (spackfmt's otherName): 8% of the spack scenario's
// CPU, and garbage at its peak. Of one index it allocates nothing and
// renames nothing.
func TestOneSpackFileRenamesFree(t *testing.T) {
	const n = 4000
	path, _ := writeEdgeIndex(t, n)
	snap, err := Load(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	edges := 0
	for _, p := range snap.Packages {
		for i := range p.Specs {
			edges += len(p.Specs[i].Deps())
		}
	}
	if snap.Specs() != n || edges != 2*(n-2) {
		t.Fatalf("the index loads as %d specs and %d edges, want %d and %d", snap.Specs(), edges, n, 2*(n-2))
	}
	warnings := map[*Package][]Warning{}
	if a := testing.AllocsPerRun(5, func() { snap.renameAcrossFiles(warnings) }); a != 0 {
		t.Errorf("renameAcrossFiles of one index of %d edges: %.0f allocations, want none", edges, a)
	}
	if len(warnings) != 0 {
		t.Errorf("renameAcrossFiles of one index: warnings %v, want none", warnings)
	}
}

// An index of 4x the records and edges allocates at most 4.4x the bytes
// to load, and keeps within 4x its bytes.
func TestEdgeIndexLoadLinear(t *testing.T) {
	n := 10000
	if !testing.Short() {
		n = 40000
	}
	var allocs [2]uint64
	var sizes [2]int
	for k, records := range []int{n, 4 * n} {
		path, size := writeEdgeIndex(t, records)
		alloc, kept, snap := loadCost(t, path)
		if snap.Specs() != records {
			t.Fatalf("%d records: %d specs", records, snap.Specs())
		}
		t.Logf("%d records, %d bytes: allocated %d (%.2fx), kept %d (%.2fx)", records, size, alloc, float64(alloc)/float64(size), kept, float64(kept)/float64(size))
		if kept > 4*uint64(size) {
			t.Errorf("an index of %d bytes keeps %d bytes: over 4x", size, kept)
		}
		allocs[k], sizes[k] = alloc, size
	}
	if r := float64(allocs[1]) / float64(allocs[0]); r > 4.4 {
		t.Errorf("4x the records (%d, then %d bytes) allocate %.2fx the bytes (%d, then %d)", sizes[0], sizes[1], r, allocs[0], allocs[1])
	}
}
