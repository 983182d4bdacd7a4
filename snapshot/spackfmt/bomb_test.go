package spackfmt

import (
	"bytes"
	"compress/gzip"
	"runtime"
	"strings"
	"testing"
)

// TestGzipBomb: a gzip'd index whose JSON-looking head is followed by
// 100 MB of blanks (100 KB of gzip) is refused as a bomb once it has
// inflated past 64 times its size (64 MB at least), and the buffer never
// grows toward the 1 GiB bound: before, such a file took 3.2 GB of memory
// to be refused.
func TestGzipBomb(t *testing.T) {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
	zw.Write([]byte(`{"database":{"version":"8","installs":{`))
	blanks := bytes.Repeat([]byte(" "), 1<<20)
	for range 100 {
		zw.Write(blanks)
	}
	zw.Close()
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	_, err := Decode("index.json.gz", b.Bytes())
	runtime.ReadMemStats(&m1)
	if err == nil || !strings.Contains(err.Error(), "refused as a gzip bomb") {
		t.Errorf("a gzip bomb of %d bytes: %v", b.Len(), err)
	}
	if alloc := m1.TotalAlloc - m0.TotalAlloc; alloc > 200<<20 {
		t.Errorf("refusing a gzip bomb of %d bytes allocated %d MB; want at most 200 MB", b.Len(), alloc>>20)
	}
}

// TestGzipCutInHeader: a gzip'd file cut in its header (a download
// stopped after a few bytes) is said to be cut short, as one cut in its
// data is, not "does not read: unexpected EOF".
func TestGzipCutInHeader(t *testing.T) {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(`{"database":{"version":"8","installs":{}}}`))
	zw.Close()
	for _, n := range []int{2, 5, 9, 15, b.Len() - 3} {
		_, err := Decode("index.json.gz", b.Bytes()[:n])
		if err == nil || !strings.Contains(err.Error(), "cut short: the file is incomplete") {
			t.Errorf("cut at %d of %d bytes: %v; want it said to be cut short", n, b.Len(), err)
		}
	}
}
