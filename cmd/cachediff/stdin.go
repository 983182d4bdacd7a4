package main

import (
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/input"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// stdinName is the name of standard input on the command line.
const stdinName = input.StdinName

// stdinFile is standard input's name in messages and in the report.
const stdinFile = input.StdinFile

// maxStdin is the most bytes read from standard input: a page is far
// smaller, and a pipe, unlike a file, has no size to bound the read.
const maxStdin = input.MaxStdin

// loadSnapshot loads the snapshot an argument names (input.Load decides
// what it is: standard input, a path on disk, REV:PATH, a mirror's URL),
// found from dir (-C).
// beside is the other snapshot of a pair, whose PATH a hint of a
// revision written without one gives (input.Options.Beside); "": none.
func (c *cli) loadSnapshot(dir, path, beside string, opt snapshot.Options) (*snapshot.Snapshot, error) {
	o := c.sources
	o.Stdin = c.stdin
	o.Beside = beside
	return input.Load(dir, path, o, opt)
}

// readAtMost reads r to its end, failing when it holds more than n bytes.
func readAtMost(r io.Reader, n int64) ([]byte, error) { return input.ReadAtMost(r, n) }

// errTwoStdin and errTemplateStdin: standard input can be read once.
var (
	errTwoStdin      = errors.New(`only one of OLD and NEW can be "-" (standard input)`)
	errTemplateStdin = errors.New(`--template - and a "-" argument both want standard input: it can be read once`)
)

// sourceOptions are how the command's arguments are opened: a Spack
// mirror's view, and how a mirror URL is fetched (the cache, --offline,
// the byte bound, --download-timeout, and a progress line on standard
// error when it is a terminal).
func (c *cli) sourceOptions(o *options) input.Options {
	so := input.Options{Mirror: o.mirror}
	so.Mirror.MaxBytes = o.maxDownload
	h := &mirror.HTTP{NoCache: o.noCache, Offline: o.offline, Total: o.downloadTimeout}
	if isTerminal(c.stderr) {
		h.Progress = progressLine(c.stderr)
	}
	if !o.quiet {
		h.Warn = c.cacheWarning()
		h.Retrying = c.retryNotice(isTerminal(c.stderr))
	}
	so.HTTP = h
	// The arguments in one repository share it (a diff's two sides).
	so.GitRepos = &input.Repos{}
	return so
}

// cacheWarning returns a mirror.HTTP Warn that writes each message once
// on standard error: what the download cache could not keep, which a
// later --offline run would not find (OLD and NEW may be fetched at once,
// and share the cache folder).
func (c *cli) cacheWarning() func(msg string) {
	var mu sync.Mutex
	told := map[string]bool{}
	return func(msg string) {
		mu.Lock()
		defer mu.Unlock()
		if told[msg] {
			return
		}
		told[msg] = true
		fmt.Fprintf(c.stderr, "cachediff: warning: %s\n", capLine(report.Visible(msg)))
	}
}

// retryNotice returns a mirror.HTTP Retrying that writes a line on
// standard error for each retry: a mirror that stalls is retried for
// minutes, and a CI log that showed nothing until the final error
// looked hung. On a terminal the progress line is cleared first.
func (c *cli) retryNotice(terminal bool) func(msg string) {
	var mu sync.Mutex
	erase := ""
	if terminal {
		erase = "\r\x1b[K"
	}
	return func(msg string) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(c.stderr, "%scachediff: %s\n", erase, capLine(report.Visible(msg)))
	}
}

// progressLine returns a mirror.HTTP Progress that keeps one line on a
// terminal up to date: the file, the bytes read of the total, the rate;
// the line is cleared when the file is read.
func progressLine(w io.Writer) func(name string, done, total int64) {
	var mu sync.Mutex
	start := map[string]time.Time{}
	return func(name string, done, total int64) {
		mu.Lock()
		defer mu.Unlock()
		t0, ok := start[name]
		if !ok {
			t0 = time.Now()
			start[name] = t0
		}
		if done == total {
			fmt.Fprint(w, "\r\x1b[K")
			delete(start, name)
			return
		}
		rate := ""
		if s := time.Since(t0).Seconds(); s > 0 {
			rate = fmt.Sprintf(", %s/s", mb(int64(float64(done)/s)))
		}
		of := ""
		if total > 0 {
			of = " of " + mb(total)
		}
		fmt.Fprintf(w, "\r\x1b[Kcachediff: %s: %s%s%s", report.Visible(snapshot.ShownPath(name)), mb(done), of, rate)
	}
}

// mb writes a number of bytes in MB, one decimal.
func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }
