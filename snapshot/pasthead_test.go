package snapshot

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSpackFilePastHeadNamed: a file named on the command line under
// another name than Spack's (idx.v7.json), an index whose "database"
// comes past the first 512 bytes that Spack files are detected by, is
// refused, plain or gzip'd alike, with a message that says so and what
// to do (a hundred-and-eighth adversarial pass, issue 35: plain, it was
// "a JSON document, but not a Spack build-cache index", which it is;
// gzip'd, "the file is gzip'd: a package page is Markdown text ...:
// gunzip it", after which it said the same).
func TestSpackFilePastHeadNamed(t *testing.T) {
	data, _ := libdwarfLost(t)
	long := append([]byte(`{"x":"`+strings.Repeat("a", 5000)+`",`), bytes.TrimSpace(data)[1:]...)
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(long)
	w.Close()
	for name, content := range map[string][]byte{"idx.v7.json": long, "idx.v7.json.gz": gz.Bytes()} {
		path := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(path, content, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(path, Options{})
		if err == nil {
			t.Fatalf("%s: read", name)
		}
		msg := err.Error()
		if !strings.Contains(msg, "build-cache index") || !strings.Contains(msg, "first 512 bytes") || !strings.Contains(msg, "index.json") ||
			strings.Contains(msg, "gunzip") || strings.Contains(msg, "not a Spack") {
			t.Errorf("%s: %s", name, msg)
		}
	}
}
