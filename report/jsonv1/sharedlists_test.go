package jsonv1

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot"
)

// TestCausesSharedListsBoundedByGroups (issue 35, class c): cf325ae6
// made causes.shared at its length, but a shared change's own lists,
// its groups and packages, were still left to encoding/json, grown a
// quarter at a time: one shared change of 10M groups [0,0,…] (21 MB),
// refused by the laws in the end, peaked at 212 MB, and of 10M
// packages ["",…] (31 MB) at 350 MB. Each group is in one shared change
// at most (the laws), so that the lists' sums are at most the groups'
// count: longer ones are refused before they are decoded, allocating at
// most 2x the input (10x before), and 4x the elements at most 4.4x as
// much. Reports with shared changes, as cachediff writes them, render.
func TestCausesSharedListsBoundedByGroups(t *testing.T) {
	// A target moved for a whole environment: every package's group is
	// the same change, shared.
	d := spackgen.New(spackgen.Options{Seed: 3, Packages: 40, Envs: 2, Depth: 5})
	n := d.Clone()
	n.ChangeTarget(n.Nodes[len(n.Nodes)-1].Target, "zen5")
	var snaps [2]*snapshot.Snapshot
	for i, g := range []*spackgen.DAG{d, n} {
		var buf bytes.Buffer
		if err := g.WriteLockfile(&buf); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "spack.lock")
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		var err error
		if snaps[i], err = snapshot.Load(path, snapshot.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []diff.Filter{{}, {Packages: []string{"[a-m]*"}}} {
		for _, s := range [][2]*snapshot.Snapshot{{snaps[0], snaps[1]}, {snaps[1], snaps[0]}} {
			r, err := diff.CompareWith(s[0], s[1], f)
			if err != nil {
				t.Fatal(err)
			}
			if r.Causes == nil || len(r.Causes.Shared) == 0 {
				t.Fatalf("--package %v: no shared change: the test tests nothing", f.Packages)
			}
			if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
				t.Errorf("--package %v: a report with %d shared changes, as written: %v", f.Packages, len(r.Causes.Shared), err)
			}
		}
	}

	js := jsonOf(t, chainHubReport(t, 60, 1))
	open := []byte(`"causes": {`)
	i := bytes.Index(js, open) + len(open)
	for _, tc := range []struct{ list, elem, want string }{
		{"groups", "0", "causes.shared: its 1 changes list %d groups, but causes.groups holds 61"},
		{"packages", `""`, "causes.shared: its 1 changes list %d packages, but causes.groups holds 61"},
	} {
		var allocs [2]uint64
		for k, n := range []int{250000, 1000000} {
			lists := map[string]string{"groups": "[]", "packages": "[]"}
			lists[tc.list] = "[" + strings.Repeat(tc.elem+",", n-1) + tc.elem + "]"
			sc := `"shared":[{"kind":"","specs":0,"rebuilt":0,"updated":0,"packages":` + lists["packages"] + `,"groups":` + lists["groups"] + `}],`
			data := slices.Concat(js[:i], []byte(sc), js[i:])
			_, allocated, err := decodeAllocs(data)
			if want := fmt.Sprintf(tc.want, n); err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("%d %s in a shared change: got %v, want an error of %q", n, tc.list, err, want)
			}
			allocs[k] = allocated
			if !race.Enabled && allocs[k] > 2*uint64(len(data)) {
				t.Errorf("%d %s in a shared change (%d bytes): allocated %d bytes, want at most 2x the input's", n, tc.list, len(data), allocs[k])
			}
		}
		if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
			t.Errorf("4x the %s allocated %d bytes, %.2fx the %d of a quarter as many", tc.list, allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
		}
	}
}
