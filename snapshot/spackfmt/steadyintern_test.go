package spackfmt

import (
	"strconv"
	"sync"
	"testing"
)

// steadyIntern makes every Decode of t find an intern table already at
// maxInterned entries, none of them a test's strings: the state of a
// folder of many files, where the table is full and adds nothing.
//
// internPool is a sync.Pool, and a runtime.GC that meets a collection
// already under way runs two, which empties the pool: a measured Decode
// then grew a new table (some 10 MB) or did not, by the collector's
// timing, and TestReversedVariantsDecodeAllocs measured 2.45x or 4.70x
// for the same code. The table's growth is a fixed cost, at most
// maxInterned entries, so it is left out of both measures, not paid by
// one of them. Decode adds nothing to a full table, so the one table
// serves every Decode.
func steadyIntern(t *testing.T) {
	t.Helper()
	full := make(map[string]string, maxInterned)
	for i := range maxInterned {
		s := "\x00steady" + strconv.Itoa(i)
		full[s] = s
	}
	withInternTable(t, full)
}

// withInternTable makes every Decode of t use table as its intern table:
// internPool is a pool of t's own while it runs, whose every Get is
// table. Draining the package's pool was not enough: Get takes from
// other Ps only what they share, not the table each P keeps aside, so a
// table an earlier test left on another P was found once the test's
// goroutine ran there. TestEscapedRunKeysAllocate measured 1.22x here
// and 1.45x (70.4 and 102.0 bytes a key) on CI, each decode having met a
// different part-filled table.
func withInternTable(t *testing.T, table map[string]string) {
	t.Helper()
	saved := internPool
	internPool = &sync.Pool{New: func() any { return table }}
	t.Cleanup(func() { internPool = saved })
}
