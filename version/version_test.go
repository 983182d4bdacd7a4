package version

import (
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

func TestCompareOrdered(t *testing.T) {
	// Each list is strictly ascending.
	for _, ordered := range [][]string{
		{"0.9", "1.0", "1.2", "1.2.1", "1.10", "2", "10.0"},
		{"1.2alpha", "1.2alpha1", "1.2alpha2", "1.2beta", "1.2beta10", "1.2rc1", "1.2rc2", "1.2", "1.2.1"},
		{"1.2.0-rc1", "1.2.0", "1.2.1-rc1"},
		{"1.2a", "1.2b", "1.2.0", "1.2.1"}, // a string component sorts below a number
		{"1.0", "stable", "trunk", "head", "master", "main", "develop"},
		{"1.2.0", "1.2.develop"}, // infinity component above a number
		{"1.1", "1.02", "1.2"},   // 02 is 2; 1.02 and 1.2 tie and fall back to bytes
		{"1-2", "1.2", "1_2"},    // separators do not matter to Spack; bytes break the tie
		{"2023.10.0", "2024.0.2", "2024.2.1"},
		{"24.10", "24.10.1", "25.0"},
		{"9", "10", "99999999999999999999999", "100000000000000000000000"},
		{"1.2rc99999999999999999998", "1.2rc99999999999999999999", "1.2"},
		// Git versions (Spack's GitVersion) order by the version they are
		// assigned, just above that version itself, then by ref; one
		// assigned none (or a range) above every other version.
		{"1.0", "a=1.0", "git.b=1.0", "0123456789abcdef0123456789abcdef01234567=1.5", "git.v1.9=1.9", "2.0", "git.v2.0=2.0",
			"develop", "0123456789abcdef0123456789abcdef01234567", "git.feature", "git.main", "git.main=1.0:2.0"},
	} {
		for i := range ordered {
			for j := range ordered {
				want := 0
				switch {
				case i < j:
					want = -1
				case i > j:
					want = 1
				}
				if got := Compare(ordered[i], ordered[j]); got != want {
					t.Errorf("Compare(%q, %q) = %d, want %d", ordered[i], ordered[j], got, want)
				}
			}
		}
		shuffled := slices.Clone(ordered)
		slices.Reverse(shuffled)
		slices.SortFunc(shuffled, Compare)
		if !slices.Equal(shuffled, ordered) {
			t.Errorf("sorted %v, want %v", shuffled, ordered)
		}
		reversed := slices.Clone(ordered)
		slices.Reverse(reversed)
		if Sort(reversed); !slices.Equal(reversed, ordered) {
			t.Errorf("Sort gave %v, want %v", reversed, ordered)
		}
	}
}

// TestSorterReused: one Sorter, reused for lists of every length, sorts
// each as slices.SortFunc with Compare does, and keeps none of them.
func TestSorterReused(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	parts := []string{"1", "2", "10", "0", "01", "rc", "alpha", "beta", "develop", "main", "a", "."}
	var s Sorter
	for range 500 {
		vs := make([]string, r.IntN(12))
		for i := range vs {
			var b strings.Builder
			for range 1 + r.IntN(5) {
				b.WriteString(parts[r.IntN(len(parts))])
			}
			vs[i] = b.String()
		}
		want := slices.Clone(vs)
		slices.SortFunc(want, Compare)
		if s.Sort(vs); !slices.Equal(vs, want) {
			t.Fatalf("Sorter gave %q, want %q", vs, want)
		}
		for _, k := range s.ks[:cap(s.ks)] {
			if k.v != "" || k.release != nil {
				t.Fatalf("the Sorter keeps %q after sorting", k.v)
			}
		}
		for _, c := range s.buf[:cap(s.buf)] {
			if c != (component{}) {
				t.Fatalf("the Sorter keeps the component %+v after sorting", c)
			}
		}
	}
}

func TestMax(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"3.9.0"}, "3.9.0"},
		{[]string{"3.10.0", "3.9.2"}, "3.10.0"},
		{[]string{"main", "develop", "1.0"}, "develop"},
		{[]string{"2.0rc1", "1.9"}, "2.0rc1"},
	} {
		if got := Max(tc.in); got != tc.want {
			t.Errorf("Max(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzCompare checks that Compare is a total order: reflexive only on equal
// strings, antisymmetric and transitive.
func FuzzCompare(f *testing.F) {
	for _, s := range [][3]string{
		{"1.2.3", "1.2", "1.2rc1"},
		{"develop", "main", "1.0"},
		{"2024.2.1", "=1.2.3", "1.02"},
		{"3.9.0", "3.9.2", "0.4.5"},
		{"1.2alpha", "1.2a", "1.2-beta"},
		{"git.v2.0=2.0", "2.0", "git.main"},
		{"a=1.0", "git.a=1.0", "0123456789abcdef0123456789abcdef01234567"},
		{"nightly", "1.2final", "1.2rc0"},
		{"=git.main", "=git.v2=2.0", "1.2rc"},
	} {
		f.Add(s[0], s[1], s[2])
	}
	// The versions of the real pages, in triples of neighbours and of far
	// apart ones.
	resolved := realVersions(f)
	for i := range resolved {
		f.Add(resolved[i], resolved[(i+1)%len(resolved)], resolved[(i+2)%len(resolved)])
		f.Add(resolved[i], resolved[(i+len(resolved)/2)%len(resolved)], resolved[(i+len(resolved)/3)%len(resolved)])
	}
	f.Fuzz(func(t *testing.T, a, b, c string) {
		ab, ba := Compare(a, b), Compare(b, a)
		if ab != -ba {
			t.Fatalf("not antisymmetric: Compare(%q,%q)=%d, Compare(%q,%q)=%d", a, b, ab, b, a, ba)
		}
		if (ab == 0) != (a == b) {
			t.Fatalf("Compare(%q,%q)=%d but equality is %v", a, b, ab, a == b)
		}
		bc, ac := Compare(b, c), Compare(a, c)
		if ab <= 0 && bc <= 0 && ac > 0 {
			t.Fatalf("not transitive: %q <= %q <= %q but Compare(a,c)=%d", a, b, c, ac)
		}
		if ab >= 0 && bc >= 0 && ac < 0 {
			t.Fatalf("not transitive: %q >= %q >= %q but Compare(a,c)=%d", a, b, c, ac)
		}
	})
}

// realVersions returns the distinct versions named in the real pages and
// seeds (spec versions and meta versions), sorted by bytes.
func realVersions(f *testing.F) []string {
	files, _ := filepath.Glob("../testdata/real/*/*/specs.md")
	seeds, _ := filepath.Glob("../testdata/seeds/*.txt")
	list := regexp.MustCompile(`"versions": ?\[([^\]]*)\]`)
	item := regexp.MustCompile(`"([^"]*)"`)
	seen := map[string]bool{}
	for _, file := range append(files, seeds...) {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, m := range list.FindAllSubmatch(data, -1) {
			for _, v := range item.FindAllSubmatch(m[1], -1) {
				seen[string(v[1])] = true
			}
		}
	}
	if len(seen) < 10 {
		f.Fatalf("only %d versions found in the real pages", len(seen))
	}
	return slices.Sorted(maps.Keys(seen))
}

// Sort parses every value of a list at once: a lockfile's stack roll-up
// sorts one value per root, hundreds of thousands in a large one, and
// the scratch was the roll-up's peak. A value of two components (a root
// name, "p123") costs its parsed form (64 bytes) and its components (12
// bytes each, counted before they are made): 88 bytes. It cost 248 when a
// component held its text as two strings (40 bytes) and room was made
// for four a value.
func TestSortScratchPerValue(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	const n = 1 << 16
	vs := make([]string, n)
	for i := range vs {
		vs[i] = "p" + strconv.Itoa(n-i)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	Sort(vs)
	runtime.ReadMemStats(&after)
	per := float64(after.TotalAlloc-before.TotalAlloc) / n
	t.Logf("%.0f bytes a value", per)
	if per > 100 {
		t.Errorf("sorting %d versions allocated %.0f bytes a value, want at most 100", n, per)
	}
	if !slices.IsSortedFunc(vs, Compare) {
		t.Error("not sorted")
	}
}

// BenchmarkSort sorts the values of a large stack roll-up: one root name
// a value, as a lockfile of tiny records has.
func BenchmarkSort(b *testing.B) {
	vs := make([]string, 1<<16)
	for i := range vs {
		vs[i] = "p" + strconv.Itoa((i*7919)%len(vs)) + "@1.2." + strconv.Itoa(i%13)
	}
	work := make([]string, len(vs))
	b.ReportAllocs()
	for b.Loop() {
		copy(work, vs)
		Sort(work)
	}
}

// TestCompareSpack: CompareSpack is 0 exactly where Spack's
// StandardVersion.__eq__ holds two spellings equal, and Compare's sign
// elsewhere.
func TestCompareSpack(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"1.2", "1.02", 0}, {"1.2", "1-2", 0}, {"1_2", "1.2", 0}, {"develop", "develop", 0},
		{"1.2", "1.2.0", -1}, {"1.10", "1.9", 1}, {"2.0rc1", "2.0", -1}, {"main", "develop", -1},
	} {
		if got := CompareSpack(tc.a, tc.b); got != tc.want {
			t.Errorf("CompareSpack(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := CompareSpack(tc.b, tc.a); got != -tc.want {
			t.Errorf("CompareSpack(%q, %q) = %d, want %d", tc.b, tc.a, got, -tc.want)
		}
		if c := Compare(tc.a, tc.b); tc.want != 0 && c != tc.want {
			t.Errorf("Compare(%q, %q) = %d, CompareSpack %d", tc.a, tc.b, c, tc.want)
		}
	}
}

// TestCompareSpackKeywords: the words Spack's version/common.py gives a
// meaning to. "nightly" is an infinity version (stable < nightly <
// trunk); "final" is a pre-release keyword that names the release itself
// (1.2final is 1.2, 1.2final1 above it); a pre-release without a number
// sorts below the same one numbered 0 (Spack's (RC,) < (RC, 0)).
func TestCompareSpackKeywords(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"1.0", "nightly", -1}, {"stable", "nightly", -1}, {"nightly", "trunk", -1}, {"1.2.nightly", "1.2.9", 1},
		{"1.2final", "1.2", 0}, {"1.2-final", "1.2", 0}, {"1.2final1", "1.2", 1}, {"1.2final1", "1.2.1", -1},
		{"1.2rc1", "1.2final", -1}, {"final", "1.0", -1},
		{"1.2rc", "1.2rc0", -1}, {"1.2rc0", "1.2rc00", 0}, {"1.2alpha0", "1.2alpha", 1}, {"1.2rc", "1.2rc1", -1},
	} {
		if got := CompareSpack(tc.a, tc.b); got != tc.want {
			t.Errorf("CompareSpack(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := CompareSpack(tc.b, tc.a); got != -tc.want {
			t.Errorf("CompareSpack(%q, %q) = %d, want %d", tc.b, tc.a, got, -tc.want)
		}
		vs := []string{tc.b, tc.a}
		if Sort(vs); tc.want < 0 && vs[0] != tc.a || tc.want > 0 && vs[0] != tc.b {
			t.Errorf("Sort gave %q, CompareSpack(%q, %q) %d", vs, tc.a, tc.b, tc.want)
		}
	}
}

func TestUnassigned(t *testing.T) {
	for v, want := range map[string]bool{
		"git.main": true, "0123456789abcdef0123456789abcdef01234567": true, "git.x=1.0:2.0": true, "a=1.0:": true,
		"git.v2.0=2.0": false, "a=1.0": false, "1.0": false, "develop": false, "": false, "gcc@=13.2.0": false,
	} {
		if got := Unassigned(v); got != want {
			t.Errorf("Unassigned(%q) = %v, want %v", v, got, want)
		}
	}
}

// TestExactPrefix: Spack reads "=V" (a spec's @=V) as V itself, a git
// version too (version_types.from_string); the loader strips the "="
// unless --no-canonicalize, which compares what the pages write.
func TestExactPrefix(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"=git.v2.0=2.0", "git.v2.0=2.0", 0}, {"=git.main", "git.main", 0}, {"1.0", "=git.v2=2.0", -1},
		{"=git.v2=2.0", "2.0", 1}, {"=1.2", "1.2", 0}, {"=0123456789abcdef0123456789abcdef01234567", "develop", 1},
	} {
		if got := CompareSpack(tc.a, tc.b); got != tc.want {
			t.Errorf("CompareSpack(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := CompareSpack(tc.b, tc.a); got != -tc.want {
			t.Errorf("CompareSpack(%q, %q) = %d, want %d", tc.b, tc.a, got, -tc.want)
		}
	}
	if !Unassigned("=git.main") {
		t.Error(`Unassigned("=git.main") = false`)
	}
}

// CompareAssigned compares the versions Spack places: a ref assigned a
// version the other has is neither above nor below it, nor is a ref
// above another by its name (a commit bump at one assigned version,
// ordered by hex digits, read as a downgrade half the time).
func TestCompareAssigned(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"git.a=2.0", "git.b=2.0", 0},
		{"git.b=2.0", "git.a=2.0", 0},
		{"fedcba9876543210fedcba9876543210fedcba98=2.0", "0123456789abcdef0123456789abcdef01234567=2.0", 0},
		{"git.v2=2.0", "2.0", 0},
		{"2.0", "=git.v2=2.00", 0},
		{"1.02", "1.2", 0},
		{"git.z=1.0", "git.a=2.0", -1},
		{"git.a=2.0", "1.9", 1},
		{"2.0", "git.main", -1},
		{"git.main", "2.0", 1},
	} {
		if got := CompareAssigned(c.a, c.b); got != c.want {
			t.Errorf("CompareAssigned(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := CompareAssigned(c.b, c.a); got != -c.want {
			t.Errorf("CompareAssigned(%q, %q) = %d, want %d", c.b, c.a, got, -c.want)
		}
	}
}

// SortFunc orders values by their keys as Sort orders the keys, moving
// the values with them.
func TestSortFuncAsSort(t *testing.T) {
	keys := []string{"p10", "1.2rc", "p9", "develop", "1.2", "main", "1.10", "1.2rc0", "p1", "", "1.2", "git.abc=1.0", "p10"}
	type row struct {
		name string
		i    int
	}
	rows := make([]row, len(keys))
	for i, k := range keys {
		rows[i] = row{k, i}
	}
	want := slices.Clone(keys)
	Sort(want)
	SortFunc(rows, func(r *row) string { return r.name })
	for i, r := range rows {
		if r.name != want[i] || keys[r.i] != r.name {
			t.Fatalf("SortFunc: %v, want the names %q", rows, want)
		}
	}
}
