package snapshot_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
)

// TestMirrorPartNamesRoot (adversarial pass q6, issue 35 class e): a
// folder inside a layout-v3 mirror given for the mirror (m/v3,
// m/v3/manifests/index, a view's folder, m/blobs/sha256) was "no
// package pages found under m/v3/: is this a _cache/<tag> folder?", and
// its index manifest given alone "a JSON document, but not a Spack
// build-cache index, lockfile or spec file": the mirror, one folder or
// a few above, went unnamed. Both name the mirror's root to give (with
// --view for a view's folder); a folder of another name is asked
// whether it is a tag folder, as before.
func TestMirrorPartNamesRoot(t *testing.T) {
	data, err := os.ReadFile("../testdata/spack-gen/old/build_cache/index.json")
	if err != nil {
		t.Fatal(err)
	}
	m := filepath.Join(t.TempDir(), "m")
	if err := mirrorgen.V3(m, data, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(m, "v3", "manifests", "index", "gpu"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(m, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ rel, want string }{
		{"v3", "v3/ folder of a layout-v3 Spack mirror, give the mirror's root, above it, which is read through its index: " + m},
		{"v3/manifests/index", "v3/manifests/index/ folder of a layout-v3 Spack mirror"},
		{"v3/manifests/spec", "v3/manifests/spec/ folder of a layout-v3 Spack mirror"},
		{"v3/manifests/index/gpu", ": " + m + " with --view gpu"},
		{"blobs/sha256", "blobs/sha256/ folder of a layout-v3 Spack mirror"},
		{"v3/manifests/index/index.manifest.json", "a layout-v3 Spack mirror's index manifest, which names the blob its index is in: give the mirror's root, which is read through its index: " + m},
		{"docs", "is this a _cache/<tag> folder?"},
	} {
		_, err := snapshot.Load(filepath.Join(m, filepath.FromSlash(tc.rel)), snapshot.Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v; want %q", tc.rel, err, tc.want)
		}
	}
}

// TestMirrorPartOf: the names that make a path a folder inside a v3
// mirror, and the root above it; other paths are none.
func TestMirrorPartOf(t *testing.T) {
	for p, want := range map[string]snapshot.MirrorPart{
		"m/v3":                       {Root: "m", What: "v3/"},
		"v3":                         {Root: "", What: "v3/"},
		"/v3/":                       {Root: "", What: "v3/"},
		"a/b/v3/manifests":           {Root: "a/b", What: "v3/manifests/"},
		"m/v3/manifests/index/x":     {Root: "m", What: "v3/manifests/index/x/", View: "x"},
		"m/v3/manifests/spec/zlib":   {Root: "m", What: "v3/manifests/spec/zlib/"},
		"HEAD:m/blobs/sha256/ab":     {Root: "HEAD:m", What: "blobs/sha256/ab/"},
		"m/blobs":                    {Root: "m", What: "blobs/"},
		"m/blobs/sha256/zz":          {},
		"m/v3/other":                 {},
		"HEAD:v3":                    {},
		"m/v3/manifests/index/a/b":   {},
		"_cache/develop":             {},
		"m/V3":                       {},
		"m/v3/manifests/index/x/y/z": {},
	} {
		got, ok := snapshot.MirrorPartOf(p)
		if ok != (want.What != "") || got != want {
			t.Errorf("MirrorPartOf(%q) = %+v, %v; want %+v", p, got, ok, want)
		}
	}
}
