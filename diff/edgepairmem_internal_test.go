package diff

import (
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestEdgePairingHoldsLittle (issue 35 class d): of n builds alike in
// one group, all rebuilt and respelt (foo@1 → foo), the pairing by
// edges resolves one class of n specs a side, old to new and then the
// other way round. Resolved old to new, the classes held what resolving
// read (each class's index of its old specs by hash, and through its
// closures the maps of hashes of every class's specs and their users)
// while the other way round was resolved: 109 bytes a spec more live
// after the first than before it, now none. Resolving made a map of new
// specs by their edges sized for n keys, which builds alike share (one
// key), and a set of the new specs beside the map of their places:
// 1,499 bytes a spec allocated the other way round, now 1,346.
func TestEdgePairingHoldsLittle(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates besides")
	}
	const n = 4000
	live, total := pairingStages(t, n)
	held := (float64(live[1]) - float64(live[0])) / n
	made := float64(total[2]-total[1]) / n
	t.Logf("resolved old to new, %.0f bytes a spec held; the other way round, %.0f allocated", held, made)
	if held > 40 {
		t.Errorf("resolved old to new, the pairing held %.0f bytes a spec more, want at most 40", held)
	}
	if made > 1420 {
		t.Errorf("resolved the other way round, the pairing allocated %.0f bytes a spec, want at most 1420", made)
	}
}

// pairingStages runs a diff of n builds alike (alikeBuildsPair) and
// returns the live heap after a collection and the bytes allocated so
// far at each of the pairing by edges' stages (pairByEdgesProbe): before
// it, resolved old to new, and resolved the other way round.
func pairingStages(t *testing.T, n int) (live, total [3]uint64) {
	t.Helper()
	o, nw := alikeBuildsPair(t, n)
	pairByEdgesProbe = func(stage int) {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		live[stage], total[stage] = m.HeapAlloc, m.TotalAlloc
	}
	defer func() { pairByEdgesProbe = nil }()
	r, err := CompareWith(o, nw, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if total[0] == 0 || total[2] == 0 {
		t.Fatal("the pairing by edges was not reached")
	}
	if len(r.Packages) != 1 || len(r.Packages[0].Specs.Rebuilt) != n {
		t.Fatalf("want %d builds rebuilt in one package, got %+v", n, r.Summary)
	}
	return live, total
}
