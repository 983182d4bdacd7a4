package catalog

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGzipBrokenPageSaysWhy: a page that is gzip'd in a stream that does
// not read whole (a corrupt first block, cut short after some content)
// says what is wrong with its gzip; it was told to gunzip it, which
// fails as well (gzip -t: "invalid compressed data", "unexpected end of
// file"). A specs.md in a folder reached this message, which the
// loader's check of a broken gzip named alone does not cover; a cut
// stream named alone, which inflates some bytes, too. A whole one is
// still told to gunzip.
func TestGzipBrokenPageSaysWhy(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "..", "testdata", "seeds", "py-safetensors-old.txt"))
	if err != nil {
		t.Fatal(err)
	}
	z := gzipOf(page)
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"a corrupt first block", append(bytes.Clone(z[:10]), 0xff, 0xff, 0xff), "corrupt input before offset 11"},
		{"cut short", z[:len(z)/2], "cut short"},
		{"a CRC that does not match", append(bytes.Clone(z[:len(z)-8]), 0, 0, 0, 0, z[len(z)-4], z[len(z)-3], z[len(z)-2], z[len(z)-1]), "checksum"},
	} {
		_, _, _, err := parsePage("zlib/specs.md", c.data, false)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "gunzip it") {
			t.Errorf("%s: %v, want %q and no 'gunzip it'", c.name, err, c.want)
		}
	}
	if _, _, _, err := parsePage("zlib/specs.md", z, false); err == nil || !strings.Contains(err.Error(), "gunzip it") {
		t.Errorf("whole: %v, want 'gunzip it'", err)
	}
}

// gzipOf is data gzip'd.
func gzipOf(data []byte) []byte {
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write(data)
	w.Close()
	return z.Bytes()
}
