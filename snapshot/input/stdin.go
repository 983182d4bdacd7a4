package input

import (
	"fmt"
	"io"
	"sync"

	"github.com/cachediff/cachediff/snapshot"
)

// StdinName is the name of standard input on the command line.
const StdinName = "-"

// StdinFile is standard input's name in messages and in a report: the
// name of the page read from it.
const StdinFile = "standard input"

// MaxStdin is the most bytes read from standard input: a page is far
// smaller, and a pipe, unlike a file, has no size to bound the read.
const MaxStdin = 1 << 30

// stdinSource is a snapshot of one page read from standard input.
type stdinSource struct {
	r    io.Reader
	once sync.Once
	data []byte
	err  error
}

func (s *stdinSource) Path() string { return StdinName }

func (s *stdinSource) Walk(yield func(snapshot.File)) ([]snapshot.Warning, []*snapshot.Error) {
	yield(snapshot.File{Name: StdinFile, Base: StdinFile, Size: -1, Root: true})
	return nil, nil
}

// Read reads standard input once, at most MaxStdin bytes.
func (s *stdinSource) Read(f snapshot.File, buf []byte) ([]byte, error) {
	s.once.Do(func() { s.data, s.err = ReadAtMost(s.r, MaxStdin) })
	return append(buf[:0], s.data...), s.err
}

// ReadAtMost reads r to its end, failing when it holds more than n bytes.
func ReadAtMost(r io.Reader, n int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, n+1))
	switch {
	case err != nil:
		return nil, err
	case int64(len(data)) > n:
		return nil, fmt.Errorf("more than %d MiB: not a page", n>>20)
	}
	return data, nil
}
