package mirror_test

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// server serves a mirror folder over HTTP on loopback, as a web server or
// a bucket's HTTPS endpoint would: ETags, If-None-Match, 404. fault, when
// set, may answer a request itself (return true). It records every
// request: method, path, the If-None-Match it carried, the status.
type server struct {
	*httptest.Server
	dir   string
	mu    sync.Mutex
	log   []string
	fault func(w http.ResponseWriter, r *http.Request) bool
	auth  string // the Authorization header of the last request
	// recorded are the requests a fault answers that it recorded itself
	// (record), not to be recorded twice.
	recorded map[*http.Request]bool
}

func newServer(t *testing.T, dir string) *server {
	s := &server{dir: dir}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *server) record(r *http.Request, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	inm := ""
	if v := r.Header.Get("If-None-Match"); v != "" {
		inm = " if-none-match"
	}
	s.log = append(s.log, fmt.Sprintf("%s %s%s %d", r.Method, r.URL.Path, inm, status))
	s.auth = r.Header.Get("Authorization")
	if s.recorded != nil {
		s.recorded[r] = true
	}
}

func (s *server) requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.log
	s.log = nil
	return out
}

// serve records a request a fault answers too, with the status it
// wrote (0: none, its connection taken over or left): left out, a test
// that counts the requests for a path a fault answers could not fail
// (an index asked for 4 times where once was wanted passed). The record
// is made before the client can see the answer: when the fault first
// writes (its status) or takes the connection over (0), or, for a fault
// that did neither, when it returns. Made after the fault returned, a
// connection the fault closed let the client's request end, and the
// test read the log, before the record was in it (TestServerRecordsFaults
// failed so in CI, /gone missing).
func (s *server) serve(w http.ResponseWriter, r *http.Request) {
	if s.fault != nil {
		fw := &faultWriter{ResponseWriter: w, s: s, r: r}
		s.mu.Lock()
		if s.recorded == nil {
			s.recorded = map[*http.Request]bool{}
		}
		s.mu.Unlock()
		answered := s.fault(fw, r)
		if answered {
			fw.record(0)
		}
		s.mu.Lock()
		delete(s.recorded, r)
		s.mu.Unlock()
		if answered {
			return
		}
	}
	mirrorgen.Handler(s.dir, s.record).ServeHTTP(w, r)
}

// faultWriter is a fault's http.ResponseWriter: it records the request
// with the status the fault writes, before any byte of it goes out,
// unless the fault recorded it itself.
type faultWriter struct {
	http.ResponseWriter
	s      *server
	r      *http.Request
	status int
}

// record records the request with status, once, unless the fault
// recorded it itself.
func (w *faultWriter) record(status int) {
	w.s.mu.Lock()
	self := w.s.recorded[w.r]
	w.s.mu.Unlock()
	if !self {
		w.s.record(w.r, status)
	}
}

func (w *faultWriter) WriteHeader(status int) {
	if w.status == 0 && status >= 200 {
		w.status = status
		w.record(status)
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *faultWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
		w.record(w.status)
	}
	return w.ResponseWriter.Write(b)
}

func (w *faultWriter) Flush() { w.ResponseWriter.(http.Flusher).Flush() }

func (w *faultWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	w.record(0)
	return w.ResponseWriter.(http.Hijacker).Hijack()
}

func (w *faultWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// fetch loads the mirror at url with h.
func fetch(h *mirror.HTTP, url string) (*snapshot.Snapshot, *mirror.Source, error) {
	src, err := h.Open(url, mirror.Options{})
	if err != nil {
		return nil, nil, err
	}
	s, err := snapshot.LoadFrom(src, snapshot.Options{})
	return s, src, err
}

// TestHTTP reads layout-v2 and layout-v3 mirrors from a real HTTP server
// on loopback, cold and then with the cache warm: the same specs as from
// the folder, and a warm run asks for the manifest (or the index's hash)
// and downloads no blob.
func TestHTTP(t *testing.T) {
	idx := index(t, "new")
	root := t.TempDir()
	if err := mirrorgen.V2(filepath.Join(root, "v2"), idx); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.V3(filepath.Join(root, "v3"), idx, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	want := dump(t, load(t, openDir(t, filepath.Join(root, "v3"), mirror.Options{})))
	srv := newServer(t, root)
	blob, _ := mirrorgen.BlobOf(filepath.Join(root, "v3"))
	for _, c := range []struct {
		layout     string
		cold, warm []string
	}{
		{"v3",
			// build_cache/index.json.hash: a v2 index beside the v3
			// mirror is warned of (TestBothLayoutsWarnedURL).
			[]string{"GET /v3/v3/manifests/index/index.manifest.json 200", "GET /v3/build_cache/index.json.hash 404", "GET /v3/" + blob + " 200"},
			[]string{"GET /v3/v3/manifests/index/index.manifest.json if-none-match 304", "GET /v3/build_cache/index.json.hash 404"}},
		{"v2",
			[]string{"GET /v2/v3/manifests/index/index.manifest.json 404", "GET /v2/v3/layout.json 404", "GET /v2/build_cache/index.json.hash 200", "GET /v2/build_cache/index.json 200"},
			[]string{"GET /v2/v3/manifests/index/index.manifest.json 404", "GET /v2/v3/layout.json 404", "GET /v2/build_cache/index.json.hash if-none-match 304"}},
	} {
		t.Run(c.layout, func(t *testing.T) {
			h := &mirror.HTTP{CacheDir: t.TempDir()}
			url := srv.URL + "/" + c.layout
			for i, wantLog := range [][]string{c.cold, c.warm} {
				s, src, err := fetch(h, url)
				if err != nil {
					t.Fatal(err)
				}
				if got := dump(t, s); got != want {
					t.Errorf("run %d: the specs differ from the folder's:\n%s", i+1, firstDiff(want, got))
				}
				if src.Layout != c.layout || src.Checksum == "" || src.Path() != url {
					t.Errorf("run %d: layout %q, checksum %q, path %q", i+1, src.Layout, src.Checksum, src.Path())
				}
				if got := srv.requests(); strings.Join(got, "\n") != strings.Join(wantLog, "\n") {
					t.Errorf("run %d (%s cache): requests\n%s\nwant\n%s", i+1, []string{"cold", "warm"}[i], strings.Join(got, "\n"), strings.Join(wantLog, "\n"))
				}
			}
			// Offline: the cache alone.
			h.Offline = true
			if _, _, err := fetch(h, url); err != nil {
				t.Errorf("offline with a warm cache: %v", err)
			}
			if got := srv.requests(); len(got) != 0 {
				t.Errorf("offline made requests: %q", got)
			}
			h.CacheDir = t.TempDir()
			if _, _, err := fetch(h, url); err == nil || !strings.Contains(err.Error(), "not in the cache, and --offline makes no request") {
				t.Errorf("offline with a cold cache: %v", err)
			}
			// No cache: everything again, nothing kept.
			h.Offline, h.NoCache = false, true
			if _, _, err := fetch(h, url); err != nil {
				t.Fatal(err)
			}
			if got := srv.requests(); strings.Join(got, "\n") != strings.Join(c.cold, "\n") {
				t.Errorf("--no-cache: requests %q", got)
			}
		})
	}
}

// TestHTTPFaults injects faults into the server: each is retried where a
// retry can help, and is otherwise an error that names the URL and what
// went wrong, never a report of a mirror half read.
func TestHTTPFaults(t *testing.T) {
	t.Parallel()
	idx := index(t, "old")
	root := t.TempDir()
	if err := mirrorgen.V3(root, idx, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	blob, _ := mirrorgen.BlobOf(root)
	blobData, _ := os.ReadFile(filepath.Join(root, blob))
	srv := newServer(t, root)
	quick := func() *mirror.HTTP {
		return &mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Timeout: 2 * time.Second}
	}
	isBlob := func(r *http.Request) bool { return strings.HasSuffix(r.URL.Path, blob) }

	t.Run("500 then 200", func(t *testing.T) {
		n := 0
		srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
			if isBlob(r) && n == 0 {
				n++
				srv.record(r, 500)
				http.Error(w, "busy", 500)
				return true
			}
			return false
		}
		if _, _, err := fetch(quick(), srv.URL); err != nil {
			t.Fatal(err)
		}
		got := srv.requests()
		if len(got) != 4 || got[1] != "GET /build_cache/index.json.hash 404" || got[2] != "GET /"+blob+" 500" || got[3] != "GET /"+blob+" 200" {
			t.Errorf("requests %q", got)
		}
	})
	t.Run("always 503", func(t *testing.T) {
		srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
			srv.record(r, 503)
			http.Error(w, "down", 503)
			return true
		}
		_, _, err := fetch(quick(), srv.URL)
		if err == nil || !strings.Contains(err.Error(), "HTTP 503 Service Unavailable (tried 4 times)") {
			t.Errorf("%v", err)
		}
		if got := srv.requests(); len(got) != 4 {
			t.Errorf("requests %q, want 4 (one and 3 retries)", got)
		}
	})
	t.Run("slow body", func(t *testing.T) {
		srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
			if !isBlob(r) {
				return false
			}
			srv.record(r, 200)
			w.Header().Set("Content-Length", fmt.Sprint(len(blobData)))
			w.Write(blobData[:100])
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
			return true
		}
		h := quick()
		h.Timeout, h.Retries = 200*time.Millisecond, -1
		_, _, err := fetch(h, srv.URL)
		if err == nil || !strings.Contains(err.Error(), "no whole answer within 200ms") {
			t.Errorf("%v", err)
		}
		srv.requests()
	})
	t.Run("truncated", func(t *testing.T) {
		srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
			if !isBlob(r) {
				return false
			}
			srv.record(r, 200)
			conn, buf, _ := w.(http.Hijacker).Hijack()
			fmt.Fprintf(buf, "HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n", len(blobData))
			buf.Write(blobData[:len(blobData)/2])
			buf.Flush()
			conn.Close()
			return true
		}
		_, _, err := fetch(quick(), srv.URL)
		if err == nil || !strings.Contains(err.Error(), "/"+blob+": the answer broke off") || !strings.Contains(err.Error(), "(tried 4 times)") {
			t.Errorf("%v", err)
		}
		srv.requests()
	})
	t.Run("wrong checksum", func(t *testing.T) {
		srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
			if !isBlob(r) {
				return false
			}
			srv.record(r, 200)
			bad := append([]byte(nil), blobData...)
			bad[0] ^= 1
			w.Write(bad)
			return true
		}
		_, _, err := fetch(quick(), srv.URL)
		if err == nil || !strings.Contains(err.Error(), "its manifest says "+filepath.Base(blob)) {
			t.Errorf("%v", err)
		}
		srv.requests()
	})
	t.Run("wrong length", func(t *testing.T) {
		srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
			if !isBlob(r) {
				return false
			}
			srv.record(r, 200)
			w.Write(append(append([]byte(nil), blobData...), '\n'))
			return true
		}
		_, _, err := fetch(quick(), srv.URL)
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("is longer than the %d bytes its manifest says", len(blobData))) {
			t.Errorf("%v", err)
		}
		srv.requests()
	})
	t.Run("endless body", func(t *testing.T) {
		// A chunked answer that never ends: read up to the length the
		// manifest gives and refused, not up to --max-download.
		srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
			if !isBlob(r) {
				return false
			}
			srv.record(r, 200)
			chunk := make([]byte, 64<<10)
			for range 4096 { // 256 MB at most, if nothing stopped it
				if _, err := w.Write(chunk); err != nil {
					break
				}
			}
			return true
		}
		_, _, err := fetch(quick(), srv.URL)
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("is longer than the %d bytes its manifest says", len(blobData))) {
			t.Errorf("%v", err)
		}
		srv.requests()
	})
	t.Run("redirect loop", func(t *testing.T) {
		srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
			srv.record(r, 302)
			http.Redirect(w, r, r.URL.Path+"x", http.StatusFound)
			return true
		}
		_, _, err := fetch(quick(), srv.URL)
		if err == nil || !strings.Contains(err.Error(), "too many redirects: stopped after 10") {
			t.Errorf("%v", err)
		}
		if got := srv.requests(); len(got) != 11 {
			t.Errorf("%d requests, want 11", len(got))
		}
	})
	t.Run("404", func(t *testing.T) {
		srv.fault = nil
		_, _, err := fetch(quick(), srv.URL+"/nowhere")
		if err == nil || !strings.Contains(err.Error(), "not a Spack mirror: no v3/manifests/index/index.manifest.json (layout v3) nor build_cache/index.json (layout v2)") {
			t.Errorf("%v", err)
		}
		srv.requests()
	})
	t.Run("v3 without an index", func(t *testing.T) {
		dir := t.TempDir()
		mirrorgen.V3(filepath.Join(dir, "m"), idx, mirrorgen.Options{NoIndex: true})
		s2 := newServer(t, dir)
		_, _, err := fetch(quick(), s2.URL+"/m")
		if err == nil || !strings.Contains(err.Error(), "spack buildcache update-index") {
			t.Errorf("%v", err)
		}
	})
	t.Run("too big", func(t *testing.T) {
		srv.fault = nil
		h := quick()
		src, err := h.Open(srv.URL, mirror.Options{MaxBytes: 1000})
		if err == nil {
			_, err = snapshot.LoadFrom(src, snapshot.Options{})
		}
		if err == nil || !strings.Contains(err.Error(), "over the limit of 1000") {
			t.Errorf("%v", err)
		}
		srv.requests()
	})
	t.Run("credentials", func(t *testing.T) {
		srv.fault = nil
		u := strings.Replace(srv.URL, "http://", "http://user:s3cret@", 1)
		_, src, err := fetch(quick(), u)
		if err != nil {
			t.Fatal(err)
		}
		if srv.auth == "" {
			t.Error("the URL's credentials were not sent")
		}
		if strings.Contains(src.Path(), "s3cret") {
			t.Errorf("the path shows the password: %s", src.Path())
		}
		_, _, err = fetch(quick(), u+"/nowhere")
		if err == nil || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("an error shows the password: %v", err)
		}
		srv.requests()
	})
	t.Run("netrc", func(t *testing.T) {
		srv.fault = nil
		rc := filepath.Join(t.TempDir(), "netrc")
		os.WriteFile(rc, []byte("machine elsewhere login a password b\nmachine 127.0.0.1 login me password n3trc\n"), 0o600)
		h := quick()
		h.Netrc = rc
		if _, _, err := fetch(h, srv.URL); err != nil {
			t.Fatal(err)
		}
		if srv.auth != "Basic bWU6bjN0cmM=" { // me:n3trc
			t.Errorf("Authorization %q", srv.auth)
		}
		srv.requests()
	})
}

// TestProgress checks what the progress callback gets: a final call with
// done == total for each file.
func TestProgress(t *testing.T) {
	root := t.TempDir()
	mirrorgen.V3(root, index(t, "old"), mirrorgen.Options{})
	srv := newServer(t, root)
	var calls []string
	h := &mirror.HTTP{NoCache: true, Progress: func(name string, done, total int64) {
		calls = append(calls, fmt.Sprintf("%s %v", name[strings.LastIndexByte(name, '/')+1:], done == total))
	}}
	if _, _, err := fetch(h, srv.URL); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(strings.NewReader(strings.Join(calls, "\n")))
	finals := 0
	for sc.Scan() {
		if strings.HasSuffix(sc.Text(), " true") {
			finals++
		}
	}
	if finals != 2 {
		t.Errorf("progress calls %q: want a final call for the manifest and the blob", calls)
	}
}
