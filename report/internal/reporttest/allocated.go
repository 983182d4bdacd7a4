package reporttest

import "runtime"

// Allocated is the bytes f allocates (runtime.MemStats' TotalAlloc),
// counted from a collection just before it: the measure of the views'
// allocation tests, each bounding what a render allocates by its input.
func Allocated(f func()) uint64 {
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	f()
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc
}
