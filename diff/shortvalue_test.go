package diff

import (
	"strings"
	"testing"
)

// Issue 35 (class a): shortValue cut a long value for a law's message
// and turned the invalid bytes of the part it kept into U+FFFD, so two
// values differing only there (an invalid byte, U+FFFD) read alike in
// the message, where a short value's invalid byte read \xff. Cut, the
// kept part's bytes stay as they are, and the message quotes an
// invalid byte as an escape, as it does in a short value.
func TestLawMessagesKeepInvalidBytesOfCutValues(t *testing.T) {
	messages := map[string]string{}
	for _, mid := range []string{"\xff", "\ufffd", "\xef\xbf", "?"} {
		for _, long := range []bool{false, true} {
			facet := "bad" + mid + "facet"
			if long {
				facet += strings.Repeat("x", 2*shortChars)
			}
			a, b := sp("o1aa", "1.0", "gcc@13.2.0", "x86_64_v3"), sp("n1bb", "1.1", "gcc@13.2.0", "x86_64_v3")
			r := compare(snap("a", a), snap("b", b))
			if len(r.Packages) != 1 || len(r.Packages[0].Specs.Updated) != 1 {
				t.Fatalf("packages %+v, want one updated pair", r.Packages)
			}
			r.Packages[0].Specs.Updated[0].Facet = facet
			err := r.CheckLaws()
			if err == nil {
				t.Fatalf("facet %q: no law refused it", facet)
			}
			msg := err.Error()
			if !strings.Contains(msg, "is not a facet") {
				t.Fatalf("facet %q: %v, want it named as no facet", facet, err)
			}
			if strings.ContainsRune(msg, '\ufffd') && mid != "\ufffd" {
				t.Errorf("facet %q: %s, U+FFFD where the value holds none", facet, msg)
			}
			if other, ok := messages[msg]; ok {
				t.Errorf("facets %q and %q read alike: %s", facet, other, msg)
			}
			messages[msg] = facet
		}
	}
}
