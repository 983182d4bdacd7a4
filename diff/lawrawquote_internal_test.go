package diff

import (
	"strings"
	"testing"
)

// TestLawRawValuesQuoteInASCII (issue 35, class c of f5188312): the
// values a law gave raw before f5188312 (a canonicalized value, a
// package's status, a gate's kind and unit) are quoted in ASCII as
// shortValue quotes each, so that a lookalike ("\u0430ny", its а
// Cyrillic) reads apart from the kind "any". No test noticed any of
// them given raw again (%q of the string). A changed package's
// direction, the one other, is New or Gone there: quoted alike either
// way.
func TestLawRawValuesQuoteInASCII(t *testing.T) {
	const look = "\u0430ny" // а Cyrillic
	gate := func(g Gate) error {
		return checkGate(&Report{Packages: []Package{{Name: "x", Status: Added}}, Gate: &g})
	}
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"status", checkPackage("packages[0]", &Package{Status: look}), `"\u0430ny" packages are not listed`},
		{"canonicalized", (&Report{Canonicalized: ValueCounts{{Value: look, OldToNew: OldToNew{Old: 1}}}}).CheckStepLaws(), `canonicalized["\u0430ny"].old`},
		{"fail_on twice", gate(Gate{FailOn: []string{look, look}}), `"\u0430ny" is there twice`},
		{"tripped not in fail_on", gate(Gate{FailOn: []string{"any"}, Tripped: []Trip{{Kind: look, Count: 1}}}), `"\u0430ny" is not in gate.fail_on`},
		{"tripped out of order", gate(Gate{FailOn: []string{"any", look}, Tripped: []Trip{{Kind: "any", Count: 1}, {Kind: look, Count: 1}, {Kind: look, Count: 1}}}), `"\u0430ny" is out of gate.fail_on's order`},
		{"unit", gate(Gate{FailOn: []string{"any"}, Tripped: []Trip{{Kind: "any", Count: 1, Unit: "p\u0430ckage", Packages: []string{"x"}, Values: []string{}}}}), `"p\u0430ckage", but the kind counts "package"`},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("%s: %v, want %s", c.name, c.err, c.want)
		}
	}
}
