// Package gzpool owns the gzip readers that cachediff's decoders share:
// a reader holds some 40 KB of decoder state (its window and Huffman
// tables), which a folder of small gzip'd files (spec files, a mirror's
// spec blobs) made anew for each file, twenty times what the file's
// specs need.
package gzpool

import (
	"bytes"
	"compress/gzip"
	"sync"
)

var readers sync.Pool // of *gzip.Reader

// Reader returns a reader of the gzip stream data (its members one after
// the other, as gzip.NewReader reads them), taken from the pool when it
// holds one. Give it back with Put once read.
func Reader(data []byte) (*gzip.Reader, error) {
	if r, ok := readers.Get().(*gzip.Reader); ok {
		if err := r.Reset(bytes.NewReader(data)); err != nil {
			Put(r)
			return nil, err
		}
		return r, nil
	}
	return gzip.NewReader(bytes.NewReader(data))
}

// Put gives r back to the pool; r is not used after. It is reset to
// read an empty stream first: a reader (and its decompressor) keeps a
// reader of the last stream's bytes, which the pool would keep alive,
// a 100 MB gzip'd index while its content is decoded.
func Put(r *gzip.Reader) {
	if r.Reset(bytes.NewReader(emptyStream[:])) == nil {
		readers.Put(r)
	}
}

// emptyStream is a gzip stream of nothing: a header, an empty final
// block, and its trailer.
var emptyStream = [...]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0}
