package mirror_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// answer is what the server of TestOfflineStateMachine answers for a
// path: a status (0: 200), the body, the ETag.
type answer struct {
	status int
	body   []byte
	etag   string
}

// TestOfflineStateMachine (adversarial pass 96b): runs online, over two
// mirrors that share a cache, each mirror's answers changing from run to
// run (layout v2 or v3; an index.json with or without an ETag, 404, 403,
// 500; its .hash right, stale, too long, gone; a v3 index manifest and
// its blob there, gone, refused, longer than said; a --max-download the
// index is over, or not), each followed by an --offline run of the
// mirror: it reads what the online run read, or fails as it did (too
// big, not found, refused), never with an older run's index and never
// "not in the cache" but where the server sent no ETag. Before, a blob or
// a hash-named index found gone was told "not in the cache". Pass 97b:
// then an --offline run with a smaller --max-download, as an online one
// with it tells it (a mark of an older run, left by one that read the
// index from the cache, told it gone).
func TestOfflineStateMachine(t *testing.T) {
	a, b := index(t, "old"), index(t, "new")
	sum := func(d []byte) string { s := sha256.Sum256(d); return hex.EncodeToString(s[:]) }
	var mu sync.Mutex
	files := map[string]answer{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		f, ok := files[r.URL.Path]
		mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		if f.status != 0 {
			http.Error(w, "x", f.status)
			return
		}
		if f.etag != "" {
			w.Header().Set("ETag", f.etag)
			if r.Header.Get("If-None-Match") == f.etag {
				w.WriteHeader(304)
				return
			}
		}
		w.Write(f.body)
	}))
	defer srv.Close()
	rng := rand.New(rand.NewPCG(3, 9))
	hashOpts := []string{"none", "right", "stale", "404", "big", "noetag"}
	idxOpts := []string{"a", "b", "a-noetag", "b-noetag", "404", "403", "500"}
	fails := 0
	for iter := 0; iter < 100 && fails < 4; iter++ {
		cache := t.TempDir()
		mu.Lock()
		files = map[string]answer{}
		mu.Unlock()
		var trail []string
		for step := 0; step < 5; step++ {
			ho, ix := hashOpts[rng.IntN(len(hashOpts))], idxOpts[rng.IntN(len(idxOpts))]
			limit := int64(0)
			if rng.IntN(3) == 0 {
				limit = int64(len(a) - 10)
			}
			data := a
			if strings.HasPrefix(ix, "b") {
				data = b
			}
			pfx := []string{"/m", "/n"}[rng.IntN(2)]
			fs := map[string]answer{}
			switch {
			case strings.HasSuffix(ix, "noetag"):
				fs[pfx+"/build_cache/index.json"] = answer{body: data}
			case ix == "404":
				fs[pfx+"/build_cache/index.json"] = answer{status: 404}
			case ix == "403":
				fs[pfx+"/build_cache/index.json"] = answer{status: 403}
			case ix == "500":
				fs[pfx+"/build_cache/index.json"] = answer{status: 500}
			default:
				fs[pfx+"/build_cache/index.json"] = answer{body: data, etag: `"` + ix + `"`}
			}
			switch ho {
			case "right":
				fs[pfx+"/build_cache/index.json.hash"] = answer{body: []byte(sum(data)), etag: `"h` + sum(data)[:8] + `"`}
			case "stale":
				fs[pfx+"/build_cache/index.json.hash"] = answer{body: []byte(strings.Repeat("ab", 32)), etag: `"hs"`}
			case "404":
				fs[pfx+"/build_cache/index.json.hash"] = answer{status: 404}
			case "big":
				fs[pfx+"/build_cache/index.json.hash"] = answer{body: []byte(strings.Repeat("ab", 600)), etag: `"hb"`}
			case "noetag":
				fs[pfx+"/build_cache/index.json.hash"] = answer{body: []byte(sum(data))}
			}
			v3 := ""
			if rng.IntN(2) == 0 {
				mo := []string{"m", "m-noetag", "404", "403"}[rng.IntN(4)]
				bo := []string{"ok", "404", "403", "long", "ok-noetag"}[rng.IntN(5)]
				v3 = mo + "/" + bo
				bsum := sum(data)
				bpath := pfx + "/blobs/sha256/" + bsum[:2] + "/" + bsum
				man := fmt.Sprintf(`{"version": 3, "data": [{"contentLength": %d, "mediaType": "application/vnd.spack.db.v8+json", "compression": "none", "checksumAlgorithm": "sha256", "checksum": %q}]}`, len(data), bsum)
				mp := pfx + "/v3/manifests/index/index.manifest.json"
				switch mo {
				case "m":
					fs[mp] = answer{body: []byte(man), etag: `"m` + bsum[:6] + `"`}
				case "m-noetag":
					fs[mp] = answer{body: []byte(man)}
				case "403":
					fs[mp] = answer{status: 403}
				}
				switch bo {
				case "ok":
					fs[bpath] = answer{body: data, etag: `"b"`}
				case "ok-noetag":
					fs[bpath] = answer{body: data}
				case "403":
					fs[bpath] = answer{status: 403}
				case "long":
					fs[bpath] = answer{body: append(append([]byte(nil), data...), ' '), etag: `"bl"`}
				}
				if mo == "m-noetag" {
					ho = "noetag" // not the last word
				}
			}
			mu.Lock()
			for k := range files {
				if strings.HasPrefix(k, pfx+"/") {
					delete(files, k)
				}
			}
			for k, v := range fs {
				files[k] = v
			}
			mu.Unlock()
			trail = append(trail, pfx+fmt.Sprintf(" hash=%s idx=%s limit=%d v3=%s", ho, ix, limit, v3))
			o := mirror.Options{MaxBytes: limit}
			runIt := func(h *mirror.HTTP) (string, error) {
				src, err := h.Open(srv.URL+pfx, o)
				if err != nil {
					return "", err
				}
				sn, err := snapshot.LoadFrom(src, snapshot.Options{})
				if err != nil {
					return "", err
				}
				return string(src.Layout) + src.Checksum + dump(t, sn), nil
			}
			on, err1 := runIt(&mirror.HTTP{CacheDir: cache, Retries: -1})
			if ix == "500" || ho == "noetag" || strings.HasSuffix(v3, "noetag") && err1 == nil {
				continue // not the last word
			}
			if err1 == nil && strings.HasPrefix(on, "v2") && strings.HasSuffix(ix, "noetag") && ho != "right" {
				continue // kept by nothing, as warned
			}
			off, err2 := runIt(&mirror.HTTP{CacheDir: cache, Offline: true})
			bad := ""
			switch {
			case (err1 == nil) != (err2 == nil):
				bad = "one failed"
			case err1 == nil && on != off:
				bad = "data differ"
			case err1 != nil && (errors.Is(err1, mirror.ErrTooBig) != errors.Is(err2, mirror.ErrTooBig) || errors.Is(err1, mirror.ErrForbidden) != errors.Is(err2, mirror.ErrForbidden) || errors.Is(err1, mirror.ErrNotFound) != errors.Is(err2, mirror.ErrNotFound)):
				bad = "error kinds differ"
			case err1 != nil && strings.Contains(err2.Error(), "not in the cache") && !strings.Contains(err2.Error(), "sent no ETag"):
				bad = "not in the cache"
			}
			if bad == "" && err1 == nil && limit == 0 {
				// And an --offline run with a smaller --max-download
				// (pass 97b): as an online run with it, on a copy of
				// the cache, tells it; but where the last run read the
				// index from what another mirror kept, and the server
				// now refuses or lacks it, which no cache can know.
				cp := t.TempDir()
				if err := os.CopyFS(cp, os.DirFS(cache)); err != nil {
					t.Fatal(err)
				}
				o = mirror.Options{MaxBytes: int64(len(a) - 10)}
				_, e3 := runIt(&mirror.HTTP{CacheDir: cp, Retries: -1})
				_, e4 := runIt(&mirror.HTTP{CacheDir: cache, Offline: true})
				if errors.Is(e3, mirror.ErrForbidden) || errors.Is(e3, mirror.ErrNotFound) || e3 != nil && strings.HasPrefix(e3.Error(), "not a Spack mirror") {
					continue
				}
				if (e3 == nil) != (e4 == nil) || e3 != nil && (errors.Is(e3, mirror.ErrTooBig) != errors.Is(e4, mirror.ErrTooBig) || errors.Is(e3, mirror.ErrNotFound) != errors.Is(e4, mirror.ErrNotFound) || errors.Is(e3, mirror.ErrForbidden) != errors.Is(e4, mirror.ErrForbidden)) {
					t.Errorf("SMALLER after\n  %s\nonline: %v\noffline: %v", strings.Join(trail, "\n  "), e3, e4)
					fails++
					break
				}
			}
			if bad != "" {
				fails++
				t.Errorf("%s after\n  %s\nonline: %v\noffline: %v", bad, strings.Join(trail, "\n  "), err1, err2)
				break
			}
		}
	}
}
