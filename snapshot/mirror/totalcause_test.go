package mirror_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// answerLate is a RoundTripper that sends the requests for blobs on only
// once their context is done, and answers them 503 all the same: a
// server error that came back as --download-timeout ran out.
type answerLate struct{ next http.RoundTripper }

func (a answerLate) RoundTrip(r *http.Request) (*http.Response, error) {
	if !strings.Contains(r.URL.Path, "/blobs/") {
		return a.next.RoundTrip(r)
	}
	<-r.Context().Done()
	return &http.Response{StatusCode: 503, Status: "503 Service Unavailable", Header: http.Header{}, Body: io.NopCloser(strings.NewReader("down")), Request: r, ProtoMajor: 1, ProtoMinor: 1}, nil
}

// TestTotalTimeNamedAsCause (adversarial pass q6, issue 35 class e): a
// retry that failed as the whole download's time (--download-timeout)
// ran out ended the retries, and the error named the request's failure
// ("HTTP 503", "no answer for 500ms: given up (tried 2 times)") where
// the run stopped for the time: TestHTTPStall's "the whole load's time"
// saw it under load. The error says the time is up, as one that ran out
// in the wait between tries does.
func TestTotalTimeNamedAsCause(t *testing.T) {
	root := oldV3(t)
	srv := newServer(t, root)
	h := &mirror.HTTP{NoCache: true, Total: 50 * time.Millisecond, Stall: time.Hour, Retries: 3, Backoff: time.Millisecond,
		Client: &http.Client{Transport: answerLate{http.DefaultTransport}}}
	_, _, err := fetch(h, srv.URL)
	if err == nil || !strings.Contains(err.Error(), "is up (--download-timeout)") {
		t.Errorf("a blob answered 503 as the whole download's time ran out: %v; want the time named", err)
	}
}
