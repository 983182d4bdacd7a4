package mirror_test

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestHTTPContentEncoding (issue 35, adversarial round 3): net/http asked
// for gzip and inflated an answer with Content-Encoding: gzip itself,
// past the bound on how many times its size gzip may inflate to: a v2
// index.json of 200 KB that inflates to 200 MB (JSON padded with blanks)
// took its 200 MB, up to --max-download (4 GiB). cachediff inflates such
// an answer itself now, as it does a gzip'd blob, and refuses a bomb; an
// honest one still reads, and a blob stored gzip'd keeps its checksum.
func TestHTTPContentEncoding(t *testing.T) {
	idx := index(t, "old")
	root := t.TempDir()
	if err := mirrorgen.V2(root, idx); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(root, "build_cache/index.json.hash"))
	srv := newServer(t, root)
	serve := func(body []byte) {
		srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
			if !strings.HasSuffix(r.URL.Path, "build_cache/index.json") {
				return false
			}
			srv.record(r, 200)
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(body)
			return true
		}
	}
	h := func() *mirror.HTTP { return &mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Retries: -1} }
	serve(gz(idx))
	got, _, err := fetch(h(), srv.URL)
	if err != nil {
		t.Fatalf("an honest gzip'd answer: %v", err)
	}
	want := load(t, openDir(t, root, mirror.Options{}))
	if dump(t, got) != dump(t, want) {
		t.Error("an honest gzip'd answer reads otherwise than the folder")
	}
	bomb := gz(append(bytes.TrimRight(idx, "\n"), bytes.Repeat([]byte(" "), 80<<20)...))
	serve(bomb)
	if _, _, err := fetch(h(), srv.URL); err == nil || !strings.Contains(err.Error(), "refused as a gzip bomb") {
		t.Errorf("%d bytes of gzip that inflate to 80 MB: %v; want a gzip bomb refused", len(bomb), err)
	}
	srv.requests()
}

// TestV2GzipMaxBytes (issue 35, adversarial round 3): --max-download
// bounds each file "read or unpacked", but a gzip'd v2 index.json was
// unpacked up to the default 4 GiB whatever it said. It is unpacked up to
// MaxBytes.
func TestV2GzipMaxBytes(t *testing.T) {
	idx := index(t, "old")
	root := t.TempDir()
	if err := mirrorgen.V2(root, gz(idx)); err != nil {
		t.Fatal(err)
	}
	limit := int64(len(idx) / 2)
	_, err := mirror.Open(mirror.Dir(root), mirror.Options{MaxBytes: limit})
	if err == nil {
		t.Fatalf("an index of %d bytes unpacked, gzip'd to %d, read with a bound of %d", len(idx), len(gz(idx)), limit)
	}
	if !strings.Contains(err.Error(), "build_cache/index.json: gzip: ") {
		t.Errorf("%v", err)
	}
}

// TestHTTPGzipThatLiesSaysSoOnce: an answer labelled Content-Encoding:
// gzip whose body is not gzip is refused with the cause named once
// (Adversarial pass 76: "Content-Encoding: gzip: gzip: gzip: invalid
// header", each layer adding its own "gzip:").
func TestHTTPGzipThatLiesSaysSoOnce(t *testing.T) {
	idx := index(t, "old")
	root := t.TempDir()
	if err := mirrorgen.V2(root, idx); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		w.Header().Set("Content-Encoding", "gzip")
		return false
	}
	_, _, err := fetch(&mirror.HTTP{NoCache: true}, srv.URL)
	if err == nil || !strings.Contains(err.Error(), "invalid header") || strings.Count(err.Error(), "gzip") != 2 {
		t.Errorf("%v; want the body refused as not gzip, with gzip named twice (the header, the cause)", err)
	}
}
