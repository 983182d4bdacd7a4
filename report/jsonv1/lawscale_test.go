package jsonv1

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/ordered"
	"github.com/cachediff/cachediff/snapshot"
)

// scaleShapes make the reports of TestRenderLawsScale: n is their size.
var scaleShapes = []struct {
	name string
	make func(n int) (before, after *snapshot.Snapshot)
}{
	{"one package of many pairs", func(n int) (*snapshot.Snapshot, *snapshot.Snapshot) {
		var o, nw []snapshot.Spec
		for i := range n {
			o = append(o, scaleSpec(i, 0, "1.0", "gcc@13.2.0", "e4s"))
			s := scaleSpec(i, 1, "1.0", "gcc@13.2.0", "e4s")
			switch i % 4 {
			case 1:
				s.Versions = []string{"2.0"}
			case 2:
				s.Compiler = "gcc@14.2.0"
			case 3:
				s.Hash = o[i].Hash
				s.Stacks = []string{"hep", "root"}
			}
			nw = append(nw, s)
		}
		return scaleSnap("old", map[string][]snapshot.Spec{"p": o}), scaleSnap("new", map[string][]snapshot.Spec{"p": nw})
	}},
	{"many packages", func(n int) (*snapshot.Snapshot, *snapshot.Snapshot) {
		o, nw := map[string][]snapshot.Spec{}, map[string][]snapshot.Spec{}
		for i := range n {
			name := fmt.Sprintf("pkg-%06d", i)
			o[name] = []snapshot.Spec{scaleSpec(i, 0, "1.0", "gcc@13.2.0", "e4s")}
			nw[name] = []snapshot.Spec{scaleSpec(i, 1, "1.0", "gcc@13.2.0", "e4s")}
		}
		return scaleSnap("old", o), scaleSnap("new", nw)
	}},
	{"many update groups", func(n int) (*snapshot.Snapshot, *snapshot.Snapshot) {
		o, nw := map[string][]snapshot.Spec{}, map[string][]snapshot.Spec{}
		for i := range n {
			name := fmt.Sprintf("pkg-%06d", i)
			o[name] = []snapshot.Spec{scaleSpec(i, 0, fmt.Sprintf("1.%d", i), "gcc@13.2.0", "e4s")}
			nw[name] = []snapshot.Spec{scaleSpec(i, 1, fmt.Sprintf("2.%d", i), "gcc@13.2.0", "e4s")}
		}
		return scaleSnap("old", o), scaleSnap("new", nw)
	}},
	{"many stacks", func(n int) (*snapshot.Snapshot, *snapshot.Snapshot) {
		var o, nw []snapshot.Spec
		for i := range n {
			o = append(o, scaleSpec(i, 0, "1.0", "gcc@13.2.0", fmt.Sprintf("s%06d", i)))
			nw = append(nw, scaleSpec(i, 1, "1.0", "gcc@13.2.0", fmt.Sprintf("s%06d", i+n/2)))
		}
		return scaleSnap("old", map[string][]snapshot.Spec{"p": o}), scaleSnap("new", map[string][]snapshot.Spec{"p": nw})
	}},
	{"many shared variants", func(n int) (*snapshot.Snapshot, *snapshot.Snapshot) {
		vs := make([]string, n)
		for i := range vs {
			vs[i] = fmt.Sprintf("v%06d=x", i)
		}
		var o, nw []snapshot.Spec
		for i := range 8 {
			s := scaleSpec(i, 0, "1.0", "gcc@13.2.0", "e4s")
			s.Variants = slices.Clone(vs)
			o = append(o, s)
			s = scaleSpec(i, 1, "1.0", "gcc@13.2.0", "e4s")
			s.Variants = slices.Clone(vs)
			nw = append(nw, s)
		}
		return scaleSnap("old", map[string][]snapshot.Spec{"p": o}), scaleSnap("new", map[string][]snapshot.Spec{"p": nw})
	}},
	{"long version lists", func(n int) (*snapshot.Snapshot, *snapshot.Snapshot) {
		var o, nw []snapshot.Spec
		for i := range n {
			o = append(o, scaleSpec(i, 0, fmt.Sprintf("1.%d", i), "gcc@13.2.0", "e4s"))
			nw = append(nw, scaleSpec(i, 1, fmt.Sprintf("1.%d", i+n/2), "gcc@13.2.0", "e4s"))
		}
		return scaleSnap("old", map[string][]snapshot.Spec{"p": o}), scaleSnap("new", map[string][]snapshot.Spec{"p": nw})
	}},
}

func scaleSpec(i, side int, version, compiler, stack string) snapshot.Spec {
	const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
	h := []byte(strings.Repeat("a", 32))
	h[0] = alphabet[side]
	for k, x := 31, i; x > 0; k, x = k-1, x/32 {
		h[k] = alphabet[x%32]
	}
	st := []string{stack, "root"}
	slices.Sort(st)
	return snapshot.Spec{Hash: string(h), Versions: []string{version}, Compiler: compiler, OS: "ubuntu22.04",
		Platform: "linux", Target: "x86_64_v3", Variants: []string{"+shared"}, Stacks: st}
}

func scaleSnap(tag string, pkgs map[string][]snapshot.Spec) *snapshot.Snapshot {
	s := &snapshot.Snapshot{Path: tag, Tag: "develop-" + tag}
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range pkgs {
			if !yield(k) {
				return
			}
		}
	}) {
		specs := pkgs[name]
		slices.SortFunc(specs, func(a, b snapshot.Spec) int { return strings.Compare(a.Hash, b.Hash) })
		s.Packages = append(s.Packages, &snapshot.Package{Name: name, Specs: specs, Origin: &snapshot.Origin{File: tag + "/" + name + "/specs.md", Tag: s.Tag}})
	}
	return s
}

// TestRenderLawsScale: render decodes a saved report and checks its laws
// in allocations linear in the report: for reports of each shape, 4x
// the report's bytes costs at most ~4.4x the allocations. The bytes
// allocated grow by the steps of append and map growth (encoding/json's
// slices most), so they are held to 1.5x the report's growth, which a
// law quadratic in the report (16x) far exceeds, and to at most 8 bytes
// a byte of the report.
func TestRenderLawsScale(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 250
	}
	for _, shape := range scaleShapes {
		t.Run(shape.name, func(t *testing.T) {
			var size, mallocs, bytesAlloc [2]float64
			for k, m := range []int{n, 4 * n} {
				before, after := shape.make(m)
				r, err := diff.CompareWith(before, after, diff.Filter{})
				if err != nil {
					t.Fatal(err)
				}
				r.Highlights = diff.News(r)
				var buf bytes.Buffer
				if err := JSON(&buf, r); err != nil {
					t.Fatal(err)
				}
				data := buf.Bytes()
				size[k] = float64(len(data))
				var m0, m1 runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&m0)
				_, err = DecodeBytes(data)
				runtime.ReadMemStats(&m1)
				if err != nil {
					t.Fatalf("size %d: render refused it: %v", m, err)
				}
				mallocs[k] = float64(m1.Mallocs - m0.Mallocs)
				bytesAlloc[k] = float64(m1.TotalAlloc - m0.TotalAlloc)
			}
			grow := size[1] / size[0]
			t.Logf("report %.0f → %.0f bytes (%.2fx): allocations %.2fx, bytes allocated %.2fx (%.1f per report byte)",
				size[0], size[1], grow, mallocs[1]/mallocs[0], bytesAlloc[1]/bytesAlloc[0], bytesAlloc[1]/size[1])
			if r := mallocs[1] / mallocs[0]; r > 1.1*grow {
				t.Errorf("%.2fx the report's bytes: %.2fx the allocations, want at most %.2fx", grow, r, 1.1*grow)
			}
			if r := bytesAlloc[1] / bytesAlloc[0]; r > 1.5*grow {
				t.Errorf("%.2fx the report's bytes: %.2fx the bytes allocated, want at most %.2fx", grow, r, 1.5*grow)
			}
			if per := bytesAlloc[1] / size[1]; per > 8 {
				t.Errorf("%.1f bytes allocated a byte of the report, want at most 8", per)
			}
		})
	}
}

// TestJSONLargeSpecsChunked: a report whose specs are each larger than
// a chunk of ordered's output (specs of n distinct variants, every one
// rebuilt or updated: 400 KB a pair at n 8,000) is written in chunks no
// larger than a pooled chunk's capacity, so that no element grows a
// chunk past what the pool keeps (ordered.putChunk lets such a chunk go)
// and none is allocated again for the next: a spec was cut only between
// specs, an element grew its chunk by doubling, and the grown chunk was
// allocated again for the next (4x the variants allocated 9.9x the bytes,
// a088cc46). Each chunk is written by one Write (ordered's writeTo and
// Spill), behind a bufio.Writer of 64 KB, so the largest Write the
// writer sees is the largest chunk, or the bufio's buffer: 64 KB.
//
// It measured the least of three writings' bytes allocated at n and 4n
// on one P: there the item being rendered is always the one whose turn
// has come, written as its chunks fill and its chunk reused, so that a
// spec cut only between specs allocated no more (1.00x either way): it
// held nothing. Where the chunks are cut depends on the report alone,
// not on the scheduling or the pools, so this holds on any number of Ps.
func TestJSONLargeSpecsChunked(t *testing.T) {
	const n = 8000
	var o, nw []snapshot.Spec
	for s := range 4 {
		vs := make([]string, n, n+1)
		for j := range vs {
			vs[j] = fmt.Sprintf("v%06d=%d", j, s)
		}
		a := scaleSpec(s, 0, "1.0", "gcc@13.2.0", "e4s")
		a.Variants = vs
		b := scaleSpec(s, 1, "1.0", "gcc@13.2.0", "e4s")
		b.Variants = slices.Clone(vs)
		if s%2 == 1 {
			b.Variants = append(b.Variants, "+new")
		}
		o, nw = append(o, a), append(nw, b)
	}
	r, err := diff.CompareWith(scaleSnap("old", map[string][]snapshot.Spec{"p": o}), scaleSnap("new", map[string][]snapshot.Spec{"p": nw}), diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	var w largestWrite
	if err := JSON(&w, r); err != nil {
		t.Fatal(err)
	}
	const most = 2 * ordered.ChunkSize // a pooled chunk's capacity, and the bufio's size
	t.Logf("report %d bytes, %d a spec pair: the largest write %d bytes", w.n, w.n/4, w.most)
	if w.n < 4*4*most || w.most > most {
		t.Errorf("a report of %d bytes (4 spec pairs of %d variants): the largest write %d bytes, want at most %d (a chunk no element grew)", w.n, n, w.most, most)
	}
}
