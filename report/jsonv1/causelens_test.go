package jsonv1

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// whysOf counts r's whys (its pairs' and its roots'), the sets'
// elements and their bases.
func whysOf(r *diff.Report) (whys, elems, bases int) {
	for _, p := range r.Packages {
		for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated} {
			for _, sp := range l {
				if sp.Why != nil {
					whys++
				}
			}
		}
	}
	if rt := r.Causes.Roots; rt != nil {
		for _, ch := range rt.Changed {
			if ch.Why != nil {
				whys++
			}
		}
	}
	for _, set := range r.Causes.Sets {
		elems += len(set)
		for _, ref := range set {
			if ref.SetBase != nil {
				bases++
			}
		}
	}
	return whys, elems, bases
}

// TestCausesListsBoundedBeforeDecoded (issue 35 class c): a report's
// causes.sets, causes.paths and causes.table were decoded whatever their
// lengths, each element a Go value of 24 to 96 bytes, before the laws
// refused the document, or rendered it when the elements were appended
// where no index moved: 8 million empty sets "[]," (24 MB) peaked at
// 337 MB, 2 million links {"name":"a"} (26 MB) at 163 MB. Longer than
// the report's whys and sets' elements let them be, the lists are
// refused by the field, before they are decoded, whether the elements
// come first or last.
func TestCausesListsBoundedBeforeDecoded(t *testing.T) {
	r := chainHubReport(t, 60, 1)
	js := jsonOf(t, r)
	whys, elems, bases := whysOf(r)
	c := r.Causes
	refs := elems - bases
	nexts := 0
	for _, l := range c.Paths {
		if l.Next != nil {
			nexts++
		}
	}
	const n = 100000
	for _, tc := range []struct {
		key, elem, want string
	}{
		{"sets", `[]`, fmt.Sprintf("causes.sets: %d sets, but the report names at most %d (set 0, %d pairs' whys, %d bases): a set is one that a pair or a base names",
			len(c.Sets)+n, 1+whys+bases, whys, bases)},
		{"paths", `{"name":"a"}`, fmt.Sprintf("causes.paths: %d links without a next, but the report starts at most %d paths (%d sets' elements, %d pairs' whys): a link is one that a path reaches",
			len(c.Paths)-nexts+n, elems+whys, elems, whys)},
		{"table", `{"name":"a","changes":[{"kind":"version"}]}`, fmt.Sprintf("causes.table: %d causes, but the report names at most %d (%d sets' references, %d pairs' whys): a cause of the table is one that a set or a pair names",
			len(c.Table)+n, refs+whys, refs, whys)},
	} {
		open := []byte(`"` + tc.key + `": [`)
		i := bytes.Index(js, open) + len(open)
		end := i + bytes.Index(js[i:], []byte("\n    ]"))
		for _, first := range []bool{true, false} {
			var b bytes.Buffer
			if first {
				b.Write(js[:i])
				b.WriteString(strings.Repeat(tc.elem+",", n))
				b.Write(js[i:])
			} else {
				b.Write(js[:end])
				b.WriteString(strings.Repeat(","+tc.elem, n))
				b.Write(js[end:])
			}
			data := b.Bytes()
			_, allocated, err := decodeAllocs(data)
			if err == nil || err.Error() != tc.want {
				t.Errorf("%d elements %s added to causes.%s (first %v): got %v, want %q", n, tc.elem, tc.key, first, err, tc.want)
			}
			// Refused before the elements are decoded: the walk of the
			// document's shape allocates a fraction of it (decoded, the
			// empty sets alone held 8x their JSON).
			if !race.Enabled {
				if got := allocated; got > uint64(len(data)) {
					t.Errorf("causes.%s with %d elements %s added (first %v, %d bytes): allocated %d bytes, want at most the input's", tc.key, n, tc.elem, first, len(data), got)
				}
			}
		}
	}
}

// TestCausesListsBoundsKeepWritten: every DAG shape's report, as
// cachediff writes it, is within the bounds of its causes' lists.
func TestCausesListsBoundsKeepWritten(t *testing.T) {
	for _, tc := range []struct {
		name string
		dag  []spackgen.DAGSpec
	}{
		{"chainedge", spackgen.ChainEdgeDAG(40)},
		{"chainhub", spackgen.ChainHubDAG(40, 3)},
		{"chainhubevery", spackgen.ChainHubEveryDAG(40, 3, 4)},
		{"diamonds", spackgen.DiamondsDAG(40)},
		{"ladder", spackgen.LadderDAG(40)},
		{"ladderup", spackgen.LadderUpDAG(40)},
		{"crossed", spackgen.CrossedLadderDAG(40)},
		{"back2", spackgen.BackDAG(40, 2)},
		{"layered", spackgen.LayeredDAG(5, 12, 3)},
	} {
		oldPath, newPath, err := spackgen.WriteDAGPair(t.TempDir(), tc.dag)
		if err != nil {
			t.Fatal(err)
		}
		r := reporttest.ComparePaths(t, oldPath, newPath)
		if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
			t.Errorf("%s: the report as written: %v", tc.name, err)
		}
	}
}
