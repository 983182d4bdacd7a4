package jsonv1

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestCausesRootsChangesAreFacets (issue 35, classes b and c): a
// changed root's own changes (causes.roots.changed[i].changes), a list
// of causes.roots beside those 556c2b03 makes at their lengths, were
// checked by nothing: kinds cachediff never writes ("", a facet twice)
// rendered ("own:  (none) → (none), …"), and 2.5M {"kind":""} (30 MB)
// in a real lockfile pair's report rendered after encoding/json grew
// them to a 312-348 MB peak (10x). cachediff writes one change for each
// facet that changed: each kind a facet, once, so at most 6, and a
// longer list is refused before it is decoded, allocating at most 2x
// the input (4x the changes at most 4.4x as much).
func TestCausesRootsChangesAreFacets(t *testing.T) {
	lock := func(app, appVersion, zlib, version string) string {
		return forgeLockOf(t, `{"hash":"`+strings.Repeat(app, 32)+`","spec":"app"}`,
			fmt.Sprintf(`%[1]q:{"name":"app","version":%[2]q,"hash":%[1]q,"dependencies":[{"name":"zlib","hash":%[3]q,"parameters":{"deptypes":["link"],"virtuals":[]}}]},%[3]q:{"name":"zlib","version":%[4]q,"hash":%[3]q}`,
				strings.Repeat(app, 32), appVersion, strings.Repeat(zlib, 32), version))
	}
	r := reporttest.ComparePaths(t, lock("a", "1", "y", "1"), lock("b", "2", "z", "2"))
	if r.Causes == nil || r.Causes.Roots == nil || len(r.Causes.Roots.Changed) != 1 || len(r.Causes.Roots.Changed[0].Changes) != 1 {
		t.Fatalf("want one changed root with its version changed: %+v", r.Causes)
	}
	js := jsonOf(t, r)
	if _, err := DecodeBytes(js); err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	rc := &r.Causes.Roots.Changed[0]
	written := rc.Changes
	for _, tc := range []struct {
		changes []diff.Change
		want    string
	}{
		{[]diff.Change{{Kind: ""}}, `causes.roots.changed[0].changes[0].kind: ""`},
		{[]diff.Change{{Kind: "**recipe**", From: "a", To: "b"}}, `causes.roots.changed[0].changes[0].kind: "**recipe**"`},
		{[]diff.Change{written[0], written[0]}, `causes.roots.changed[0].changes[1].kind: "version" twice`},
	} {
		rc.Changes = tc.changes
		if _, err := DecodeBytes(jsonOf(t, r)); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("changes %+v: got %v, want an error of %q", tc.changes, err, tc.want)
		}
	}

	at := bytes.Index(js, []byte(`"roots": {`))
	open := []byte(`"changes": [`)
	i := at + bytes.Index(js[at:], open) + len(open)
	if at < 0 || i < at+len(open) {
		t.Fatal("no causes.roots.changed[0].changes in the report")
	}
	var allocs [2]uint64
	for k, n := range []int{250000, 1000000} {
		data := slices.Concat(js[:i], []byte(strings.Repeat(`{"kind":""},`, n)), js[i:])
		_, allocated, err := decodeAllocs(data)
		if want := fmt.Sprintf("causes.roots.changed[0].changes: %d changes, but", n+1); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%d changes of a root: got %v, want an error of %q", n, err, want)
		}
		allocs[k] = allocated
		if !race.Enabled && allocs[k] > 2*uint64(len(data)) {
			t.Errorf("%d changes of a root (%d bytes): allocated %d bytes, want at most 2x the input's", n, len(data), allocs[k])
		}
	}
	if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
		t.Errorf("4x the changes allocated %d bytes, %.2fx the %d of a quarter as many", allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
	}
}
