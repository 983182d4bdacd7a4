package mirror_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestHTTP429Retried: a mirror server that answers 429 Too Many Requests
// (a rate limit, as S3 and CDNs send under load) is tried again as a 5xx
// is, after the Retry-After it asks for, capped by MaxRetryAfter so that
// a server asking for an hour holds no run for an hour. The first 429
// failed the whole load at once: "HTTP 429 Too Many Requests".
func TestHTTP429Retried(t *testing.T) {
	t.Parallel()
	root := oldV3(t)
	blob, err := mirrorgen.BlobOf(root)
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	const limited = 40 * time.Millisecond
	quick := func() *mirror.HTTP {
		return &mirror.HTTP{NoCache: true, Backoff: time.Millisecond, MaxRetryAfter: limited, Timeout: 2 * time.Second}
	}
	var mu sync.Mutex
	var at []time.Time // when the blob was asked for
	limit := func(n int, retryAfter string) {
		srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
			if !strings.HasSuffix(r.URL.Path, blob) {
				return false
			}
			mu.Lock()
			defer mu.Unlock()
			at = append(at, time.Now())
			if n >= 0 && len(at) > n {
				return false
			}
			srv.record(r, http.StatusTooManyRequests)
			if retryAfter != "" {
				w.Header().Set("Retry-After", retryAfter)
			}
			http.Error(w, "slow down", http.StatusTooManyRequests)
			return true
		}
	}
	for _, c := range []struct{ name, retryAfter string }{
		{"no Retry-After", ""},
		{"Retry-After in seconds, over the cap", "3600"},
		{"Retry-After as a date, over the cap", time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)},
	} {
		t.Run(c.name, func(t *testing.T) {
			at, _ = nil, srv.requests()
			limit(1, c.retryAfter)
			start := time.Now()
			if _, _, err := fetch(quick(), srv.URL); err != nil {
				t.Fatal(err)
			}
			if d := time.Since(start); d > time.Second {
				t.Errorf("took %s; want the Retry-After capped at %s", d, limited)
			}
			got := srv.requests()
			if len(got) != 4 || got[2] != "GET /"+blob+" 429" || got[3] != "GET /"+blob+" 200" {
				t.Errorf("requests %q; want the blob's 429 tried again", got)
			}
			if len(at) == 2 && c.retryAfter != "" && at[1].Sub(at[0]) < limited {
				t.Errorf("tried again after %s; want the Retry-After, capped at %s", at[1].Sub(at[0]), limited)
			}
		})
	}
	t.Run("always 429", func(t *testing.T) {
		at, _ = nil, srv.requests()
		limit(-1, "1")
		_, _, err := fetch(quick(), srv.URL)
		if err == nil || !strings.Contains(err.Error(), "HTTP 429 Too Many Requests (tried 4 times)") {
			t.Errorf("%v; want HTTP 429 tried 4 times", err)
		}
		if got := srv.requests(); len(got) != 6 || got[5] != "GET /"+blob+" 429" {
			t.Errorf("requests %q; want the manifest's, the v2 index's .hash, and the blob's 4 (one and 3 retries)", got)
		}
	})
}
