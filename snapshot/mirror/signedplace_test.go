package mirror_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestSignedSpecManifestNamedOnce (issue 35 class e): a layout-v3 spec
// manifest whose clear-signed armour is damaged (cut inside its
// signature, or before it) is named once and placed by line and
// column, as a manifest's broken JSON is ("loading DIR/v3/…json: line
// 1, column 2: not a manifest: the JSON is cut short"). It was named
// twice, the second time in another form:
//
//	loading DIR/v3/manifests/spec/libelf/libelf-….spec.manifest.json: v3/manifests/spec/libelf/libelf-….spec.manifest.json:16:30: (signature): a clear-signed spec manifest whose signature never ends …
func TestSignedSpecManifestNamedOnce(t *testing.T) {
	idx, err := os.ReadFile(filepath.Join("..", "..", "testdata", "spack-formats", "index.v8-layout2-unsigned-mixed.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := mirrorgen.V3(dir, idx, mirrorgen.Options{NoIndex: true, Sign: "libelf"}); err != nil {
		t.Fatal(err)
	}
	var man string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if b, _ := os.ReadFile(p); man == "" && strings.HasSuffix(p, ".spec.manifest.json") && strings.HasPrefix(string(b), "-----BEGIN PGP SIGNED MESSAGE-----") {
			man = p
		}
		return nil
	})
	full, err := os.ReadFile(man)
	if man == "" || err != nil {
		t.Fatalf("no signed spec manifest: %v", err)
	}
	rel, _ := filepath.Rel(dir, man)
	rel = filepath.ToSlash(rel)
	end := strings.Index(string(full), "-----END PGP SIGNATURE-----")
	for _, c := range []struct {
		cut  int
		want string
	}{
		{end, ": a clear-signed spec manifest whose signature never ends"},
		{len("-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n{"), ": a clear-signed spec manifest without its signature"},
	} {
		if err := os.WriteFile(man, full[:c.cut], 0o644); err != nil {
			t.Fatal(err)
		}
		text := string(full[:c.cut])
		line, col := 1+strings.Count(text, "\n"), len(text)-strings.LastIndex(text, "\n")
		src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
		if err == nil {
			_, err = snapshot.LoadFrom(src, snapshot.Options{})
		}
		if err == nil || strings.Count(err.Error(), rel) != 1 || !strings.Contains(err.Error(), rel+": line "+strconv.Itoa(line)+", column "+strconv.Itoa(col)+": (signature)"+c.want) {
			t.Errorf("cut at %d: %v; want %s named once, at line %d, column %d: (signature)%s", c.cut, err, rel, line, col, c.want)
		}
	}
}
