package diff

import (
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/pagetest"
	"github.com/cachediff/cachediff/snapshot"
)

// hubLock loads pagetest.HubLockfile(n, side).
func hubLock(t *testing.T, n, side int) *snapshot.Snapshot {
	t.Helper()
	path := filepath.Join(t.TempDir(), "spack.lock")
	if err := os.WriteFile(path, pagetest.HubLockfile(n, side), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := snapshot.Load(path, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestHubStacksReadOncePerList (201st adversarial pass, the lead of the
// 200th: a lockfile of a hub with K = n/10 changed leaves under M = 0.9n
// roots cost 7.9x the CPU at 4x the nodes, and diffed with a copy of
// itself 12x): every leaf is in the stacks of all M roots, and the
// roll-ups counted each leaf in each of its M stacks, and comparePackage
// compared each unchanged leaf's M stacks with the other side's string
// by string, K·M. A package's page whose specs are in one list is
// counted in the list, and the list's count added to its stacks once;
// two lists found equal are not read again. The strings of lists read
// grow as the nodes do, with the roll-ups and the reports the same.
func TestHubStacksReadOncePerList(t *testing.T) {
	read := func(n, side int) (int, *Report) {
		before, after := hubLock(t, n, 0), hubLock(t, n, side)
		var strs atomic.Int64
		listReads = func(n int) { strs.Add(int64(n)) }
		// One goroutine compares: each reads a shared list once.
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
		defer func() { listReads = nil }()
		r, err := CompareWith(before, after, Filter{})
		if err != nil {
			t.Fatal(err)
		}
		return int(strs.Load()), r
	}
	const n = 500
	for side, what := range []string{"a copy of itself", "its leaves changed"} {
		small, rs := read(n, side)
		large, rl := read(4*n, side)
		t.Logf("%s: strings of lists read: %d nodes %d, %d nodes %d", what, n, small, 4*n, large)
		if float64(large) > 4.4*float64(max(small, n)) {
			t.Errorf("a hub lockfile diffed with %s: %d strings of lists read for %d nodes, %d for %d: want at most 4.4x", what, small, n, large, 4*n)
		}
		for _, c := range []struct {
			r *Report
			n int
		}{{rs, n}, {rl, 4 * n}} {
			m := c.n - c.n/10 - 1
			if len(c.r.Stacks) != m {
				t.Fatalf("%s, %d nodes: %d stack rows, want %d", what, c.n, len(c.r.Stacks), m)
			}
			for _, row := range c.r.Stacks {
				want := OldToNew{Old: c.n/10 + 2, New: c.n/10 + 2} // the root, the hub, the leaves
				if row.Specs != want || row.Packages != want {
					t.Fatalf("%s, %d nodes: stack %s: %+v specs, %+v packages, want %+v", what, c.n, row.Name, row.Specs, row.Packages, want)
				}
			}
		}
	}
}
