package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
)

// writeChainUpd writes spackgen's two build-cache indexes of a chain of
// n specs, every version bumped, and returns their paths.
func writeChainUpd(t *testing.T, n int) (string, string) {
	t.Helper()
	oldPath, newPath, err := spackgen.WriteChainUpdPair(t.TempDir(), n)
	if err != nil {
		t.Fatal(err)
	}
	return oldPath, newPath
}

// A chain of N specs each with a change of its own (chainupd): spec i's
// root causes are specs 0 … i-1, each by its own path, and the report
// held N²/2 references and links (N = 4,000: 22 s, 1.8 GB, 1.1 GB of
// JSON; Markdown, whose output is linear, 0.9 s and 269 MB at 2,000).
// A set is now the set of the spec below (its base, with a via) and the
// references it adds: 4x N costs at most about 4.4x, in the bytes the
// diff allocates in JSON and Markdown, in the bytes render allocates,
// and in the JSON written; and the JSON renders back to the very
// Markdown of the diff.
func TestChainUpdLinear(t *testing.T) {
	chainUpdLinear(t, writeChainUpd)
}

// A chain of N specs of one package, each version bumped (the chain of
// TestChainUpdLinear named "same" throughout): every root cause is of one
// group, and a group sat at one level of a set's expansion, so no set
// could be based and spec i's set held specs 0 … i-1 written out (N =
// 4,000: 19 s, 1.2 GB, 553 MB of JSON; Markdown 284 MB). A group may
// now repeat down single bases: 4x N costs at most about 4.4x, and the
// JSON renders back to the very Markdown of the diff.
func TestSameChainUpdLinear(t *testing.T) {
	chainUpdLinear(t, func(t *testing.T, n int) (string, string) {
		t.Helper()
		oldPath, newPath, err := spackgen.WriteSameChainUpdPair(t.TempDir(), n)
		if err != nil {
			t.Fatal(err)
		}
		return oldPath, newPath
	})
}

// A chain whose every spec also links the same changed leaves, a
// runtime (gcc-runtime, linked by nearly every Spack spec), every
// version bumped: spec i reaches a leaf directly and through spec i-1's
// set one level deeper, so that set could be no base, and spec i's set
// held specs 0 … i-1 written out (N = 250 → 1,000: 4.9 → 70 MB of JSON,
// 14.3x; with 30 leaves render took 0.15 → 1.90 s, 45 → 474 MB). A set
// is now based on the one below, and overrides the leaves' causes by
// their paths of one name ({"over", "path"}): 4x N costs at most about
// 4.4x, and the JSON renders back to the very Markdown of the diff.
//
// Where only every 6th spec links the leaf (the specs between link no
// runtime), a spec finds the leaf 6 levels down its base's sets, past
// the 4 levels looked at: it is the last set that holds the leaf's
// cause (N = 1,000: 40.6 MB of JSON, 13.2x of 250; now 3.3 MB, 3.8x).
func TestChainHubLinear(t *testing.T) {
	for _, x := range []struct{ hubs, every int }{{1, 1}, {30, 1}, {1, 6}} {
		t.Run(fmt.Sprintf("hubs=%d,every=%d", x.hubs, x.every), func(t *testing.T) {
			chainUpdLinear(t, writeDAG(func(n int) []spackgen.DAGSpec { return spackgen.ChainHubEveryDAG(n, x.hubs, x.every) }), `"over": `)
		})
	}
}

// chainUpdLinear runs TestChainUpdLinear's checks on the chains write
// makes; the JSON holds each of marks besides a base.
func chainUpdLinear(t *testing.T, write func(t *testing.T, n int) (string, string), marks ...string) {
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1)) // what goroutines allocate besides varies
	// 125 and 500: the sets written out are N² and 4x N reads 5x to 8x
	// (TestChainLeavesInTurnLinear on b1c565d4's parent: the JSON written
	// 7.8x and 6.6x, as 250 → 1,000 read 9.9x and more).
	n := 125
	var allocJSON, allocMD, allocRender, sizes [2]uint64
	for i, n := range []int{n, 4 * n} {
		oldPath, newPath := write(t, n)
		code, md, a := runAlloc([]string{oldPath, newPath})
		if code != 1 {
			t.Fatalf("n = %d: md exit %d, want 1", n, code)
		}
		allocMD[i] = a
		code, js, a := runAlloc([]string{"--format", "json", oldPath, newPath})
		if code != 1 {
			t.Fatalf("n = %d: json exit %d, want 1", n, code)
		}
		allocJSON[i], sizes[i] = a, uint64(len(js))
		if !bytes.Contains(js, []byte(`"set": `)) {
			t.Fatalf("n = %d: no set of the JSON is based on another", n)
		}
		for _, m := range marks {
			if !bytes.Contains(js, []byte(m)) {
				t.Fatalf("n = %d: the JSON holds no %s", n, m)
			}
		}
		saved := filepath.Join(t.TempDir(), "report.json")
		if err := os.WriteFile(saved, js, 0o644); err != nil {
			t.Fatal(err)
		}
		code, back, a := runAlloc([]string{"render", "--format", "md", saved})
		if code != 1 {
			t.Fatalf("n = %d: render exit %d, want 1", n, code)
		}
		allocRender[i] = a
		title := regexp.MustCompile("(?m)^#.*\n")
		if !bytes.Equal(title.ReplaceAll(back, nil), title.ReplaceAll(md, nil)) {
			t.Errorf("n = %d: the JSON renders another Markdown than the diff's", n)
		}
		t.Logf("n = %d: json: allocated %d, wrote %d; md allocated %d; render allocated %d", n, allocJSON[i], sizes[i], allocMD[i], allocRender[i])
	}
	for _, x := range []struct {
		what  string
		v     [2]uint64
		bound float64
	}{{"the diff (json) allocates", allocJSON, allocBound}, {"the diff (md) allocates", allocMD, allocBound}, {"render allocates", allocRender, allocBound}, {"the JSON written is", sizes, 4.4}} {
		if r := float64(x.v[1]) / float64(x.v[0]); r > x.bound {
			t.Errorf("4x N: %s %.2fx (%d → %d bytes), want at most %.2fx", x.what, r, x.v[0], x.v[1], x.bound)
		}
	}
}

// writeDAG returns a writer of spackgen's pair of indexes of the DAG
// shape(n) makes, every version bumped.
func writeDAG(shape func(n int) []spackgen.DAGSpec) func(t *testing.T, n int) (string, string) {
	return func(t *testing.T, n int) (string, string) {
		t.Helper()
		oldPath, newPath, err := spackgen.WriteDAGPair(t.TempDir(), shape(n))
		if err != nil {
			t.Fatal(err)
		}
		return oldPath, newPath
	}
}

// A chain whose every spec, version bumped, also gains a dependency (an
// edge change of its own): no set could be based, and spec i's set held
// specs 0 … i-1 written out (N = 1,000: 1.8 s, 278 MB, 139 MB of JSON).
// A pair's edge changes that no set filed holds are now added after its
// bases: 4x N costs at most about 4.4x, and the JSON renders back to
// the very Markdown of the diff.
func TestChainEdgeLinear(t *testing.T) {
	chainUpdLinear(t, writeDAG(spackgen.ChainEdgeDAG))
}

// A chain of diamonds, and two chains crossed at every step, every
// version bumped: a spec's two dependencies bring one set, taken as two
// bases that share every cause, so each set was written out (N = 1,000:
// 2.7 s, 487 MB, 310 MB of JSON; crossed 1.3 s, 279 MB, 140 MB).
// Dependencies that bring one set are now one base, through the best of
// them: 4x N costs at most about 4.4x, and the JSON renders back to the
// very Markdown of the diff.
func TestDiamondsLinear(t *testing.T) {
	t.Run("diamonds", func(t *testing.T) { chainUpdLinear(t, writeDAG(spackgen.DiamondsDAG)) })
	t.Run("crossed", func(t *testing.T) { chainUpdLinear(t, writeDAG(spackgen.CrossedLadderDAG)) })
}

// A chain whose every 6th spec links a changed leaf (a runtime), each
// spec with 5 dependents that link the leaf too (compiled extensions
// of a chain of pure Python packages), every version bumped: a
// dependent's set is its chain spec's and overrides the leaf, found
// down the chain spec's sets. The dependents were explained after the
// whole chain, when the leaf's last holders were the chain's top: below
// it a dependent found the leaf in none, past 4 levels, and its set
// was written out (N = 250 → 1,000 → 4,000: 7.3 → 58 → 709 MB of JSON,
// 25 s and 1.1 GB at 4,000). The sets below that override a cause are
// now tried too: 4x N costs at most about 4.4x, and the JSON renders
// back to the very Markdown of the diff.
func TestChainHubDependentsLinear(t *testing.T) {
	chainUpdLinear(t, writeDAG(func(n int) []spackgen.DAGSpec {
		specs := []spackgen.DAGSpec{{Name: "leaf"}}
		prev := -1
		for i := range n {
			s := spackgen.DAGSpec{Name: fmt.Sprintf("a%06d", i)}
			if prev >= 0 {
				s.Deps = append(s.Deps, prev)
			}
			if i%6 == 0 {
				s.Deps = append(s.Deps, 0)
			}
			prev = len(specs)
			specs = append(specs, s)
			for j := range 5 {
				specs = append(specs, spackgen.DAGSpec{Name: fmt.Sprintf("s%06d%d", i, j), Deps: []int{0, prev}})
			}
		}
		return specs
	}), `"over": `)
}

// A chain whose specs link 7 changed leaves in turn (spec i the leaf
// i mod 7), each spec with 2 dependents that link all 7, every version
// bumped: a dependent's set is its chain spec's and overrides the 7
// leaves, found in the 7 chain specs below. holds looked 4 levels down
// and in the 4 nearest sets below that override a cause, and missed the
// leaves of the 3 specs past them: each dependent's set was written out
// (N = 250 → 1,000 → 4,000: 7.4 → 81 → 1,165 MB of JSON, 65 s and 2.4
// GB at 4,000). The last 16 causes overridden below a set were tried
// next, which 17 leaves in turn passed: 8.7 → 86 MB of JSON for N =
// 250 → 1,000 (9.93x). A set's single bases' causes at any depth are
// now found (a trie a set, sharing its base's): 4x N costs at most
// about 4.4x, and the JSON renders back to the very Markdown of the
// diff.
func TestChainLeavesInTurnLinear(t *testing.T) {
	for _, k := range []int{7, 17, 40} {
		t.Run(fmt.Sprintf("leaves=%d", k), func(t *testing.T) {
			chainUpdLinear(t, writeDAG(func(n int) []spackgen.DAGSpec { return leavesInTurnDAG(n, k) }), `"over": `)
		})
	}
}

// leavesInTurnDAG is TestChainLeavesInTurnLinear's shape: a chain of n
// specs whose spec i links the leaf i mod k of k, each with 2
// dependents that link it and all k leaves.
func leavesInTurnDAG(n, k int) []spackgen.DAGSpec {
	var specs []spackgen.DAGSpec
	leaves := make([]int, k)
	for j := range leaves {
		leaves[j] = len(specs)
		specs = append(specs, spackgen.DAGSpec{Name: fmt.Sprintf("l%02d", j)})
	}
	prev := -1
	for i := range n {
		s := spackgen.DAGSpec{Name: fmt.Sprintf("a%06d", i)}
		if prev >= 0 {
			s.Deps = append(s.Deps, prev)
		}
		s.Deps = append(s.Deps, leaves[i%k])
		prev = len(specs)
		specs = append(specs, s)
		for j := range 2 {
			specs = append(specs, spackgen.DAGSpec{Name: fmt.Sprintf("s%06d%d", i, j), Deps: append([]int{prev}, leaves...)})
		}
	}
	return specs
}

// A chain whose every spec links 20 changed leaves (runtimes and build
// tools), and every 6th one more, each spec with 2 dependents that link
// it and that one leaf, every version bumped: a dependent's set is its
// chain spec's and overrides the leaf, found up to 6 levels down. Each
// chain spec overrides the 20 leaves, so the last 16 causes overridden
// below held none of the one, and each dependent's set was written out
// (N = 250 → 1,000: 6.8 → 61 MB of JSON, 8.95x). Now 4x N costs at
// most about 4.4x, and the JSON renders back to the very Markdown of
// the diff.
func TestChainHubsAndSparseLeafLinear(t *testing.T) {
	chainUpdLinear(t, writeDAG(func(n int) []spackgen.DAGSpec {
		var specs []spackgen.DAGSpec
		hubs := make([]int, 20)
		for j := range hubs {
			hubs[j] = len(specs)
			specs = append(specs, spackgen.DAGSpec{Name: fmt.Sprintf("h%02d", j)})
		}
		leaf := len(specs)
		specs = append(specs, spackgen.DAGSpec{Name: "zleaf"})
		prev := -1
		for i := range n {
			s := spackgen.DAGSpec{Name: fmt.Sprintf("a%06d", i)}
			if prev >= 0 {
				s.Deps = append(s.Deps, prev)
			}
			s.Deps = append(s.Deps, hubs...)
			if i%6 == 0 {
				s.Deps = append(s.Deps, leaf)
			}
			prev = len(specs)
			specs = append(specs, s)
			for j := range 2 {
				specs = append(specs, spackgen.DAGSpec{Name: fmt.Sprintf("s%06d%d", i, j), Deps: []int{prev, leaf}})
			}
		}
		return specs
	}), `"over": `)
}
