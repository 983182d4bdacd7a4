// Command cachediff reports what changed between two snapshots of a Spack
// build-cache catalogue (the _cache/<tag>/ folders of cache.spack.io).
//
// Usage:
//
//	cachediff [flags] OLD NEW
//	cachediff render [flags] REPORT.json
//
// The first form diffs two snapshots; render renders a report saved with
// --format json again, in any format, without the snapshots. Run
// cachediff --help for the flags.
//
// Exit status: 0 when the snapshots do not differ, 1 when they do, 2 on
// trouble. With --fail-on KINDS (a CI gate) it is 1 only when one of the
// listed kinds of change is present, and 0 otherwise, however much else
// changed. render exits like the diff that made the report: 1 when it has
// changes, or when its saved gate tripped (a --fail-on given to render
// decides again), else 0.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
