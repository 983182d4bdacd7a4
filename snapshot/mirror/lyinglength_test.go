package mirror_test

import (
	"math"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestLyingContentLength: an answer whose Content-Length claims 3 GB
// (under --max-download) and brings a few bytes allocates what arrives,
// not what it claims. (Adversarial pass 71: the buffer was made at the
// claimed size at once, so that under a memory limit (ulimit -v) Go died
// with "fatal error: out of memory" and a goroutine dump, and on 386,
// where 3 GB is no slice's size, with a panic.)
func TestLyingContentLength(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/build_cache/index.json") {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Length", "3000000000")
		w.Write([]byte(`{"database":`))
	}))
	defer srv.Close()
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	_, err := (&mirror.HTTP{NoCache: true, Retries: -1, Total: 20 * time.Second}).Open(srv.URL, mirror.Options{})
	runtime.ReadMemStats(&m1)
	if err == nil {
		t.Fatal("a body cut short was read")
	}
	if a := m1.TotalAlloc - m0.TotalAlloc; a > 64<<20 {
		t.Errorf("allocated %d bytes for an answer of 12 bytes that claims 3 GB: %v", a, err)
	}
}

// TestReadTowardTrueLength: a true length costs one buffer of that length
// (plus the byte that reads the end), not a doubling past it; and a
// length of math.MaxInt64 under a limit of as much reads what arrives.
func TestReadTowardTrueLength(t *testing.T) {
	for _, n := range []int{0, 1, 511, 512, 513, 100_000, 1 << 20} {
		data := strings.Repeat("x", n)
		got, err := mirror.ReadAllToward(strings.NewReader(data), nil, math.MaxInt64, int64(n))
		if err != nil || string(got) != data || cap(got) > n+n/8+8192 {
			t.Errorf("%d bytes: %d read, cap %d, %v", n, len(got), cap(got), err)
		}
		got, err = mirror.ReadAllToward(strings.NewReader(data), nil, math.MaxInt64, math.MaxInt64)
		if err != nil || string(got) != data {
			t.Errorf("%d bytes said to be MaxInt64: %d read, %v", n, len(got), err)
		}
	}
}
