package main

import (
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/gitsrc"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// stdinName is the name of standard input on the command line.
const stdinName = "-"

// maxStdin is the most bytes read from standard input: a page is far
// smaller, and a pipe, unlike a file, has no size to bound the read.
const maxStdin = 1 << 30

// loadSnapshot loads the snapshot named path: standard input, as a single
// page, when it is "-"; else a folder, a page file or REV:PATH, found
// from dir (-C) (gitsrc.LoadArg).
func (c *cli) loadSnapshot(dir, path string, opt snapshot.Options) (*snapshot.Snapshot, error) {
	if path != stdinName {
		return gitsrc.LoadArgWith(dir, path, c.sources, opt)
	}
	return snapshot.LoadFrom(&stdinSource{r: c.stdin}, opt)
}

// stdinSource is a snapshot of one page read from standard input.
type stdinSource struct {
	r    io.Reader
	once sync.Once
	data []byte
	err  error
}

// stdinFile is the page's name in messages and in the report.
const stdinFile = "standard input"

func (s *stdinSource) Path() string { return stdinName }

func (s *stdinSource) Walk(yield func(snapshot.File)) ([]snapshot.Warning, []*snapshot.Error) {
	yield(snapshot.File{Name: stdinFile, Base: stdinFile, Size: -1, Root: true})
	return nil, nil
}

// Read reads standard input once, at most maxStdin bytes.
func (s *stdinSource) Read(f snapshot.File, buf []byte) ([]byte, error) {
	s.once.Do(func() { s.data, s.err = readAtMost(s.r, maxStdin) })
	return append(buf[:0], s.data...), s.err
}

// readAtMost reads r to its end, failing when it holds more than n bytes.
func readAtMost(r io.Reader, n int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, n+1))
	switch {
	case err != nil:
		return nil, err
	case int64(len(data)) > n:
		return nil, fmt.Errorf("more than %d MiB: not a page", n>>20)
	}
	return data, nil
}

// errTwoStdin and errTemplateStdin: standard input can be read once.
var (
	errTwoStdin      = errors.New(`only one of OLD and NEW can be "-" (standard input)`)
	errTemplateStdin = errors.New(`--template - and a "-" argument both want standard input: it can be read once`)
)

// sourceOptions are how the command's arguments are opened: a Spack
// mirror's view, and how a mirror URL is fetched (the cache, --offline,
// the byte bound, and a progress line on standard error when it is a
// terminal).
func (c *cli) sourceOptions(o *options) gitsrc.Options {
	so := gitsrc.Options{Mirror: o.mirror}
	so.Mirror.MaxBytes = o.maxDownload
	h := &mirror.HTTP{NoCache: o.noCache, Offline: o.offline}
	if isTerminal(c.stderr) {
		h.Progress = progressLine(c.stderr)
	}
	so.HTTP = h
	return so
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
		fmt.Fprintf(w, "\r\x1b[Kcachediff: %s: %s%s%s", report.Visible(name), mb(done), of, rate)
	}
}

// mb writes a number of bytes in MB, one decimal.
func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }
