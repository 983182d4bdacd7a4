package mirror_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestServerRecordsFaults (class c, lead b of i17): the test server's
// requests() listed only what mirrorgen's handler answered, so a test
// that counted the requests for a path a fault answers without the
// fault's own record (TestLeadingSpaceBounded, before db86b923) could
// not fail. A fault's answer is listed with the status it wrote (0: none,
// its connection taken over), once when the fault records it itself.
func TestServerRecordsFaults(t *testing.T) {
	srv := newServer(t, t.TempDir())
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		switch r.URL.Path {
		case "/self":
			srv.record(r, 0)
			http.Error(w, "busy", http.StatusServiceUnavailable)
		case "/body":
			w.Write([]byte("x"))
		case "/gone":
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
		default:
			http.Error(w, "busy", http.StatusServiceUnavailable)
		}
		return true
	}
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	for _, p := range []string{"/busy", "/self", "/body", "/gone"} {
		if resp, err := client.Get(srv.URL + p); err == nil {
			resp.Body.Close()
		}
	}
	want := "GET /busy 503\nGET /self 0\nGET /body 200\nGET /gone 0"
	if got := strings.Join(srv.requests(), "\n"); got != want {
		t.Errorf("requests\n%s\nwant\n%s", got, want)
	}
}
