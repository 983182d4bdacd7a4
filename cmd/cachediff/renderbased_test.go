package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/report/jsonv1"
)

// basedShape is a report edited to hold n sets based on one another, in
// one of three ways (writeBasedReport): "stacked" (set k based on set
// k-1, adding one cause), "fanin" (one set based on n sets of one
// cause each) and "mixed" (one set based on √n stacks of √n sets).
type basedShape string

// writeBasedReport writes into dir a report of shape with about n sets,
// compact (no space, as a hand edits it: the fewest bytes a set), and
// returns its path and size. It starts from the report of c1 over two
// builds of c0 (writeTwoBuildsPair), each version bumped (c1's root
// causes are c0's own changes), and gives c1 a set of the shape: every
// cause is named c0 (the stacked sets' one group at every level) or q<j>
// (a group of the j-th base of a set of several: they share none), each
// reached through c0.
func writeBasedReport(t testing.TB, dir string, shape basedShape, n int) (string, int64) {
	t.Helper()
	a, b := writeTwoBuildsPair(t, t.TempDir())
	var out bytes.Buffer
	c := &cli{stdout: &out, stderr: &bytes.Buffer{}}
	if code := c.run([]string{"--format", "json", a, b}); code != 1 {
		t.Fatalf("c1 over two builds of c0: exit %d, want 1", code)
	}
	r, err := jsonv1.DecodeBytes(out.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	cs := r.Causes
	// Causes 0 and 1 are c0's builds' own changes, cause 2 c1's; link 0
	// names c0.
	if len(cs.Table) != 3 || cs.Table[0].Name != "c0" || cs.Table[1].Name != "c0" || len(cs.Paths) != 1 {
		t.Fatalf("the causes of c1 over two builds of c0: %+v", cs)
	}
	version := cs.Table[0].Changes
	var pair *diff.Pair
	for i := range r.Packages {
		if r.Packages[i].Name == "c1" {
			pair = &r.Packages[i].Specs.Updated[0]
		}
	}
	cs.Sets = cs.Sets[:1]
	cs.Table = cs.Table[:3]
	cs.Paths = cs.Paths[:1]
	groups := cs.Groups[:0:0]
	for _, g := range cs.Groups {
		if g.Name == "c1" || g.Name == "c0" {
			g.Specs, g.Updated = 1, 1 // each pair's own; c1 counts in c0's (below)
			groups = append(groups, g)
		}
	}
	// cause adds a cause of group name (a new link for it unless c0)
	// and returns its reference.
	cause := func(name string) diff.CauseRef {
		// Each cause its own (short) old hash: the engine names each
		// cause once (numberLikeEngine sorts the table).
		h := strconv.FormatInt(int64(len(cs.Table)), 36)
		cs.Table = append(cs.Table, diff.Cause{Name: name, OldHash: h, Changes: version})
		link := 0
		if name != "c0" {
			if cs.Paths[len(cs.Paths)-1].Name != name {
				cs.Paths = append(cs.Paths, diff.PathLink{Name: name})
				groups = append(groups, diff.CauseGroup{Name: name, Changes: version, Specs: 1, Updated: 1, Via: []string{"c1", "c0", name}})
			}
			link = len(cs.Paths) - 1
		}
		return diff.CauseRef{Cause: len(cs.Table) - 1, Path: link}
	}
	set := func(refs ...diff.CauseRef) int {
		cs.Sets = append(cs.Sets, refs)
		return len(cs.Sets) - 1
	}
	base := func(s int) diff.CauseRef { return diff.CauseRef{SetBase: &diff.SetBase{Set: s, Via: 0}} }
	// stack adds k sets of group name, each based on the one before,
	// and returns the last. cachediff bases a set only on a set of 32
	// causes or more (one of its bases, diff's baseMin): the first set
	// of a stack of several holds 32, as does the first stack's.
	first := true
	stack := func(name string, k int) int {
		refs := []diff.CauseRef{cause(name)}
		for (k > 1 || first) && len(refs) < 32 {
			refs = append(refs, cause(name))
		}
		first = false
		s := set(refs...)
		for range k - 1 {
			s = set(base(s), cause(name))
		}
		return s
	}
	var top int
	switch shape {
	case "stacked":
		top = stack("c0", n)
	case "fanin", "mixed":
		per := 1
		if shape == "mixed" {
			for per*per < n {
				per++
			}
		}
		var top []diff.CauseRef
		for j := 0; j*per < n; j++ {
			top = append(top, base(stack(fmt.Sprintf("q%07d", j), per)))
		}
		cs.Sets = append(cs.Sets, top)
	default:
		t.Fatalf("shape %q", shape)
	}
	if shape != "stacked" {
		top = len(cs.Sets) - 1
	}
	// c1's set holds c0's builds' own changes (causes 0 and 1, by link
	// 0, c0's name), as the engine lists a changed dependency's own
	// change in each dependent's set (render refuses one left out); in
	// "stacked", c0's group is at every level too. c1 counts in c0's
	// group (with c0's two builds), after c1's own group alone.
	cs.Sets[top] = append(cs.Sets[top], diff.CauseRef{Cause: 0, Path: 0}, diff.CauseRef{Cause: 1, Path: 0})
	if groups[0].Name != "c1" {
		groups[0], groups[1] = groups[1], groups[0]
	}
	groups[1].Specs, groups[1].Updated = 3, 3
	cs.Groups = groups
	pair.Why.Set = top
	// c1's why.changed holds both builds of c0, as cachediff wrote it:
	// render follows the paths by hash, through the changed
	// dependencies, and a name two of them hold is followed no further
	// (the causes added, each of its own hash, all by c0, are no
	// spec's). Hashes made up in why.changed are refused.
	numberLikeEngine(r)
	var js bytes.Buffer
	if err := jsonv1.JSON(&js, r); err != nil {
		t.Fatal(err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, js.Bytes()); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, fmt.Sprintf("%s_%d.json", shape, n))
	if err := os.WriteFile(path, compact.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, int64(compact.Len())
}

// writeTwoBuildsPair writes into dir the two build-cache indexes of c1
// over two builds of c0 (targets core2 and x86_64), at version 1 (a.json)
// and 2 (b.json), every hash another, and returns their paths.
func writeTwoBuildsPair(t testing.TB, dir string) (string, string) {
	t.Helper()
	var paths [2]string
	for side, v := range []string{"1", "2"} {
		installs := map[string]any{}
		spec := func(name, target string, k uint64, deps []any) {
			h := gen.MixHash(uint64(side)<<40 + k)
			s := map[string]any{"name": name, "version": v, "hash": h, "namespace": "builtin",
				"arch":       map[string]any{"platform": "linux", "platform_os": "ubuntu22.04", "target": target},
				"compiler":   map[string]any{"name": "gcc", "version": "10.2.1"},
				"parameters": map[string]any{"build_system": "generic"}}
			if deps != nil {
				s["dependencies"] = deps
			}
			installs[h] = map[string]any{"spec": s, "ref_count": 0, "in_buildcache": true}
		}
		var deps []any
		for k, target := range []string{"core2", "x86_64"} {
			spec("c0", target, uint64(k), nil)
			deps = append(deps, map[string]any{"name": "c0", "hash": gen.MixHash(uint64(side)<<40 + uint64(k)),
				"parameters": map[string]any{"deptypes": []string{"build", "link"}, "virtuals": []string{}}})
		}
		spec("c1", "core2", 2, deps)
		data, err := json.Marshal(map[string]any{"database": map[string]any{"version": "7", "installs": installs}})
		if err != nil {
			t.Fatal(err)
		}
		paths[side] = filepath.Join(dir, []string{"a.json", "b.json"}[side])
		if err := os.WriteFile(paths[side], data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return paths[0], paths[1]
}

// TestWriteBasedReports writes the shapes' reports of 1,000 to a
// million sets into the folder CACHEDIFF_BASED_DIR names, for
// /usr/bin/time cachediff render (docs/performance.md), and checks that
// each decodes.
func TestWriteBasedReports(t *testing.T) {
	dir := os.Getenv("CACHEDIFF_BASED_DIR")
	if dir == "" {
		t.Skip("CACHEDIFF_BASED_DIR names no folder to write the reports into")
	}
	for _, shape := range []basedShape{"stacked", "fanin", "mixed"} {
		for _, n := range []int{1000, 62500, 250000, 1000000} {
			path, size := writeBasedReport(t, dir, shape, n)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := jsonv1.DecodeBytes(data); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			t.Logf("%s: %d bytes", path, size)
		}
	}
}

// TestRenderBasedMemory: render of a report whose sets are based on one
// another, in the three shapes of writeBasedReport, holds at most
// renderBasedBound its JSON in live heap, and 4x the sets allocate at
// most renderAllocBound the bytes and as many times more. The JSON's
// bytes stayed alive to the end, beside the report and the laws'
// structures of 100-130 bytes a set (each set's group key, a slice of
// names, the sets' order and sizes found three times over): the stacked
// sets held 5.2x their JSON, about 8.5x in peak RSS under the default
// pace. They now hold 3.0-3.4x, the fanned-in and mixed sets 2.6-2.9x
// (renderBasedBound): the decoded report is about 1.6x its JSON (a cause
// of the table 96 bytes, a set's slice 24 and each element 24, a base 16
// more, laid in blocks by jsonv1's causesDec), beside the JSON's bytes
// while decoding and beside the laws' structures (a set's order, size,
// pairs and path prefix, about 1x) while checked.
func TestRenderBasedMemory(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	n := 5000
	for _, shape := range []basedShape{"stacked", "fanin", "mixed"} {
		var allocs, counts [2]uint64
		for k, size := range []int{n, 4 * n} {
			path, input := writeBasedReport(t, t.TempDir(), shape, size)
			c := commandCost(t, []string{"render", "--format", "md", path})
			alloc, peak, mallocs := c.alloc, c.peak, c.mallocs
			allocs[k], counts[k] = alloc, mallocs
			ratio := float64(peak) / float64(input)
			t.Logf("%s %d: input %d bytes, allocated %d (%.1fx), heap at most %d over the live heap before (%.2fx)", shape, size, input, alloc, float64(alloc)/float64(input), peak, ratio)
			if bound := renderBasedAlloc[shape]; float64(alloc) > bound*float64(input) {
				t.Errorf("%s %d: render allocated %.1fx the report's JSON (%d of %d bytes), want at most %.1fx", shape, size, float64(alloc)/float64(input), alloc, input, bound)
			}
			if bound := renderBasedBound[shape]; ratio > bound {
				t.Errorf("%s %d: the heap held %.2fx the report's JSON (%d of %d bytes), want at most %.2fx", shape, size, ratio, peak, input, bound)
			}
		}
		if r := float64(allocs[1]) / float64(allocs[0]); r > renderAllocBound {
			t.Errorf("%s: 4x the sets allocate %.2fx the bytes (%d → %d), want at most %.2fx", shape, r, allocs[0], allocs[1], renderAllocBound)
		}
		if r := float64(counts[1]) / float64(counts[0]); r > renderAllocBound {
			t.Errorf("%s: 4x the sets make %.2fx the allocations (%d → %d), want at most %.2fx", shape, r, counts[0], counts[1], renderAllocBound)
		}
		t.Logf("%s: 4x the sets allocate %.2fx the bytes, %.2fx the times", shape, float64(allocs[1])/float64(allocs[0]), float64(counts[1])/float64(counts[0]))
	}
}

// renderAllocBound is what 4x the sets may allocate, in bytes and in
// allocations: 4.4x. render decodes and checks on one goroutine, where a
// diff's workers vary what they allocate (allocBound). A set of K bases
// listed its bases at each step of the walks over them: 4.66x the bytes
// for 4x the fanned-in sets.
const renderAllocBound = 4.4

// renderBasedBound is what render of a report of based sets of each
// shape may hold in live heap over its JSON's bytes. The causes decoded
// by encoding/json held 3.2-3.4x: every set its own slice, every base
// its own SetBase, every group its own changes and via, each string its
// own copy (the fanned-in sets' 20,000 groups 3.12-3.22x). jsonv1's
// causesDec lays them out in blocks and interns the strings: 2.6-2.9x
// for the groups' shapes, 2.8-3.13x since a reference has room for an
// override (CauseRef.Over: 32 bytes, from 24). The stacked sets' peak
// (3.4x at 5,000) is the laws' structures beside the report.
var renderBasedBound = map[basedShape]float64{"stacked": 3.6, "fanin": 3.25, "mixed": 3.25}

// renderBasedAlloc is what render of a report of based sets of each
// shape may allocate over its JSON's bytes. Decoded by encoding/json,
// the causes took 8.2-8.7x (stacked), 11.1-11.5x (fanned in) and
// 7.6-8.2x (mixed); causesDec 6.2-6.9x, 8.5x and 5.7-6.5x.
var renderBasedAlloc = map[basedShape]float64{"stacked": 7.5, "fanin": 9.5, "mixed": 7.2}

// numberLikeEngine numbers r's causes.table, sets and paths as the
// engine does (render refuses other numberings, diff.CheckCauseListOrder):
// the table sorted by name and hashes, the sets in the order the whys
// name them, each before its bases, the links in the order the sets'
// references, their bases' vias and the whys' vias walk them.
func numberLikeEngine(r *diff.Report) {
	cs := r.Causes
	var whys []*diff.Why
	for i := range r.Packages {
		for j := range r.Packages[i].Specs.Rebuilt {
			whys = append(whys, r.Packages[i].Specs.Rebuilt[j].Why)
		}
		for j := range r.Packages[i].Specs.Updated {
			whys = append(whys, r.Packages[i].Specs.Updated[j].Why)
		}
	}
	whys = slices.DeleteFunc(whys, func(w *diff.Why) bool { return w == nil })
	// The table.
	order := make([]int, len(cs.Table))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		x, y := cs.Table[a], cs.Table[b]
		if c := strings.Compare(x.Name, y.Name); c != 0 {
			return c
		}
		if c := strings.Compare(x.OldHash, y.OldHash); c != 0 {
			return c
		}
		return strings.Compare(x.NewHash, y.NewHash)
	})
	causeAt := make([]int, len(order))
	table := make([]diff.Cause, len(order))
	for k, i := range order {
		causeAt[i], table[k] = k, cs.Table[i]
	}
	cs.Table = table
	for _, w := range whys {
		if w.Self != nil {
			*w.Self = causeAt[*w.Self]
		}
	}
	for _, set := range cs.Sets {
		for i := range set {
			if set[i].SetBase == nil {
				set[i].Cause = causeAt[set[i].Cause]
				if set[i].Over != nil {
					*set[i].Over = set[i].Cause
				}
			}
		}
		n := 0
		for n < len(set) && set[n].SetBase != nil {
			n++
		}
		slices.SortFunc(set[n:], func(a, b diff.CauseRef) int { return a.Cause - b.Cause })
	}
	// The sets.
	setAt := make([]int, len(cs.Sets))
	sets := [][]diff.CauseRef{cs.Sets[0]}
	for _, w := range whys {
		stack := []int{w.Set}
		for len(stack) > 0 {
			t := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if t == 0 || setAt[t] != 0 {
				continue
			}
			setAt[t] = len(sets)
			sets = append(sets, cs.Sets[t])
			for k := len(cs.Sets[t]) - 1; k >= 0; k-- {
				if b := cs.Sets[t][k].SetBase; b != nil {
					stack = append(stack, b.Set)
				}
			}
		}
		w.Set = setAt[w.Set]
	}
	cs.Sets = sets
	for _, set := range sets {
		for i := range set {
			if b := set[i].SetBase; b != nil {
				b.Set = setAt[b.Set]
			}
		}
	}
	// The links.
	linkAt := make([]int, len(cs.Paths))
	for i := range linkAt {
		linkAt[i] = -1
	}
	var links []diff.PathLink
	number := func(from int) {
		for i := from; linkAt[i] < 0; {
			linkAt[i] = len(links)
			links = append(links, cs.Paths[i])
			if cs.Paths[i].Next == nil {
				break
			}
			i = *cs.Paths[i].Next
		}
	}
	for _, set := range sets {
		for _, ref := range set {
			if ref.SetBase == nil {
				number(ref.Path)
			}
		}
		for _, ref := range set {
			if ref.SetBase != nil {
				number(ref.Via)
			}
		}
	}
	for _, w := range whys {
		if w.Via != nil {
			number(*w.Via)
		}
	}
	for i := range links {
		if nx := links[i].Next; nx != nil {
			v := linkAt[*nx]
			links[i].Next = &v
		}
	}
	cs.Paths = links
	for _, set := range sets {
		for i := range set {
			if b := set[i].SetBase; b != nil {
				b.Via = linkAt[b.Via]
			} else {
				set[i].Path = linkAt[set[i].Path]
			}
		}
	}
	for _, w := range whys {
		if w.Via != nil {
			*w.Via = linkAt[*w.Via]
		}
	}
}
