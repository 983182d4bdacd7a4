package diff_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestCauseTableAllocsLinear: the causes table is sorted by name, hashes
// and changes, and the changes' key was made in the comparison, for
// every comparison (cmp.Or takes its arguments made): n log n strings.
// One spec whose n dependencies of one package half changed version made
// 225k allocations at n = 2,500 and 4.7M at 40,000 (4.55x for each 4x).
// A 4x input costs at most ~4.4x the allocations.
func TestCauseTableAllocsLinear(t *testing.T) {
	const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
	hash := func(k int) string {
		var b strings.Builder
		for j := range 32 {
			b.WriteByte(alphabet[(k>>(5*(j%12)))&31])
		}
		return b.String()
	}
	lock := func(n int, side int) []byte {
		var specs, deps []string
		for i := range n {
			k := i
			if side == 1 && i%2 == 1 {
				k = i + n
			}
			h := hash(k + 1)
			specs = append(specs, fmt.Sprintf(`%q:{"name":"zlib","version":"%d","hash":%q}`, h, k, h))
			deps = append(deps, fmt.Sprintf(`{"name":"zlib","hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}`, h))
		}
		top := hash(1<<30 + side)
		specs = append(specs, fmt.Sprintf(`%q:{"name":"curl","version":"1","hash":%q,"dependencies":[%s]}`, top, top, strings.Join(deps, ",")))
		return []byte(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"` + top + `","spec":"curl"}],"concrete_specs":{` +
			strings.Join(specs, ",") + `}}`)
	}
	dir := t.TempDir()
	allocs := func(n int) float64 {
		o := loadLockfile(t, dir, fmt.Sprintf("o%d", n), lock(n, 0))
		nw := loadLockfile(t, dir, fmt.Sprintf("n%d", n), lock(n, 1))
		return testing.AllocsPerRun(1, func() {
			r, err := diff.CompareWith(o, nw, diff.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Causes.Table) < n/2 {
				t.Fatalf("n = %d: %d causes, want one a changed dependency at least", n, len(r.Causes.Table))
			}
		})
	}
	small, large := allocs(2000), allocs(8000)
	if ratio := large / small; ratio > 4.4 {
		t.Errorf("allocations %.0f at 2,000 dependencies, %.0f at 8,000: %.2fx for a 4x input, want at most 4.4x", small, large, ratio)
	}
}
