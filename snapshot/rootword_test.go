package snapshot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMirrorRootHintPastes (adversarial pass i22, class e): the mirror's
// root a hint gives back was written as it is, a shell word: a root
// named log (its v3/ given) was "give the mirror's root …: log", which
// pasted as cachediff log NEW ran the command log, and a root -m (its
// spec manifest given alone, as -m/v3/…) was "-m", read pasted as a
// flag. Each is written ./log, ./-m, as a folder's hint writes one
// (pathWord).
func TestMirrorRootHintPastes(t *testing.T) {
	t.Chdir(t.TempDir())
	manifest := "v3/manifests/spec/zlib/zlib-1-" + strings.Repeat("a", 32) + ".spec.manifest.json"
	for _, root := range []string{"log", "-m"} {
		if err := os.MkdirAll(filepath.Join(root, "v3/manifests/index"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(manifest)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, manifest), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{"v3", "v3/manifests/index", manifest} {
			_, err := Load(filepath.Join(root, p), Options{})
			want := "which is read through its index: ./" + root
			if err == nil || !strings.Contains(err.Error(), want+";") && !strings.HasSuffix(err.Error(), want) {
				t.Errorf("%s/%s: %v; want %q", root, p, err, want)
			}
		}
	}
}

// TestMirrorRootHintDot (adversarial pass i23, class c): a mirror's
// root that is the current folder or the one above it (v3 given, or
// ../v3) is written . and .., not as pathWord writes a folder of one
// name (./., ./..): undone, no test failed.
func TestMirrorRootHintDot(t *testing.T) {
	top := t.TempDir()
	if err := os.MkdirAll(filepath.Join(top, "m", "v3/manifests/index"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(top, "m"))
	for p, root := range map[string]string{"v3": ".", "v3/manifests/index": "."} {
		_, err := Load(p, Options{})
		if want := "which is read through its index: " + root; err == nil || !strings.Contains(err.Error(), want+";") && !strings.HasSuffix(err.Error(), want) {
			t.Errorf("%s: %v; want %q", p, err, want)
		}
	}
	t.Chdir(filepath.Join(top, "m", "v3"))
	if _, err := Load("../v3", Options{}); err == nil || !strings.Contains(err.Error(), "which is read through its index: ..;") && !strings.HasSuffix(err.Error(), "which is read through its index: ..") {
		t.Errorf("../v3: %v; want the root ..", err)
	}
}

// TestMirrorPartLongView (adversarial pass i23, class e): a view's
// folder of a long name (a URL's …/v3/manifests/index/ of 1,500
// zero-width spaces, %E2%80%8B each) was named whole twice in the hint,
// its folder and --view VIEW, each 9 KB in ASCII, past the command's
// line cap of 8 KB. Each is cut, --view's word said too long to show
// whole, and the hint fits the line; so does a package's folder's.
func TestMirrorPartLongView(t *testing.T) {
	long := strings.Repeat("\u200b", 1500)
	for _, p := range []string{"/m/v3/manifests/index/" + long, "/m/v3/manifests/spec/" + long} {
		part, ok := MirrorPartOf(p)
		if !ok {
			t.Fatalf("%.40q: no part", p)
		}
		h := part.Hint("http://h/m")
		if len(h) > 6<<10 || part.View != "" && !strings.Contains(h, "with --view the view ") {
			t.Errorf("%.40q: a hint of %d bytes, %.200q…; want at most 6 KB, the view said too long", p, len(h), h)
		}
	}
}

// TestMirrorPartDotNames (adversarial pass i24, class e): a folder
// inside a v3 mirror named with . or .. (m/v3/manifests/index/..,
// index/.) was taken for a view's folder named . or ..: "the
// v3/manifests/index/../ folder", the hint "./m with --view ..", which
// --view refuses; spec/.. was "the v3/manifests/spec/../ folder". A
// trailing . is the folder above it; .. is no view or package.
func TestMirrorPartDotNames(t *testing.T) {
	for p, want := range map[string]string{
		"m/v3/manifests/index/.":   "v3/manifests/index/",
		"m/v3/manifests/index/./":  "v3/manifests/index/",
		"m/v3/manifests/index/..":  "",
		"m/v3/manifests/spec/..":   "",
		"m/v3/manifests/index/gpu": "v3/manifests/index/gpu/",
	} {
		part, ok := MirrorPartOf(p)
		if ok != (want != "") || part.What != want || ok && part.Root != "m" || strings.Contains(part.View, ".") {
			t.Errorf("%s: %+v, %v; want the part %q of the root m", p, part, ok, want)
		}
	}
}

// TestMirrorPartTopRoot (adversarial pass i24, class e): a folder or a
// manifest of a mirror at the top of the file system (/v3, the index
// manifest /v3/manifests/index/index.manifest.json) was told to give the
// mirror's root ".", the current folder, not "/".
func TestMirrorPartTopRoot(t *testing.T) {
	if filepath.Separator != '/' {
		t.Skip("a root of /")
	}
	part, ok := MirrorPartOf("/v3/manifests/index")
	if h := part.Hint(part.DiskRoot("/v3/manifests/index")); !ok || !strings.HasSuffix(h, "read through its index: /") {
		t.Errorf("/v3/manifests/index: %q; want the root /", h)
	}
	if h := manifestFileHint("/v3/manifests/index/index.manifest.json", "index.manifest.json"); !strings.HasSuffix(h, "read through its index: /") {
		t.Errorf("/v3/manifests/index/index.manifest.json: %q; want the root /", h)
	}
	if h := manifestFileHint("v3/manifests/index/index.manifest.json", "index.manifest.json"); !strings.HasSuffix(h, "read through its index: .") {
		t.Errorf("v3/manifests/index/index.manifest.json: %q; want the root .", h)
	}
}
