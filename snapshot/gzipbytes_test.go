package snapshot

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"
)

// TestGzipBytes: a snapshot's Bytes are the input a command budgets its
// memory from, and a gzip'd Spack file's input is what it inflates to (10
// to 25 times the file for Spack's JSON). Counted as the file's bytes, a
// log of three gzip'd 94 MB indexes ran under a limit a tenth of its
// input, the collector's pace off: 64 collections back to back, where
// the plain files took 2. The content's size comes from the stream's
// trailer, bounded as the decoder bounds what it inflates.
func TestGzipBytes(t *testing.T) {
	plain, err := os.ReadFile(filepath.Join(spackFixtures, "index.v8-layout2-unsigned-mixed.json"))
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(plain)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "index.json.gz")
	if err := os.WriteFile(path, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Bytes != int64(len(plain)) {
		t.Errorf("a gzip'd index of %d bytes, %d inflated: Bytes %d, want %d", gz.Len(), len(plain), s.Bytes, len(plain))
	}

	// A trailer that claims more than Spack's JSON could hold counts
	// MaxRatio times the stream at most; a cut stream, its own length at
	// least. A claim of nothing (a stream padded with zero bytes, which
	// Spack reads) says nothing: the most the stream is believed to hold,
	// until it has decoded.
	for _, tc := range []struct {
		name string
		data []byte
		want int64
	}{
		{"claims 4 GB", append(bytes.Clone(gz.Bytes()[:gz.Len()-4]), 0xff, 0xff, 0xff, 0xff), int64(64 * gz.Len())},
		{"claims nothing", append(bytes.Clone(gz.Bytes()[:gz.Len()-4]), 0, 0, 0, 0), int64(64 * gz.Len())},
		{"not gzip'd", plain, int64(len(plain))},
		{"a gzip head alone", []byte{0x1f, 0x8b, 8}, 3},
	} {
		if got := inputBytes(tc.data); got != tc.want {
			t.Errorf("%s: inputBytes %d, want %d", tc.name, got, tc.want)
		}
	}
}
