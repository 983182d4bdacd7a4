package mirror_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// zlibIndex is a build-cache index of one spec, zlib@1 of the hash
// a…a, in the build cache.
var zlibIndex = []byte(`{"database":{"version":"8","installs":{"` + strings.Repeat("a", 32) + `":{"spec":{"name":"zlib","version":"1","arch":{"platform":"linux","platform_os":"x","target":"y"},"hash":"` + strings.Repeat("a", 32) + `"},"in_buildcache":true}}}}`)

// TestSpecManifestNamedOnce (class e, item e of i17): a folder's error
// of a spec manifest (over the limit, say) names it quoted where it is
// not plain (Dir.Get), and the loader took out of the message only the
// raw name that began it: under a folder zlіb (its і Cyrillic) the
// manifest was named twice, "loading \"…/zl\u0456b/….json\":
// \"v3/manifests/spec/zl\u0456b/….spec.manifest…6f7c0d0b\": 1048577
// bytes", the second time clipped. It is named once, as the error's file.
func TestSpecManifestNamedOnce(t *testing.T) {
	for _, folder := range []string{"zlib", "zl\u0456b", "x\ny", "a: b"} {
		dir := t.TempDir()
		if err := mirrorgen.V3(dir, zlibIndex, mirrorgen.Options{NoIndex: true}); err != nil {
			t.Fatal(err)
		}
		name := "zlib-1-" + strings.Repeat("a", 32) + ".spec.manifest.json"
		if err := os.Remove(filepath.Join(dir, "v3", "manifests", "spec", "zlib", name)); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(dir, "v3", "manifests", "spec", folder), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "v3", "manifests", "spec", folder, name), make([]byte, 1<<20+1), 0o644); err != nil {
			t.Fatal(err)
		}
		src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
		if err == nil {
			_, err = snapshot.LoadFrom(src, snapshot.Options{})
		}
		if err == nil || strings.Count(err.Error(), "manifests/spec/") != 1 || !strings.Contains(err.Error(), ".spec.manifest.json\": 1048577 bytes") && !strings.Contains(err.Error(), ".spec.manifest.json: 1048577 bytes") {
			t.Errorf("%q: %v; want the manifest named once, as the error's file", folder, err)
		}
	}
}

// TestBesideNamedOnce (class e): a spec file beside a v2 index that a
// folder does not read (over the limit) was named twice in its warning,
// "FILE: not read: build_cache/x.spec.json: 1000 bytes, over the limit
// of 500", quoted the second time where the first was not. The warning
// names it once, as its file.
func TestBesideNamedOnce(t *testing.T) {
	for _, name := range []string{"x.spec.json", "zl\u0456b.spec.json", "a: b.spec.json"} {
		dir := t.TempDir()
		if err := mirrorgen.V2(dir, zlibIndex); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "build_cache", name), make([]byte, 1000), 0o644); err != nil {
			t.Fatal(err)
		}
		src, err := mirror.Open(mirror.Dir(dir), mirror.Options{MaxBytes: 500})
		var s *snapshot.Snapshot
		if err == nil {
			s, err = snapshot.LoadFrom(src, snapshot.Options{})
		}
		if err != nil || len(s.Warnings) != 1 || !strings.HasPrefix(s.Warnings[0].Message, "not read: 1000 bytes, over the limit of 500;") {
			t.Errorf("%q: %v; warnings %+v; want one, naming the file once, as its file", name, err, s)
		}
	}
}
