package gzpool

import (
	"bytes"
	"compress/gzip"
	"io"
	"runtime"
	"testing"
	"weak"
)

// readOnce reads data's stream through a pooled reader and gives it back.
func readOnce(data []byte) {
	r, err := Reader(data)
	if err != nil {
		return
	}
	io.Copy(io.Discard, r)
	Put(r)
}

// TestPutLetsInputGo: a reader given back keeps nothing of the stream it
// read: it kept a reader of the stream's bytes (its own, and its
// decompressor's), so that a 100 MB gzip'd index stayed alive in the pool
// while its content was decoded, and until the pool was next used or two
// collections had passed. Likewise a stream that did not start as gzip.
func TestPutLetsInputGo(t *testing.T) {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(bytes.Repeat([]byte("spec "), 1<<16))
	w.Close()
	for _, tc := range []struct {
		name string
		data []byte
	}{{"a stream read", b.Bytes()}, {"not gzip", []byte("not a gzip stream at all")}} {
		data := bytes.Clone(tc.data)
		kept := weak.Make(&data[0])
		readOnce(data)
		data = nil
		runtime.GC()
		if kept.Value() != nil {
			t.Errorf("%s: its bytes are alive after a collection, kept by the pooled reader", tc.name)
		}
	}
}
