// Package spill holds bytes until they are written: in memory up to a
// bound, then in a temporary file, so that what is held does not grow
// memory with it. The Markdown, text and HTML logs keep their rendered
// steps in one (Add, pieces: they write the newest step first, once the
// series is done), cmd/cachediff a --template's output until it has run
// whole (Write, WriteTo).
package spill

import (
	"fmt"
	"io"
	"os"

	"github.com/cachediff/cachediff/internal/atomicfile"
)

// Spill holds the rendered steps of a Markdown or text log until Finish
// writes them, newest first (or a template's output until it has run
// whole): in memory up to a bound, then in a temporary
// file, so that what a long log holds does not grow with its steps. The
// file is removed as soon as it is made where the system lets an open
// file go (Unix), else when the log is done or, after a step failed,
// its writer closed (LogWriter.Close); where no temporary file can be
// made, or a write to it fails later (a full disk), the steps stay in
// memory (those already in the file are read back), as they did before
// there was a spill: a full TMPDIR never loses the log.
//
// A spill is written by Add, in pieces, or by Write, with none: not
// both.
type Spill struct {
	limit int64 // bytes held in memory before the rest goes to the file
	kind  Kind
	mem   []byte
	f     File
	name  string  // the file's name until it is removed
	size  int64   // what is held, written whole
	ends  []int64 // where each piece ends
	// noFile is why what is held past limit stays in memory: the error
	// of the temporary file that could not be made, or of a write to it.
	noFile error
}

// Kind is what a spill holds: its temporary file's name pattern
// (os.CreateTemp) and the words its errors name it by.
type Kind struct {
	Pattern string // "cachediff-log-*"
	What    string // "the log's steps"
	It      string // "them": the pronoun of What, in "reading them back"
}

// logSteps is the kind of New's spills.
var logSteps = Kind{Pattern: "cachediff-log-*", What: "the log's steps", It: "them"}

// File is the spill's temporary file: an *os.File, or in the tests
// one whose writes fail.
type File interface {
	io.Writer
	io.ReaderAt
	io.Closer
}

// CreateFile makes the spill's temporary file, named by pattern
// (os.CreateTemp), and returns it with its name (the tests replace it).
// A signal that comes before toFile has removed it from its folder
// removes it (atomicfile.CreateTemp): made by os.CreateTemp, it was left
// in TMPDIR.
var CreateFile = func(pattern string) (File, string, error) {
	f, err := atomicfile.CreateTemp("", pattern)
	if err != nil {
		return nil, "", err
	}
	return f, f.Name(), nil
}

// DefaultAt is the bytes of steps a log holds in memory before it
// spills them: a log of real weeks holds a few KB a step, one of twelve
// generated 60k-spec trees of heavy churn 13 MB a step.
const DefaultAt = 8 << 20

// New is a spill of a log's steps that holds limit bytes in memory
// (0: DefaultAt, negative: none).
func New(limit int64) *Spill { return NewKind(limit, logSteps) }

// NewKind is New for a spill that holds what k names.
func NewKind(limit int64, k Kind) *Spill {
	switch {
	case limit == 0:
		limit = DefaultAt
	case limit < 0:
		limit = 0
	}
	return &Spill{limit: limit, kind: k}
}

// Size is the bytes the spill holds.
func (s *Spill) Size() int64 { return s.size }

// InMemory is the bytes the spill holds in memory (none for nil): what
// its buffer took, not only what it holds yet. Counted by length, up to
// half of it (the room append leaves) would go uncounted, and a log's
// memory limit, which counts what it keeps apart from the rest of what
// is live (cmd/cachediff, beyondInput), would leave that half three
// times over as room.
func (s *Spill) InMemory() int64 {
	if s == nil {
		return 0
	}
	return int64(cap(s.mem))
}

// Add appends a piece and returns its index.
func (s *Spill) Add(p []byte) (int, error) {
	if err := s.write(p); err != nil {
		return 0, err
	}
	s.ends = append(s.ends, s.size)
	return len(s.ends) - 1, nil
}

// Write appends p, in no piece.
func (s *Spill) Write(p []byte) (int, error) {
	if err := s.write(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

// write appends p to the file past the limit, else to memory.
func (s *Spill) write(p []byte) error {
	if s.f == nil && int64(len(s.mem)+len(p)) > s.limit {
		s.toFile()
	}
	if s.f != nil {
		if _, err := s.f.Write(p); err != nil {
			if err := s.toMemory(err); err != nil {
				return err
			}
		}
	}
	if s.f == nil {
		s.mem = append(s.mem, p...)
	}
	s.size += int64(len(p))
	return nil
}

// toFile moves what is in memory to a new temporary file; when none can
// be made, everything stays in memory. The file is removed from its
// folder before anything is written to it (it stays open): a signal or
// a crash while the first bytes are written leaves nothing in $TMPDIR.
func (s *Spill) toFile() {
	f, name, err := CreateFile(s.kind.Pattern)
	if err != nil {
		s.limit, s.noFile = 1<<63-1, err
		return
	}
	s.f = f
	if os.Remove(name) != nil {
		s.name = name // open files stay (Windows): remove it in close
	} else {
		atomicfile.Release(name)
	}
	if _, err := f.Write(s.mem); err != nil {
		s.letFileGo()
		s.limit, s.noFile = 1<<63-1, err
		return
	}
	s.mem = nil
}

// toMemory reads the pieces in the file back into memory and lets the
// file go, after a write to it failed with werr: the rest of the log is
// kept in memory. A write that failed part way is not read back: only
// the pieces before it, which ends says where they end.
func (s *Spill) toMemory(werr error) error {
	mem := make([]byte, s.size)
	if _, err := s.f.ReadAt(mem, 0); err != nil && !(err == io.EOF && len(mem) == 0) {
		return fmt.Errorf("keeping %s in a temporary file: %w; and reading %s back: %w", s.kind.What, werr, s.kind.It, err)
	}
	s.letFileGo()
	s.mem, s.limit, s.noFile = mem, 1<<63-1, werr
	return nil
}

// NoFile is why what s holds past its bound is in memory, not in a
// temporary file: the error of the file that could not be made, or of
// the write to it that failed (a full disk); nil while s holds nothing
// past its bound, or holds it in a file.
func (s *Spill) NoFile() error {
	if s == nil {
		return nil
	}
	return s.noFile
}

// start is where piece i starts.
func (s *Spill) start(i int) int64 {
	if i == 0 {
		return 0
	}
	return s.ends[i-1]
}

// WritePiece writes piece i to w.
func (s *Spill) WritePiece(w io.Writer, i int) error {
	return s.writeRange(w, s.start(i), s.ends[i]-s.start(i))
}

// WriteTo writes all the spill holds to w.
func (s *Spill) WriteTo(w io.Writer) (int64, error) {
	if err := s.writeRange(w, 0, s.size); err != nil {
		return 0, err // the count is lost: no caller counts on it
	}
	return s.size, nil
}

// writeRange writes the n bytes from start to w.
func (s *Spill) writeRange(w io.Writer, start, n int64) error {
	if s.f == nil {
		_, err := w.Write(s.mem[start : start+n])
		return err
	}
	r := io.NewSectionReader(s.f, start, n)
	buf := make([]byte, min(n, 64<<10))
	var got int64
	for {
		m, rerr := r.Read(buf)
		got += int64(m)
		if m > 0 {
			if _, err := w.Write(buf[:m]); err != nil {
				return err
			}
		}
		switch {
		case rerr == io.EOF && got < n:
			// The file is shorter than what was written to it: the
			// log would be cut short without a word.
			return fmt.Errorf("reading %s back from a temporary file: %d bytes of %d: %w", s.kind.What, got, n, io.ErrUnexpectedEOF)
		case rerr == io.EOF:
			return nil
		case rerr != nil:
			return fmt.Errorf("reading %s back from a temporary file: %w", s.kind.What, rerr)
		}
	}
}

// pieceLen is the length of piece i.
func (s *Spill) pieceLen(i int) int { return int(s.ends[i] - s.start(i)) }

// Close lets the file go (nil: nothing to do).
func (s *Spill) Close() {
	if s == nil {
		return
	}
	s.letFileGo()
	s.mem = nil
}

// letFileGo closes the temporary file, and removes it where it could
// not be removed at once.
func (s *Spill) letFileGo() {
	if s.f != nil {
		s.f.Close()
		if s.name != "" {
			os.Remove(s.name)
			atomicfile.Release(s.name)
		}
		s.f, s.name = nil, ""
	}
}

// Piece is a piece of a spill: a section's text (Section.Whole).
type Piece struct {
	s *Spill
	i int
}

// File is the temporary file s keeps its pieces in, nil while they are
// in memory.
func (s *Spill) File() File { return s.f }

// Piece is piece i of s.
func (s *Spill) Piece(i int) *Piece { return &Piece{s, i} }

// Len is the piece's length in bytes.
func (p *Piece) Len() int { return p.s.pieceLen(p.i) }

// WriteTo writes the piece to w.
func (p *Piece) WriteTo(w io.Writer) (int64, error) {
	if err := p.s.WritePiece(w, p.i); err != nil {
		return 0, err // the count is lost: no caller counts on it
	}
	return int64(p.Len()), nil
}
