package snapshot

import (
	"bytes"
	"compress/gzip"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"runtime"
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
	for name, content := range map[string][]byte{"idx.v7.json": long, "idx.v7.json.gz": gzipOf(long)} {
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

// oneFile is a Source of one file named alone, as standard input ("-")
// or a git blob (REV:PATH) is.
type oneFile struct {
	path, name string
	data       []byte
}

func (s *oneFile) Path() string { return s.path }

func (s *oneFile) Walk(yield func(File)) ([]Warning, []*Error) {
	yield(File{Name: s.name, Base: path.Base(s.name), Size: int64(len(s.data)), Root: true})
	return nil, nil
}

func (s *oneFile) Read(_ File, buf []byte) ([]byte, error) { return append(buf[:0], s.data...), nil }

// TestSpackFilePastHeadNotOnDisk: a Spack file whose key comes past its
// head, named alone from standard input or git (REV:PATH), cannot be
// renamed where it is: the message says to save it as Spack names it
// (a hundred-and-ninth adversarial pass, issue 35: "name it index.json"
// of standard input).
func TestSpackFilePastHeadNotOnDisk(t *testing.T) {
	data, _ := libdwarfLost(t)
	long := append([]byte(`{"x":"`+strings.Repeat("a", 5000)+`",`), bytes.TrimSpace(data)[1:]...)
	for _, src := range []*oneFile{{path: "-", name: "standard input"}, {path: "HEAD:idx.v7.json", name: "HEAD:idx.v7.json"}} {
		src.data = long
		_, err := LoadFrom(src, Options{})
		if err == nil {
			t.Fatalf("%s: read", src.path)
		}
		if msg := err.Error(); !strings.Contains(msg, "first 512 bytes") || strings.Contains(msg, "name it index.json") || !strings.Contains(msg, "save it as index.json") {
			t.Errorf("%s: %s", src.path, msg)
		}
	}
}

// TestPastHeadSniffBounded: a gzip'd file named alone that is no Spack
// file (its content a long string, 64 times its size) is not inflated
// whole to tell whether a Spack key comes past its head: what that
// costs is bounded by a few times the file, as its head's sniff was (a
// hundred-and-ninth adversarial pass, issue 35: a 20 MB gzip'd file named
// alone took 3 GB and six times the time, where it took 54 MB before).
func TestPastHeadSniffBounded(t *testing.T) {
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestSpeed)
	w.Write([]byte(`{"x":"`))
	rnd := rand.New(rand.NewPCG(1, 2))
	chunk := make([]byte, 1<<16)
	for gz.Len() < 1<<18 {
		for i := range chunk {
			chunk[i] = 'a'
			if i%64 == 0 {
				chunk[i] = byte('a' + rnd.IntN(26))
			}
		}
		w.Write(chunk)
	}
	w.Close()
	src := &oneFile{path: "x.gz", name: "x.gz", data: gz.Bytes()}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := LoadFrom(src, Options{})
	runtime.ReadMemStats(&after)
	if err == nil {
		t.Fatal("read")
	}
	if got, most := after.TotalAlloc-before.TotalAlloc, uint64(3*gz.Len()+2<<20); got > most {
		t.Errorf("a gzip'd file of %d bytes named alone allocated %d bytes (at most %d): %v", gz.Len(), got, most, err)
	}
}
