package diff_test

import (
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// A root of a spelling several old spellings go into whole (merged)
// pairs in its environment as the report's specs pair too, as the
// roots of its mirror, that spelling split, do (class b): rhel's curl-x
// f over libx i and curl-x@1.0 g over i and k, ubuntu's curl-x h over
// its libx j; now rhel's curl-x@=1.0 a over d, b over d and e, and c
// over none. Old → new, curl-x and curl-x@1.0 went whole into
// curl-x@=1.0, and h, paired with c by environment with none, was
// changed into c as their specs paired (os ubuntu22.04 → rhel8); new
// → old, curl-x@=1.0 was split, its roots respelt alone, each in its
// environment: c removed and h added. Now h is removed and c added both
// ways round.
func TestRootMergedPairsBySpecInItsEnvironment(t *testing.T) {
	old := map[string][]twinSpec{
		"rhel": {{"libx", "i", "", ""}, {"libx", "k", "", ""},
			{"curl-x", "f", "curl-x", "i"}, {"curl-x", "g", "curl-x@1.0", "ik"}},
		"ubuntu": {{"libx", "j", "", ""}, {"curl-x", "h", "curl-x", "j"}},
	}
	cur := map[string][]twinSpec{
		"rhel": {{"libx", "d", "", ""}, {"libx", "e", "", ""},
			{"curl-x", "a", "curl-x@=1.0", "d"}, {"curl-x", "b", "curl-x@=1.0", "de"}, {"curl-x", "c", "curl-x@=1.0", ""}},
	}
	checkTwinRoots(t, old, cur, []string{
		"added c curl-x@=1.0",
		"changed f>a curl-x>curl-x@=1.0",
		"changed g>b curl-x@1.0>curl-x@=1.0",
		"removed h curl-x",
	})
}

// checkTwinRoots compares loadTwinsIn's snapshots of old and cur both
// ways round: the laws hold each way, old → new's root lines are want,
// and new → old's their mirror.
func checkTwinRoots(t *testing.T, old, cur map[string][]twinSpec, want []string) {
	t.Helper()
	checkRootsMirror(t, 0, loadTwinsIn(t, "old", old), loadTwinsIn(t, "new", cur), old, cur, want)
}

// checkRootsMirror compares o and n both ways round: the laws hold each
// way, old → new's root lines are want, and new → old is its mirror
// (checkMirrored, naming seed and the roots old and cur).
func checkRootsMirror(t *testing.T, seed uint64, o, n *snapshot.Snapshot, old, cur any, want []string) {
	t.Helper()
	var r [2]*diff.Report
	for i, ab := range [2][2]*snapshot.Snapshot{{o, n}, {n, o}} {
		var err error
		if r[i], err = diff.CompareWith(ab[0], ab[1], diff.Filter{}); err != nil {
			t.Fatal(err)
		}
		if err := r[i].CheckLaws(); err != nil {
			t.Error(err)
		}
	}
	if got := rootLines(r[0]); !slices.Equal(got, want) {
		t.Errorf("seed %d: roots old → new %q, want %q", seed, got, want)
	}
	checkMirrored(t, seed, r[0], r[1], old, cur)
}
