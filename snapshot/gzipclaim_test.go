package snapshot

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGzipClaimBounded: a gzip stream's trailer claims the size of its
// content, and that claim is counted as input before the file decodes
// (inputBytes). It was believed up to 64 MB whatever the file: an
// 18-byte stream claiming 4 GB counted 64 MB, and under --skip-invalid
// the claim stayed counted once the file was skipped, so 40 such files
// beside a tree of 28 MB made the input 2.5 GB and the memory limit
// bounded nothing (peak RSS 6.4x the real input, pass 91a). A claim is
// believed up to what Spack's JSON could hold: MaxRatio times the
// stream's length.
func TestGzipClaimBounded(t *testing.T) {
	forged := []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff}
	if got, most := inputBytes(forged), int64(64*len(forged)); got > most {
		t.Errorf("an 18-byte gzip stream claiming 4 GB counts %d bytes of input; want at most %d", got, most)
	}
	dir := t.TempDir()
	for _, name := range []string{"a.json", "b.json", "c.json"} {
		if err := os.WriteFile(filepath.Join(dir, name), forged, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	page, err := os.ReadFile(filepath.Join("..", "testdata", "real-series", "develop-2025-02-16", "aida", "specs.md"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "aida"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "aida", "specs.md"), page, 0o644); err != nil {
		t.Fatal(err)
	}
	var read int64
	s, err := Load(dir, Options{SkipInvalid: true, Read: func(n int64) { read += n }})
	if err != nil {
		t.Fatalf("a page and three broken gzip files, --skip-invalid: %v", err)
	}
	if most := int64(1 << 20); s.Bytes > most || read > most {
		t.Errorf("a page and three forged 18-byte gzip files, skipped: Bytes %d, Read told %d; want at most %d", s.Bytes, read, most)
	}
}
