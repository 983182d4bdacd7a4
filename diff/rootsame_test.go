package diff_test

import (
	"bytes"
	"strconv"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// A root whose spec as written changed only in its version (python@3.13
// → python) but that concretized to the same hash is the same root, with
// nothing changed: it was listed as changed "hash only" with one hash on
// both sides, under a report that said "No changes".
func TestRootRenamedSameHash(t *testing.T) {
	plain, first := genLockfile(t)
	entry := func(spec string) []byte {
		return []byte(`{"hash":` + strconv.Quote(first.Hash) + `,"spec":` + strconv.Quote(spec) + `}`)
	}
	renamed := bytes.Replace(plain, entry(first.Spec), entry(first.Spec+"@9.9"), 1)
	if bytes.Equal(renamed, plain) {
		t.Fatalf("the root %q is not written as %s", first.Spec, entry(first.Spec))
	}
	dir := t.TempDir()
	load := func(name string, data []byte) *snapshot.Snapshot { return loadLockfile(t, dir, name, data) }
	a, b := load("plain", plain), load("renamed", renamed)
	for _, pair := range [][2]*snapshot.Snapshot{{a, b}, {b, a}} {
		r, err := diff.CompareWith(pair[0], pair[1], diff.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Causes == nil || r.Causes.Roots == nil {
			continue // no roots section: nothing listed
		}
		if rc := r.Causes.Roots; len(rc.Changed)+len(rc.Added)+len(rc.Removed) != 0 {
			t.Errorf("roots: %d changed %+v, %d added, %d removed; want none (one hash on both sides)", len(rc.Changed), rc.Changed, len(rc.Added), len(rc.Removed))
		}
	}
}
