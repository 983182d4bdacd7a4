package diff_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot"
)

// A lockfile may list one hash as two roots: two specs as written that
// concretized to one spec (python and python@3.13 under unify: true).
// Each is a root. The spec kept only the last name, so a lockfile that
// added a second name for a root's hash reported the first root removed
// (or, the names differing only in a version, "changed, hash only" with
// the same hash on both sides), although the new lockfile still lists it.
func TestRootListedTwice(t *testing.T) {
	plain, first := genLockfile(t)
	// A second name for the first root's hash, listed first (the name
	// kept was the last one listed: the alias was lost) or last (the
	// first root was reported removed); twice: both.
	withAlias := func(alias string, last, twice bool) []byte {
		entry := `{"hash":` + strconv.Quote(first.Hash) + `,"spec":` + strconv.Quote(alias) + `}`
		out := plain
		if !last || twice {
			out = bytes.Replace(out, []byte(`"roots":[`), []byte(`"roots":[`+entry+`,`), 1)
		}
		if last || twice {
			out = bytes.Replace(out, []byte(`],"concrete_specs":`), []byte(`,`+entry+`],"concrete_specs":`), 1)
		}
		return out
	}
	dir := t.TempDir()
	load := func(name string, data []byte) *snapshot.Snapshot { return loadLockfile(t, dir, name, data) }
	plainSnap := load("plain", plain)
	for i, alias := range []string{"aaa-alias", "zzz-alias", first.Spec + "@9", "aaa-alias", "zzz-alias", first.Spec + "@9"} {
		last := i >= 3
		aliased := load(strconv.Itoa(i), withAlias(alias, last, false))
		for _, dir := range []struct {
			name                       string
			o, n                       *snapshot.Snapshot
			wantAdded, wantRemovedRoot string
		}{
			{"added", plainSnap, aliased, alias, ""},
			{"removed", aliased, plainSnap, "", alias},
		} {
			r, err := diff.CompareWith(dir.o, dir.n, diff.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			if err := r.CheckLaws(); err != nil {
				t.Fatal(err)
			}
			rc := r.Causes.Roots
			var added, removed []string
			for _, x := range rc.Added {
				added = append(added, x.Root)
			}
			for _, x := range rc.Removed {
				removed = append(removed, x.Root)
			}
			want := func(s string) []string {
				if s == "" {
					return nil
				}
				return []string{s}
			}
			if !slices.Equal(added, want(dir.wantAdded)) || !slices.Equal(removed, want(dir.wantRemovedRoot)) || len(rc.Changed) != 0 {
				t.Errorf("root %q (listed last: %v) %s as a second name of %s's hash: roots added %q, removed %q, %d changed; want added %q, removed %q, none changed",
					alias, last, dir.name, first.Spec, added, removed, len(rc.Changed), want(dir.wantAdded), want(dir.wantRemovedRoot))
			}
		}
	}
	// Two lockfiles of one folder that list the hash under other names:
	// the copies joined kept the smaller name only.
	t.Run("folder", func(t *testing.T) {
		start := bytes.Index(plain, []byte(`"roots":[`)) + len(`"roots":[`)
		end := bytes.Index(plain, []byte(`],"concrete_specs":`))
		other := slices.Concat(plain[:start], []byte(`{"hash":`+strconv.Quote(first.Hash)+`,"spec":"aaa-alias"}`), plain[end:])
		folder := filepath.Join(dir, "folder")
		for name, data := range map[string][]byte{"spack.lock": plain, "other.lock": other} {
			if err := os.MkdirAll(folder, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(folder, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		joined, err := snapshot.Load(folder, snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		r, err := diff.CompareWith(plainSnap, joined, diff.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		rc := r.Causes.Roots
		if len(rc.Added) != 1 || rc.Added[0].Root != "aaa-alias" || len(rc.Removed)+len(rc.Changed) != 0 {
			t.Errorf("a folder that adds a lockfile naming %s's hash aaa-alias: roots %+v, want aaa-alias added, none removed", first.Spec, rc)
		}
	})
	// The same root listed twice is one root: no change.
	twice := load("twice", withAlias(first.Spec, false, true))
	r, err := diff.CompareWith(plainSnap, twice, diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if rc := r.Causes.Roots; len(rc.Added)+len(rc.Removed)+len(rc.Changed) != 0 {
		t.Errorf("a root listed three times: %+v, want no root change", rc)
	}
}

// lockRoot is a root of a lockfile: its hash and its spec as written.
type lockRoot struct{ Hash, Spec string }

// genLockfile returns a generated lockfile of one environment, and its
// first root.
func genLockfile(t *testing.T) ([]byte, lockRoot) {
	t.Helper()
	d := spackgen.New(spackgen.Options{Seed: 4, Packages: 40, Envs: 1, Depth: 5})
	var buf bytes.Buffer
	if err := d.WriteLockfile(&buf); err != nil {
		t.Fatal(err)
	}
	var lock struct{ Roots []lockRoot }
	if err := json.Unmarshal(buf.Bytes(), &lock); err != nil || len(lock.Roots) == 0 {
		t.Fatalf("generated lockfile: %v, %d roots", err, len(lock.Roots))
	}
	return buf.Bytes(), lock.Roots[0]
}

// loadLockfile writes data as dir/name/spack.lock and loads it.
func loadLockfile(t *testing.T, dir, name string, data []byte) *snapshot.Snapshot {
	t.Helper()
	path := filepath.Join(dir, name, "spack.lock")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := snapshot.Load(path, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}
