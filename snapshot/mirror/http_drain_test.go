package mirror_test

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
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

// countedBody is an answer's body of n bytes that counts those read.
type countedBody struct {
	n    int64
	read *atomic.Int64
}

func (b *countedBody) Read(p []byte) (int, error) {
	if b.n <= 0 {
		return 0, io.EOF
	}
	k := int(min(int64(len(p)), b.n))
	b.n -= int64(k)
	b.read.Add(int64(k))
	return k, nil
}

func (b *countedBody) Close() error { return nil }

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestNotFoundDrainBounded (adversarial pass i25, class c): what drain
// reads of an answer that is not the file is bounded (64 KiB), its
// connection closed past that: undone to read the page to its end, no
// test noticed, and a 404 of 10 MB was 10 MB read, each probe's.
func TestNotFoundDrainBounded(t *testing.T) {
	var read, requests atomic.Int64
	client := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		requests.Add(1)
		return &http.Response{StatusCode: http.StatusNotFound, Status: "404 Not Found", Header: http.Header{}, ContentLength: -1, Body: &countedBody{n: 10 << 20, read: &read}, Request: r}, nil
	})}
	_, err := (&mirror.HTTP{NoCache: true, Client: client}).Open("https://mirror.example/m", mirror.Options{})
	if err == nil || !strings.Contains(err.Error(), "not a Spack mirror") {
		t.Fatalf("a mirror whose every file is a 404 of 10 MB: %v; want not a Spack mirror", err)
	}
	if n, most := read.Load(), requests.Load()*(64<<10); n > most {
		t.Errorf("%d 404s of 10 MB each: %d bytes of their pages read; want at most 64 KiB each (%d)", requests.Load(), n, most)
	}
}
