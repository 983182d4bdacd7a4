package snapshot

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGzipLongHeader: a gzip'd Spack file whose member header is longer
// than the head the decoders detect by (an extra field or a file name of
// 600 bytes, which Python's gzip.decompress, Spack's reader, reads) is
// recognised by its content as one with a short header is. Its head was
// the header alone, which inflates to nothing: in a folder the file was
// left out without a word, and named alone it was told to be a gzip'd
// package page.
func TestGzipLongHeader(t *testing.T) {
	spec, err := os.ReadFile(filepath.Join(spackFixtures, "spec.v5-libdwarf-m1.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		extra []byte
		fname string
	}{
		{"an extra field of 600 bytes", append([]byte{'A', 'B', 0x54, 0x02}, bytes.Repeat([]byte{'x'}, 596)...), ""},
		{"a file name of 600 bytes", nil, string(bytes.Repeat([]byte{'n'}, 600))},
	} {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Extra = tc.extra
		w.Name = tc.fname // Go's writer writes a name of any length; its reader refuses one of 512 bytes or more
		w.Write(spec)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		path := filepath.Join(dir, "libdwarf.spec.json.gz")
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, arg := range []string{dir, path} {
			s, err := Load(arg, Options{})
			if err != nil || len(s.Packages) == 0 {
				t.Errorf("%s, %s: %v; want the spec file read", tc.name, arg, err)
			}
		}
	}
}

// TestGzipBrokenNamedAlone: a gzip'd file named alone whose stream does
// not inflate (cut in its header, another method, a corrupt first block)
// says what is wrong with its gzip, as a file named as Spack's does; it
// was told to be a gzip'd package page, to gunzip, which fails as well.
func TestGzipBrokenNamedAlone(t *testing.T) {
	spec, err := os.ReadFile(filepath.Join(spackFixtures, "spec.v5-libdwarf-m1.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(spec)
	w.Close()
	z := b.Bytes()
	other := bytes.Clone(z)
	other[2] = 7
	corrupt := append(bytes.Clone(z[:10]), 0xff, 0xff, 0xff)
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"cut in its header", z[:5], "a gzip stream that is cut short: the file is incomplete"},
		{"another method", other, "has compression method 7, not deflate (8)"},
		{"a corrupt first block", corrupt, "flate: corrupt input before offset 11"},
	} {
		path := filepath.Join(t.TempDir(), "libdwarf.spec.json.gz")
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(path, Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v; want %q", tc.name, err, tc.want)
		}
	}
}

// TestGzipLongHeaderLaterMember: a gzip'd Spack file of several members
// (gzip's own concatenation, which Python's gzip.decompress, Spack's
// reader, reads whole), whose content's head is behind a later member's
// long header (a file name of 600 bytes), is recognised as one member
// is. The detected head counted 512 bytes past the first member's
// header only: a first member of a few bytes left the rest of the head
// in the second's header, so named alone the spec file was told to be a
// gzip'd package page, and in a folder it was left out without a word.
func TestGzipLongHeaderLaterMember(t *testing.T) {
	spec, err := os.ReadFile(filepath.Join(spackFixtures, "spec.v5-libdwarf-m1.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	member := func(data []byte, name string) []byte {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Name = name
		w.Write(data)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	long := string(bytes.Repeat([]byte{'n'}, 600))
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"an empty first member", append(member(nil, ""), member(spec, long)...)},
		{"a first member of 5 bytes", append(member(spec[:5], ""), member(spec[5:], long)...)},
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, "libdwarf.json.gz")
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, arg := range []string{dir, path} {
			s, err := Load(arg, Options{})
			if err != nil || len(s.Packages) == 0 {
				t.Errorf("%s, %s: %v; want the spec file read", tc.name, arg, err)
			}
		}
	}
}
