package jsonv1

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
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

// TestJSONLargeSpecsScale: writing a report whose specs are each larger
// than a chunk of ordered's output (64 specs of n distinct variants,
// every one rebuilt or updated: 100 KB a spec at n 4,000) allocates in
// proportion to the report. An element grew its chunk by doubling, and
// the chunk, too large for the pool, was allocated again for the next:
// 4x the variants allocated 9.9x the bytes (7.1x at 500 to 2,000).
//
// At n 500 (-short) the bytes allocated for the smaller report swung with
// the pool's state (1.6 to 2.1 MB: chunks pooled or not when a GC ran),
// so that 4x failed 6 of 8 runs alone (4.3x to 5.4x, against 2.7x to
// 3.4x at n 1,000); it costs 0.1 s at that size, short or not. At n
// 1,000 one writing of each size still met the pools as it found them:
// 0.12 to 6.2 MB for the smaller report, 0.19 to 9.3 MB for the larger
// (-cpu 1,2,4, collections at random moments): on more than one P the
// chunks rendered ahead of the writer, a cost bounded by ordered's
// window and not by the report, come from the pool or not as the
// goroutines were scheduled, and a smaller one met warm and a larger
// one cold was 33x. Each size is the least of three writings on one P
// (leastJSONAllocOneP): 0.12 to 0.18 MB, the larger 0.12 to 0.19.
func TestJSONLargeSpecsScale(t *testing.T) {
	n := 1000
	var size, bytesAlloc [2]float64
	for k, m := range []int{n, 4 * n} {
		var o, nw []snapshot.Spec
		for s := range 64 {
			vs := make([]string, m, m+1)
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
		bytesAlloc[k], size[k] = leastJSONAllocOneP(t, r)
	}
	grow, r := size[1]/size[0], bytesAlloc[1]/bytesAlloc[0]
	t.Logf("report %.0f → %.0f bytes (%.2fx): bytes allocated %.0f → %.0f (%.2fx)", size[0], size[1], grow, bytesAlloc[0], bytesAlloc[1], r)
	if r > 1.1*grow {
		t.Errorf("%.2fx the report's bytes: %.2fx the bytes allocated, want at most %.2fx", grow, r, 1.1*grow)
	}
}

// leastJSONAllocOneP is leastJSONAlloc with GOMAXPROCS 1 meanwhile:
// ordered.Write renders on one goroutine, so that what the writing
// allocates is the report's and not how far ahead of the writer the
// goroutines got.
func leastJSONAllocOneP(t *testing.T, r *diff.Report) (alloc, out float64) {
	t.Helper()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	return leastJSONAlloc(t, r)
}
