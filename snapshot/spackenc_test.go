package snapshot

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"
)

// Issue 35: a build_cache/ folder whose index.json is gzip'd, or has a
// byte order mark, loads as the plain one does; one in UTF-16 is an error
// that names the encoding (it said "not 'ÿ'"). Named on the command line,
// a gzip'd Spack file of any name is recognised by content.
func TestLoadSpackEncodings(t *testing.T) {
	plain, err := os.ReadFile(filepath.Join(spackFixtures, "index.v7-layout2-unsigned.json"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := Load(filepath.Join(spackFixtures, "index.v7-layout2-unsigned.json"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write(plain)
	w.Close()
	var le16 []byte
	for _, r := range "\uFEFF" + string(plain) {
		le16 = append(le16, byte(r), byte(r>>8)) // the fixture is ASCII
	}
	for _, tt := range []struct {
		how, name string
		data      []byte
		err       string
	}{
		{"gzip", "index.json", z.Bytes(), ""},
		{"bom", "index.json", append([]byte("\uFEFF"), plain...), ""},
		{"utf-16", "index.json", le16, "UTF-16 (little-endian, with a byte order mark FF FE); cachediff reads JSON in UTF-8"},
		// Refused by name, and recognised by content under any name:
		// both read "not '\x1f'", and named otherwise "not a text file
		// ... a package page is UTF-8 Markdown" (75th adversarial pass).
		{"gzip twice", "index.json", gzipOf(z.Bytes()), "(encoding): the file is gzip'd twice"},
		{"gzip twice", "index.v7.json", gzipOf(z.Bytes()), "(encoding): the file is gzip'd twice"},
		{"bom, gzip", "index.json", append([]byte("\uFEFF"), z.Bytes()...), "(encoding): the file is a byte order mark and then gzip data"},
		{"bom, gzip", "index.v7.json", append([]byte("\uFEFF"), z.Bytes()...), "(encoding): the file is a byte order mark and then gzip data"},
		{"gzip, bom, gzip", "index.json", gzipOf(append([]byte("\uFEFF"), z.Bytes()...)), "(encoding): the file is gzip'd, and inflated it is a byte order mark and gzip again"},
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, "build_cache", tt.name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, tt.data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, arg := range []string{dir, path} {
			s, err := Load(arg, Options{})
			if tt.err != "" {
				checkErr(t, err, path, 1, 1, tt.err)
				continue
			}
			if err != nil {
				t.Errorf("%s, %s: %v", tt.how, arg, err)
				continue
			}
			if got, w := specLines(s), specLines(want); !equalLines(got, w) {
				t.Errorf("%s, %s: %q, want %q", tt.how, arg, got, w)
			}
		}
	}
	// Named on the command line, by content whatever the name.
	path := filepath.Join(t.TempDir(), "cache-index.gz")
	if err := os.WriteFile(path, z.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if s, err := Load(path, Options{}); err != nil || s.Specs() != want.Specs() {
		t.Errorf("%s: %v", path, err)
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

func equalLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
