package spackfmt_test

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot/spackfmt"
)

// lockfileSeeds are lockfiles of each layout: version 6 as spackgen
// writes it (roots, deptypes and virtuals in parameters), versions 1 to 5
// (nodes wrapped in their package name, dependencies as an object; up to
// version 3 keys that differ from the inner hash, which from version 4
// a lockfile keys a spec by), and a version before concrete_specs (a
// root missing is an error: TestLockfileRootMissing).
func lockfileSeeds(t testing.TB) [][]byte {
	var gen bytes.Buffer
	d := spackgen.New(spackgen.Options{Seed: 3, Packages: 16, Envs: 1, Depth: 3})
	if err := d.WriteLockfile(&gen); err != nil {
		t.Fatal(err)
	}
	seeds := [][]byte{gen.Bytes()}
	for v := 1; v <= 5; v++ {
		inner := "iiiiiii"
		if v >= 4 {
			inner = "kkkkkkk"
		}
		seeds = append(seeds, []byte(fmt.Sprintf(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":%d},
"roots":[{"hash":"kkkkkkk1","spec":"top+x"}],
"concrete_specs":{
 "kkkkkkk1":{"top":{"version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"},"parameters":{"x":true,"cflags":["-O2","-g"]},"dependencies":{"lib":{"hash":"kkkkkkk2","type":["build","link"]}},"hash":"%[2]s1"}},
 "kkkkkkk2":{"lib":{"version":"2","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"},"hash":"%[2]s2"}}}}`, v, inner)))
	}
	seeds = append(seeds,
		[]byte(`{"concrete_specs":{"a":{"name":"x","version":"1","hash":"a","dependencies":[{"name":"y","hash":"b","parameters":{"deptypes":["build"],"virtuals":["c"]}}]},"b":{"name":"y","version":"2","hash":"b"}},"_meta":{"lockfile-version":6,"file-type":"spack-lockfile"},"roots":[{"hash":"a","spec":"x/a"}]}`),
		[]byte(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},"roots":[],"concrete_specs":{},"include_concrete":{"env":{}}}`),
	)
	return seeds
}

// FuzzLockfile decodes mutated lockfiles: no panic; an error has a place;
// a decoded lockfile's nodes have names, compilers and edges with hashes,
// and their roots are sorted and once each; decoding is deterministic.
func FuzzLockfile(f *testing.F) {
	for _, s := range lockfileSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := spackfmt.Decode("spack.lock", data)
		if err != nil {
			var e *spackfmt.Error
			if !errors.As(err, &e) || e.Line < 1 || e.Col < 1 || e.Path == "" {
				t.Fatalf("error without a place: %v", err)
			}
			return
		}
		again, err := spackfmt.Decode("spack.lock", data)
		if err != nil || len(again.Nodes) != len(s.Nodes) || len(again.Warnings) != len(s.Warnings) {
			t.Fatalf("decoding again: %v", err)
		}
		for i, n := range s.Nodes {
			if n.Name == "" || n.Compiler == "" {
				t.Fatalf("node without a name or compiler: %+v", n)
			}
			if !slices.IsSorted(s.RootsOf(n)) || len(slices.Compact(slices.Clone(s.RootsOf(n)))) != len(s.RootsOf(n)) {
				t.Fatalf("roots %q: not sorted, or not once each", s.RootsOf(n))
			}
			for _, d := range n.Deps {
				if d.Hash == "" {
					t.Fatalf("edge without a hash: %+v", n)
				}
			}
			m := again.Nodes[i]
			if n.Hash != m.Hash || strings.Join(s.RootsOf(n), ",") != strings.Join(again.RootsOf(m), ",") || len(n.Deps) != len(m.Deps) {
				t.Fatalf("decoded twice, node %d differs: %+v, %+v", i, n, m)
			}
		}
		for _, r := range s.Roots {
			if r.Name() == "" {
				t.Fatalf("root %+v without a name", r)
			}
		}
	})
}

// The seeds decode (a seed that fails says nothing about the decoder).
func TestLockfileSeeds(t *testing.T) {
	for i, s := range lockfileSeeds(t) {
		if set, err := spackfmt.Decode("spack.lock", s); err != nil || set.Kind != spackfmt.Lockfile {
			t.Errorf("seed %d: %v", i, err)
		}
	}
}
