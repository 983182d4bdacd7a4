package diff_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// TestHashOtherEdges: a spec's hash covers its link and run dependencies,
// so one hash whose link or run edges differ between the snapshots names
// two builds, as one hash of other facets does (a warning, exit 1, and a
// gate that refuses to pass). It was silent: curl kept its hash while
// its zlib went from 1 to 2, and a folder of spec files (whose zlib is a
// dependency, not a counted spec) read "no changes", exit 0, even with
// --fail-on any. Edges written in another order, or another build-only
// dependency (outside the hash before Spack 0.18), are no conflict. A
// zlib of a hash with the same first 7 characters is one too: the edges
// were compared by their hashes' first 7 (zlib/zzzzzzz twice), and said
// nothing; they are printed with as many as tell them apart.
func TestHashOtherEdges(t *testing.T) {
	const curl = "cccccccccccccccccccccccccccccccc"
	node := func(name, version, hash, deps string) string {
		return fmt.Sprintf(`{"name":%q,"version":%q,"arch":{"platform":"linux","platform_os":"ubuntu22.04","target":"x86_64"},"compiler":{"name":"gcc","version":"13"},"namespace":"builtin","parameters":{},"dependencies":[%s],"hash":%q}`, name, version, deps, hash)
	}
	edge := func(name, hash, types string) string {
		return fmt.Sprintf(`{"name":%q,"hash":%q,"parameters":{"deptypes":[%s],"virtuals":[]}}`, name, hash, types)
	}
	zlib1, zlib2, zlib3 := strings.Repeat("z", 32), "zzzzzzz"+strings.Repeat("y", 25), strings.Repeat("y", 32)
	make1, make2 := strings.Repeat("m", 32), strings.Repeat("n", 32)
	file := func(edges string, deps ...string) string {
		return `{"spec":{"_meta":{"version":5},"nodes":[` + strings.Join(append([]string{node("curl", "8", curl, edges)}, deps...), ",") + `]}}`
	}
	dir := t.TempDir()
	load := func(name, data string) *snapshot.Snapshot {
		t.Helper()
		return loadWritten(t, filepath.Join(dir, name, "curl.spec.json"), data, true)
	}
	base := load("base", file(edge("zlib", zlib1, `"build","link"`)+","+edge("gmake", make1, `"build"`), node("zlib", "1", zlib1, ""), node("gmake", "4", make1, "")))
	for _, c := range []struct {
		name, data, want string
	}{
		{"zlib-2", file(edge("zlib", zlib2, `"build","link"`)+","+edge("gmake", make1, `"build"`), node("zlib", "2", zlib2, ""), node("gmake", "4", make1, "")), "(zlib/zzzzzzzz → zlib/zzzzzzzy)"},
		{"zlib-3", file(edge("zlib", zlib3, `"build","link"`)+","+edge("gmake", make1, `"build"`), node("zlib", "3", zlib3, ""), node("gmake", "4", make1, "")), "(zlib/zzzzzzz → zlib/yyyyyyy)"},
		{"reordered", file(edge("gmake", make1, `"build"`)+","+edge("zlib", zlib1, `"link","build"`), node("zlib", "1", zlib1, ""), node("gmake", "4", make1, "")), ""},
		{"build-only", file(edge("zlib", zlib1, `"build","link"`)+","+edge("gmake", make2, `"build"`), node("zlib", "1", zlib1, ""), node("gmake", "4.1", make2, "")), ""},
	} {
		other := load(c.name, c.data)
		for _, way := range [][2]*snapshot.Snapshot{{base, other}, {other, base}} {
			r, err := diff.CompareWith(way[0], way[1], diff.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			if err := r.CheckLaws(); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range r.Warnings {
				if strings.Contains(w.Message, "dependencies than in the old snapshot") {
					got = append(got, w.Message)
				}
			}
			n, _ := diff.HashConflicts(r)
			if c.want == "" {
				if len(got) != 0 || n != 0 {
					t.Errorf("%s, %s → %s: warnings %q, %d conflicts; want none", c.name, way[0].Path, way[1].Path, got, n)
				}
				continue
			}
			if len(got) != 1 || !strings.Contains(got[0], "hash "+curl+" of curl has other link or run dependencies") || n != 1 {
				t.Errorf("%s, %s → %s: warnings %q, %d conflicts; want one of curl's hash", c.name, way[0].Path, way[1].Path, got, n)
			} else if way[0] == base && !strings.Contains(got[0], c.want) {
				t.Errorf("%s: warning %q, want it to say %s", c.name, got[0], c.want)
			}
		}
	}
}

// loadWritten writes data to path (its folders made) and loads the
// snapshot of the file, or of its folder when folder is set.
func loadWritten(t *testing.T, path, data string, folder bool) *snapshot.Snapshot {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if folder {
		path = filepath.Dir(path)
	}
	s, err := snapshot.Load(path, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// memIndex is a Source of one Spack index held in memory, named name (a
// path as loadWritten would write it): the file loadWritten writes and
// Load reads, without the folders, the write and the read.
type memIndex struct{ name, data string }

func (s memIndex) Path() string { return s.name }

func (s memIndex) Walk(yield func(snapshot.File)) ([]snapshot.Warning, []*snapshot.Error) {
	yield(snapshot.File{Name: s.name, Base: path.Base(s.name), Size: int64(len(s.data)), Root: true})
	return nil, nil
}

func (s memIndex) Read(_ snapshot.File, buf []byte) ([]byte, error) {
	return append(buf[:0], s.data...), nil
}

// indexShared is the loading state (snapshot.Shared) of loadIndex's
// Loads: a Load keeps its read buffer and tables for the next rather
// than making them anew (thousands of Loads of drawn shapes).
var indexShared snapshot.Shared

// loadIndex loads data, a Spack index.json, from memory as loadWritten
// loads the file name written with data.
func loadIndex(t *testing.T, name, data string) *snapshot.Snapshot {
	t.Helper()
	s, err := snapshot.LoadFrom(memIndex{name, data}, snapshot.Options{Shared: &indexShared})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// loadIndex loads what loadWritten loads from the file it writes: the
// same snapshot, path and names included, Load after Load of drawn
// shapes (both sides, acyclic and cyclic).
func TestLoadIndexAsWritten(t *testing.T) {
	for _, cyclic := range []bool{false, true} {
		for shape := range uint64(20) {
			sh := drawGraph(rand.New(rand.NewPCG(shape, 7001)), cyclic)
			rng := rand.New(rand.NewPCG(shape, 7002))
			hash, id := map[string]string{}, map[string]string{}
			for side := range sh.sides {
				idx := gIndex(t, rng, sh.sides[side], hash, id)
				name := filepath.Join(t.TempDir(), "index.json")
				if disk, mem := loadWritten(t, name, idx, false), loadIndex(t, name, idx); !reflect.DeepEqual(disk, mem) {
					t.Fatalf("cyclic %v shape %d side %d: from memory\n%+v\nfrom the file\n%+v", cyclic, shape, side, mem, disk)
				}
			}
		}
	}
}
