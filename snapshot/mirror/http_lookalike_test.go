package mirror_test

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestHTTPHeaderLookalikeQuotedInASCII (issue 35, classes a and e): a
// header the mirror answers is quoted in ASCII, a cut's mark inside the
// quotes, as a manifest's fields are (quoteField): quoted with %q, a
// Content-Type "application/jsоn" (its о Cyrillic) read as JSON's in
// "an HTML or XML page (Content-Type "application/jsоn")", and a
// Content-Encoding "gzіp" (its і Cyrillic) as the gzip it asks for.
func TestHTTPHeaderLookalikeQuotedInASCII(t *testing.T) {
	root := t.TempDir()
	if err := mirrorgen.V2(filepath.Join(root, "v2"), index(t, "old")); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	h := &mirror.HTTP{NoCache: true, Retries: -1, Netrc: filepath.Join(root, "no-netrc")}
	long := "text/html; x=" + strings.Repeat("\u0430", 60)
	for _, c := range []struct{ header, value, body, want string }{
		{"Content-Type", "application/js\u043en", "<html></html>", `(Content-Type "application/js\u043en")`},
		{"Content-Type", long, "<html></html>", `(Content-Type "text/html; x=` + strings.Repeat(`\u0430`, 32) + cutmark.Of(long) + `")`},
		{"Content-Encoding", "gz\u0456p", "{}", `Content-Encoding "gz\u0456p", which`},
	} {
		srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
			w.Header().Set(c.header, c.value)
			w.Write([]byte(c.body))
			return true
		}
		_, _, err := fetch(h, srv.URL+"/v2")
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.ContainsFunc(err.Error(), func(r rune) bool { return r >= 0x80 && r != '…' }) {
			t.Errorf("%s %q: %v; want %s, and ASCII", c.header, c.value, err, c.want)
		}
	}
}
