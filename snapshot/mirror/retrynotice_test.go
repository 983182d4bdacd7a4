package mirror_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestRetryingTold (adversarial pass 217f, issue 35 classes d and e):
// a mirror that stalls or answers 503 is retried 3 times, waiting
// longer each time (minutes with a stall), and nothing was said until
// the final error: a CI log looked hung. Each retry is told, before its
// wait, with the file's URL quoted, why, and the attempt of how many.
func TestRetryingTold(t *testing.T) {
	root := oldV3(t)
	blob, _ := mirrorgen.BlobOf(root)
	srv := newServer(t, root)
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		if !strings.HasSuffix(r.URL.Path, blob) {
			return false
		}
		srv.record(r, 503)
		http.Error(w, "down", 503)
		return true
	}
	var mu sync.Mutex
	var told []string
	h := &mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Timeout: 2 * time.Second, Retrying: func(msg string) {
		mu.Lock()
		defer mu.Unlock()
		told = append(told, msg)
	}}
	if _, _, err := fetch(h, srv.URL); err == nil || !strings.Contains(err.Error(), "(tried 4 times)") {
		t.Fatalf("a blob always 503: %v; want it tried 4 times", err)
	}
	if len(told) != 3 {
		t.Fatalf("told %d retries: %q; want 3", len(told), told)
	}
	for i, msg := range told {
		want := fmt.Sprintf("%q: HTTP 503 Service Unavailable; trying again in ", srv.URL+"/"+blob)
		if !strings.HasPrefix(msg, want) || !strings.HasSuffix(msg, fmt.Sprintf("(attempt %d of 4)", i+2)) {
			t.Errorf("retry %d told %q; want %q... (attempt %d of 4)", i+1, msg, want, i+2)
		}
	}
}
