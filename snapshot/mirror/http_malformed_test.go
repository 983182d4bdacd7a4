package mirror_test

import (
	"bufio"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestMalformedAnswerOnce (adversarial pass i22, class d/e): an answer
// that is no HTTP net/http reads (a header line holding a control
// character, another protocol's greeting at the URL's port) was tried 4
// times, as a connection that broke is, though the same server answers
// so again, each notice and the error saying the connection broke; and
// a header line of 100 KB was quoted whole in each, past the command's
// line cap of 8 KB, which cut "(tried 4 times)" off. It is asked for
// once, said to be no well-formed HTTP, the value quoted in ASCII and
// cut.
func TestMalformedAnswerOnce(t *testing.T) {
	for _, c := range []struct{ name, answer, want string }{
		{"a header's control character", "HTTP/1.1 200 OK\r\nETag: \"a\x01b\"\r\nContent-Length: 0\r\n\r\n", `(malformed MIME header line: "Etag: \"a\x01b\"")`},
		{"a header of 100 KB", "HTTP/1.1 200 OK\r\nX-Big: " + strings.Repeat("\u0456", 50000) + "\x01\r\nContent-Length: 0\r\n\r\n", `(malformed MIME header line: "X-Big: \u0456`},
		{"an SSH server", "SSH-2.0-OpenSSH_9.6\r\n", `(malformed HTTP response "SSH-2.0-OpenSSH_9.6")`},
	} {
		var asked atomic.Int64
		ln := serveConns(t, func(conn net.Conn) {
			defer conn.Close()
			if _, err := http.ReadRequest(bufio.NewReader(conn)); err != nil {
				return
			}
			asked.Add(1)
			conn.Write([]byte(c.answer))
		})
		var notices []string
		h := &mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Retrying: func(s string) { notices = append(notices, s) }}
		_, _, err := fetch(h, "http://"+ln.Addr().String()+"/m/")
		if err == nil || !strings.Contains(err.Error(), "an answer that is not well-formed HTTP "+c.want) || len(err.Error()) > 1024 {
			t.Errorf("%s: %v; want %q, in 1 KB at most", c.name, err, c.want)
		}
		if n := asked.Load(); n != 1 || len(notices) != 0 {
			t.Errorf("%s: asked %d times, notices %q; want once, none", c.name, n, notices)
		}
		ln.Close()
	}
}

// TestHeadersOverOnce (adversarial pass i24, class d/e): an answer whose
// headers are over net/http's bound (1 MB) was tried 4 times, as a
// connection that broke is, 1 MB of headers read each time and each
// notice saying the connection broke, though the same server answers so
// again, as 058cb133 stopped for a malformed answer. It is asked for
// once, said to be over the bound.
func TestHeadersOverOnce(t *testing.T) {
	var asked atomic.Int64
	ln := serveConns(t, func(conn net.Conn) {
		defer conn.Close()
		if _, err := http.ReadRequest(bufio.NewReader(conn)); err != nil {
			return
		}
		asked.Add(1)
		w := bufio.NewWriter(conn)
		w.WriteString("HTTP/1.1 200 OK\r\n")
		for range 2200 {
			w.WriteString("X-A: " + strings.Repeat("a", 500) + "\r\n")
		}
		w.WriteString("Content-Length: 0\r\n\r\n")
		w.Flush()
	})
	var notices []string
	h := &mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Retrying: func(s string) { notices = append(notices, s) }}
	_, _, err := fetch(h, "http://"+ln.Addr().String()+"/m/")
	if want := "an answer whose headers are over 1048576 bytes, more than cachediff reads: not tried again"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%v; want %q", err, want)
	}
	if n := asked.Load(); n != 1 || len(notices) != 0 {
		t.Errorf("headers over 1 MB: asked %d times, notices %q; want once, none", n, notices)
	}
}
