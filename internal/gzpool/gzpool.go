// Package gzpool owns the gzip readers that cachediff's decoders share:
// a reader holds some 40 KB of decoder state (its window and Huffman
// tables), which a folder of small gzip'd files (spec files, a mirror's
// spec blobs) made anew for each file, twenty times what the file's
// specs need. It reads a stream as Spack's reader, Python's
// gzip.decompress, does.
package gzpool

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"sync"
)

var streams sync.Pool // of *Stream

// Stream reads the content of a gzip stream held in memory, member after
// member, as Python's gzip.decompress reads it (Spack reads its gzip'd
// files through it): zero bytes after a member are padding, skipped
// (gzip(1) and Python both read a file padded to a block's size), and
// anything else after a member must be another member. Go's gzip reader
// reads padding as a header, and refused a padded file as cut short.
type Stream struct {
	zr   *gzip.Reader
	data bytes.Reader // over raw: the gzip reader's, read byte by byte, so that its offset is where a member ends
	raw  []byte
}

// Reader returns a reader of the gzip stream data, taken from the pool
// when it holds one. Give it back with Put once read.
func Reader(data []byte) (*Stream, error) {
	s, _ := streams.Get().(*Stream)
	if s == nil {
		s = &Stream{}
	}
	s.data.Reset(data)
	s.raw = data
	var err error
	if s.zr == nil {
		s.zr, err = gzip.NewReader(&s.data)
	} else {
		err = s.zr.Reset(&s.data)
	}
	if err != nil {
		Put(s)
		return nil, err
	}
	s.zr.Multistream(false)
	return s, nil
}

// ErrTrailing is the error of data after a member that is neither zero
// padding nor another member.
var ErrTrailing = errors.New("data after the gzip stream that is not gzip")

// Read reads the stream's content, the members one after the other.
func (s *Stream) Read(p []byte) (int, error) {
	for {
		n, err := s.zr.Read(p)
		if err != io.EOF {
			return n, err
		}
		for s.data.Len() > 0 { // padding
			if b, _ := s.data.ReadByte(); b != 0 {
				s.data.UnreadByte()
				break
			}
		}
		if s.data.Len() == 0 {
			return n, io.EOF
		}
		at := len(s.raw) - s.data.Len()
		if rest := s.raw[at:]; len(rest) < 2 || rest[0] != 0x1f || rest[1] != 0x8b {
			return n, fmt.Errorf("%w, from offset %d of %d", ErrTrailing, at, len(s.raw))
		}
		if err := s.zr.Reset(&s.data); err != nil {
			return n, err
		}
		s.zr.Multistream(false)
		if n > 0 {
			return n, nil
		}
	}
}

// Put gives s back to the pool; s is not used after. Its gzip reader is
// reset to read an empty stream first: a reader (and its decompressor)
// keeps a reader of the last stream's bytes, which the pool would keep
// alive, a 100 MB gzip'd index while its content is decoded.
func Put(s *Stream) {
	s.data.Reset(nil)
	s.raw = nil
	if s.zr == nil || s.zr.Reset(bytes.NewReader(emptyStream[:])) == nil {
		streams.Put(s)
	}
}

// emptyStream is a gzip stream of nothing: a header, an empty final
// block, and its trailer.
var emptyStream = [...]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0}
