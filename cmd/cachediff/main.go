// Command cachediff reports what changed between two snapshots of a Spack
// build-cache catalogue (the _cache/<tag>/ folders of cache.spack.io).
//
// Usage:
//
//	cachediff [flags] OLD NEW
//	cachediff render [flags] REPORT.json
//	cachediff log [flags] SNAPSHOT SNAPSHOT [SNAPSHOT...]
//	cachediff log [flags] --revs RANGE PATH
//	cachediff help [command]
//	cachediff version
//	cachediff completion bash|zsh|fish
//
// The first form diffs two snapshots; render renders a report saved with
// --format json again, in any format, without the snapshots; log writes
// the changelog of a series of snapshots, step by step (exit 1 when a
// step changed anything or tripped --fail-on); completion
// writes a shell completion script. Run cachediff help for the flags,
// cachediff help render for render's.
//
// Exit status: 0 when the snapshots do not differ, 1 when they do, 2 on
// trouble. With --fail-on KINDS (a CI gate) it is 1 only when one of the
// listed kinds of change is present, and 0 otherwise, however much else
// changed. render exits like the diff that made the report: 1 when it has
// changes, or when its saved gate tripped (a --fail-on given to render
// decides again), else 0.
package main

import (
	"io"
	"log"
	"os"
)

func main() {
	removeOnSignal()
	exit(newCLI().run(os.Args[1:]))
}

// newCLI is the command as main runs it: the process's standard streams,
// and the process-wide settings that tests calling run in one process must
// not make (the collector's pace and the memory limit, and the standard
// logger's output).
func newCLI() *cli {
	quietLibraryLog()
	return &cli{stdin: os.Stdin, stdout: os.Stdout, stderr: processStderr(), memory: processMemory{}}
}

// quietLibraryLog sends the standard logger's lines nowhere. cachediff
// logs nothing, but net/http does, on standard error: a mirror's server
// that sent more bytes than its Content-Length gave wrote "2026/01/02
// 15:04:05 Unsolicited response received on idle HTTP channel starting
// with ..." (quoting them) among cachediff's lines, a line of no use to
// the user (the file was read whole), in no format of cachediff's.
func quietLibraryLog() { log.SetOutput(io.Discard) }
