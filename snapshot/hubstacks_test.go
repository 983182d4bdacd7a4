package snapshot

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/pagetest"
)

// TestHubLeavesStacksNotReread (201st adversarial pass, the lead of the
// 200th: a lockfile of a hub with K = n/10 changed leaves under M = 0.9n
// roots cost 7.9x the CPU at 4x the nodes): every leaf is in the stacks
// of all M roots, and the nodes share one array of them, but listCache
// compared each leaf's list with the last one string by string, K·M
// strings. It finds the shared array by its address; the strings it
// compares grow at most as the nodes do.
func TestHubLeavesStacksNotReread(t *testing.T) {
	read := func(n int) int {
		path := filepath.Join(t.TempDir(), "spack.lock")
		if err := os.WriteFile(path, pagetest.HubLockfile(n, 0), 0o644); err != nil {
			t.Fatal(err)
		}
		strs := 0
		listReads = func(n int) { strs += n }
		defer func() { listReads = nil }()
		s, err := Load(path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Packages) != n {
			t.Fatalf("%d packages, want %d", len(s.Packages), n)
		}
		hub := s.Packages[0] // the leaves' stacks: one array, shared
		for _, p := range s.Packages {
			if p.Name == "hub" {
				hub = p
			}
		}
		for _, p := range s.Packages {
			if p.Name[0] == 'l' && &p.Specs[0].Stacks[0] != &hub.Specs[0].Stacks[0] {
				t.Fatalf("%d nodes: the stacks of %s are not the hub's array", n, p.Name)
			}
		}
		return strs
	}
	const n = 500
	small, large := read(n), read(4*n)
	t.Logf("strings compared: %d nodes %d, %d nodes %d", n, small, 4*n, large)
	if large > 4*n || float64(large) > 4.4*float64(max(small, n)) {
		t.Errorf("listCache compared %d strings of lists for %d nodes, %d for %d: want at most one a node", small, n, large, 4*n)
	}
}
