package spackfmt

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/cachediff/cachediff/internal/gzpool"
	"github.com/cachediff/cachediff/internal/lfs"
)

// Encodings of a Spack file: Spack writes UTF-8 JSON, and reads it gzip'd
// too (a build cache may hold its index and spec files compressed). A
// file is read as Spack would: inflated when it is gzip'd, without a UTF-8
// byte order mark (which an editor may add). UTF-16, which Spack does not
// read either, is an error that names it, rather than a complaint about
// its first byte.

// MaxInflated bounds what a gzip'd file may inflate to: a few kilobytes
// of gzip can hold gigabytes of blanks. It is what cachediff reads from
// standard input at most.
const MaxInflated = 1 << 30

// maxInflated is MaxInflated, lowered by tests.
var maxInflated int64 = MaxInflated

var (
	gzipMagic = []byte{0x1f, 0x8b}
	utf8BOM   = []byte("\uFEFF")
)

// CutGzip reports whether data is gzip's first byte (0x1f) alone: a
// gzip'd file cut after one byte, too short to start as gzip does (two
// bytes, 1f 8b).
func CutGzip(data []byte) bool { return bytes.Equal(data, gzipMagic[:1]) }

// plainText returns data as UTF-8 text: inflated when gzip'd, without a
// byte order mark. file names it in errors.
func plainText(file string, data []byte) ([]byte, error) {
	gzipped := bytes.HasPrefix(data, gzipMagic)
	if CutGzip(data) {
		// No JSON starts so: it was named by that byte, "not '\x1f'".
		return nil, &Error{File: file, Line: 1, Col: 1, Path: "(gzip)", Msg: "a gzip stream that is cut short (its first byte alone): the file is incomplete"}
	}
	if gzipped {
		var err error
		if data, err = inflate(data, maxInflated); err != nil {
			return nil, &Error{File: file, Line: 1, Col: 1, Path: "(gzip)", Msg: err.Error()}
		}
	}
	bom := bytes.HasPrefix(data, utf8BOM)
	data = bytes.TrimPrefix(data, utf8BOM)
	if bom && bytes.HasPrefix(data, utf8BOM) {
		return nil, &Error{File: file, Line: 1, Col: 1, Path: "(encoding)",
			Msg: "the file opens with two byte order marks (EF BB BF twice); cachediff reads past one, which Spack's reader refuses already: remove them"}
	}
	if bytes.HasPrefix(data, gzipMagic) {
		// Spack inflates one layer, of a file that starts with gzip's
		// magic: what is left is named, not its first byte ('\x1f').
		msg := "the file is gzip'd twice (inflated once, it is gzip again); Spack reads one layer of gzip: gunzip it once"
		if bom {
			msg = "the file is a byte order mark and then gzip data, which Spack does not read as gzip: remove the byte order mark"
		}
		if gzipped && bom {
			msg = "the file is gzip'd, and inflated it is a byte order mark and gzip again; Spack reads one layer of gzip, not behind a byte order mark"
		}
		return nil, &Error{File: file, Line: 1, Col: 1, Path: "(encoding)", Msg: msg}
	}
	if m := lfs.Message(data); m != "" {
		return nil, &Error{File: file, Line: 1, Col: 1, Path: "(encoding)", Msg: m}
	}
	if what := utf16Kind(data); what != "" {
		return nil, &Error{File: file, Line: 1, Col: 1, Path: "(encoding)",
			Msg: "the file is UTF-16 (" + what + "); cachediff reads JSON in UTF-8, as Spack writes it: convert it first (iconv -f UTF-16 -t UTF-8)"}
	}
	return data, nil
}

// MaxRatio bounds how many times its size a gzip stream may inflate to
// (and at least 64 MB): Spack's JSON compresses some 10 to 25 times, and
// a stream that inflates to more is a bomb (gzip reaches 1,000 times on
// repeated bytes), refused before it takes the memory its content claims.
const MaxRatio = 64

// inflate returns the content of a gzip stream (of one member or more),
// of at most limit bytes, and at most MaxRatio times its size (at least
// 64 MB). The buffer grows as the content arrives, never past the bound.
// With an error, it returns what inflated before it too (SniffWhole
// sniffs a stream cut short as far as it reads).
func inflate(data []byte, limit int64) ([]byte, error) {
	r, err := gzpool.Reader(data)
	if err != nil {
		return nil, inflateErr(err)
	}
	defer gzpool.Put(r)
	most := min(limit, max(64<<20, MaxRatio*int64(len(data))))
	// Room for JSON that compressed 4x, at most 64 MB ahead of what
	// arrives: a stream that inflates to little reserves little.
	out := make([]byte, 0, min(int64(4*len(data)), most, 64<<20)+1)
	lr := io.LimitReader(r, most+1)
	for {
		if len(out) == cap(out) {
			grown := make([]byte, len(out), min(int64(2*cap(out)), most+1))
			copy(grown, out)
			out = grown
		}
		n, err := lr.Read(out[len(out):cap(out)])
		out = out[:len(out)+n]
		if int64(len(out)) > most {
			if most < limit {
				return out[:most], fmt.Errorf("a gzip stream of %d bytes that inflates to more than %d (%d times its size): refused as a gzip bomb", len(data), most, MaxRatio)
			}
			return out[:most], fmt.Errorf("a gzip stream that inflates to more than %d bytes: not read", limit)
		}
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, inflateErr(err)
		}
	}
}

// inflateErr says what err of reading a gzip stream means, the same for
// a stream cut in a member's header as for one cut in its data.
func inflateErr(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("a gzip stream that is cut short: the file is incomplete")
	}
	if errors.Is(err, gzpool.ErrTrailing) {
		return err
	}
	return fmt.Errorf("a gzip stream that does not read: %v", err)
}

// utf16Kind says which UTF-16 data is in ("little-endian, with a byte
// order mark FF FE"), or "" when it is not: by its byte order mark, or by
// a first character that is ASCII with a zero byte beside it.
func utf16Kind(data []byte) string {
	switch {
	case len(data) < 2:
		return ""
	case data[0] == 0xFF && data[1] == 0xFE:
		return "little-endian, with a byte order mark FF FE"
	case data[0] == 0xFE && data[1] == 0xFF:
		return "big-endian, with a byte order mark FE FF"
	case data[0] != 0 && data[0] < 0x80 && data[1] == 0:
		return "little-endian, without a byte order mark"
	case data[0] == 0 && data[1] != 0 && data[1] < 0x80:
		return "big-endian, without a byte order mark"
	}
	return ""
}

// sniffHead returns the head of a file as Sniff reads it: the head of its
// content when it is gzip'd (a cut stream gives what it can), without a
// byte order mark, and UTF-16 turned into UTF-8 (so that a Spack file in
// UTF-16 is recognised, and Decode says what is wrong with it).
//
// A gzip'd file's head is its first detectHead bytes of content, as a
// plain file's head is its first detectHead bytes (the loader's): the
// same file is detected alike, gzip'd or not. (It was 4 KB of content,
// so an index under another name whose first key ran past 512 bytes was
// left out plain and read gzip'd.) Counted in bytes before a byte order
// mark is taken off and UTF-16 turned, as a plain head is.
//
// It looks through two layers of gzip, and through a byte order mark
// before gzip, which plainText refuses by name: so that a file gzip'd
// twice, or an editor's mark before gzip, is a Spack file that says
// what is wrong with it rather than a page that is not text. A layer
// that is gzip again is read further than detectHead, so that its own
// header (an extra field, a file name) leaves content to sniff.
func sniffHead(head []byte) []byte {
	inflated := false
	for range 2 {
		gz := bytes.TrimPrefix(head, utf8BOM)
		if !bytes.HasPrefix(gz, gzipMagic) {
			break
		}
		r, err := gzpool.Reader(gz)
		if err != nil {
			return nil
		}
		buf := make([]byte, 8*detectHead)
		n, _ := io.ReadFull(r, buf)
		gzpool.Put(r)
		head, inflated = buf[:n], true
	}
	if inflated {
		head = head[:min(len(head), detectHead)]
	}
	// Every mark, not one: a file of two is still Spack's, and
	// plainText says what is wrong with it (it was sniffed as a page,
	// and refused as one whose mark stands before its front matter).
	for bytes.HasPrefix(head, utf8BOM) {
		head = head[len(utf8BOM):]
	}
	if what := utf16Kind(head); what != "" {
		big := head[0] == 0xFE || head[0] == 0
		if head[0] == 0xFF || head[0] == 0xFE {
			head = head[2:]
		}
		// Into UTF-8 as it goes, in one buffer of its size in UTF-8,
		// counted first (a head of SniffWhole may be a whole file: its
		// units, runes and string took 12 times its size, and a buffer
		// grown by append 6 times it for text of 3 bytes a unit).
		unit := func(i int) rune {
			if big {
				return rune(head[2*i])<<8 | rune(head[2*i+1])
			}
			return rune(head[2*i]) | rune(head[2*i+1])<<8
		}
		n := len(head) / 2
		runes := func(yield func(rune)) {
			for i := 0; i < n; i++ {
				r := unit(i)
				if utf16.IsSurrogate(r) {
					// A lone one is U+FFFD, as utf16.Decode has it.
					d := utf8.RuneError
					if i+1 < n {
						d = utf16.DecodeRune(r, unit(i+1))
					}
					if d != utf8.RuneError {
						i++
					}
					r = d
				}
				yield(r)
			}
		}
		size := 0
		runes(func(r rune) { size += utf8.RuneLen(r) })
		text := make([]byte, 0, size)
		runes(func(r rune) { text = utf8.AppendRune(text, r) })
		head = text
	}
	return head
}

// detectHead is what the loader gives Sniff of a plain file, its first
// 512 bytes (snapshot's detectSize), and what Sniff reads of a gzip'd
// file's content.
const detectHead = 512
