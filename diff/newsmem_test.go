package diff

import (
	"fmt"
	"runtime"
	"testing"
	"unsafe"
)

// Issue 35's memory rule on a one-sided diff (every spec added or
// removed, a package each): News copied each new or removed package's
// versions (112 bytes) into an item of its own, and grew its list by
// append, keeping about 400 bytes a package beside the report's own 384.
// An item points at its package's versions, and the list is made at its
// size: an item (200 bytes) and its package's name (16), and no more.
func TestNewsKeepsLittle(t *testing.T) {
	const n = 20000
	r := &Report{Packages: make([]Package, n)}
	for i := range r.Packages {
		p := &r.Packages[i]
		p.Name, p.Status = fmt.Sprintf("p%06d", i), Added
		p.Versions = VersionChange{Old: []string{}, New: []string{"1"}, Added: []string{"1"}, Removed: []string{}, Direction: New}
		if i%2 == 1 {
			p.Status, p.Versions.Direction = Removed, Gone
			p.Versions.Old, p.Versions.New, p.Versions.Added, p.Versions.Removed = p.Versions.New, p.Versions.Old, p.Versions.Removed, p.Versions.Added
		}
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	h := News(r)
	runtime.GC()
	runtime.ReadMemStats(&after)
	kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	if len(h) != n {
		t.Fatalf("%d items, want %d", len(h), n)
	}
	t.Logf("%d new and removed packages: their items keep %d bytes, %d a package", n, kept, kept/n)
	if kept > 256*n {
		t.Errorf("%d new and removed packages: their items keep %d bytes, %d a package: over 256", n, kept, kept/n)
	}
	byName := map[string]*Package{}
	for i := range r.Packages {
		byName[r.Packages[i].Name] = &r.Packages[i]
	}
	for i, x := range h {
		if len(x.Packages) != 1 || byName[x.Packages[0]] == nil {
			t.Fatalf("item %d: %+v", i, x)
		}
		p := byName[x.Packages[0]]
		if x.Versions != &p.Versions && (x.Versions == nil || x.Versions.Direction != p.Versions.Direction) || len(x.Packages) != 1 || x.Packages[0] != p.Name {
			t.Fatalf("item %d: %+v, of package %+v", i, x, *p)
		}
	}
	runtime.KeepAlive(r)
}

// A log keeps every step's items (Series, StepNews) after the step's
// report is dropped. Since News points a package's item at the
// package's versions, items kept as they are kept every step's packages,
// specs and all, alive: a log of 12 snapshots of 60k specs peaked at
// 355 MB instead of 122. StepNews's copies share no memory with the
// report's packages.
func TestStepNewsKeepNoPackage(t *testing.T) {
	r := &Report{Packages: make([]Package, 3)}
	for i := range r.Packages {
		p := &r.Packages[i]
		p.Name, p.Status = fmt.Sprintf("p%d", i), Added
		p.Versions = VersionChange{Old: []string{}, New: []string{"1"}, Added: []string{"1"}, Removed: []string{}, Direction: New}
	}
	r.Highlights = News(r)
	lo := uintptr(unsafe.Pointer(&r.Packages[0]))
	hi := lo + uintptr(len(r.Packages))*unsafe.Sizeof(r.Packages[0])
	items := 0
	for _, h := range StepNews(2, r) {
		if h.Step != 2 {
			t.Errorf("%s: step %d, want 2", h.Kind, h.Step)
		}
		if h.Versions == nil {
			continue
		}
		items++
		if a := uintptr(unsafe.Pointer(h.Versions)); a >= lo && a < hi {
			t.Errorf("%s %v: the step's item points into the report's packages", h.Kind, h.Packages)
		}
	}
	if items != len(r.Packages) {
		t.Fatalf("%d items with versions, want %d", items, len(r.Packages))
	}
}
