package mirror_test

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
)

// TestGzipTwiceRefused (adversarial pass 86): an index gzip'd twice is
// refused as a file ("Spack reads one layer of gzip"), but in a mirror
// it was read: the mirror inflated one layer, and the index decoder the
// other. Spack inflates a blob of compression gzip once and then parses
// JSON, and refuses it. The mirror's index is now refused as the file
// is, in a v2 build_cache/index.json and in a v3 index blob alike.
func TestGzipTwiceRefused(t *testing.T) {
	idx := index(t, "old")
	v2 := t.TempDir()
	if err := mirrorgen.V2(v2, gz(gz(idx))); err != nil {
		t.Fatal(err)
	}
	v3 := v3WithIndexBlob(t, gz(gz(idx)))
	for _, dir := range []string{v2, v3} {
		_, err := loadDir(t, dir)
		if err == nil || !strings.Contains(err.Error(), "gzip'd twice") {
			t.Errorf("%s: an index gzip'd twice: %v; want it refused, as Spack refuses it and as the file is", dir, err)
		}
	}
}
