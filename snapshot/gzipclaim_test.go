package snapshot

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/cachediff/cachediff/snapshot/spackfmt"
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

// TestGzipClaimSettled: a file's gzip trailer claim is what it counts
// before it decodes; once read, it counts what it decoded to, or its
// length when it did not decode. Ten files of 1 MB of random bytes
// behind gzip's magic, each claiming 4 GB, beside a page, counted 64
// times their length (671 MB of input for 10 MB), left out without a
// word; and an index that gzip shrank 500 times counted 64 times its
// file, a fraction of the JSON its decoder held.
func TestGzipClaimSettled(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "testdata", "real-series", "develop-2025-02-16", "aida", "specs.md"))
	if err != nil {
		t.Fatal(err)
	}
	t.Run("random bytes behind gzip's magic", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.MkdirAll(filepath.Join(dir, "aida"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "aida", "specs.md"), page, 0o644); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		var onDisk int64
		for i := range 10 {
			junk := make([]byte, 1<<20)
			for k := range junk {
				junk[k] = byte(rng.Uint32())
			}
			copy(junk, []byte{0x1f, 0x8b, 8, 0})
			copy(junk[len(junk)-4:], []byte{0xff, 0xff, 0xff, 0xff})
			onDisk += int64(len(junk))
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("junk%d.json", i)), junk, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		var read atomic.Int64
		s, err := Load(dir, Options{SkipInvalid: true, Read: func(n int64) { read.Add(n) }})
		if err != nil {
			t.Fatalf("a page and ten files of random bytes behind gzip's magic: %v", err)
		}
		if most := onDisk + int64(len(page)) + 1<<20; s.Bytes > most || read.Load() > most {
			t.Errorf("10 MB of random bytes behind gzip's magic, each claiming 4 GB: Bytes %d, Read told %d in all; want at most %d (the files' length)", s.Bytes, read.Load(), most)
		}
	})
	t.Run("an index gzip shrank 500 times", func(t *testing.T) {
		plain, err := os.ReadFile(filepath.Join("..", "testdata", "spack-gen", "new", "build_cache", "index.json"))
		if err != nil {
			t.Fatal(err)
		}
		// White space after the document: Spack's reader and cachediff's
		// read it as the index alone.
		plain = append(plain, bytes.Repeat([]byte(" "), 40<<20)...)
		var gz bytes.Buffer
		w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		w.Write(plain)
		w.Close()
		if ratio := len(plain) / gz.Len(); ratio < 2*spackfmt.MaxRatio {
			t.Fatalf("the index gzip'd shrank %d times; the test needs more than %d", ratio, 2*spackfmt.MaxRatio)
		}
		dir := t.TempDir()
		file := filepath.Join(dir, "index.json")
		if err := os.WriteFile(file, gz.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		var read atomic.Int64
		s, err := Load(file, Options{Read: func(n int64) { read.Add(n) }})
		if err != nil {
			t.Fatalf("the index gzip'd: %v", err)
		}
		if want := int64(len(plain)); s.Bytes < want || read.Load() < want {
			t.Errorf("an index of %d bytes gzip'd to %d: Bytes %d, Read told %d in all; want at least what it inflated to", len(plain), gz.Len(), s.Bytes, read.Load())
		}
	})
	// A stream of two members (its trailer gives the last one's size)
	// and one padded with zero bytes (its last bytes are zeros), both
	// read as Spack reads them, counted their length, a fraction of the
	// JSON decoded.
	plain, err := os.ReadFile(filepath.Join("..", "testdata", "spack-gen", "new", "build_cache", "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	member := func(b []byte) []byte {
		var gz bytes.Buffer
		w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		w.Write(b)
		w.Close()
		return gz.Bytes()
	}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"two members", append(member(plain[:len(plain)-1]), member(plain[len(plain)-1:])...)},
		{"padded with zero bytes", append(member(plain), make([]byte, 16)...)},
	} {
		if tc.name == "padded with zero bytes" {
			// Its trailer claims nothing: counted before it decodes as
			// the most it is believed to hold, not its length.
			if got, want := inputBytes(tc.data), int64(spackfmt.MaxRatio*len(tc.data)); got != want {
				t.Errorf("a padded stream of %d bytes is told %d before it decodes; want %d", len(tc.data), got, want)
			}
		}
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "index.json")
			if err := os.WriteFile(file, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			var read atomic.Int64
			s, err := Load(file, Options{Read: func(n int64) { read.Add(n) }})
			if err != nil {
				t.Fatal(err)
			}
			if want := int64(len(plain)); s.Bytes < want || read.Load() < want {
				t.Errorf("an index of %d bytes gzip'd to %d: Bytes %d, Read told %d in all; want at least what it inflated to", len(plain), len(tc.data), s.Bytes, read.Load())
			}
		})
	}
}
