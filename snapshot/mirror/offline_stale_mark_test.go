package mirror_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestOfflineStaleMarkByContent (adversarial pass 97b): what a run
// found of a file named by its content (gone; or, its .hash stale,
// another index kept by its ETag) is kept per URL, but a run that then
// reads the file from the cache (kept by another mirror that shares the
// cache, or by a run before) asks nothing, and left it. An --offline run
// with a --max-download below the file then told what the older run
// found: the mirror's index gone ("not a Spack mirror"), or gave the
// older index, where the last online run read the file, and an online
// run with that limit tells it too big.
func TestOfflineStaleMarkByContent(t *testing.T) {
	older, idx := index(t, "old"), index(t, "new") // older is shorter
	sum := func(d []byte) string { s := sha256.Sum256(d); return hex.EncodeToString(s[:]) }
	for _, first := range []string{"gone", "stale"} {
		t.Run(first, func(t *testing.T) {
			var mu sync.Mutex
			state := map[string]string{"/m": first, "/n": "ok"}
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				pfx, rel := r.URL.Path[:2], r.URL.Path[2:]
				mu.Lock()
				st := state[pfx]
				mu.Unlock()
				switch {
				case rel == "/build_cache/index.json.hash" && st == "stale":
					w.Header().Set("ETag", `"s"`)
					w.Write([]byte(strings.Repeat("ab", 32)))
				case rel == "/build_cache/index.json.hash":
					w.Header().Set("ETag", `"h"`)
					w.Write([]byte(sum(idx)))
				case rel == "/build_cache/index.json" && st == "stale":
					w.Header().Set("ETag", `"i"`)
					w.Write(older)
				case rel == "/build_cache/index.json" && st == "ok":
					w.Write(idx)
				default:
					http.NotFound(w, r)
				}
			}))
			defer srv.Close()
			cache := t.TempDir()
			run := func(pfx string, offline bool, o mirror.Options) error {
				_, err := (&mirror.HTTP{CacheDir: cache, Retries: -1, Offline: offline}).Open(srv.URL+pfx, o)
				return err
			}
			run("/m", false, mirror.Options{})
			if err := run("/n", false, mirror.Options{}); err != nil {
				t.Fatal(err)
			}
			mu.Lock()
			state["/m"] = "ok"
			mu.Unlock()
			if err := run("/m", false, mirror.Options{}); err != nil {
				t.Fatal(err)
			}
			small := mirror.Options{MaxBytes: int64(len(idx) - 5)}
			offline := run("/m", true, small)
			if !errors.Is(offline, mirror.ErrTooBig) {
				t.Errorf("--offline below the index the last run read: %v; want it too big", offline)
			}
		})
	}
}
