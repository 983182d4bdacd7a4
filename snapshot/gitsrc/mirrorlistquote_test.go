package gitsrc

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestMirrorListQuotesLink: a committed link among a v3 mirror's spec
// manifests is named as a folder's Dir.List names one (37daa290), quoted
// in ASCII where it is not plain: raw, one under zlіb (its і Cyrillic)
// read as zlib's, and one under "x<newline>y" put a line of its own in
// the message.
func TestMirrorListQuotesLink(t *testing.T) {
	for _, c := range []struct{ dir, want string }{
		{"zl\u0456b", `manifests/spec/zl\u0456b/a.spec.manifest.json": a symbolic link`},
		{"x\ny", `manifests/spec/x\ny/a.spec.manifest.json": a symbolic link`},
		{"a: b", `manifests/spec/a: b/a.spec.manifest.json": a symbolic link`},
		{"zlib", `manifests/spec/zlib/a.spec.manifest.json: a symbolic link`},
	} {
		// The listing lists the link (mirror.NotRegularError), and the
		// spec manifests' reading refuses it: the only one, an error of
		// its own naming it (the whole mirror's before,
		// TestSpecManifestLinksAll).
		err := loadLinkMirror(t, nil, "m/v3/manifests/spec/"+c.dir+"/a.spec.manifest.json")
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.ContainsAny(err.Error(), "\n\u0456") {
			t.Errorf("a link under %q: %v; want it named %s", c.dir, err, c.want)
		}
	}
	// A link among regular manifests that is none: a bad file of its own
	// (16fe9f23), where it failed the whole mirror by the listing's
	// message; named once, by "loading FILE", quoted in ASCII where it is
	// not plain, the listing's own naming of it (shownRel) left out,
	// a line of its own under the heading of the mirror's 3 bad files.
	for _, c := range []struct{ dir, want string }{
		{"zl\u0456b", `loading "HEAD:m/v3/manifests/spec/zl\u0456b/notes.json": a symbolic link, not a regular file`},
		{"a: b", `loading "HEAD:m/v3/manifests/spec/a: b/notes.json": a symbolic link, not a regular file`},
		{"zlib", `loading HEAD:m/v3/manifests/spec/zlib/notes.json: a symbolic link, not a regular file`},
	} {
		err := loadLinkMirror(t, map[string]string{
			"m/v3/manifests/spec/a/a.spec.manifest.json": "{}",
			"m/v3/manifests/spec/z/z.spec.manifest.json": "{}",
		}, "m/v3/manifests/spec/"+c.dir+"/notes.json")
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Count(err.Error(), "notes.json") != 1 || strings.Count(err.Error(), "\n") != 3 || strings.ContainsRune(err.Error(), '\u0456') {
			t.Errorf("a link under %q among manifests: %v; want it named once, %s", c.dir, err, c.want)
		}
	}
}

// loadLinkMirror is the error of loading HEAD:m, a v3 mirror of files
// more, and link a committed symbolic link to m/b.json.
func loadLinkMirror(t *testing.T, more map[string]string, link string) error {
	t.Helper()
	files := map[string]string{"m/v3/layout.json": `{"signing": false}`, "m/b.json": "{}"}
	maps.Copy(files, more)
	r, err := OpenRepo(commitFiles(t, files, map[string]string{link: "../../../../b.json"}))
	if err != nil {
		t.Fatal(err)
	}
	s, err := r.Source("HEAD:m")
	if err != nil {
		t.Fatal(err)
	}
	src, err := s.Open(mirror.Options{})
	if err == nil {
		_, err = snapshot.LoadFrom(src, snapshot.Options{})
	}
	return err
}

// TestMirrorLinkTargetQuoted: a committed link that the mirror's index
// is names its target as a message quotes a path, in ASCII where it is
// not plain: one to a file it does not hold wrote the target raw, so
// that zlіb (its і Cyrillic) read as zlib and a newline put a line of
// its own in the message; one out of the mirror quoted it as Go does
// (%q), the Cyrillic і as it is.
func TestMirrorLinkTargetQuoted(t *testing.T) {
	r, err := OpenRepo(commitFiles(t, map[string]string{"b.json": "{}"}, map[string]string{
		"gone/build_cache/index.json":  "../zl\u0456b\n::error::x.json",
		"out/build_cache/index.json":   "../../zl\u0456b.json",
		"long1/build_cache/index.json": "../../" + strings.Repeat("\u0456", 1000) + "1",
		"long2/build_cache/index.json": "../../" + strings.Repeat("\u0456", 1000) + "2",
	}))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, c := range []struct{ path, want string }{
		{"HEAD:gone", `a broken symbolic link (to "../zl\u0456b\n::error::x.json"), which`},
		{"HEAD:out", `(to "../../zl\u0456b.json")`},
		// Cut, its mark inside the quotes: two targets alike for 2 KB
		// read apart. Whole, one was 6 KB quoted in ASCII; cut, its target
		// is at most 2 KB (linkword.MaxShown).
		{"HEAD:long1", `\u0456` + cutmark.Of("../../"+strings.Repeat("\u0456", 1000)+"1") + `")`},
		{"HEAD:long2", `\u0456` + cutmark.Of("../../"+strings.Repeat("\u0456", 1000)+"2") + `")`},
	} {
		s, err := r.Source(c.path)
		if err == nil {
			_, err = s.Open(mirror.Options{})
		}
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.ContainsAny(err.Error(), "\n\u0456") {
			t.Errorf("%s: %v; want the link's target named %s", c.path, err, c.want)
		} else if len(err.Error()) > 3<<10 || seen[strings.ReplaceAll(err.Error(), c.path, "")] {
			t.Errorf("%s: %d bytes, or read as another's: %v", c.path, len(err.Error()), err)
		} else {
			seen[strings.ReplaceAll(err.Error(), c.path, "")] = true
		}
	}
}

// TestMirrorLinkManifestSkipped: a committed link among a v3 mirror's
// spec manifests failed the whole mirror from REV:PATH, even with
// --skip-invalid (the listing refused it before the loader could skip
// it): it is a skip entry of its own, the others read, and without
// --skip-invalid an error naming it.
func TestMirrorLinkManifestSkipped(t *testing.T) {
	files := map[string]string{}
	addMirror(t, files, "m", func(dir string) error { return mirrorgen.V3(dir, genIndex(t), mirrorgen.Options{NoIndex: true}) })
	specs := 0
	for p := range files {
		if strings.HasSuffix(p, ".spec.manifest.json") {
			specs++
		}
	}
	link := "v3/manifests/spec/zlib/a.spec.manifest.json"
	r, err := OpenRepo(commitFiles(t, files, map[string]string{"m/" + link: "../../../../x.json"}))
	if err != nil {
		t.Fatal(err)
	}
	load := func(skip bool) (*snapshot.Snapshot, error) {
		s, err := r.Source("HEAD:m")
		if err != nil {
			t.Fatal(err)
		}
		src, err := s.Open(mirror.Options{})
		if err != nil {
			return nil, err
		}
		return snapshot.LoadFrom(src, snapshot.Options{SkipInvalid: skip})
	}
	if _, err := load(false); err == nil || !strings.Contains(err.Error(), link+": a symbolic link") {
		t.Errorf("without --skip-invalid: %v; want an error naming %s", err, link)
	}
	got, err := load(true)
	if err != nil {
		t.Fatalf("--skip-invalid: %v; want the link skipped", err)
	}
	if len(got.Skipped) != 1 || !strings.HasSuffix(got.Skipped[0].File, link) {
		t.Errorf("--skip-invalid skipped %+v; want %s alone", got.Skipped, link)
	}
	n := 0
	for _, p := range got.Packages {
		n += len(p.Specs)
	}
	if n != specs || specs == 0 {
		t.Errorf("--skip-invalid read %d specs; want %d", n, specs)
	}
}

// TestV2LinkNoManifestGit (adversarial pass i23, class e): a committed
// link in a layout-v2 mirror's build_cache/ (a tarball's) was said to
// be one of "a mirror's manifests", which a v2 mirror has none of, as a
// folder's Dir.List said it before; among a v3 mirror's spec manifests
// the note is kept.
func TestV2LinkNoManifestGit(t *testing.T) {
	r, err := OpenRepo(commitFiles(t, map[string]string{"m/build_cache/index.json": oneLineIndex, "m/b.json": "{}"},
		map[string]string{"m/build_cache/a.spack": "../b.json"}))
	if err != nil {
		t.Fatal(err)
	}
	s, err := r.Source("HEAD:m")
	if err != nil {
		t.Fatal(err)
	}
	src, err := s.Open(mirror.Options{})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := snapshot.LoadFrom(src, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var warned []string
	for _, w := range snap.Warnings {
		warned = append(warned, w.File+": "+w.Message)
	}
	if !slices.ContainsFunc(warned, func(w string) bool {
		return strings.Contains(w, "build_cache/a.spack: a symbolic link, not a regular file") && !strings.Contains(w, "manifest")
	}) {
		t.Errorf("a v2 mirror's link in build_cache/: warnings %q; want it named a link, no manifest", warned)
	}
	err = loadLinkMirror(t, nil, "m/v3/manifests/spec/zlib/a.spec.manifest.json")
	if err == nil || !strings.Contains(err.Error(), "not a regular file: a mirror's manifests are read as they are, not followed") {
		t.Errorf("a v3 mirror's link among its spec manifests: %v; want the manifests' note", err)
	}
}
