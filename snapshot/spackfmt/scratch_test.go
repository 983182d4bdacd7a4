package spackfmt

import (
	"fmt"
	"strings"
	"testing"
)

// TestScratchLetGo (75th adversarial pass; issue 35: memory within 4x the
// input): reading a node's parameters or its dependencies written as an
// object kept, in the decoder, every key past the 64 it scans (a map of
// copies) and lists of every value read, until the whole file was read.
// An index whose one node has 64,000 parameters (885 KB) peaked at 15.4x
// its bytes, with that scratch alive beside the node's own variants; a
// version 6 index of one node with 64,000 dependencies (4 MB) at 9.5x.
// Once a node's parameters or dependencies are read, the decoder holds
// no more of them than of a real node's.
func TestScratchLetGo(t *testing.T) {
	var params, deps strings.Builder
	params.WriteString("{")
	deps.WriteString("{")
	for i := range 64000 {
		if i > 0 {
			params.WriteString(",")
			deps.WriteString(",")
		}
		fmt.Fprintf(&params, `"v%d":true`, i)
		h := strings.Map(func(r rune) rune { return 'a' + (r - '0') }, fmt.Sprintf("%032d", i))
		fmt.Fprintf(&deps, `"p%d":{"hash":%q,"type":["link"]}`, i, h)
	}
	params.WriteString("}")
	deps.WriteString("}")
	for _, tc := range []struct {
		name string
		data string
		read func(d *decoder, n *Node) error
	}{
		{"parameters", params.String(), (*decoder).parameters},
		{"dependencies", deps.String(), (*decoder).deps},
	} {
		d := newDecoder("index.json", []byte(tc.data))
		d.initSlabs(len(tc.data))
		d.s.intern = map[string]string{}
		n := d.newNode()
		if err := tc.read(d, n); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if d.keys.big != nil || d.keys.n != 0 || d.keys.tabN != 0 || len(d.keys.tab) > maxScratch {
			t.Errorf("%s: the decoder still holds %d keys (%d in its map) once the node is read", tc.name, d.keys.n, len(d.keys.big))
		}
		if c := max(cap(d.varScratch), cap(d.refScratch)); c > maxScratch {
			t.Errorf("%s: the decoder still holds a scratch list of %d items once the node is read", tc.name, c)
		}
		d.release()
	}
}
