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
			readers.Put(r)
			return nil, err
		}
		return r, nil
	}
	return gzip.NewReader(bytes.NewReader(data))
}

// Put gives r back to the pool; r is not used after.
func Put(r *gzip.Reader) { readers.Put(r) }
