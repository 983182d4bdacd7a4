// Command cachediff reports what changed between two snapshots of a Spack
// build-cache catalogue (the _cache/<tag>/ folders of cache.spack.io).
//
// Usage:
//
//	cachediff [flags] OLD NEW
//
// Run cachediff --help for the flags. The exit code is 0 when the snapshots
// do not differ, 1 when they do, and 2 on trouble.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
