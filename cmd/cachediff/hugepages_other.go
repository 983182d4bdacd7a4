//go:build !linux

package main

// hugeHeap does nothing here: it is for Linux's transparent huge pages
// (hugepages_linux.go).
func hugeHeap() {}
