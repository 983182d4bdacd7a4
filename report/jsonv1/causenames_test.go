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
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// appendTo is js with n copies of elem appended to its causes' list
// key, where no index moves.
func appendTo(js []byte, key, elem string, n int) []byte {
	open := []byte(`"` + key + `": [`)
	i := bytes.Index(js, open) + len(open)
	end := i + bytes.Index(js[i:], []byte("\n    ]"))
	var b bytes.Buffer
	b.Write(js[:end])
	b.WriteString(strings.Repeat(","+elem, n))
	b.Write(js[end:])
	return b.Bytes()
}

// TestCausesListsNamedBeforeDecoded (issue 35, classes b and c): the
// bounds of the causes' lists counted a set's base as naming a set, so
// that a set holding a base of its own ([{"set":1,"via":0}]) raised
// the bound it was held to, and did not bound the links with a next at
// all: 1.2 million such sets appended (25 MB) rendered, peaking at
// 149 MB, 2 million links {"name":"a","next":0} (45 MB) at 191 MB. Now
// elements that nothing names are refused by their index, before they
// are decoded when they outnumber the named ones.
func TestCausesListsNamedBeforeDecoded(t *testing.T) {
	r := chainHubReport(t, 60, 1)
	js := jsonOf(t, r)
	c := r.Causes
	if _, err := DecodeBytes(js); err != nil { // the shapes made once, outside the counts
		t.Fatal(err)
	}
	for _, tc := range []struct {
		key, elem, want string
	}{
		{"sets", `[{"set":1,"via":0}]`, "causes.sets[%d]: no why (of a pair or of a changed root) and no set's base names it, nor %d more of its %d sets: a set is one that a pair or a base names"},
		{"paths", `{"name":"a","next":0}`, "causes.paths[%d]: no set's element, why's via or link's next reaches it, nor %d more of its %d links: a link is one that a path reaches"},
	} {
		had := len(c.Sets)
		if tc.key == "paths" {
			had = len(c.Paths)
		}
		// 4x the elements cost at most 4.4x the allocations, and at
		// most the input's.
		var allocs [2]uint64
		for i, n := range []int{25000, 100000} {
			data := appendTo(js, tc.key, tc.elem, n)
			_, allocated, err := decodeAllocs(data)
			if want := fmt.Sprintf(tc.want, had, n-1, had+n); err == nil || err.Error() != want {
				t.Errorf("%d elements %s appended to causes.%s: got %v, want %q", n, tc.elem, tc.key, err, want)
			}
			allocs[i] = allocated
			if !race.Enabled && allocs[i] > uint64(len(data)) {
				t.Errorf("causes.%s with %d elements %s appended (%d bytes): allocated %d bytes, want at most the input's", tc.key, n, tc.elem, len(data), allocs[i])
			}
		}
		if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
			t.Errorf("causes.%s: 4x the elements %s allocated %d bytes, %.2fx the %d of a quarter as many", tc.key, tc.elem, allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
		}
	}
}

// TestCausesListsUnnamedRefused (issue 35, class b): one set, link or
// cause appended that nothing names, within the counts' bounds,
// rendered; it is refused by its index, after the laws (which name a
// pair removed, say, where one left it so).
func TestCausesListsUnnamedRefused(t *testing.T) {
	r := chainHubReport(t, 60, 1)
	js := jsonOf(t, r)
	c := r.Causes
	// A base as written, of a set of 32 causes or more: a set on a
	// smaller one is refused for it by the laws (diff's baseMin).
	var base *diff.SetBase
	for _, set := range c.Sets {
		if len(set) > 0 && set[0].SetBase != nil {
			base = set[0].SetBase
			break
		}
	}
	if base == nil {
		t.Fatal("the chainhub report has no based set")
	}
	for _, tc := range []struct {
		key, elem, want string
	}{
		{"sets", `[]`, fmt.Sprintf("causes.sets[%d]: no why (of a pair or of a changed root) and no set's base names it: a set is one that a pair or a base names", len(c.Sets))},
		{"sets", fmt.Sprintf(`[{"set":%d,"via":%d}]`, base.Set, base.Via), fmt.Sprintf("causes.sets[%d]: no why (of a pair or of a changed root) and no set's base names it: a set is one that a pair or a base names", len(c.Sets))},
		{"paths", `{"name":"a","next":0}`, fmt.Sprintf("causes.paths[%d]: no set's element, why's via or link's next reaches it: a link is one that a path reaches", len(c.Paths))},
		{"table", `{"name":"a","changes":[{"kind":"version"}]}`, fmt.Sprintf("causes.table[%d]: no set's reference or override and no why's self names it: a cause of the table is one that a set or a pair names", len(c.Table))},
	} {
		if _, err := DecodeBytes(appendTo(js, tc.key, tc.elem, 1)); err == nil || err.Error() != tc.want {
			t.Errorf("%s appended to causes.%s: got %v, want %q", tc.elem, tc.key, err, tc.want)
		}
	}
	// A pair removed whose set nothing else names: the laws say so,
	// not that the set is unnamed.
	for k := 1; k < len(c.Sets); k++ {
		var at *diff.Package
		named := 0
		for _, set := range c.Sets {
			for _, ref := range set {
				if ref.SetBase != nil && ref.Set == k {
					named++
				}
			}
		}
		for i := range r.Packages {
			p := &r.Packages[i]
			for _, pr := range p.Specs.Updated {
				if pr.Why != nil && pr.Why.Set == k {
					named++
					at = p
				}
			}
		}
		if named != 1 || at == nil || len(at.Specs.Updated) != 1 || len(at.Specs.Rebuilt) != 0 {
			continue
		}
		at.Specs.Updated = []diff.Pair{}
		_, err := DecodeBytes(jsonOf(t, r))
		if want := "specs.updated: 0 listed, but counts.updated is 1"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("the pair of %s removed, the one why of set %d: %v, want an error with %q", at.Name, k, err, want)
		}
		return
	}
	t.Fatal("no set that one updated pair alone names")
}

// TestCausesListsNamedKeepWritten: reports of a --package, whose sets
// are many of them named only by other sets' bases (the pairs of their
// packages are not in the report), still decode.
func TestCausesListsNamedKeepWritten(t *testing.T) {
	for _, tc := range []struct {
		name string
		dag  []spackgen.DAGSpec
	}{
		{"chainhub", spackgen.ChainHubDAG(40, 3)},
		{"chainhubevery", spackgen.ChainHubEveryDAG(40, 3, 4)},
		{"crossed", spackgen.CrossedLadderDAG(40)},
		{"ladder", spackgen.LadderDAG(40)},
		{"ladderup", spackgen.LadderUpDAG(40)},
		{"diamonds", spackgen.DiamondsDAG(40)},
	} {
		oldPath, newPath, err := spackgen.WriteDAGPair(t.TempDir(), tc.dag)
		if err != nil {
			t.Fatal(err)
		}
		var snaps [2]*snapshot.Snapshot
		for i, p := range []string{oldPath, newPath} {
			if snaps[i], err = snapshot.Load(p, snapshot.Options{}); err != nil {
				t.Fatal(err)
			}
		}
		for _, pkgs := range [][]string{{"*1*"}, {"*2", "*5"}} {
			r, err := diff.CompareWith(snaps[0], snaps[1], diff.Filter{Packages: pkgs})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
				t.Errorf("%s --package %v: the report as written: %v", tc.name, pkgs, err)
			}
		}
	}
}

// TestCausesListsBoundsNameRootsWhys (issue 35, class e): the bounds'
// messages counted the changed roots' whys of a lockfile's report as
// "pairs' whys": a report of no pair but one changed root said "(set 0,
// 1 pairs' whys, 0 bases)". They are named apart.
func TestCausesListsBoundsNameRootsWhys(t *testing.T) {
	lock := func(app, zlib, version string) string {
		return forgeLockOf(t, `{"hash":"`+strings.Repeat(app, 32)+`","spec":"app"}`,
			fmt.Sprintf(`%q:{"name":"app","version":"1","hash":%[1]q,"dependencies":[{"name":"zlib","hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}]},%[2]q:{"name":"zlib","version":%q,"hash":%[2]q}`,
				strings.Repeat(app, 32), strings.Repeat(zlib, 32), version))
	}
	r := reporttest.ComparePaths(t, lock("a", "y", "1"), lock("b", "z", "2"))
	pairs, roots := 0, 0
	for _, p := range r.Packages {
		for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated, p.Specs.Restacked} {
			for _, pr := range l {
				if pr.Why != nil {
					pairs++
				}
			}
		}
	}
	for _, ch := range r.Causes.Roots.Changed {
		if ch.Why != nil {
			roots++
		}
	}
	bases := 0
	for _, set := range r.Causes.Sets {
		for _, ref := range set {
			if ref.SetBase != nil {
				bases++
			}
		}
	}
	if roots == 0 || len(r.Causes.Sets) == 0 {
		t.Fatalf("changed roots' whys %d, sets %d: want a changed root with a set", roots, len(r.Causes.Sets))
	}
	const n = 10
	data := appendTo(jsonOf(t, r), "sets", "[]", n)
	want := fmt.Sprintf("causes.sets: %d sets, but the report names at most %d (set 0, %d pairs' whys, %d changed roots' whys, %d bases): a set is one that a pair or a base names",
		len(r.Causes.Sets)+n, 1+pairs+roots+bases, pairs, roots, bases)
	if _, err := DecodeBytes(data); err == nil || err.Error() != want {
		t.Errorf("%d sets [] appended to a lockfile's report: got %v, want %q", n, err, want)
	}
}

// forgeLockOf writes a lockfile of roots and concrete_specs, each a
// JSON list's or object's members as written.
func forgeLockOf(t *testing.T, roots, specs string) string {
	t.Helper()
	dir := t.TempDir()
	writeLock(t, dir, roots, specs)
	return filepath.Join(dir, "spack.lock")
}

// appendChain is js with n elements appended to causes.sets (a set of
// one base each) or causes.paths (a link with a next), from index had,
// each naming the next, and the last naming to (a chain's end, or its
// first for a loop).
func appendChain(js []byte, key string, had, n, to int) []byte {
	var elems []string
	for k := range n {
		next := had + k + 1
		if k == n-1 {
			next = to
		}
		if key == "sets" {
			elems = append(elems, fmt.Sprintf(`[{"set":%d,"via":0}]`, next))
		} else {
			elems = append(elems, fmt.Sprintf(`{"name":"a","next":%d}`, next))
		}
	}
	open := []byte(`"` + key + `": [`)
	i := bytes.Index(js, open) + len(open)
	end := i + bytes.Index(js[i:], []byte("\n    ]"))
	return slices.Concat(js[:end], []byte(","+strings.Join(elems, ",")), js[end:])
}

// TestCausesChainsUnreachedRefused (issue 35, class c): a chain or a
// loop of sets (or links) that name each other, appended where no why
// reaches them, passes the count of elements that nothing names (each
// is named, but the chain's head), was decoded, and the laws' structures
// took it past 6x its JSON (1.2M sets in a chain, 31 MB: 193 MB peak,
// rendered on 413a2b8a) before anything refused it. Refused after it is
// decoded, before the laws: 4x the elements cost at most 4.4x the
// allocations, and at most 4x the input's.
func TestCausesChainsUnreachedRefused(t *testing.T) {
	r := chainHubReport(t, 60, 1)
	js := jsonOf(t, r)
	if _, err := DecodeBytes(js); err != nil {
		t.Fatal(err)
	}
	c := r.Causes
	for _, tc := range []struct {
		key, want string
		had, loop int
	}{
		{"sets", "causes.sets[%d]: no why (of a pair or of a changed root) reaches it by the sets' bases, nor %d more of its %d sets: a report holds only what its pairs reach", len(c.Sets), 1},
		{"paths", "causes.paths[%d]: no why reaches it by the sets' elements and the links' nexts, nor %d more of its %d links: a report holds only what its pairs reach", len(c.Paths), 0},
	} {
		for _, loop := range []bool{false, true} {
			var allocs [2]uint64
			for i, n := range []int{25000, 100000} {
				to := tc.loop // the chain ends at a set or link of the report's
				if loop {
					to = tc.had
				}
				data := appendChain(js, tc.key, tc.had, n, to)
				_, allocated, err := decodeAllocs(data)
				if want := fmt.Sprintf(tc.want, tc.had, n-1, tc.had+n); err == nil || err.Error() != want {
					t.Errorf("a chain (loop %v) of %d appended to causes.%s: got %v, want %q", loop, n, tc.key, err, want)
				}
				allocs[i] = allocated
				if !race.Enabled && allocs[i] > 4*uint64(len(data)) {
					t.Errorf("a chain (loop %v) of %d appended to causes.%s (%d bytes): allocated %d bytes, want at most 4x the input's", loop, n, tc.key, len(data), allocs[i])
				}
			}
			if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
				t.Errorf("a chain (loop %v) in causes.%s: 4x the elements allocated %d bytes, %.2fx the %d of a quarter as many", loop, tc.key, allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
			}
		}
	}
}

// TestCausesSharedReadAtItsLength (issue 35, class c): causes.shared,
// a list of the causes beside the four that 46b48b0d bounds, was grown
// by encoding/json a quarter at a time, each copy beside the one
// before: 600,000 shared changes of 71 bytes (44 MB), refused by the
// laws in the end, peaked at 225-263 MB (5-6x). It is made at the
// length the walk counted: the decode allocates at most 3x the input's
// bytes (2.4x; 10x before), and 4x the elements at most 4.4x as much
// (5x before).
func TestCausesSharedReadAtItsLength(t *testing.T) {
	r := chainHubReport(t, 60, 1)
	js := jsonOf(t, r)
	if _, err := DecodeBytes(js); err != nil {
		t.Fatal(err)
	}
	open := []byte(`"causes": {`)
	i := bytes.Index(js, open) + len(open)
	var allocs [2]uint64
	for k, n := range []int{25000, 100000} {
		elem := `{"kind":"","specs":0,"rebuilt":0,"updated":0,"packages":[],"groups":[]}`
		data := slices.Concat(js[:i], []byte(`"shared":[`+strings.Repeat(elem+",", n-1)+elem+`],`), js[i:])
		_, allocated, err := decodeAllocs(data)
		if want := "causes.shared[0]"; err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%d shared changes: got %v, want an error of %s", n, err, want)
		}
		allocs[k] = allocated
		if !race.Enabled && float64(allocs[k]) > 3*float64(len(data)) {
			t.Errorf("%d shared changes (%d bytes): allocated %d bytes, want at most 3x the input's", n, len(data), allocs[k])
		}
	}
	if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
		t.Errorf("4x the shared changes allocated %d bytes, %.2fx the %d of a quarter as many", allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
	}
}

// TestCausesRootsReadAtTheirLengths (issue 35, class c): causes.roots'
// lists, left to encoding/json, were grown a quarter at a time as
// causes.shared was: 800,000 roots removed {"root":"","name":"",
// "version":"","hash":""} (36 MB) in a lockfile's report, refused by
// the laws in the end, peaked at 156-175 MB (4.3-4.8x). They are made
// at the lengths the walk counted: the decode allocates at most 3x the
// input's bytes (1.5x; 7.7x before), and 4x the elements at most 4.4x
// as much.
func TestCausesRootsReadAtTheirLengths(t *testing.T) {
	lock := func(app, zlib, version string) string {
		return forgeLockOf(t, `{"hash":"`+strings.Repeat(app, 32)+`","spec":"app"}`,
			fmt.Sprintf(`%q:{"name":"app","version":"1","hash":%[1]q,"dependencies":[{"name":"zlib","hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}]},%[2]q:{"name":"zlib","version":%q,"hash":%[2]q}`,
				strings.Repeat(app, 32), strings.Repeat(zlib, 32), version))
	}
	js := jsonOf(t, reporttest.ComparePaths(t, lock("a", "y", "1"), lock("b", "z", "2")))
	if _, err := DecodeBytes(js); err != nil {
		t.Fatal(err)
	}
	roots := bytes.Index(js, []byte(`"roots": {`))
	empty := []byte(`"removed": []`)
	i := roots + bytes.Index(js[roots:], empty)
	if roots < 0 || i < roots {
		t.Fatal("no causes.roots.removed empty in the report")
	}
	var allocs [2]uint64
	for k, n := range []int{25000, 100000} {
		elem := `{"root":"","name":"","version":"","hash":""}`
		data := slices.Concat(js[:i], []byte(`"removed": [`+strings.Repeat(elem+",", n-1)+elem+`]`), js[i+len(empty):])
		_, allocated, err := decodeAllocs(data)
		if want := "causes.roots.removed[0]"; err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%d roots removed: got %v, want an error of %s", n, err, want)
		}
		allocs[k] = allocated
		if !race.Enabled && float64(allocs[k]) > 3*float64(len(data)) {
			t.Errorf("%d roots removed (%d bytes): allocated %d bytes, want at most 3x the input's", n, len(data), allocs[k])
		}
	}
	if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
		t.Errorf("4x the roots removed allocated %d bytes, %.2fx the %d of a quarter as many", allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
	}
}
