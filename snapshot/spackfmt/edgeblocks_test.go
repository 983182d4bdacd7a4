package spackfmt

import (
	"runtime"
	"testing"
)

// TestEdgeBlocksFitFile (issue 35, class d): the edges are carved out
// of blocks that double in size, and the decoded set (then the
// snapshot, whose specs keep their edge lists) holds each block whole:
// a lockfile whose edges were a few past a block's end held a last
// block of twice the edges before it, mostly empty (2 MB of the 6.5 MB
// of edges of a lockfile pair of 32,000 roots, docs/performance.md, "The
// 24 MiB floor"). A block made while the file is read holds what its
// rest will at the rate read so far (decoder.edgesLeft). archLock of
// 8,400 roots has 8,400 edges, 208 past the first block's 8,192: its
// set held 568 bytes a node, a second block of 16,384 edges, where
// TestDecodedNodesHoldLittle's 4,000 roots (one block) hold 487; 491
// now, and at most 510.
func TestEdgeBlocksFitFile(t *testing.T) {
	const n = 8400
	set, held := heldPerNode(t, n)
	runtime.KeepAlive(set)
	if held > 510 {
		t.Errorf("the decoded set of %d nodes holds %.0f bytes a node, want at most 510 (its last block of edges made twice the size of the one before, mostly empty?)", 2*n, held)
	}
}
