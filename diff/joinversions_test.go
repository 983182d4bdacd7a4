package diff

import (
	"strings"
	"testing"
)

// Issue 35 (class a): an updated pair's from and to quoted its versions
// where one held a comma, but joined a version holding a double quote as
// it is: the versions [`"1.0`, `2.0"`] updated to [`"x"`] read `"1.0,
// 2.0" → "x"`, as ["1.0, 2.0"] updated to ["x"] did. A version holding
// a double quote is quoted too (JoinVersions), and two pairs of
// different versions never read alike.
func TestUpdatedVersionsQuoteQuotes(t *testing.T) {
	lists := [][]string{{"1.0, 2.0"}, {`"1.0`, `2.0"`}, {"x"}, {`"x"`}, {"1.0", "2.0"}, {""}, {`"`}, {`""`}}
	seen := map[string]string{}
	for _, o := range lists {
		for _, n := range lists {
			if strings.Join(o, "|") == strings.Join(n, "|") {
				continue
			}
			a, b := sp("o1aa", "", "gcc@13.2.0", "x86_64_v3"), sp("n1bb", "", "gcc@13.2.0", "x86_64_v3")
			a.Versions, b.Versions = o, n
			r := compare(snap("a", a), snap("b", b))
			if len(r.Packages) != 1 || len(r.Packages[0].Specs.Updated) != 1 {
				t.Errorf("%q → %q: packages %+v, want one updated pair", o, n, r.Packages)
				continue
			}
			if err := r.CheckLaws(); err != nil {
				t.Errorf("%q → %q: %v", o, n, err)
			}
			p := &r.Packages[0].Specs.Updated[0]
			got := p.From + " → " + p.To
			if other, ok := seen[got]; ok {
				t.Errorf("%q → %q and %s read alike: %s", o, n, other, got)
			}
			seen[got] = strings.Join(o, "|") + " → " + strings.Join(n, "|")
		}
	}
}
