package snapshot

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadCutGzipInFolder (issue 35 class b: input dropped without a
// word): a folder of a spec file and a gzip'd index.json.gz cut short
// within its first deflate block (a download that stopped) loaded the
// spec file alone, the index left out silently, while the same index
// cut past that block was refused as cut short. Every prefix of the
// index is refused, or said not read in a warning naming it: never
// dropped, never read as something else.
func TestLoadCutGzipInFolder(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "spack-formats", "index.v7-layout2-unsigned.json"))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(data)
	zw.Close()
	gz := b.Bytes()
	dir := t.TempDir()
	spec := filepath.Join(dir, "zlib-1.3-a.spec.json")
	node := `{"name":"zlib","version":"1.3","hash":"` + strings.Repeat("a", 32) + `","namespace":"builtin","arch":{"platform":"linux","platform_os":"ubuntu22.04","target":"x86_64"},"compiler":{"name":"gcc","version":"13"},"parameters":{}}`
	if err := os.WriteFile(spec, []byte(`{"spec":{"_meta":{"version":4},"nodes":[`+node+`]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	index := filepath.Join(dir, "index.json.gz")
	for n := 1; n < len(gz); n++ {
		if err := os.WriteFile(index, gz[:n], 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := Load(dir, Options{})
		if err != nil {
			if !strings.Contains(err.Error(), "index.json.gz") || !strings.Contains(err.Error(), "cut short") {
				t.Fatalf("index.json.gz cut to %d of %d bytes: %v; want it named, cut short", n, len(gz), err)
			}
			continue
		}
		warned := false
		for _, w := range s.Warnings {
			warned = warned || w.File == index && strings.Contains(w.Message, "not read") && strings.Contains(w.Message, "cut short")
		}
		if !warned {
			t.Fatalf("index.json.gz cut to %d of %d bytes: loaded with no error and no warning naming it (warnings %v)", n, len(gz), s.Warnings)
		}
	}
}
