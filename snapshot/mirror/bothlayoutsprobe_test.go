package mirror_test

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestBothLayoutsProbeOnce (issue 35 classes d and e): over a URL, a
// layout-v3 mirror's build_cache/index.json.hash is asked for only to
// warn of a v2 index beside it (TestBothLayoutsWarnedURL), and an answer
// that does not say it is there warns of nothing. It was asked for as
// any file the mirror is read from: a 5xx or a stall was tried 4 times,
// waiting the backoff between (3.5 s, and 4 stalls of 30 s by default,
// out of --download-timeout, before the index was read), each retry told
// on standard error, for a file that is no part of the snapshot. It is
// asked for once; a page that is not a sha256 (a web server's page for
// any path, past 1 KiB or not) is not a v2 index's checksum either.
func TestBothLayoutsProbeOnce(t *testing.T) {
	root := t.TempDir()
	if err := mirrorgen.V3(filepath.Join(root, "v3"), index(t, "old"), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	for _, tc := range []struct {
		name  string
		serve func(w http.ResponseWriter, r *http.Request)
	}{
		{"503", func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "busy", http.StatusServiceUnavailable) }},
		{"429", func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "slow down", http.StatusTooManyRequests) }},
		{"a stall", func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }},
		{"a page past 1 KiB", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			w.Write([]byte(strings.Repeat("no such file; ", 200)))
		}},
		{"a short page", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			w.Write([]byte("not found\n"))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
				if strings.HasSuffix(r.URL.Path, "/index.json.hash") {
					srv.record(r, 0)
					tc.serve(w, r)
					return true
				}
				return false
			}
			defer func() { srv.fault = nil }()
			srv.requests()
			var retried []string
			h := &mirror.HTTP{NoCache: true, Backoff: time.Millisecond, MaxRetryAfter: time.Millisecond, Stall: 200 * time.Millisecond,
				Retrying: func(msg string) { retried = append(retried, msg) }}
			s, _, err := fetch(h, srv.URL+"/v3")
			if err != nil {
				t.Fatal(err)
			}
			probes := 0
			for _, r := range srv.requests() {
				if strings.Contains(r, "/build_cache/") {
					probes++
				}
			}
			if probes != 1 || len(retried) != 0 {
				t.Errorf("build_cache/index.json.hash asked for %d times, retries told: %q; want once, none", probes, retried)
			}
			for _, w := range s.Warnings {
				if strings.Contains(w.Message, "layout-v2") {
					t.Errorf("warned: %+v", w)
				}
			}
		})
	}
}
