package mirror_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestProgressEndsOnFailure (issue 35, adversarial round 3): a download
// that broke off after the progress line was drawn never got its last
// call (done == total), so a terminal's progress line stayed, and the
// error was written at its end. Every download that reported progress
// ends with that call, whole or not.
func TestProgressEndsOnFailure(t *testing.T) {
	idx := genIndex(t, 32)
	if len(idx) < 1<<20 {
		t.Fatalf("a generated index of %d bytes; want over 1 MB", len(idx))
	}
	root := t.TempDir()
	if err := mirrorgen.V2(root, idx); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		if !strings.HasSuffix(r.URL.Path, "build_cache/index.json") {
			return false
		}
		srv.record(r, 200)
		conn, buf, _ := w.(http.Hijacker).Hijack()
		fmt.Fprintf(buf, "HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n", len(idx))
		buf.Write(idx[:len(idx)/2])
		buf.Flush()
		conn.Close()
		return true
	}
	var last = map[string][2]int64{}
	h := &mirror.HTTP{NoCache: true, Retries: -1, Backoff: time.Millisecond, Progress: func(name string, done, total int64) {
		last[name] = [2]int64{done, total}
	}}
	if _, _, err := fetch(h, srv.URL); err == nil {
		t.Fatal("a cut answer read")
	}
	drawn := false
	for name, l := range last {
		if strings.HasSuffix(name, "build_cache/index.json") {
			drawn = true
		}
		if l[0] != l[1] {
			t.Errorf("%s: the last progress call is %d of %d; want done == total, the end", name, l[0], l[1])
		}
	}
	if !drawn {
		t.Error("no progress reported for the index")
	}
	srv.requests()
}
