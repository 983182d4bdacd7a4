package diff_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot"
)

// writePair writes a generated pair as two build-cache folders and loads
// them as snapshots: the decoders, the engine's pairing and the causes
// together.
func loadPair(t *testing.T, before, after *spackgen.DAG) (*snapshot.Snapshot, *snapshot.Snapshot) {
	t.Helper()
	dir := t.TempDir()
	var snaps []*snapshot.Snapshot
	for _, side := range []struct {
		name string
		d    *spackgen.DAG
	}{{"old", before}, {"new", after}} {
		var buf bytes.Buffer
		if err := side.d.WriteIndex(&buf); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, side.name, "build_cache", "index.json")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := snapshot.Load(filepath.Join(dir, side.name), snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		snaps = append(snaps, s)
	}
	return snaps[0], snaps[1]
}

// Through the whole pipeline: every rebuilt or updated pair is known;
// every root cause is a changed dependency reachable from the pair and one
// of the mutations; a pair whose dependencies kept their hash has none;
// and the report of new → old has the mirrored causes, pair by pair.
func TestCausesThroughLoad(t *testing.T) {
	n := 1 // a quick inner loop: one seed of each scenario
	if !testing.Short() {
		n = 6
	}
	for _, s := range scenarios(t, n) {
		t.Run(s.name, func(t *testing.T) {
			os_, ns := loadPair(t, s.old, s.new)
			r, err := diff.CompareWith(os_, ns, diff.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			back, err := diff.CompareWith(ns, os_, diff.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			og, ng := diff.GraphOf(os_), diff.GraphOf(ns)
			var want []string
			for _, m := range s.want {
				want = append(want, mutKey(m))
			}
			backWhy := map[[2]string]*diff.Why{}
			for _, p := range back.Packages {
				for _, pr := range append(slices.Clone(p.Specs.Rebuilt), p.Specs.Updated...) {
					backWhy[[2]string{pr.New.Hash, pr.Old.Hash}] = resolved(back, p.Name, pr.Why)
				}
			}
			if r.Causes == nil || r.Causes.Pairs == 0 || r.Causes.Known != r.Causes.Pairs {
				t.Fatalf("causes: %+v", r.Causes)
			}
			for _, p := range r.Packages {
				for _, pr := range append(slices.Clone(p.Specs.Rebuilt), p.Specs.Updated...) {
					w := resolved(r, p.Name, pr.Why)
					if w == nil || !w.Known {
						t.Fatalf("%s: no known why", p.Name)
					}
					if len(w.Changed) == 0 && len(w.Causes) > 0 {
						t.Errorf("%s: no changed dependency, yet causes %v", p.Name, w.Causes)
					}
					if pr.Facet == "" && len(w.Changed) > 0 && len(w.Causes) == 0 {
						t.Errorf("%s: rebuilt with changed dependencies and no cause", p.Name)
					}
					for _, c := range w.Causes {
						if !slices.Contains(want, key(c)) {
							t.Errorf("%s: cause %q is none of %q", p.Name, key(c), want)
						}
						if err := reachable(og, ng, pr.Old.Hash, pr.New.Hash, c); err != nil {
							t.Errorf("%s: %v", p.Name, err)
						}
					}
					b := backWhy[[2]string{pr.Old.Hash, pr.New.Hash}]
					if b == nil {
						t.Errorf("%s: the pair is not a pair of the mirror report", p.Name)
						continue
					}
					if got, want := causeList(b), causeList(mirror(w)); !slices.Equal(got, want) {
						t.Errorf("%s: mirror differs:\n%v\nwant\n%v", p.Name, got, want)
					}
				}
			}
		})
	}
}

// resolved is w with its causes written out whole (Why.Causes), from the
// report's table.
func resolved(r *diff.Report, name string, w *diff.Why) *diff.Why {
	if w == nil {
		return nil
	}
	out := *w
	out.Causes = r.Causes.Resolve(w, name)
	out.Set = 0
	return &out
}
