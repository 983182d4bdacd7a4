package diff

import (
	"fmt"
	"path"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestFilterManyNamesLinear: --package and --stack given many names. Each
// package name was matched against every pattern (path.Match), and each
// spec's stacks looked up in the list of every --stack name: 4,000
// package names over 8,000 packages took 8 s, and 4x both 16x that. A
// pattern without path.Match's special characters is now a look-up, and
// the stacks a set: a glob is matched against each name, a literal name
// never, and the filter keeps what it kept.
func TestFilterManyNamesLinear(t *testing.T) {
	calls := 0
	defer func(m func(string, string) (bool, error)) { matchPattern = m }(matchPattern)
	matchPattern = func(pat, name string) (bool, error) {
		calls++
		return path.Match(pat, name)
	}
	cost := func(n int) int {
		s := &snapshot.Snapshot{}
		var f Filter
		for i := range n {
			name := fmt.Sprintf("pkg%06d", i)
			s.Packages = append(s.Packages, pkg(name, sp(fmt.Sprintf("h%06d", i), "1.0", "gcc@13.2.0", "x86_64_v3", fmt.Sprintf("st%06d", i))))
			if i%2 == 0 {
				f.Packages = append(f.Packages, name)
				f.Stacks = append(f.Stacks, fmt.Sprintf("st%06d", i))
			}
		}
		f.Packages = append(f.Packages, "pkg00001*") // a glob among them: pkg000010 to 19
		f, err := f.normalize()
		if err != nil {
			t.Fatal(err)
		}
		calls = 0
		out := f.apply(s)
		if u := f.Unmatched(s, s); u != nil {
			t.Fatalf("%d packages: unmatched %+v", n, u)
		}
		if want := n / 2; len(out.Packages) != want { // the glob's odd ones are in no selected stack
			t.Fatalf("%d packages: the filter kept %d, want %d", n, len(out.Packages), want)
		}
		return calls
	}
	// The one glob is matched against each name at most twice (apply,
	// Unmatched), the literal names never.
	for _, n := range []int{2000, 8000} {
		if c := cost(n); c > 2*n {
			t.Errorf("%d packages and %d names: %d pattern matches, want at most %d (the glob against each name, twice)", n, n/2+1, c, 2*n)
		}
	}
}
