package spackfmt

import (
	"fmt"
	"strings"
	"testing"
)

// TestSharedArchesCapped (class c) holds setArch to maxSharedArches: a
// file's nodes of an arch alone share at most 64 Details, one an arch,
// and past them each has its own, its arch kept. With the cap undone no
// test failed: a file of 100 targets, each a node of an arch alone, then
// shared 100 Details kept in the decoder's map. Fails with the cap
// undone (1 check).
func TestSharedArchesCapped(t *testing.T) {
	const n = 100
	var nodes []string
	for i := range n {
		h := strings.Repeat(string(rune('a'+i%26)), 30) + fmt.Sprintf("%c%c", 'a'+i/26, 'a'+i%26)
		nodes = append(nodes, fmt.Sprintf(`{"name":"d%d","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"t%d"},"hash":%q}`, i, i, h))
	}
	data := []byte(`{"spec":{"_meta":{"version":5},"nodes":[` + strings.Join(nodes, ",") + `]}}`)
	set, err := Decode("x.spec.json", data)
	if err != nil {
		t.Fatal(err)
	}
	shared := 0
	for _, nd := range append(append([]*Node{}, set.Nodes...), set.Others...) {
		if nd.shared() {
			shared++
		}
		var i int
		if _, err := fmt.Sscanf(nd.Name, "d%d", &i); err != nil || nd.Target != fmt.Sprintf("t%d", i) || nd.OS != "rhel8" || nd.Platform != "linux" {
			t.Fatalf("%s: arch %s %s %s, want its own target", nd.Name, nd.OS, nd.Platform, nd.Target)
		}
	}
	if shared != maxSharedArches {
		t.Errorf("%d of %d nodes of an arch alone share a Detail, want %d (maxSharedArches)", shared, n, maxSharedArches)
	}
}
