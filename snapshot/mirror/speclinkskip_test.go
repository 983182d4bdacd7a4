package mirror_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestSpecManifestLinkSkipped: a symbolic link among a layout-v3
// mirror's spec manifests (without an index manifest) failed the whole
// mirror, even with --skip-invalid, the listing refusing it before the
// loader could skip it, where a folder's linked page is a skip entry.
// It is now a bad manifest of its own: an error naming it without
// --skip-invalid (as before, the whole load fails), a skip entry with
// it, the other specs read.
func TestSpecManifestLinkSkipped(t *testing.T) {
	dir, manifests := v3SpecManifests(t, 2)
	link := "v3/manifests/spec/zlib/a.spec.manifest.json"
	if err := os.MkdirAll(filepath.Join(dir, "v3", "manifests", "spec", "zlib"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(manifests[0], filepath.Join(dir, filepath.FromSlash(link))); err != nil {
		t.Fatal(err)
	}
	load := func(skip bool) (*snapshot.Snapshot, error) {
		src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
		if err != nil {
			return nil, err
		}
		return snapshot.LoadFrom(src, snapshot.Options{SkipInvalid: skip})
	}
	_, err := load(false)
	var le *snapshot.LoadError
	if !errors.As(err, &le) || len(le.Errs) != 1 || !strings.HasSuffix(le.Errs[0].File, link) || !strings.Contains(le.Errs[0].Msg, "symbolic link") {
		t.Errorf("without --skip-invalid: %v; want an error naming %s, a symbolic link", err, link)
	}
	s, err := load(true)
	if err != nil {
		t.Fatalf("--skip-invalid: %v; want the link skipped, the others read", err)
	}
	if len(s.Skipped) != 1 || !strings.HasSuffix(s.Skipped[0].File, link) {
		t.Errorf("--skip-invalid skipped %+v; want %s alone", s.Skipped, link)
	}
	n := 0
	for _, p := range s.Packages {
		n += len(p.Specs)
	}
	if n != len(manifests) {
		t.Errorf("--skip-invalid read %d specs; want %d, the link's left out", n, len(manifests))
	}
}

// v3SpecManifests writes a layout-v3 mirror of the "new" index without
// an index manifest into a new folder, and returns it and its spec
// manifests, at least least of them.
func v3SpecManifests(t *testing.T, least int) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	if err := mirrorgen.V3(dir, index(t, "new"), mirrorgen.Options{NoIndex: true}); err != nil {
		t.Fatal(err)
	}
	manifests, err := filepath.Glob(filepath.Join(dir, "v3", "manifests", "spec", "*", "*.spec.manifest.json"))
	if err != nil || len(manifests) < least {
		t.Fatalf("spec manifests: %v %v", manifests, err)
	}
	return dir, manifests
}

// TestSpecManifestLinksAll (class b/e, lead b of i19): a v3 mirror whose
// every spec manifest is a symbolic link failed whole, even with
// --skip-invalid, naming the first link alone ("loading …/spec:
// …/a.spec.manifest.json: a symbolic link, …"), where as many manifests
// that do not decode are each an error of their own and, skipped, each
// a skip entry. Now each link is named, and with --skip-invalid each is
// skipped, the mirror failing as one left with no spec.
func TestSpecManifestLinksAll(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(t.TempDir(), "m.json")
	links := []string{"v3/manifests/spec/xz/a.spec.manifest.json", "v3/manifests/spec/zlib/b.spec.manifest.json"}
	if err := os.WriteFile(target, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "v3"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "v3", "layout.json"), []byte(`{"signing":"gpg"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, l := range links {
		p := filepath.Join(dir, filepath.FromSlash(l))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	for _, skip := range []bool{false, true} {
		src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = snapshot.LoadFrom(src, snapshot.Options{SkipInvalid: skip})
		var le *snapshot.LoadError
		if !errors.As(err, &le) || len(le.Errs) != len(links) {
			t.Errorf("skip %v: %v; want each of %d links an error of its own", skip, err, len(links))
			continue
		}
		for i, l := range links {
			e := le.Errs[i]
			if e.File != filepath.Join(dir, filepath.FromSlash(l)) || !strings.HasPrefix(e.Msg, "a symbolic link, not a regular file") {
				t.Errorf("skip %v: error %d: %q: %q; want %s, a symbolic link", skip, i, e.File, e.Msg, l)
			}
		}
		if skip && !strings.Contains(le.Note, "no valid") {
			t.Errorf("--skip-invalid: note %q; want the mirror told as left with no spec", le.Note)
		}
	}
}

// TestSpecNonManifestLinkSkipped (class b/e, lead b of i20): a symbolic
// link among a layout-v3 mirror's spec manifests that is no spec
// manifest by its name (spec/zlib/x.json, or a folder spec/xz/ of them
// linked) failed the whole mirror, even with --skip-invalid, naming the
// first link met, a manifest's where one was a link too. It is a bad
// file of its own, as a manifest that is a link is: each named, and
// with --skip-invalid each a skip entry, the others read.
func TestSpecNonManifestLinkSkipped(t *testing.T) {
	dir := t.TempDir()
	if err := mirrorgen.V3(dir, zlibIndex, mirrorgen.Options{NoIndex: true}); err != nil {
		t.Fatal(err)
	}
	manifests, err := filepath.Glob(filepath.Join(dir, "v3", "manifests", "spec", "*", "*.spec.manifest.json"))
	if err != nil || len(manifests) != 1 {
		t.Fatalf("spec manifests: %v %v", manifests, err)
	}
	links := []string{"v3/manifests/spec/xz", "v3/manifests/spec/zlib/a.spec.manifest.json", "v3/manifests/spec/zlib/x.json"}
	for i, l := range links {
		to := manifests[0]
		if i == 0 {
			to = t.TempDir()
		}
		if err := os.Symlink(to, filepath.Join(dir, filepath.FromSlash(l))); err != nil {
			t.Fatal(err)
		}
	}
	for _, skip := range []bool{false, true} {
		src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
		var s *snapshot.Snapshot
		if err == nil {
			s, err = snapshot.LoadFrom(src, snapshot.Options{SkipInvalid: skip})
		}
		var named []string
		if le, ok := errors.AsType[*snapshot.LoadError](err); ok {
			for _, e := range le.Errs {
				named = append(named, e.File)
			}
		} else if err == nil {
			for _, e := range s.Skipped {
				named = append(named, e.File)
			}
			if n := len(s.Packages); n != 1 {
				t.Errorf("--skip-invalid: %d packages; want zlib's, read", n)
			}
		}
		want := make([]string, len(links))
		for i, l := range links {
			want[i] = filepath.Join(dir, filepath.FromSlash(l))
		}
		if (err == nil) != skip || !slices.Equal(named, want) {
			t.Errorf("skip %v: %v, named %q; want each link named, alone: %q", skip, err, named, want)
		}
	}
}
