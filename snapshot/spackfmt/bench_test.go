package spackfmt_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot/spackfmt"
)

// benchIndex writes (once) a generated index of about n specs with full
// nodes under testdata/bench (git-ignored) and returns its bytes.
func benchIndex(b *testing.B, envs int) []byte {
	b.Helper()
	path := filepath.Join("..", "..", "testdata", "bench", "spack", "index-"+itoa(envs*600)+".json")
	if data, err := os.ReadFile(path); err == nil {
		return data
	}
	d := spackgen.New(spackgen.Options{Seed: 1, Packages: 600, Envs: envs, Depth: 12})
	var buf bytes.Buffer
	if err := d.WriteIndex(&buf); err != nil {
		b.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
		_ = os.WriteFile(path, buf.Bytes(), 0o644)
	}
	return buf.Bytes()
}

func itoa(n int) string {
	var b []byte
	for n > 0 || len(b) == 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}

// BenchmarkDecodeIndex decodes a 60k-spec index (full nodes), against
// json.Valid over the same bytes (issue 31's floor: a reader that checks
// every byte) and copying them (the floor no reader can beat).
func BenchmarkDecodeIndex(b *testing.B) {
	data := benchIndex(b, 100)
	b.Run("decode", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, err := spackfmt.Decode("index.json", data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("json.Valid", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if !json.Valid(data) {
				b.Fatal("not valid")
			}
		}
	})
	b.Run("copy", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		dst := make([]byte, len(data))
		for b.Loop() {
			copy(dst, data)
		}
	})
}
