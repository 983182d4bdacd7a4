package mirror_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestV2CutIndexMatchingHash: a layout-v2 index.json gzip'd in a stream
// cut short, whose sha256 is the one build_cache/index.json.hash gives,
// was cut before it was hashed and pushed, as a v3 blob that matches its
// manifest (wholeBlob): it said "the file incomplete", which sends a
// user to fetch it again, which gives the same bytes. Without a .hash,
// or with one that differs (the index changed while it was read), it
// may be a read cut short, and says so still.
func TestV2CutIndexMatchingHash(t *testing.T) {
	z := gz(index(t, "old"))
	z = z[:len(z)/2]
	for _, tc := range []struct {
		name, hash, want, not string
	}{
		{"matching hash", "", "sha256 is the one build_cache/index.json.hash gives", "the file incomplete"},
		{"no hash", "-", "the file incomplete", "index.json.hash gives"},
		{"other hash", strings.Repeat("ab", 32), "the file incomplete", "index.json.hash gives"},
	} {
		dir := t.TempDir()
		if err := mirrorgen.V2(dir, z); err != nil {
			t.Fatal(err)
		}
		h := filepath.Join(dir, "build_cache", "index.json.hash")
		switch tc.hash {
		case "-":
			os.Remove(h)
		case "":
		default:
			os.WriteFile(h, []byte(tc.hash), 0o644)
		}
		_, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), tc.not) {
			t.Errorf("%s: %v; want %q, not %q", tc.name, err, tc.want, tc.not)
		}
	}
}
