package input

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
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
	read func(size int64) // Options.StdinRead
	once sync.Once
	data []byte
	err  error
}

func (s *stdinSource) Path() string { return StdinName }

func (s *stdinSource) Walk(yield func(snapshot.File)) ([]snapshot.Warning, []*snapshot.Error) {
	yield(snapshot.File{Name: StdinFile, Base: StdinFile, Size: -1, Root: true})
	return nil, nil
}

// Read reads standard input once, at most MaxStdin bytes (readPage),
// and returns it as read: not copied into buf, so that it costs its size
// once. Once read, its size goes to s.read (Options.StdinRead), unless
// it is gzip'd.
func (s *stdinSource) Read(f snapshot.File, buf []byte) ([]byte, error) {
	s.once.Do(func() {
		s.data, s.err = readPage(s.r, MaxStdin)
		if s.err == nil && s.read != nil && !isGzip(s.data) {
			s.read(int64(len(s.data)))
		}
	})
	return s.data, s.err
}

// stdinHead is how much of standard input is read before the rest: what
// tells binary input from text.
const stdinHead = 64 << 10

// stdinChunk is the size of the chunks the rest of standard input is read
// in, when its size is not known: small, so that the last chunk's room
// left over is little.
const stdinChunk = 256 << 10

// readPage reads r to its end, failing when it holds more than n bytes,
// except binary input (binaryHead), of which it returns the head alone:
// every decoder refuses a NUL byte, so the head gets the message the whole
// input would, at the same byte, without reading up to n bytes first.
func readPage(r io.Reader, n int64) ([]byte, error) { return readStdin(r, n, false) }

// readStdin reads r to its end, failing when it holds more than n bytes.
// Of binary input (binaryHead) it reads the head alone, and returns it,
// or with refuse an error that says where its first NUL byte is.
func readStdin(r io.Reader, n int64, refuse bool) ([]byte, error) {
	head := make([]byte, min(stdinHead, n+1))
	k, err := io.ReadFull(r, head)
	head = head[:k]
	whole := err == io.EOF || err == io.ErrUnexpectedEOF
	switch {
	case err != nil && !whole:
		return nil, err
	case binaryHead(head) && refuse:
		at := bytes.IndexByte(head, 0)
		line := 1 + bytes.Count(head[:at], []byte("\n"))
		col := at - (bytes.LastIndexByte(head[:at], '\n') + 1) + 1
		return nil, fmt.Errorf("line %d, column %d: a NUL byte: binary input, not text", line, col)
	case binaryHead(head), whole:
		return head, nil
	}
	// The rest: all of it at once when standard input is a file of known
	// size; else in chunks, copied once into one slice at the end, so that
	// the input costs twice its size at most while it is read (a buffer
	// that grows costs up to three times: the old copy and the new).
	if f, ok := r.(interface{ Stat() (os.FileInfo, error) }); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > int64(len(head)) && fi.Size() <= n {
			data := slices.Grow(head, int(fi.Size())-len(head)+1)
			return readRest(r, data, n)
		}
	}
	chunks := [][]byte{head}
	total := int64(len(head))
	for {
		chunk := make([]byte, min(stdinChunk, n+1-total))
		k, err := io.ReadFull(r, chunk)
		chunks = append(chunks, chunk[:k])
		total += int64(k)
		if total > n {
			return nil, tooMuchStdin(n)
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	data := make([]byte, 0, total)
	for i, c := range chunks {
		data = append(data, c...)
		chunks[i] = nil
	}
	if total >= stdinCollect {
		// The chunks, as many bytes as data, are garbage: collected and
		// given back now, before the decoder allocates. Left to the
		// collector's pace (GOGC=400 while the first snapshot loads, see
		// cmd/cachediff) they stayed through the decode: a 400 MB page
		// piped in peaked at 1.85 GB (4.6x), 1.46 GB from a file or
		// now.
		debug.FreeOSMemory()
	}
	return data, nil
}

// stdinCollect is the least size of standard input read from a pipe whose
// chunks are collected once copied: below it, the collection is not worth
// the memory it gives back.
const stdinCollect = 16 << 20

// readRest reads r to its end after data, in data's room, failing past
// n bytes.
func readRest(r io.Reader, data []byte, n int64) ([]byte, error) {
	for {
		if len(data) == cap(data) { // len(data) <= n: room for one byte more at least
			data = slices.Grow(data, int(min(int64(len(data)), n+1-int64(len(data)))))
		}
		k, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+k]
		if int64(len(data)) > n {
			return nil, tooMuchStdin(n)
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

func tooMuchStdin(n int64) error { return fmt.Errorf("more than %d MiB: not a page", n>>20) }

// binaryHead reports whether the head of standard input is binary: it
// holds a NUL byte, and is neither gzip'd nor UTF-16 (which a Spack
// file's decoder reads or names, and which hold NUL bytes).
func binaryHead(head []byte) bool {
	if bytes.IndexByte(head, 0) < 0 || bytes.HasPrefix(head, []byte{0x1f, 0x8b}) || len(head) < 2 {
		return false
	}
	a, b := head[0], head[1]
	utf16 := a == 0xff && b == 0xfe || a == 0xfe && b == 0xff || a != 0 && a < 0x80 && b == 0 || a == 0 && b != 0 && b < 0x80
	return !utf16
}

// ReadAtMost reads r to its end, failing when it holds more than n bytes,
// and when its head is binary (binaryHead): a report or a template read
// from standard input is text, and binary input is refused after its
// head, not read up to n bytes first.
func ReadAtMost(r io.Reader, n int64) ([]byte, error) { return readStdin(r, n, true) }
