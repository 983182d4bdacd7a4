package mirror_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestBothLayoutsWarned (adversarial pass 217b, issue 35 class b): a
// mirror's folder that holds a layout-v3 mirror and a layout-v2 index
// (`spack buildcache migrate` leaves the v2 files in; a Spack older
// than 1.0 pushes to them after) is read as v3, and its v2 index, here
// of other specs, was left out without a word: "no changes" against
// the v3 side alone. The v2 index is warned of, with how to compare
// it; with an index manifest and without one (read from the spec
// manifests), not with --view (a view is a part of the cache).
func TestBothLayoutsWarned(t *testing.T) {
	for _, noIndex := range []bool{false, true} {
		dir := t.TempDir()
		if err := mirrorgen.V3(dir, index(t, "old"), mirrorgen.Options{NoIndex: noIndex, View: "gpu"}); err != nil {
			t.Fatal(err)
		}
		if err := mirrorgen.V2(dir, index(t, "new")); err != nil {
			t.Fatal(err)
		}
		s := load(t, openDir(t, dir, mirror.Options{}))
		want := filepath.Join(dir, "build_cache", "index.json")
		found := false
		for _, w := range s.Warnings {
			if strings.Contains(w.Message, "a layout-v2 index beside a layout-v3 mirror: not read") && strings.Contains(w.Message, want) {
				found = true
			}
		}
		if !found {
			t.Errorf("no index manifest %v: warnings %+v; want one of the v2 index %s, not read", noIndex, s.Warnings, want)
		}
		if noIndex {
			continue
		}
		for _, w := range load(t, openDir(t, dir, mirror.Options{View: "gpu"})).Warnings {
			if strings.Contains(w.Message, "layout-v2 index") {
				t.Errorf("--view gpu: %s: %s; want no warning of the v2 index", w.File, w.Message)
			}
		}
	}
}

// TestBothLayoutsFolderNotWarned (adversarial pass 217f, issue 35 class
// e): a layout-v3 mirror's folder holding a folder named
// build_cache/index.json was warned of "a layout-v2 index beside a
// layout-v3 mirror ... give it alone (.../build_cache/index.json)", a
// folder that is no index. Only a file there is one.
func TestBothLayoutsFolderNotWarned(t *testing.T) {
	dir := oldV3(t)
	if err := os.MkdirAll(filepath.Join(dir, "build_cache", "index.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, w := range load(t, openDir(t, dir, mirror.Options{})).Warnings {
		if strings.Contains(w.Message, "layout-v2 index") {
			t.Errorf("a folder named build_cache/index.json: %s: %s; want no warning of a v2 index", w.File, w.Message)
		}
	}
}

// TestBothLayoutsWarnedURL (issue 35 class b): over a URL, a layout-v2
// index beside a layout-v3 mirror went unmentioned, though its folder
// warns of it (TestBothLayoutsWarned): specs pushed to the v2 index
// alone (by a Spack older than 1.0) were left out without a word. Its
// index.json.hash is asked for, at most 1 KiB: one request a run, a 304
// once the cache keeps it; a mirror without it warns of nothing, and a
// failed answer fails nothing.
func TestBothLayoutsWarnedURL(t *testing.T) {
	root := t.TempDir()
	both, v3 := filepath.Join(root, "both"), filepath.Join(root, "v3")
	if err := mirrorgen.V3(both, index(t, "old"), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.V2(both, index(t, "new")); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.V3(v3, index(t, "old"), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	warned := func(s *snapshot.Snapshot) []snapshot.Warning {
		var out []snapshot.Warning
		for _, w := range s.Warnings {
			if strings.Contains(w.Message, "a layout-v2 index beside a layout-v3 mirror") {
				out = append(out, w)
			}
		}
		return out
	}
	h := &mirror.HTTP{CacheDir: t.TempDir(), Retries: -1}
	for run := range 2 {
		s, src, err := fetch(h, srv.URL+"/both")
		if err != nil {
			t.Fatal(err)
		}
		if src.Layout != mirror.LayoutV3 {
			t.Fatalf("read as %s; want layout v3", src.Layout)
		}
		w := warned(s)
		if len(w) != 1 || w[0].File != srv.URL+"/both/build_cache/index.json" ||
			!strings.Contains(w[0].Message, "(build_cache/index.json.hash is there): not read, as the mirror is read through its layout-v3 index") ||
			!strings.Contains(w[0].Message, "download it and give the file ("+srv.URL+"/both/build_cache/index.json)") {
			t.Errorf("run %d: warnings %+v; want one of the v2 index beside the v3 mirror", run+1, s.Warnings)
		}
		got := srv.requests()
		probes := 0
		for _, r := range got {
			if strings.Contains(r, "/build_cache/") {
				probes++
				if want := []string{"GET /both/build_cache/index.json.hash 200", "GET /both/build_cache/index.json.hash if-none-match 304"}[run]; r != want {
					t.Errorf("run %d: %s; want %s", run+1, r, want)
				}
			}
		}
		if probes != 1 {
			t.Errorf("run %d: requests %q; want one of build_cache/, its index.json.hash", run+1, got)
		}
	}
	// A v3 mirror alone: one 404, no warning.
	s, _, err := fetch(h, srv.URL+"/v3")
	if err != nil {
		t.Fatal(err)
	}
	if w := warned(s); len(w) != 0 {
		t.Errorf("a v3 mirror alone: %+v", w)
	}
	// The .hash answering 500: no warning, and the mirror read.
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		if strings.HasSuffix(r.URL.Path, "/index.json.hash") {
			srv.record(r, 500)
			http.Error(w, "busy", 500)
			return true
		}
		return false
	}
	defer func() { srv.fault = nil }()
	s, _, err = fetch(&mirror.HTTP{NoCache: true, Retries: -1}, srv.URL+"/both")
	if err != nil {
		t.Fatalf("the .hash answering 500: %v", err)
	}
	if w := warned(s); len(w) != 0 {
		t.Errorf("the .hash answering 500: %+v", w)
	}
}
