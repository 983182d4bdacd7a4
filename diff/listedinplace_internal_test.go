package diff

import (
	"testing"
	"unsafe"
)

// TestListedInPlace holds compareSnapshots' guard over the report's
// list (0e233583): a listed package held outside compareAll's slots
// (none the engine makes, so no diff reaches it) says the packages are
// not in place, and they go into a list of their own; those in slots,
// unchanged or not compared (nil) are in place. listed clears the slots
// past the packages and copies them when less than three quarters of
// the list is used. With listedInPlace true whatever it is given, every
// other test passed (class c).
func TestListedInPlace(t *testing.T) {
	list := make([]Package, 4)
	for i := range list {
		list[i].Status = Changed
	}
	outside := &Package{Status: Added}
	in := []*compared{nil, {p: &list[1]}, {p: &Package{Status: Unchanged}}, {p: &list[3]}}
	if !listedInPlace(in, list) {
		t.Errorf("packages in list's slots: not in place")
	}
	if listedInPlace(append(in, &compared{p: outside}), list) {
		t.Errorf("a changed package outside list's slots: in place")
	}
	if listedInPlace([]*compared{{p: outside}}, nil) {
		t.Errorf("a changed package and no slots: in place")
	}
	if listedInPlace([]*compared{{p: &list[3]}}, list[:3]) {
		t.Errorf("a package past the list's length: in place")
	}
	got := listed(list[:1], list)
	if unsafe.SliceData(got) == unsafe.SliceData(list) || len(got) != 1 {
		t.Errorf("one package of 4 slots: not copied to its length")
	}
	if list[1].Status != "" || list[3].Status != "" {
		t.Errorf("the slots past the packages not cleared: %q, %q", list[1].Status, list[3].Status)
	}
	full := make([]Package, 4)
	if got := listed(full[:3], full); unsafe.SliceData(got) != unsafe.SliceData(full) {
		t.Errorf("3 packages of 4 slots: copied")
	}
}
