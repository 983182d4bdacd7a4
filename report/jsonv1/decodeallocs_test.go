package jsonv1

import (
	"runtime"

	"github.com/cachediff/cachediff/diff"
)

// decodeAllocs decodes data as render does (DecodeBytes) and says how
// many bytes the decode allocated, counted from a collection, for the
// tests that bound a decode's memory by its input.
func decodeAllocs(data []byte) (r *diff.Report, allocated uint64, err error) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r, err = DecodeBytes(data)
	runtime.ReadMemStats(&after)
	return r, after.TotalAlloc - before.TotalAlloc, err
}
