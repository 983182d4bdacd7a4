package catalog

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/internal/intern"
	"github.com/cachediff/cachediff/internal/testing/pagetest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestManyVariantsRare (issue 35: memory within 4x the input): a page
// whose specs have thousands of variants each, every one its own, filed
// them in the loading goroutine's intern table until it held doorFrom
// (64k) strings, some 60 bytes an entry beside the string: a fixed 4 MB
// a side, and a page of 64 specs of 2,000 variants peaked at 5.2x its
// input (TestManyVariantsMemory in cmd/cachediff). Past rareFrom strings
// of one list they are filed the second time they are given, as every
// string past doorFrom is: the table keeps the first rareFrom of each
// list and the few a door lets through, and the lists are as read.
func TestManyVariantsRare(t *testing.T) {
	const specs, n = 8, 3000
	var list []map[string]any
	for s := range specs {
		variants := make([]string, n)
		for j := range variants {
			variants[j] = fmt.Sprintf("v%06d=%d", j, s)
		}
		list = append(list, map[string]any{"hash": pagetest.HashN(s), "versions": []string{"1.0"},
			"compiler": "gcc@=13.2.0", "os": "ubuntu22.04", "platform": "linux",
			"target": "x86_64_v3", "variants": variants, "stacks": []string{"root"}, "size": "-"})
	}
	st := &state{in: intern.New()}
	p, _, _, err := decodeWith("p/specs.md", []byte(pagetest.Page("p", "develop", nil, list...)), snapshot.Options{}, st)
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range p.Specs {
		if len(sp.Variants) != n || sp.Variants[0][:8] != "v000000=" || sp.Variants[n-1][:8] != fmt.Sprintf("v%06d=", n-1) {
			t.Fatalf("spec %s: %d variants, %q … %q", sp.Hash, len(sp.Variants), sp.Variants[0], sp.Variants[len(sp.Variants)-1])
		}
	}
	if most := specs*rareFrom + specs*n/16 + 64; st.in.Len() > most {
		t.Errorf("%d specs of %d variants of their own filed %d strings, want at most %d (the first %d of each list, and those the door lets through)", specs, n, st.in.Len(), most, rareFrom)
	}
}
