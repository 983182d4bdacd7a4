package spackfmt

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// archLock is a lockfile of n roots, each on an OS, a platform and a
// target (so that each node has a Detail) and each needing one
// dependency of its own, as writeRootsLock of package main writes them.
func archLock(n int) []byte {
	var roots, nodes []string
	for i := range n {
		h, dep := fmt.Sprintf("%032d", 2*i), fmt.Sprintf("%032d", 2*i+1)
		h = strings.Map(func(r rune) rune { return 'a' + (r - '0') }, h)
		dep = strings.Map(func(r rune) rune { return 'a' + (r - '0') }, dep)
		const arch = `"arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"}`
		roots = append(roots, fmt.Sprintf(`{"hash":%q,"spec":"p%d"}`, h, i))
		nodes = append(nodes,
			fmt.Sprintf(`%q:{"name":"p%d","version":"1",%s,"hash":%q,"dependencies":[{"name":"d%d","hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}]}`, h, i, arch, h, i, dep),
			fmt.Sprintf(`%q:{"name":"d%d","version":"1",%s,"hash":%q}`, dep, i, arch, dep))
	}
	return []byte(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},"roots":[` + strings.Join(roots, ",") + `],"concrete_specs":{` + strings.Join(nodes, ",") + `}}`)
}

// TestDecodedNodesHoldLittle (issue 35, class d): what only the
// decoding reads of a node (its dependencies as written, their hashes'
// refs, the other hashes it answers to: 72 bytes) was in its Detail,
// which every node on an OS and a target has, and which lives as long
// as the node: a decoded lockfile of 8,000 such nodes held 552 bytes a
// node (the node, its Detail of 184 bytes, its edges, its strings), and
// the two files' nodes of a lockfile pair of 32,000 roots were most of
// the heap while the second file loaded, a peak that sets its peak RSS
// (docs/performance.md, "The 24 MiB floor"). The decoded set holds at
// most 520 bytes a node now (487: a Detail of 120).
func TestDecodedNodesHoldLittle(t *testing.T) {
	const n = 4000
	set, held := heldPerNode(t, n)
	runtime.KeepAlive(set)
	if held > 520 {
		t.Errorf("the decoded set holds %.0f bytes a node, want at most 520 (what only the decoding reads kept with each node?)", held)
	}
}

// heldPerNode decodes archLock(n) and says how many bytes of heap the
// decoded set holds a node, after a collection before and after (the
// pools emptied first: the intern table is the decoder's). The set is
// given back live, for checks of its nodes.
func heldPerNode(t *testing.T, n int) (*Set, float64) {
	t.Helper()
	data := archLock(n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.GC() // empty the pools: the intern table is the decoder's
	runtime.ReadMemStats(&before)
	set, err := Decode("spack.lock", data)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(data)
	nodes := len(set.Nodes) + len(set.Others)
	if nodes != 2*n {
		t.Fatalf("decoded %d nodes, want %d", nodes, 2*n)
	}
	held := float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(nodes)
	t.Logf("the decoded set holds %.0f bytes a node", held)
	return set, held
}
