package mirror_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestViewManifestErrorsQuoted (issue 35, class c): 3e3d38c4 named a
// view's index manifest quoted in ASCII in each of Open's errors of it
// (a clear-signed manifest's line and column, a manifest that does not
// decode, one that lists no index blob, one a store names raw as missing),
// and no test failed when any of them was undone. --view gе (its е
// Cyrillic): each error names "v3/manifests/index/g\u0435/…". Each of
// the four undone alone fails a check of it.
func TestViewManifestErrorsQuoted(t *testing.T) {
	const want = `"v3/manifests/index/g\u0435/index.manifest.json"`
	dir := t.TempDir()
	im := filepath.Join(dir, "v3", "manifests", "index", "gе", "index.manifest.json")
	if err := os.MkdirAll(filepath.Dir(im), 0o755); err != nil {
		t.Fatal(err)
	}
	for what, content := range map[string]string{
		"signed":   "note\n-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n{}\n-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n",
		"no JSON":  "x",
		"no index": `{"version": 3, "data": []}`,
	} {
		if err := os.WriteFile(im, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := mirror.Open(mirror.Dir(dir), mirror.Options{View: "gе"})
		if err == nil || !strings.Contains(err.Error(), want) || strings.ContainsFunc(err.Error(), func(r rune) bool { return r > '~' && r != '…' }) {
			t.Errorf("%s: %v; want %s, in ASCII", what, err, want)
		}
	}
	// A store whose errors name the file as it is (as a git tree's
	// does): Open names it quoted.
	small := t.TempDir()
	if err := mirrorgen.V3(small, []byte(`{"database": {"version": "8", "installs": {}}}`), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	_, err := mirror.Open(rawStore{mirror.Dir(small)}, mirror.Options{View: "gе"})
	if err == nil || !strings.Contains(err.Error(), want+": not found") || strings.ContainsFunc(err.Error(), func(r rune) bool { return r > '~' && r != '…' }) {
		t.Errorf("a store's not found: %v; want %s: not found, in ASCII", err, want)
	}
}

// rawStore is a folder whose Get names a missing file as it is.
type rawStore struct{ mirror.Dir }

func (s rawStore) Get(rel string, limit int64) ([]byte, error) {
	data, err := s.Dir.Get(rel, limit)
	if errors.Is(err, mirror.ErrNotFound) {
		return nil, fmt.Errorf("%s: %w", rel, mirror.ErrNotFound)
	}
	return data, err
}
