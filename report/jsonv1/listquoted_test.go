package jsonv1

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// TestForgedListValuesQuoted (issue 35 class e): a law that prints a
// list of the report's values (versions, stacks, packages) quotes each
// value, as the laws quote one value: a version "1, 2" forged into an
// added package's versions.removed read as two versions,
//
//	packages[0].versions.removed: [1, 2], but its old and new versions make it []
//
// and is now ["1, 2"]; two values are ["1", "2"].
func TestForgedListValuesQuoted(t *testing.T) {
	spec := func(hash string) snapshot.Spec {
		return snapshot.Spec{Hash: strings.Repeat(hash, 32), Versions: []string{"1.0"}, Compiler: "gcc@13.2.0", OS: "ubuntu24.04",
			Platform: "linux", Target: "x86_64", Variants: []string{}, Stacks: []string{"root"}}
	}
	snap := func(path, name string, s snapshot.Spec) *snapshot.Snapshot {
		return &snapshot.Snapshot{Path: path, Canon: snapshot.RuleCounts{},
			Packages: []*snapshot.Package{{Name: name, Specs: []snapshot.Spec{s}, Origin: &snapshot.Origin{File: path + "/" + name + "/specs.md"}}}}
	}
	for _, c := range []struct {
		forged []string
		want   string
	}{
		{[]string{"1, 2"}, `["1, 2"]`},
		{[]string{"1", "2"}, `["1", "2"]`},
		{[]string{"x] y ["}, `["x] y ["]`},
	} {
		r, err := diff.CompareWith(snap("old", "bzip2", spec("a")), snap("new", "zlib", spec("b")), diff.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		r.Highlights = diff.News(r)
		at := slices.IndexFunc(r.Packages, func(p diff.Package) bool { return p.Status == diff.Added })
		r.Packages[at].Versions.Removed = c.forged
		_, err = DecodeBytes(jsonOf(t, r))
		if want := fmt.Sprintf("packages[%d].versions.removed: %s, but its old and new versions make it []", at, c.want); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("versions.removed %q: error %v, want one with %s", c.forged, err, want)
		}
	}
}
