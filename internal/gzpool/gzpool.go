// Package gzpool pools the readers of gzip streams held in memory: such
// a reader holds some 40 KB of decoder state (its window and Huffman
// tables), which a folder of small gzip'd files (spec files, a mirror's
// spec blobs) made anew for each file, twenty times what the file's
// specs need. It reads a stream as Spack's reader, Python's
// gzip.decompress, does.
package gzpool

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
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
// A member's header is read as Python reads it too: a file name or
// comment of any length (Go's refused one of 512 bytes or more), and a
// header CRC read past, not checked (Go's refused one that differed).
type Stream struct {
	fl   io.ReadCloser // a flate reader, over data
	data bytes.Reader  // over raw: flate reads it byte by byte, so that its offset is where a member's deflate data ends
	raw  []byte
	at   int    // the member's offset in raw, for messages
	body int    // the offset in raw of the member's deflate data, from which flate counts its offsets
	crc  uint32 // of the member's content read so far
	size uint32 // its length, modulo 2^32 as the trailer gives it
	err  error  // the error Read returned, returned again: io.EOF at the end
}

// Reader returns a reader of the gzip stream data, taken from the pool
// when it holds one. Give it back with Put once read.
func Reader(data []byte) (*Stream, error) {
	s, _ := streams.Get().(*Stream)
	if s == nil {
		s = &Stream{}
	}
	s.data.Reset(data)
	s.raw, s.err = data, nil
	if err := s.member(); err != nil {
		Put(s)
		return nil, err
	}
	return s, nil
}

// member reads the header of the member at the data's offset, as
// Python's gzip._read_gzip_header does, and readies the flate reader for
// its deflate data.
func (s *Stream) member() error {
	s.at = len(s.raw) - s.data.Len()
	at, err := header(s.raw[s.at:], s.at)
	if err != nil {
		return err
	}
	s.data.Seek(int64(at), io.SeekCurrent)
	s.body = s.at + at
	if s.fl == nil {
		s.fl = flate.NewReader(&s.data)
	} else if err := s.fl.(flate.Resetter).Reset(&s.data, nil); err != nil {
		return err
	}
	s.crc, s.size = 0, 0
	return nil
}

// header returns the length of the header of the member that rest
// starts with, as Python's gzip._read_gzip_header reads it: a file name
// or comment that the end of rest cuts runs to it. off is the member's
// offset in the stream, for messages.
func header(rest []byte, off int) (int, error) {
	switch {
	case len(rest) == 0:
		return 0, io.EOF
	case len(rest) < 2 || rest[0] != 0x1f || rest[1] != 0x8b:
		return 0, gzip.ErrHeader
	case len(rest) < 10:
		return 0, io.ErrUnexpectedEOF
	case rest[2] != 8: // deflate, the one method
		return 0, fmt.Errorf("%w: the member at offset %d has compression method %d, not deflate (8)", gzip.ErrHeader, off, rest[2])
	}
	flg, at := rest[3], 10
	if flg&4 != 0 { // FEXTRA
		if len(rest) < at+2 || len(rest) < at+2+int(binary.LittleEndian.Uint16(rest[at:])) {
			return 0, io.ErrUnexpectedEOF
		}
		at += 2 + int(binary.LittleEndian.Uint16(rest[at:]))
	}
	for _, f := range []byte{8, 16} { // FNAME, FCOMMENT: to a zero byte, or the end
		if flg&f != 0 {
			if i := bytes.IndexByte(rest[at:], 0); i >= 0 {
				at += i + 1
			} else {
				at = len(rest)
			}
		}
	}
	if flg&2 != 0 { // FHCRC, not checked
		if len(rest) < at+2 {
			return 0, io.ErrUnexpectedEOF
		}
		at += 2
	}
	return at, nil
}

// HeaderLen is the length of the header of the gzip member data starts
// with, as a Stream reads it; 0 when data starts with no header that
// reads. What follows it is the member's deflate data: a head of a file
// to detect its gzip'd content by must reach past it (an extra field, a
// file name, may be any length).
func HeaderLen(data []byte) int {
	n, err := header(data, 0)
	if err != nil {
		return 0
	}
	return n
}

// ErrTrailing is the error of data after a member that is neither zero
// padding nor another member.
var ErrTrailing = errors.New("data after the gzip stream that is not gzip")

// Read reads the stream's content, the members one after the other.
// Once it has returned an error (io.EOF at the end) it returns it again.
func (s *Stream) Read(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.read(p)
	s.err = err
	return n, err
}

func (s *Stream) read(p []byte) (int, error) {
	for {
		n, err := s.fl.Read(p)
		s.crc = crc32.Update(s.crc, crc32.IEEETable, p[:n])
		s.size += uint32(n)
		if ce, ok := err.(flate.CorruptInputError); ok {
			// flate counts from the member's deflate data; said as
			// an offset in the file, where a reader looks.
			return n, flate.CorruptInputError(int64(s.body) + int64(ce))
		}
		if err != io.EOF {
			return n, err
		}
		var trailer [8]byte
		if got, _ := s.data.Read(trailer[:]); got < len(trailer) {
			return n, io.ErrUnexpectedEOF
		}
		// Named as Python names the two ("CRC check failed", "Incorrect
		// length of data produced"), with the member's offset.
		if binary.LittleEndian.Uint32(trailer[:4]) != s.crc {
			return n, fmt.Errorf("%w: the CRC of the member at offset %d does not match its content", gzip.ErrChecksum, s.at)
		}
		if binary.LittleEndian.Uint32(trailer[4:]) != s.size {
			return n, fmt.Errorf("%w: the length of the member at offset %d does not match its content (%d bytes)", gzip.ErrChecksum, s.at, s.size)
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
		if err := s.member(); err != nil {
			return n, err
		}
		if n > 0 {
			return n, nil
		}
	}
}

// Put gives s back to the pool; s is not used after. Its flate reader
// reads the Stream's own reader, emptied first: a reader of the last
// stream's bytes kept would keep them alive in the pool, a 100 MB
// gzip'd index while its content is decoded.
func Put(s *Stream) {
	s.data.Reset(nil)
	s.raw, s.err = nil, nil
	streams.Put(s)
}
