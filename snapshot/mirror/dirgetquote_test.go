package mirror_test

import (
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestDirGetQuotesPaths (issue 35, classes a and e): a mirror folder's
// errors named the file and the path a link leads to raw: a link to
// "x<newline>у" (its у Cyrillic) put a line of its own in "a symbolic
// link out of the mirror (to …)", and a view's folder gе read as ge in
// "not a regular file". Each is named as a message names a file of the
// mirror: as it is when of printable ASCII, else quoted in ASCII.
func TestDirGetQuotesPaths(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	target := filepath.Join(out, "x\nу")
	if err := os.WriteFile(target, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "build_cache"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(dir, "build_cache", "index.json")); err != nil {
		t.Skip(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "v3", "manifests", "index", "gе", "index.manifest.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A link into the mirror's git folder, and a file over the limit
	// (class c: each undone alone, no check failed).
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".git", "cоnfig"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, ".git", "cоnfig"), filepath.Join(dir, "v3", "manifests", "index", "gе", "l.json")); err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]string{
		"build_cache/index.json":                    `build_cache/index.json: a symbolic link out of the mirror (to "` + out + `/x\n\u0443"): not followed`,
		"v3/manifests/index/gе/index.manifest.json": `"v3/manifests/index/g\u0435/index.manifest.json": not a regular file`,
		"v3/manifests/index/gе/l.json":              `"v3/manifests/index/g\u0435/l.json": a symbolic link into the mirror's git folder (to "` + dir + `/.git/c\u043enfig")`,
		"v3/manifests/index/gе/big.json":            `"v3/manifests/index/g\u0435/big.json": 2 bytes, over the limit of 1`,
	} {
		if err := os.WriteFile(filepath.Join(dir, "v3", "manifests", "index", "gе", "big.json"), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
		limit := int64(1 << 20)
		if path.Base(rel) == "big.json" {
			limit = 1
		}
		_, err := mirror.Dir(dir).Get(rel, limit)
		if err == nil || !strings.HasPrefix(err.Error(), want) || strings.ContainsFunc(err.Error(), func(r rune) bool { return r < ' ' || r > '~' }) {
			t.Errorf("%q: %v; want %s…, in printable ASCII", rel, err, want)
		}
	}
}

// TestDirListQuotesPaths (classes a and e): Dir.List named a link among
// the spec manifests raw, as Get did before (TestDirGetQuotesPaths): in
// a folder zlіb (its і Cyrillic) it read as zlib's, in "x<newline>y" it
// put a line of its own. It is named as Get names a path, from the
// mirror's root.
func TestDirListQuotesPaths(t *testing.T) {
	for _, folder := range []string{"x\ny", "zl\u0456b"} {
		dir := t.TempDir()
		spec := filepath.Join(dir, "v3", "manifests", "spec", folder)
		if err := os.MkdirAll(spec, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(dir, filepath.Join(spec, "z.spec.manifest.json")); err != nil {
			t.Skip(err)
		}
		_, err := mirror.Dir(dir).List("v3/manifests/spec")
		// From the mirror's root, as Get names a file: in full, the
		// folder came twice, after "loading ROOT/v3/manifests/spec: ".
		want := strconv.QuoteToASCII("v3/manifests/spec/"+folder+"/z.spec.manifest.json") + ": a symbolic link, not a regular file"
		if err == nil || !strings.HasPrefix(err.Error(), want) || strings.ContainsFunc(err.Error(), func(r rune) bool { return r < ' ' || r > '~' }) {
			t.Errorf("%q: %v; want %s…, in printable ASCII", folder, err, want)
		}
	}
}
