package diff

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// twoHubsReport is the report cachediff writes of a lockfile's m roots,
// each over two hubs of k changed leaves each, and, when extra is set,
// over a spec of its own that is over the first hub's first leaf: every
// root has the one set of the 2k causes, shared, and no via (its causes
// come through two dependencies), its changed dependencies alike or, with
// extra, each its own list.
func twoHubsReport(t *testing.T, k, m int, extra bool) *Report {
	t.Helper()
	node := func(name, hash, version string, deps [][2]string) string {
		d := ""
		for i, x := range deps {
			if i > 0 {
				d += ","
			}
			d += fmt.Sprintf(`{"name":%q,"hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}`, x[0], x[1])
		}
		return fmt.Sprintf(`%q:{"name":%q,"version":%q,"arch":{"platform":"linux","platform_os":"u","target":"x86_64"},"namespace":"builtin","parameters":{},"dependencies":[%s],"hash":%q}`,
			hash, name, version, d, hash)
	}
	hash := func(side, kind byte, i int) string { // 32 characters of a to z
		b := []byte(fmt.Sprintf("%c%c%030d", side, kind, i))
		for j := 2; j < len(b); j++ {
			b[j] += 'a' - '0'
		}
		return string(b)
	}
	side := func(s byte, version string) []string {
		var specs []string
		var hubs [][2]string
		for h := range 2 {
			var leaves [][2]string
			for i := range k {
				name, x := fmt.Sprintf("l%d-%d", h, i), hash(s, byte('l'+h), i)
				specs = append(specs, node(name, x, version, nil))
				leaves = append(leaves, [2]string{name, x})
			}
			x := hash(s, 'h', h)
			specs = append(specs, node(fmt.Sprintf("hub%d", h), x, "1", leaves))
			hubs = append(hubs, [2]string{fmt.Sprintf("hub%d", h), x})
		}
		for i := range m {
			deps := hubs
			if extra {
				x := hash(s, 'x', i)
				specs = append(specs, node(fmt.Sprintf("x%d", i), x, "1", [][2]string{{"l0-0", hash(s, 'l', 0)}}))
				deps = append(deps[:2:2], [2]string{fmt.Sprintf("x%d", i), x})
			}
			specs = append(specs, node(fmt.Sprintf("u%d", i), hash(s, 'u', i), "1", deps))
		}
		return specs
	}
	var roots [2][]string
	for i := range m {
		for j, s := range []byte{'o', 'n'} {
			roots[j] = append(roots[j], fmt.Sprintf(`{"hash":%q,"spec":"u%d"}`, hash(s, 'u', i), i))
		}
	}
	r, err := CompareWith(loadLock(t, roots[0], side('o', "1")), loadLock(t, roots[1], side('n', "2")), Filter{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestCauseHashesSharedSetLinear (issue 35 class b, c): the m roots of
// twoHubsReport share one set of 2k causes, with no via, and the law
// that follows the paths by hash checked the set from each root: m·2k
// steps, past its budget, so that render refused the report cachediff
// had written ("would cost more than 32 steps an element"). A set is
// checked once for each way its paths' first names lead on; 4x the
// leaves and the roots cost at most ~4.4x the steps and the bytes.
func TestCauseHashesSharedSetLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	for _, extra := range []bool{false, true} {
		var steps, bytes [2]float64
		for i, n := range []int{60, 240} {
			r := twoHubsReport(t, n, n, extra)
			// Most roots share a set of the 2n causes, with no via.
			shared := map[int]int{}
			for _, p := range r.Packages {
				if p.Name[0] != 'u' || len(p.Specs.Rebuilt) != 1 || p.Specs.Rebuilt[0].Why == nil {
					continue
				}
				if w := p.Specs.Rebuilt[0].Why; w.Via == nil && len(r.Causes.Sets[w.Set]) == 2*n {
					shared[w.Set]++
				}
			}
			most := 0
			for _, k := range shared {
				most = max(most, k)
			}
			if 2*most < n {
				t.Fatalf("extra %v, n = %d: the roots of a set of %d causes, no via: %v; want most of the %d", extra, n, 2*n, shared, n)
			}
			var err error
			steps[i], _, bytes[i], err = causeHashesCost(r)
			if err != nil {
				t.Fatalf("extra %v, n = %d: the report as cachediff writes it: %v", extra, n, err)
			}
		}
		for _, x := range []struct {
			what string
			v    [2]float64
		}{{"steps", steps}, {"bytes allocated", bytes}} {
			t.Logf("extra %v: %s: %.0f → %.0f (%.2fx)", extra, x.what, x.v[0], x.v[1], x.v[1]/x.v[0])
			if x.v[1] > 4.4*x.v[0] {
				t.Errorf("extra %v: 4x the leaves and roots: %.2fx the %s (%.0f → %.0f), want at most 4.4x", extra, x.v[1]/x.v[0], x.what, x.v[0], x.v[1])
			}
		}
	}
}

// TestCauseHashesSharedSetEdits: a set checked once for the roots whose
// paths' first names lead on alike still refuses, from any of them, a
// root whose changed dependencies hold a cause that the set reaches by
// a path of several names (cachediff reaches it by its one name), or
// whose dependency of a first name is edited to another's hashes.
func TestCauseHashesSharedSetEdits(t *testing.T) {
	r := twoHubsReport(t, 6, 6, false)
	if err := checkCauseHashes(r); err != nil {
		t.Fatalf("as written: %v", err)
	}
	last := func(r *Report) *Why {
		for i := len(r.Packages) - 1; i >= 0; i-- {
			if p := r.Packages[i]; p.Name[0] == 'u' {
				return p.Specs.Rebuilt[0].Why
			}
		}
		t.Fatal("no root")
		return nil
	}
	w := last(r)
	set := r.Causes.Sets[w.Set]
	ref := set[len(set)-1]
	if r.Causes.Paths[ref.Path].Next == nil {
		t.Fatalf("the set's last reference has a path of one name")
	}
	cause := r.Causes.Table[ref.Cause]
	w.Changed = append(w.Changed, DepChange{Name: cause.Name, OldHash: cause.OldHash, NewHash: cause.NewHash})
	slices.SortFunc(w.Changed, func(a, b DepChange) int { return strings.Compare(a.Name, b.Name) })
	if err := checkCauseHashes(r); err == nil || !strings.Contains(err.Error(), "a changed dependency of that spec itself") {
		t.Errorf("a root's changed dependency that the set reaches by a longer path: %v, want it refused", err)
	}
	r = twoHubsReport(t, 6, 6, false)
	w = last(r)
	w.Changed[0].OldHash, w.Changed[0].NewHash = w.Changed[1].OldHash, w.Changed[1].NewHash
	if err := checkCauseHashes(r); err == nil || !strings.Contains(err.Error(), "is no changed dependency of") {
		t.Errorf("a root's first hub edited to the other hub's hashes: %v, want its paths refused there", err)
	}
}
