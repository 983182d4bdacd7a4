//go:build !unix

package main

// mayWrite is nil: without access(2), writing the file says
// (atomicfile.Create).
func mayWrite(string, bool) error { return nil }
