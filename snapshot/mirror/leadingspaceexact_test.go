package mirror_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestLeadingSpaceBoundExact (issue 35, class c over b1ac3e9e): the
// bound on a file's leading whitespace is exact wherever it is read: an
// index after 1 MiB of it loads and one after 1 MiB and a byte is
// refused, from a folder and from a URL, gzip'd and not (inflated, the
// gzip reader's bound). TestLeadingSpaceBounded held a folder's plain
// index to it exactly, and a URL's to 8 MiB only.
func TestLeadingSpaceBoundExact(t *testing.T) {
	const bound = 1 << 20
	const want = "begins with more than 1048576 bytes of whitespace"
	idx := []byte(`{"database": {"version": "8", "installs": {}}}`) // small, to keep the test fast
	for _, zipped := range []bool{false, true} {
		for _, spaces := range []int{bound, bound + 1} {
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
				if spaces == bound && (err == nil || !strings.Contains(err.Error(), "holds no spec")) {
					t.Errorf("%s: %v; want it read, an index of no spec", what, err)
				}
				if spaces > bound && (err == nil || !strings.Contains(err.Error(), want)) {
					t.Errorf("%s: %v; want %q", what, err, want)
				}
			}
		}
	}
}
