package spackfmt

import (
	"strconv"
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
	saved := internPool.New
	internPool.New = nil
	for internPool.Get() != nil { // the tables other tests left, full or not
	}
	internPool.New = func() any { return full }
	t.Cleanup(func() { internPool.New = saved })
}
