package diff

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// alikeBuildsLock loads a lockfile of n roots spelt spelling, each a foo
// of one os and target, builds alike of hashes of their own (kind).
func alikeBuildsLock(t *testing.T, n int, kind byte, spelling string) ([]string, []string) {
	t.Helper()
	var roots, specs []string
	for i := range n {
		h := spellHash(kind, i)
		roots = append(roots, fmt.Sprintf(`{"hash":%q,"spec":%q}`, h, spelling))
		specs = append(specs, fmt.Sprintf(`%q:{"name":"foo","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"namespace":"builtin","parameters":{},"hash":%q}`, h, h))
	}
	return roots, specs
}

// alikeBuildsPair is the pair of lockfiles of n builds alike of foo,
// all rebuilt and respelt (foo@1 → foo), loaded.
func alikeBuildsPair(t *testing.T, n int) (before, after *snapshot.Snapshot) {
	t.Helper()
	r1, s1 := alikeBuildsLock(t, n, 'a', "foo@1")
	r2, s2 := alikeBuildsLock(t, n, 'b', "foo")
	return loadLock(t, r1, s1), loadLock(t, r2, s2)
}

// TestAlikeBuildsSkippedOnce (issue 35 class d): of n builds alike in
// one group, all rebuilt and respelt (foo@1 → foo), each old spec waits
// for its users (usersPair) and takes one; resolve skipped the new specs
// taken at the head of the key's list without dropping them, so each
// old spec skipped all those taken before it, n²/2 steps: the user CPU
// of such a lockfile pair grew 5.2–5.4x from 4,000 builds to 16,000,
// resolve's own 10x. Each spec taken is skipped once now: 4x the builds
// cost at most ~4.4x the skips, and every spec pairs.
func TestAlikeBuildsSkippedOnce(t *testing.T) {
	skips := 0
	edgeSkipProbe = func() { skips++ }
	defer func() { edgeSkipProbe = nil }()
	cost := func(n int) int {
		o, nw := alikeBuildsPair(t, n)
		skips = 0
		r, err := CompareWith(o, nw, Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Summary.Specs.Rebuilt; got != n {
			t.Fatalf("%d builds alike: %d rebuilt, want all; %+v", n, got, r.Summary.Specs)
		}
		return skips
	}
	s1, s4 := cost(500), cost(2000)
	t.Logf("resolve: %d skips of 500 builds alike, %d of 2,000 (%.2fx)", s1, s4, float64(s4)/float64(s1))
	if s1 == 0 || float64(s4) > 4.4*float64(s1) {
		t.Errorf("resolve: %d skips of 500 builds alike, %d of 2,000, want some, and at most 4.4x", s1, s4)
	}
}
