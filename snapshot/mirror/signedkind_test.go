package mirror_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestSignedIndexManifestNamedAsIs (issue 35 class e: a message that
// names the wrong thing): the armour of a clear-signed index manifest
// is refused naming an index manifest, where every armour message said
// "spec file" ("a spec file holds one message", "a clear-signed spec
// file starts with that line", "Spack reads a signed spec file as …").
func TestSignedIndexManifestNamedAsIs(t *testing.T) {
	signed := "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n{\"version\": 3, \"data\": []}\n-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
	for _, c := range []struct{ in, want string }{
		{"note\n" + signed, "a clear-signed index manifest starts with that line"},
		{signed + "x\n", "a signed index manifest holds one message"},
		{signed + signed, "a signed index manifest holds one message"},
		{strings.Replace(signed, "Hash: SHA512\n", "Hash: SHA512\nCharset: UTF-8\n", 1), "Spack reads a signed index manifest as"},
		{"  " + signed, "would read nothing from this index manifest"},
	} {
		err := openIndexManifest(t, c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "spec file") {
			t.Errorf("%q: %v; want %q, and no spec file named", c.in, err, c.want)
		}
	}
}

// indexManifest is where a layout-v3 mirror keeps its index manifest.
const indexManifest = "v3/manifests/index/index.manifest.json"

// openIndexManifest opens a layout-v3 mirror whose index manifest holds
// content and returns mirror.Open's error.
func openIndexManifest(t *testing.T, content string) error {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "v3", "manifests", "index"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(indexManifest)), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
	return err
}
