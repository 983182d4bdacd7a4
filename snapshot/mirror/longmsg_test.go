package mirror_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// maxQuoted is the most bytes an error about a mirror may hold: a path
// or two, and input quoted in short.
const maxQuoted = 2000

// TestLongInputInMirrorErrors: what a mirror says is quoted in its
// errors, shortened: the media types of an index manifest that lists
// none cachediff reads (one of 500 KB, or a thousand), the reason
// phrase of an HTTP status and an unknown Content-Encoding of 200 KB
// were each quoted whole, an error line of hundreds of KB.
func TestLongInputInMirrorErrors(t *testing.T) {
	entry := func(media string) map[string]any {
		return map[string]any{"contentLength": 1, "mediaType": media, "compression": "none",
			"checksumAlgorithm": "sha256", "checksum": strings.Repeat("a", 64)}
	}
	for name, data := range map[string][]any{
		"one long media type": {entry("application/x-" + strings.Repeat("A", 500<<10))},
		"a thousand": func() []any {
			var l []any
			for i := range 1000 {
				l = append(l, entry(fmt.Sprintf("t%d%s", i, strings.Repeat("B", 30))))
			}
			return l
		}(),
	} {
		dir := t.TempDir()
		m, _ := json.Marshal(map[string]any{"version": 3, "data": data})
		p := filepath.Join(dir, "v3/manifests/index/index.manifest.json")
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, m, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), "media types:") {
			t.Fatalf("%s: %v; want the media types refused", name, err)
		}
		if n := len(err.Error()); n > maxQuoted {
			t.Errorf("%s: an error of %d bytes (%.200s...)", name, n, err)
		}
	}

	root := oldV3(t)
	srv := newServer(t, root)
	long := strings.Repeat("X", 200<<10)
	for name, answer := range map[string]string{
		"status":           "HTTP/1.1 400 " + long + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
		"content-encoding": "HTTP/1.1 200 OK\r\nContent-Encoding: " + long + "\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
	} {
		srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
			conn, buf, err := w.(http.Hijacker).Hijack()
			if err != nil {
				t.Error(err)
				return true
			}
			buf.WriteString(answer)
			buf.Flush()
			conn.Close()
			return true
		}
		_, _, err := fetch(&mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Retries: -1}, srv.URL)
		if err == nil || !strings.Contains(strings.ToLower(err.Error()), "xxxx") {
			t.Errorf("%s: %v; want an error quoting it", name, err)
			continue
		}
		if n := len(err.Error()); n > maxQuoted {
			t.Errorf("%s: an error of %d bytes (%.200s...)", name, n, err)
		}
	}
}
