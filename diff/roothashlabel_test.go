package diff_test

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// Two environments' roots spelt zlib, removed, are told apart by their
// short hashes, "/aaaaaaa" and "/bbbbbbb"; a root spelt by hand "zlib
// /aaaaaaa", added, read as the first: "2 roots removed (zlib /aaaaaaa,
// zlib /bbbbbbb); 1 root added (zlib /aaaaaaa)". The short hashes are
// said longer until none reads as a spelling of the report's roots; a
// whole hash that still does (a root spelt "zlib /" and the whole of
// another's hash) is said after the word "hash", all of them; where
// that reads as a spelling too, each is said after as many words as it
// takes for it alone.
func TestRootHashLabelNoSpelling(t *testing.T) {
	h := func(c byte) string { return strings.Repeat(string(c), 32) }
	// The last ones: hashes alike but in their last character,
	// labelled whole, and roots spelt by hand with the whole of one.
	near := h('a')[:31] + "b"
	for _, c := range []struct {
		spelt []string
		words [2]string // what each label says before its hash
	}{
		{[]string{"zlib /aaaaaaa"}, [2]string{"", ""}},
		{[]string{"zlib /aaaaaaaaaaaaaa"}, [2]string{"", ""}},
		{[]string{"zlib /" + h('a')[:28]}, [2]string{"", ""}},
		{[]string{"zlib /" + h('a')}, [2]string{"hash ", "hash "}},
		{[]string{"zlib /" + h('a'), "zlib hash /" + near}, [2]string{"hash ", ""}},
		{[]string{"zlib /" + h('a'), "zlib hash /" + h('a')}, [2]string{"hash hash ", ""}},
		{[]string{"zlib /" + h('a'), "zlib hash hash hash /" + h('a'), "zlib hash /" + h('a'), "zlib hash hash /" + near}, [2]string{"hash hash ", ""}},
		{[]string{"zlib /" + h('a'), "zlib hash hash /" + h('a'), "zlib hash /" + h('a'), "zlib /" + near}, [2]string{"hash hash hash ", "hash "}},
	} {
		other := h('b')
		if strings.HasSuffix(c.spelt[0], h('a')) {
			other = near
		}
		removed := []diff.RootSpec{{Root: "zlib", Name: "zlib", Version: "1.3", Hash: h('a')}, {Root: "zlib", Name: "zlib", Version: "1.3", Hash: other}}
		var added []diff.RootSpec
		for i, sp := range c.spelt {
			added = append(added, diff.RootSpec{Root: sp, Name: "zlib", Version: "1.3", Hash: h(byte('c' + i))})
		}
		r := &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Removed: removed, Added: added, Changed: []diff.RootChange{}}}}
		labels := diff.NewRootsApart(r).SpecLabels(removed, []int{0, 1})
		if len(labels) != 2 || labels[0] == labels[1] {
			t.Fatalf("%q: labels %q; want two that differ", c.spelt, labels)
		}
		for k, l := range labels {
			said := removed[k].Root + " " + l
			for _, sp := range c.spelt {
				if said == sp {
					t.Errorf("removed root %s labelled %q reads as the added root %q", removed[k].Hash[:7], l, sp)
				}
			}
			if want := c.words[k] + "/"; !strings.HasPrefix(l, want) {
				t.Errorf("%q: removed root %s labelled %q, want it to begin %q", c.spelt, removed[k].Hash[:7], l, want)
			}
		}
	}
}

// Roots of one spelling in two lists (zlib removed and added, each its
// own spec: RootsApart.SpecAcross) whose hashes differ in their last
// character are labelled by their whole hashes; beside a root spelt by
// hand "zlib /" and the whole of one of them, they are said after the
// word "hash", in the removed and the added roots alike, as the roots of
// one list are.
func TestRootAcrossHashLabelNoSpelling(t *testing.T) {
	a := strings.Repeat("a", 32)
	b := a[:31] + "b"
	for _, c := range []struct {
		spelt []string
		words [2]string // what the removed and the added root's labels say before the hash
	}{
		{[]string{"zlib /" + a}, [2]string{"hash ", "hash "}},
		{[]string{"zlib /" + b, "zlib hash /" + a}, [2]string{"", "hash "}},
		{[]string{"zlib /" + a, "zlib hash /" + a}, [2]string{"hash hash ", ""}},
	} {
		removed := []diff.RootSpec{{Root: "zlib", Name: "zlib", Version: "1.3", Hash: a}}
		added := []diff.RootSpec{{Root: "zlib", Name: "zlib", Version: "1.3", Hash: b}}
		for i, sp := range c.spelt {
			added = append(added, diff.RootSpec{Root: sp, Name: "zlib", Version: "1.3", Hash: strings.Repeat(string(rune('c'+i)), 32)})
		}
		r := &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Removed: removed, Added: added, Changed: []diff.RootChange{}}}}
		apart := diff.NewRootsApart(r)
		labels := []string{apart.SpecAcross(removed, 0), apart.SpecAcross(added, 0)}
		if labels[0] == "" || labels[0] == labels[1] {
			t.Fatalf("%q: labels %q; want two that differ", c.spelt, labels)
		}
		for k, l := range labels {
			for _, sp := range c.spelt {
				if "zlib "+l == sp {
					t.Errorf("root %d labelled %q reads as the added root %q", k, l, sp)
				}
			}
			if want := c.words[k] + "/"; !strings.HasPrefix(l, want) {
				t.Errorf("%q: root %d labelled %q, want it to begin %q", c.spelt, k, l, want)
			}
		}
	}
}

// The word "hash" costs what the spellings that call for it do,
// however many roots read alike: n roots zlib removed and n added, their
// hashes alike but in their last characters, beside roots spelt by hand
// "zlib", the word "hash" 0 to m-1 times and the whole of the last
// one's hash (spellings of ~5m² bytes). At most 4x the roots and their
// spellings allocate at most 4.4x as much; said after as many words as
// the last root's label needs, every label was ~n·m bytes.
func TestRootHashWordLinear(t *testing.T) {
	hash := func(side byte, i int) string { return strings.Repeat("a", 25) + fmt.Sprintf("%c%06d", side, i) }
	cost := func(n, m int) (bytes, input uint64) {
		var removed, added []diff.RootSpec
		for i := range n {
			removed = append(removed, diff.RootSpec{Root: "zlib", Name: "zlib", Hash: hash('r', i)})
			added = append(added, diff.RootSpec{Root: "zlib", Name: "zlib", Hash: hash('s', i)})
		}
		for w := range m {
			for _, last := range []string{hash('r', n-1), hash('s', n-1)} {
				added = append(added, diff.RootSpec{Root: "zlib " + strings.Repeat("hash ", w) + "/" + last, Name: "zlib", Hash: hash('t', len(added))})
			}
		}
		for _, x := range append(slices.Clip(removed), added...) {
			input += uint64(len(x.Root) + len(x.Hash))
		}
		r := &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Removed: removed, Added: added, Changed: []diff.RootChange{}}}}
		group := make([]int, n)
		for i := range group {
			group[i] = i
		}
		runtime.GC()
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		apart := diff.NewRootsApart(r)
		got := apart.SpecLabels(removed, group)
		runtime.ReadMemStats(&m1)
		if want := strings.Repeat("hash ", m) + "/" + hash('r', n-1); got[n-1] != want {
			t.Fatalf("n=%d m=%d: the last root removed labelled %q, want %q", n, m, got[n-1], want)
		}
		return m1.TotalAlloc - m0.TotalAlloc, input
	}
	small, in := cost(250, 40)
	big, in4 := cost(1000, 80)
	grew := float64(in4) / float64(in)
	t.Logf("bytes allocated: n=250 m=40 %d of %d bytes of roots, n=1000 m=80 %d of %d (%.2fx of %.2fx)", small, in, big, in4, float64(big)/float64(small), grew)
	if grew > 4 {
		t.Fatalf("the input grew %.2fx, want at most 4x", grew)
	}
	if float64(big) > 4.4*float64(small) {
		t.Errorf("%.2fx the roots and spellings allocate %.2fx as much (%d → %d bytes), want at most 4.4x", grew, float64(big)/float64(small), small, big)
	}
}
