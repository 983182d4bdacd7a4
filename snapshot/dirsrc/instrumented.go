//go:build race || msan || asan

package dirsrc

// instrumented says this build keeps track of memory the kernel writes
// (the race detector, the memory or address sanitizer): direct system
// calls would skip that bookkeeping (see calls).
const instrumented = true
