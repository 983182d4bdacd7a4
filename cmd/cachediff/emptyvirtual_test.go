package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
)

// TestEmptyVirtualRefusedByEveryReader: an edge whose virtual is ""
// (hostile input: Spack writes each virtual by its name) is refused by
// every reader of Spack's files, an index, a lockfile, a spec file, a
// folder of them and a mirror of either layout, naming the virtual's
// path, as a dependency with no name is. Read, a provider swap over it
// wrote why.changed "" and a cause named "", and render refused the
// report the engine wrote: causes.table[0].name: empty.
func TestEmptyVirtualRefusedByEveryReader(t *testing.T) {
	before, _, _ := spackgen.DemoPair()
	bad := before.Clone()
	edited := 0
	for _, n := range bad.Nodes {
		n.Deps = slices.Clone(n.Deps)
		for i := range n.Deps {
			if len(n.Deps[i].Virtuals) > 0 {
				n.Deps[i].Virtuals = []string{""}
				edited++
			}
		}
	}
	if edited == 0 {
		t.Fatal("no edge of the demo pair provides a virtual")
	}
	dir := t.TempDir()
	var index, lock bytes.Buffer
	if err := bad.WriteIndex(&index); err != nil {
		t.Fatal(err)
	}
	if err := bad.WriteLockfile(&lock); err != nil {
		t.Fatal(err)
	}
	indexPath, lockPath := filepath.Join(dir, "index.json"), filepath.Join(dir, "spack.lock")
	for p, data := range map[string][]byte{indexPath: index.Bytes(), lockPath: lock.Bytes()} {
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	v2, v3, specs := filepath.Join(dir, "v2"), filepath.Join(dir, "v3"), filepath.Join(dir, "specs")
	if err := mirrorgen.V2(v2, index.Bytes()); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.V3(v3, index.Bytes(), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.SpecFolder(specs, index.Bytes()); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(specs, "*.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	var specFile string
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil && bytes.Contains(data, []byte(`"virtuals":[""]`)) {
			specFile = p
			break
		}
	}
	if specFile == "" {
		t.Fatal("no spec file of the folder has the edited edge")
	}
	good := "testdata/spack-gen/old"
	t.Chdir("../..")
	for _, in := range []string{indexPath, lockPath, specFile, specs, v2, v3} {
		for _, args := range [][]string{{in, good}, {good, in}} {
			var stdout, stderr bytes.Buffer
			code := run(append([]string{"-f", "json"}, args...), &stdout, &stderr)
			msg := stderr.String()
			if code != 2 || !strings.Contains(msg, ".virtuals[0]: virtual has no name") {
				t.Errorf("cachediff %v: exit %d, %q; want exit 2 naming the virtual with no name", args, code, msg)
			}
		}
	}
}
