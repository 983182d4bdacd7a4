//go:build linux

package main

import (
	"fmt"
	"io"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	_ "github.com/cachediff/cachediff/report/builtin" // the output formats, registered
	"github.com/cachediff/cachediff/snapshot"
	_ "github.com/cachediff/cachediff/snapshot/catalog" // package pages
)

func init() { subcommands["pipeline"] = pipeline }

// pipeline runs cachediff's work in this process (cachediff-bench
// pipeline OLD NEW [FORMAT]): load both snapshots, compare them, and
// render the report to nowhere in FORMAT (none when absent), with no
// collector settings of its own. It is for counting instructions, which,
// unlike wall time, this shared host cannot disturb:
//
//	GOGC=off GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 \
//	  valgrind --tool=callgrind cachediff-bench pipeline OLD NEW md
//
// The collector off and one thread make the count repeatable (within
// 0.1%); with them on it varied 3x with when the collections fell. It
// uses only the packages' exported functions, so this file builds in
// an older checkout too, to count the code before a change (before
// snapshot.Shared, without the Shared option).
func pipeline(args []string) error {
	if len(args) < 2 || len(args) > 3 {
		return fmt.Errorf("want OLD NEW [FORMAT]")
	}
	opt := snapshot.Options{Shared: new(snapshot.Shared)} // as cachediff loads them
	before, err := snapshot.Load(args[0], opt)
	if err != nil {
		return err
	}
	after, err := snapshot.Load(args[1], opt)
	if err != nil {
		return err
	}
	r, err := diff.CompareReleasing(before, after, diff.Filter{})
	if err != nil {
		return err
	}
	if len(args) < 3 {
		return nil
	}
	f, ok := report.Lookup(args[2])
	if !ok {
		return fmt.Errorf("no format %q", args[2])
	}
	return f.Render(io.Discard, r, report.Options{})
}
