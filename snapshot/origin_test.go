package snapshot_test

import (
	"path/filepath"
	"testing"
	"unsafe"

	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot"
)

// A lockfile of tiny records has a package per spec: each Package is
// 56 bytes, and what the packages know of their file (Origin) is one
// record that all of them share, not a path, a tag and lines apiece
// (issue 35: it was 120 bytes a package). A package whose file holds
// unlisted specs for it has an Origin of its own (TestLoadSpack checks
// that no other package sees them).
func TestPackagesShareOrigin(t *testing.T) {
	if size := unsafe.Sizeof(snapshot.Package{}); size > 56 {
		t.Errorf("a Package is %d bytes, want at most 56", size)
	}
	s, err := snapshot.Load(spackgen.TinyLockfile(t, 1000), snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Packages) != 1000 {
		t.Fatalf("%d packages, want 1000", len(s.Packages))
	}
	for _, p := range s.Packages {
		if p.Origin != s.Packages[0].Origin {
			t.Fatalf("package %s has an Origin of its own", p.Name)
		}
		if filepath.Base(p.File()) != "spack.lock" || p.Unlisted() != nil {
			t.Fatalf("package %s: file %q, unlisted %v", p.Name, p.File(), p.Unlisted())
		}
	}
}
