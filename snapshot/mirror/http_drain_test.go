package mirror_test

import (
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestNotFoundKeepsConnection (adversarial pass i24, class d): an answer
// that is not the file (a probe's 404) was closed unread, and net/http
// reuses a connection only for an answer read to its end: a v2 mirror's
// 4 requests (its index manifest and layout.json 404) took 3
// connections, each a TLS handshake over https. They take one. A 404
// whose page stalls is given up soon, not waited for.
func TestNotFoundKeepsConnection(t *testing.T) {
	root := t.TempDir()
	if err := mirrorgen.V2(filepath.Join(root, "v2"), zlibIndex); err != nil {
		t.Fatal(err)
	}
	var conns, requests atomic.Int32
	stall := make(chan struct{})
	defer close(stall)
	files := mirrorgen.Handler(root, nil)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		if r.URL.Path == "/stall/v3/manifests/index/index.manifest.json" {
			w.Header().Set("Content-Length", "100")
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte("not all of it"))
			w.(http.Flusher).Flush()
			select {
			case <-stall:
			case <-r.Context().Done():
			}
			return
		}
		files.ServeHTTP(w, r)
	}))
	srv.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()
	src, err := (&mirror.HTTP{NoCache: true}).Open(srv.URL+"/v2", mirror.Options{})
	if err != nil {
		t.Fatal(err)
	}
	load(t, src)
	if n, c := requests.Load(), conns.Load(); n < 3 || c != 1 {
		t.Errorf("a v2 mirror over HTTP: %d requests over %d connections; want one connection", n, c)
	}
	start := time.Now()
	_, err = (&mirror.HTTP{NoCache: true}).Open(srv.URL+"/stall", mirror.Options{})
	if took := time.Since(start); err == nil || took > 5*time.Second {
		t.Errorf("a 404 whose page stalls: %v after %s; want not a Spack mirror, soon", err, took)
	}
}
