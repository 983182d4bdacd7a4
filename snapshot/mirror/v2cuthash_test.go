package mirror_test

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// Issue 35 (messages): a v2 mirror's index.json cut short in its
// download (a server that sends it without its length and closes the
// connection early: net/http reads that as the body's end) failed as
// JSON, "unterminated string" at a column, and the warning that said
// why, that its sha256 is not the one index.json.hash gives, was not
// printed: a failed load prints its errors alone. The error tells the
// warning of its file now, from a URL and from a folder alike.
func TestV2CutIndexErrorTellsHash(t *testing.T) {
	whole := index(t, "new")
	sum := sha256.Sum256(whole)
	hash := hex.EncodeToString(sum[:])
	cut := whole[:len(whole)/2]
	check := func(how string, src *mirror.Source) {
		t.Helper()
		_, err := snapshot.LoadFrom(src, snapshot.Options{})
		if err == nil {
			t.Fatalf("%s: an index cut short loaded", how)
		}
		if msg := err.Error(); !strings.Contains(msg, "index.json.hash says "+hash) || strings.Count(msg, "index.json.hash says") != 1 {
			t.Errorf("%s: %v; want the error to tell, once, that index.json.hash names another index", how, err)
		}
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/m/build_cache/index.json.hash":
			w.Write([]byte(hash + "\n"))
		case "/m/build_cache/index.json":
			w.Header().Set("Connection", "close")
			w.(http.Flusher).Flush() // sent without a length: the connection's end ends it
			w.Write(cut)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	h := &mirror.HTTP{NoCache: true, Retries: -1}
	src, err := h.Open(srv.URL+"/m", mirror.Options{})
	if err != nil {
		t.Fatal(err)
	}
	check("from a URL", src)

	dir := t.TempDir()
	bc := filepath.Join(dir, "build_cache")
	if err := os.MkdirAll(bc, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bc, "index.json"), cut, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bc, "index.json.hash"), []byte(hash), 0o644); err != nil {
		t.Fatal(err)
	}
	check("from a folder", openDir(t, dir, mirror.Options{}))
}
