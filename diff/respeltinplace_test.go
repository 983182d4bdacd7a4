package diff_test

import (
	"bytes"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/jsonv1"
	"github.com/cachediff/cachediff/snapshot"
)

// TestReleasingRespeltDrawn: CompareReleasing writes the old side's
// respelt stacks into its loaded specs (respeltInPlace), where the
// old graph's nodes keep reading them as loaded; its report of drawn
// lockfile folders, roots respelt, rebuilt, bumped, moved, removed and
// added, is CompareWith's, both ways round.
func TestReleasingRespeltDrawn(t *testing.T) {
	for seed := range uint64(20) {
		old, cur, zlib := drawRootFolders(seed)
		for k, sides := range [2][2]any{{old, cur}, {cur, old}} {
			load := func() (a, b *snapshot.Snapshot) {
				o := loadRootFolder(t, "old", old, zlib, 0, nil)
				n := loadRootFolder(t, "new", cur, zlib, 1, nil)
				if k == 1 {
					return n, o
				}
				return o, n
			}
			if _, _, same := releasingAsWith(t, load); !same {
				t.Errorf("seed %d: CompareReleasing's report differs from CompareWith's\nold %v\nnew %v", seed, sides[0], sides[1])
			}
		}
	}
}

// releasingAsWith reports whether CompareReleasing's JSON report of the
// pair load gives is CompareWith's of another load of it, and returns
// the pair CompareWith read (CompareReleasing writes into its own).
func releasingAsWith(t *testing.T, load func() (a, b *snapshot.Snapshot)) (a, b *snapshot.Snapshot, same bool) {
	t.Helper()
	var want, got bytes.Buffer
	a, b = load()
	r, err := diff.CompareWith(a, b, diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if err := jsonv1.JSON(&want, r); err != nil {
		t.Fatal(err)
	}
	c, d := load()
	if r, err = diff.CompareReleasing(c, d, diff.Filter{}); err != nil {
		t.Fatal(err)
	}
	if err := jsonv1.JSON(&got, r); err != nil {
		t.Fatal(err)
	}
	return a, b, bytes.Equal(got.Bytes(), want.Bytes())
}
