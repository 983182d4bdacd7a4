package main

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/gitsrc"
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
		return gitsrc.LoadArg(dir, path, opt)
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
