package mirror_test

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// stallClock is the stall watchdog's time (HTTP.StallAfter), advanced by
// the test: each wait of a watchdog is a channel sent to waits, and a
// value sent on it is one Stall gone by. A watchdog asking for its next
// wait has checked the last.
type stallClock struct{ waits chan chan time.Time }

func newStallClock() *stallClock { return &stallClock{waits: make(chan chan time.Time, 1024)} }

func (c *stallClock) after(time.Duration) <-chan time.Time {
	ch := make(chan time.Time, 1)
	c.waits <- ch
	return ch
}

// latest is the wait asked for last, the others (of requests that came
// before, and ended) dropped: called while the one request under test
// is waiting on its answer, it is that request's watchdog's.
func (c *stallClock) latest() chan time.Time {
	w := <-c.waits
	for {
		select {
		case w = <-c.waits:
		default:
			return w
		}
	}
}

// readsTransport keeps the bytes read of the body of the answer for
// the blob, as each read begins: a read begun is past the answer's
// headers, and past the count of the reads before it.
type readsTransport struct {
	blob  func(*http.Request) bool
	reads *bodyReads
}

type bodyReads struct {
	mu      sync.Mutex
	n       int64         // bytes read before the last read began
	changed chan struct{} // 1 slot: n changed
}

func (t readsTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(r)
	if err == nil && t.blob(r) {
		resp.Body = &readsBody{ReadCloser: resp.Body, reads: t.reads}
	}
	return resp, err
}

type readsBody struct {
	io.ReadCloser
	n     int64
	reads *bodyReads
}

func (b *readsBody) Read(p []byte) (int, error) {
	b.reads.mu.Lock()
	b.reads.n = b.n
	b.reads.mu.Unlock()
	select {
	case b.reads.changed <- struct{}{}:
	default:
	}
	k, err := b.ReadCloser.Read(p)
	b.n += int64(k)
	return k, err
}

// to waits until a read of the blob's body begins past n bytes.
func (r *bodyReads) to(n int64) {
	for {
		r.mu.Lock()
		got := r.n
		r.mu.Unlock()
		if got >= n {
			return
		}
		<-r.changed
	}
}

// TestHTTPStall (issue 35, adversarial round 3): a request was bounded
// by a fixed 2 minutes, its body included. A server that answers nothing,
// or drips a byte at a time, held each of the four tries for the full
// 2 minutes, and a large index on a slow but steady link failed at 2
// minutes each time, however fast it came. Now an answer that brings
// fewer than MinRate bytes a second over Stall is given up (and tried
// again), a steady one runs as long as it needs, and the whole load is
// bounded by Total (--download-timeout).
//
// The test advances the watchdog's time itself (HTTP.StallAfter), after
// the client has read what the server sent: bounded by the wall clock,
// it failed once under load.
func TestHTTPStall(t *testing.T) {
	t.Parallel()
	idx := index(t, "old")
	root := t.TempDir()
	if err := mirrorgen.V3(root, idx, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	blob, _ := mirrorgen.BlobOf(root)
	blobData, _ := os.ReadFile(filepath.Join(root, blob))
	srv := newServer(t, root)
	isBlob := func(r *http.Request) bool { return strings.HasSuffix(r.URL.Path, blob) }
	type run struct {
		clock *stallClock
		reads *bodyReads
		blob  chan struct{} // a request for the blob came
		h     *mirror.HTTP
	}
	newRun := func() *run {
		r := &run{clock: newStallClock(), reads: &bodyReads{changed: make(chan struct{}, 1)}, blob: make(chan struct{}, 100)}
		r.h = &mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Stall: 500 * time.Millisecond, Retries: -1,
			StallAfter: r.clock.after, Client: &http.Client{Transport: readsTransport{isBlob, r.reads}}}
		return r
	}
	fetchAsync := func(h *mirror.HTTP) chan error {
		done := make(chan error, 1)
		go func() {
			_, _, err := fetch(h, srv.URL)
			done <- err
		}()
		return done
	}
	// hold answers the blob with its headers and n bytes, then waits for
	// more to send (each the next n bytes) or the request's end.
	hold := func(r *run, n int, more chan struct{}) func(w http.ResponseWriter, req *http.Request) bool {
		return func(w http.ResponseWriter, req *http.Request) bool {
			if !isBlob(req) {
				return false
			}
			srv.record(req, 200)
			r.blob <- struct{}{}
			w.Header().Set("Content-Length", fmt.Sprint(len(blobData)))
			for i := 0; i < len(blobData); i += n {
				if _, err := w.Write(blobData[i:min(i+n, len(blobData))]); err != nil {
					return true
				}
				w.(http.Flusher).Flush()
				if i+n >= len(blobData) {
					break
				}
				select {
				case <-req.Context().Done():
					return true
				case <-more:
				}
			}
			return true
		}
	}
	t.Run("slow drip", func(t *testing.T) {
		r := newRun()
		srv.fault = hold(r, 1, nil) // a byte, then nothing
		done := fetchAsync(r.h)
		<-r.blob
		r.reads.to(1)
		r.clock.latest() <- time.Now() // 1 byte in 500ms
		err := <-done
		if err == nil || !strings.Contains(err.Error(), "/"+blob+": fewer than 1024 bytes a second for 500ms: given up") {
			t.Errorf("%v", err)
		}
		srv.requests()
	})
	t.Run("no answer", func(t *testing.T) {
		r := newRun()
		srv.fault = func(w http.ResponseWriter, req *http.Request) bool {
			if !isBlob(req) {
				return false
			}
			srv.record(req, 0)
			r.blob <- struct{}{}
			<-req.Context().Done()
			return true
		}
		done := fetchAsync(r.h)
		<-r.blob
		r.clock.latest() <- time.Now()
		err := <-done
		if err == nil || !strings.Contains(err.Error(), "/"+blob+": no answer for 500ms: given up") {
			t.Errorf("%v", err)
		}
		srv.requests()
	})
	t.Run("slow and steady", func(t *testing.T) {
		// Ten pieces, a Stall gone by after each but the last: longer
		// than the stall time, faster than the least rate (50 bytes in
		// 500ms); a per-request bound no longer cuts it.
		r := newRun()
		r.h.MinRate = 100
		piece := len(blobData)/10 + 1
		if piece < 50 {
			t.Fatalf("a blob of %d bytes: pieces of %d, fewer than the least rate's 50", len(blobData), piece)
		}
		more := make(chan struct{})
		srv.fault = hold(r, piece, more)
		done := fetchAsync(r.h)
		<-r.blob
		w := r.clock.latest()
		stalls := 0
		for sent := piece; sent < len(blobData); sent += piece {
			r.reads.to(int64(sent))
			w <- time.Now()
			stalls++
			w = <-r.clock.waits // checked: the watchdog waits again
			more <- struct{}{}
		}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if stalls != 9 {
			t.Errorf("%d stall times gone by, want 9", stalls)
		}
		srv.requests()
	})
	t.Run("the whole load's time", func(t *testing.T) {
		r := newRun()
		srv.fault = func(w http.ResponseWriter, req *http.Request) bool {
			if !isBlob(req) {
				return false
			}
			srv.record(req, 0)
			r.blob <- struct{}{}
			<-req.Context().Done()
			return true
		}
		r.h.Retries, r.h.Total = 100, 300*time.Millisecond
		done := fetchAsync(r.h)
		// Three tries given up for no answer, then no more time goes by
		// for the watchdog: the whole load's time ends the fourth.
		var err error
	ticks:
		for range 3 {
			select {
			case <-r.blob:
				r.clock.latest() <- time.Now()
			case err = <-done:
				break ticks
			}
		}
		if err == nil {
			err = <-done
		}
		if err == nil || !strings.Contains(err.Error(), "the whole download's time, 300ms, is up (--download-timeout)") {
			t.Errorf("%v", err)
		}
		srv.requests()
	})
}
