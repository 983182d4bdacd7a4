package catalog

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestMetaListsCapped (issue 35, pass 82, class e): checkMeta joined
// every meta value no spec has, and every value of the specs meta
// lacks, into one warning: a page whose meta lists thousands of stacks
// no spec is in printed a line of all of them. Each message names the
// first few values, each shortened, and counts the rest.
func TestMetaListsCapped(t *testing.T) {
	const n = 5000
	var m meta
	specs := []snapshot.Spec{{Hash: "h", Versions: []string{"1.0"}, Compiler: "gcc@13", OS: "ubuntu24.04", Platform: "linux", Target: "x86_64"}}
	for i := range n {
		m.Stacks = append(m.Stacks, fmt.Sprintf("ghost-%05d", i))
		specs[0].Stacks = append(specs[0].Stacks, fmt.Sprintf("real-%05d", i))
		m.Versions = append(m.Versions, fmt.Sprintf("%d.%s", i, strings.Repeat("9", 300)))
	}
	m.Versions = append(m.Versions, "1.0")
	msgs := checkMeta(&m, specs, false)
	want := map[string]bool{
		"meta lists stacks ghost-00000, ": false,
		"meta stacks lacks real-00000, ":  false,
		"meta lists versions 0.999":       false,
	}
	for _, msg := range msgs {
		if len(msg) > 1000 {
			t.Errorf("a message of %d bytes: %.200s…", len(msg), msg)
		}
		for w := range want {
			if strings.HasPrefix(msg, w) {
				want[w] = true
				if !strings.Contains(msg, fmt.Sprintf(" and %d more", n-8)) {
					t.Errorf("%.300s…: want the first 8 named and %d more counted", msg, n-8)
				}
			}
		}
	}
	for w, found := range want {
		if !found {
			t.Errorf("no message starts %q; got %d messages", w, len(msgs))
		}
	}
}
