package mirror_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// spaceBound is the most whitespace a file of the mirror may begin
// with, and spaceWant the error of one past it.
const (
	spaceBound = 1 << 20
	spaceWant  = "begins with more than 1048576 bytes of whitespace"
)

// TestLeadingSpaceBounded (issue 35, class d: an unbounded read): a
// v2 index.json of 1 GiB of spaces was read whole under --max-download's
// 4 GiB, over HTTP a minute and 3 times its size in memory, to be told
// then that it holds no JSON value. A file that begins with more than 1
// MiB of whitespace is read no further, from a server (and not asked
// for again) or a folder; one that begins with 1 MiB of it still loads
// (TestLeadingSpaceBoundExact).
func TestLeadingSpaceBounded(t *testing.T) {
	var sent, asked atomic.Int64
	srv := newServer(t, t.TempDir())
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Path != "/build_cache/index.json" {
			return false
		}
		asked.Add(1)
		chunk := bytes.Repeat([]byte(" "), 64<<10)
		for range 8 * spaceBound / len(chunk) { // 8 MiB, no length said
			n, err := w.Write(chunk)
			sent.Add(int64(n))
			if err != nil {
				break
			}
		}
		return true
	}
	_, _, err := fetch(&mirror.HTTP{NoCache: true, Backoff: time.Millisecond}, srv.URL)
	if err == nil || !strings.Contains(err.Error(), spaceWant) {
		t.Errorf("8 MiB of spaces over HTTP: %v; want %q", err, spaceWant)
	}
	// Counted here: the server's list of requests leaves out those a
	// fault answers, and the index asked for 4 times passed (class c).
	if n := asked.Load(); n != 1 {
		t.Errorf("asked for the index %d times; want once", n)
	}
}

// TestLeadingSpaceBoundExact (issue 35, class c over b1ac3e9e): the
// bound on a file's leading whitespace is exact wherever it is read: an
// index after 1 MiB of it loads and one after 1 MiB and a byte is
// refused, from a folder and from a URL, gzip'd and not (inflated, the
// gzip reader's bound). TestLeadingSpaceBounded held a folder's plain
// index to it exactly, and a URL's to 8 MiB only, which this holds now.
func TestLeadingSpaceBoundExact(t *testing.T) {
	idx := []byte(`{"database": {"version": "8", "installs": {}}}`) // small, to keep the test fast
	for _, zipped := range []bool{false, true} {
		for _, spaces := range []int{spaceBound, spaceBound + 1} {
			dir := t.TempDir()
			if err := mirrorgen.V2(dir, idx); err != nil {
				t.Fatal(err)
			}
			os.Remove(filepath.Join(dir, "build_cache", "index.json.hash"))
			data := append(bytes.Repeat([]byte("\n"), spaces), idx...)
			if zipped {
				var b bytes.Buffer
				zw := gzip.NewWriter(&b)
				zw.Write(data)
				zw.Close()
				data = b.Bytes()
			}
			if err := os.WriteFile(filepath.Join(dir, "build_cache", "index.json"), data, 0o644); err != nil {
				t.Fatal(err)
			}
			srv := newServer(t, dir)
			for where, open := range map[string]func() (snapshot.Source, error){
				"folder": func() (snapshot.Source, error) { return mirror.Open(mirror.Dir(dir), mirror.Options{}) },
				"URL": func() (snapshot.Source, error) {
					return (&mirror.HTTP{NoCache: true, Backoff: time.Millisecond}).Open(srv.URL, mirror.Options{})
				},
			} {
				src, err := open()
				if err == nil {
					_, err = snapshot.LoadFrom(src, snapshot.Options{})
				}
				what := fmt.Sprintf("%s, gzip %v: an index after %d bytes of whitespace", where, zipped, spaces)
				// An index of no spec, read past the whitespace: its
				// JSON decoded, it "holds no spec".
				if spaces == spaceBound && (err == nil || !strings.Contains(err.Error(), "holds no spec")) {
					t.Errorf("%s: %v; want it read, an index of no spec", what, err)
				}
				// Inflated, it says so: "gzip: it begins with …" read as
				// the gzip'd bytes' whitespace (class c: b1ac3e9e's
				// "unpacked" undone alone, no check failed).
				want := map[bool]string{false: "index.json: it " + spaceWant, true: "unpacked: it " + spaceWant}[zipped]
				if spaces > spaceBound && (err == nil || !strings.Contains(err.Error(), want)) {
					t.Errorf("%s: %v; want %q", what, err, want)
				}
			}
		}
	}
}
