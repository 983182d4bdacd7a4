package jsonv1

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/internal/testing/shareddata"
	"github.com/cachediff/cachediff/snapshot"
)

// TestHighlightChangesAndValuesBounded (issue 35, class c): a
// highlight's changes and values were decoded, grown by encoding/json,
// and never checked (render computes the highlights again): 1M
// {"kind":"other"} (17 MB) in one highlight's changes rendered at 134
// MB peak, 4M "a" (16 MB) in its values at 98 MB. The walk bounds them
// by the causes' longest changes and the gate's and roots' lists before
// anything is decoded: allocating at most 1x the input, and 4x the
// elements at most 4.4x as much. The engine's own report is read.
func TestHighlightChangesAndValuesBounded(t *testing.T) {
	js := jsonOf(t, chainHubReport(t, 60, 1))
	if _, err := DecodeBytes(js); err != nil {
		t.Fatal(err)
	}
	const anchor = `"highlights": [`
	i := bytes.Index(js, []byte(anchor)) + len(anchor)
	if i < len(anchor) {
		t.Fatal("no highlights in the report")
	}
	for _, c := range []struct{ field, elem, want string }{
		{"changes", `{"kind":"other"},`, "highlights[0].changes: %d changes, but "},
		{"values", `"a",`, "highlights[0].values: %d values, but "},
	} {
		var allocs [2]uint64
		for k, n := range []int{250000, 1000000} {
			list := strings.TrimSuffix(strings.Repeat(c.elem, n), ",")
			item := fmt.Sprintf(`{"kind":"gate-passed","%s":[%s],"packages":[]},`, c.field, list)
			data := slices.Concat(js[:i], []byte(item), js[i:])
			_, got, err := decodeAllocs(data)
			if err == nil || !strings.HasPrefix(err.Error(), fmt.Sprintf(c.want, n)) {
				t.Fatalf("%d %s: %v", n, c.field, err)
			}
			allocs[k] = got
			if !race.Enabled && got > uint64(len(data)) {
				t.Errorf("%d %s (%d bytes): allocated %d bytes, %.2fx the input, want at most 1x", n, c.field, len(data), got, float64(got)/float64(len(data)))
			}
		}
		if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
			t.Errorf("4x the %s allocated %d bytes, %.2fx the %d of a quarter as many", c.field, allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
		}
	}
}

// TestUpdatePackagesBoundedBeforeDecoded (issue 35, class c): an
// update's packages were decoded by encoding/json, grown a quarter at a
// time, and refused by the laws only after: 4M distinct names (35 MB)
// in one peaked at 201 MB, 4M "a" (16 MB) at 183 MB. The walk bounds
// them by the packages the report lists and holds them sorted, each
// once, as cachediff writes them, before anything is decoded.
func TestUpdatePackagesBoundedBeforeDecoded(t *testing.T) {
	js := jsonOf(t, chainHubReport(t, 60, 1))
	const upd, anchor = `"updates": [`, `"packages": [`
	u := bytes.Index(js, []byte(upd))
	i := u + bytes.Index(js[u:], []byte(anchor)) + len(anchor)
	if u < 0 || i < u+len(anchor) {
		t.Fatal("no update's packages in the report")
	}
	var allocs [2]uint64
	for k, n := range []int{250000, 1000000} {
		var b strings.Builder
		for v := range n {
			fmt.Fprintf(&b, `"%07d",`, v) // before any name of letters
		}
		data := slices.Concat(js[:i], []byte(b.String()), js[i:])
		_, got, err := decodeAllocs(data)
		if err == nil || !strings.HasPrefix(err.Error(), "updates[0].packages: ") {
			t.Fatalf("%d packages more: %v", n, err)
		}
		allocs[k] = got
		if !race.Enabled && got > uint64(len(data)) {
			t.Errorf("%d packages more (%d bytes): allocated %d bytes, %.2fx the input, want at most 1x", n, len(data), got, float64(got)/float64(len(data)))
		}
	}
	if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
		t.Errorf("4x the packages allocated %d bytes, %.2fx the %d of a quarter as many", allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
	}
	// Twice, the law's words before: refused by the walk, named.
	data := slices.Concat(js[:i], bytes.Replace(js[i:], []byte(`"a1",`), []byte(`"a0",`), 1))
	if _, err := DecodeBytes(data); err == nil || err.Error() != `updates[0].packages[1]: "a0" is there twice: an update's packages are sorted by name, each once` {
		t.Errorf("a package twice: %v", err)
	}
}

// TestHighlightPackagesBoundedBeforeDecoded (issue 35, class c): a
// highlight's packages were decoded whatever their length and, but for
// a package's item, not checked (render computes the highlights): 4M
// distinct names (48 MB) in a coverage item's packages of
// testdata/golden/develop-2025-03.json rendered, exit 1, at 162 MB. A
// highlight's packages are packages of the report, a shared cause's
// groups (a filtered report need not list them) or a root's old and new
// one, each once: the walk bounds them by those before the decode.
func TestHighlightPackagesBoundedBeforeDecoded(t *testing.T) {
	js := jsonOf(t, chainHubReport(t, 60, 1))
	const anchor = `"highlights": [`
	i := bytes.Index(js, []byte(anchor)) + len(anchor)
	if i < len(anchor) {
		t.Fatal("no highlights in the report")
	}
	var allocs [2]uint64
	for k, n := range []int{250000, 1000000} {
		var b strings.Builder
		b.WriteString(`{"kind":"gate-passed","packages":[`)
		for v := range n {
			if v > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `"%07d"`, v)
		}
		b.WriteString(`]},`)
		data := slices.Concat(js[:i], []byte(b.String()), js[i:])
		_, got, err := decodeAllocs(data)
		if err == nil || !strings.HasPrefix(err.Error(), fmt.Sprintf("highlights[0].packages: %d packages, but a highlight's are ", n)) {
			t.Fatalf("%d packages: %v", n, err)
		}
		allocs[k] = got
		if !race.Enabled && got > uint64(len(data)) {
			t.Errorf("%d packages (%d bytes): allocated %d bytes, %.2fx the input, want at most 1x", n, len(data), got, float64(got)/float64(len(data)))
		}
	}
	if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
		t.Errorf("4x the packages allocated %d bytes, %.2fx the %d of a quarter as many", allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
	}
}

// TestHighlightPackagesOfAFilteredReport: a shared cause's item names
// the packages of its groups, which a report filtered by --package need
// not list (berkeley-db's rebuild between two environments, ignoring
// the compiler, target and OS: a cause of berkeley-db, compiler-wrapper
// and gmake, one package listed). The walk's bound of a highlight's
// packages counts them: the report is read.
func TestHighlightPackagesOfAFilteredReport(t *testing.T) {
	locks := shareddata.Dir("lockfiles")
	if locks == "" {
		t.Skip("../shared/lockfiles is absent")
	}
	var snaps [2]*snapshot.Snapshot
	for i, name := range []string{"rhel-8__spack.lock", "debian-11__spack.lock"} {
		var err error
		if snaps[i], err = snapshot.Load(filepath.Join(locks, "viperML__spack-stack", "6f0a159", name), snapshot.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	r, err := diff.CompareWith(snaps[0], snaps[1], diff.Filter{Packages: []string{"berkeley-db"}, Ignore: []string{"compiler", "target", "os"}})
	if err != nil {
		t.Fatal(err)
	}
	most := 0
	for _, h := range r.Highlights {
		most = max(most, len(h.Packages))
	}
	if most <= max(len(r.Packages), 2) {
		t.Fatalf("no highlight names more packages than the report's %d (the longest names %d)", len(r.Packages), most)
	}
	if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
		t.Errorf("the report as written: %v", err)
	}
}
