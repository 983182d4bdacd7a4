package snapshot_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
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

// TestMirrorPartHintQuotesInASCII (issue 35, classes a and e): the
// hint of a folder inside a v3 mirror named the root and the view as
// they are: "give the mirror's root …: mа with --view gе" (each а, е
// Cyrillic) read as the mirror m with the view ge, and a view's folder
// "g<newline>y" put a line of its own in the hint. Each is a shell word
// in ASCII, the folder it names quoted in ASCII; pasted into bash, where
// LANG is unset too, the root and the view read back and load.
func TestMirrorPartHintQuotesInASCII(t *testing.T) {
	data := []byte(`{"database": {"version": "8", "installs": {}}}`)
	m := filepath.Join(t.TempDir(), "mа")
	if err := mirrorgen.V3(m, data, mirrorgen.Options{View: "gе"}); err != nil {
		t.Fatal(err)
	}
	view := filepath.Join(m, "v3", "manifests", "index", "gе")
	for what, p := range map[string]string{"a view's folder": view, "a view's index manifest": filepath.Join(view, "index.manifest.json")} {
		_, err := snapshot.Load(p, snapshot.Options{})
		if err == nil {
			t.Errorf("%s: loads; want the hint of the mirror's root", what)
			continue
		}
		if want := `"v3/manifests/index/g\u0435/" folder`; what == "a view's folder" && !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want %s", what, err, want)
		}
		_, line, _ := strings.Cut(err.Error(), "read through its index: ")
		line, _, _ = strings.Cut(line, "; ") // a note on the folder's files after
		if !strings.HasSuffix(line, `m\xd0\xb0' with --view $'g\xd0\xb5'`) {
			t.Errorf("%s: %v; want the root and the view in ASCII", what, err)
			continue
		}
		w := snapshot.PastedWords(t, line)
		if len(w) != 4 || w[0] != m || w[1] != "with" || w[2] != "--view" || w[3] != "gе" {
			t.Errorf("%s: %s reads in bash as %q; want %q with --view %q", what, line, w, m, "gе")
			continue
		}
		if _, err := mirror.Open(mirror.Dir(w[0]), mirror.Options{View: w[3]}); err != nil {
			t.Errorf("%s: the root and view pasted do not load: %v", what, err)
		}
	}
	part, ok := snapshot.MirrorPartOf("m\nx/v3/manifests/index/g\ny")
	if !ok {
		t.Fatal("no part")
	}
	if h := part.Hint(part.Root); strings.ContainsAny(h, "\n") || !strings.HasSuffix(h, `: $'./m\nx' with --view $'g\ny'`) || !strings.Contains(h, `"v3/manifests/index/g\ny/" folder`) {
		t.Errorf("a newline: %s", h)
	}
	// A package's folder of spec manifests, as a view's (class c:
	// 3e3d38c4's quoting of it undone alone, no check failed).
	part, ok = snapshot.MirrorPartOf("m/v3/manifests/spec/zl\u0456b")
	if h := part.Hint(part.Root); !ok || strings.ContainsFunc(h, func(r rune) bool { return r > '~' }) || !strings.Contains(h, `"v3/manifests/spec/zl\u0456b/" folder`) {
		t.Errorf("a spec folder zl\u0456b: %s", h)
	}
}
