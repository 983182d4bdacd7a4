package diff_test

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/cputime"
	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot"
)

// BenchmarkCauses diffs two generated build-cache indexes of about 60k
// specs, the pairing and the causes together (the spack row of make
// bench): "week" is that row's pair (a leaf bumped, a variant flipped, the
// mpi provider swapped: 37k rebuilt, three root causes); "twins" has twin
// environments (specs that differ only in their dependencies, paired by
// their edges) with 15 leaves bumped. The pairs are written under
// testdata/bench on first use.
func BenchmarkCauses(b *testing.B) {
	for _, pair := range []struct {
		name string
		make func() (before, after *spackgen.DAG)
	}{
		{"spack-60000", func() (*spackgen.DAG, *spackgen.DAG) {
			before := spackgen.New(spackgen.Options{Seed: 1, Packages: 600, Envs: 100, Depth: 12})
			after := before.Clone()
			after.BumpVersion(before.Leaves()[0])
			after.FlipVariant(before.Middle()[0])
			after.SwapProvider()
			return before, after
		}},
		{"spack-twins-60000", func() (*spackgen.DAG, *spackgen.DAG) {
			before := spackgen.New(spackgen.Options{Seed: 1, Packages: 600, Envs: 134, Depth: 12, Twins: true})
			after := before.Clone()
			for _, l := range before.Leaves()[:15] {
				after.BumpVersion(l)
			}
			return before, after
		}},
	} {
		b.Run(pair.name, func(b *testing.B) {
			dir := filepath.Join(gen.RepoRoot(), "testdata", "bench", pair.name)
			if _, err := os.Stat(filepath.Join(dir, "new", "index.json")); err != nil {
				before, after := pair.make()
				for side, d := range map[string]*spackgen.DAG{"old": before, "new": after} {
					if err := writeIndex(filepath.Join(dir, side, "index.json"), d); err != nil {
						b.Fatal(err)
					}
				}
			}
			before, err := snapshot.Load(filepath.Join(dir, "old", "index.json"), snapshot.Options{})
			if err != nil {
				b.Fatal(err)
			}
			after, err := snapshot.Load(filepath.Join(dir, "new", "index.json"), snapshot.Options{})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			var r *diff.Report
			cpu0, cpuOK := cputime.Process()
			for b.Loop() {
				r, err = diff.CompareWith(before, after, diff.Filter{})
				if err != nil {
					b.Fatal(err)
				}
			}
			// CPU time (user and system, every thread) per op: on a busy
			// machine the wall time of ns/op swings, the CPU time less.
			if cpu1, ok := cputime.Process(); ok && cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
			b.ReportMetric(float64(len(r.Causes.Groups)), "causes")
		})
	}
}

func writeIndex(path string, d *spackgen.DAG) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	if err := d.WriteIndex(w); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
