package mirror

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// batchGone is a store that reads in batches (as a git tree does) and
// has no file: its error names the first file alone, as git's does.
type batchGone struct{ Dir }

func (batchGone) GetMany(rels []string, _ int64) ([][]byte, error) {
	return nil, fmt.Errorf("%s: %w", rels[0], ErrNotFound)
}

// TestSpecManifestNamedInASCII (issue 35, classes a and e): a spec
// manifest's name is its folders' names, and the errors of its blob named
// it raw in the middle of the message: a folder "x<newline>y" put a line
// of its own in it, one of U+202E turned it around, and "zlіb" (its і
// Cyrillic) read as the manifest of zlib. The errors the loader gives the
// manifest as their File (a blob not gzip though the manifest says so,
// longer, shorter, of another sha256, gone from a folder) name it there
// alone, quoted as the loader quotes a file: named in the message too, it
// was there twice ("loading M: blob … and M says"), the second time
// clipped. A blob gone from a batch store fails the whole mirror, and
// names the manifest, quoted in ASCII.
func TestSpecManifestNamedInASCII(t *testing.T) {
	hash := strings.Repeat("a", 32)
	data := []byte(`{"spec":{"_meta":{"version":5},"nodes":[{"name":"zlib","version":"1","hash":"` + hash + `"}]}}`)
	sum := sha256.Sum256(data)
	e := &Entry{ContentLength: int64(len(data)) - 1, Checksum: hex.EncodeToString(sum[:]), ChecksumAlgorithm: "sha256", Compression: "gzip"}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, e.BlobPath())), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, e.BlobPath()), data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, folder := range []string{"x\ny", "z\u202eb", "zl\u0456b"} {
		name := "v3/manifests/spec/" + folder + "/zlib-1-" + hash[:8] + ".spec.manifest.json"
		want := strings.Trim(fmt.Sprintf("%+q", name), `"`)
		good, short, other := *e, *e, *e
		good.ContentLength = int64(len(data))
		short.ContentLength = good.ContentLength + 1
		other.ContentLength, other.Checksum = good.ContentLength, strings.Repeat("0", 64)
		_, notGzip := (&Source{}).specFile(name, &good, data, 1<<20)
		_, shorter := (&Source{}).specFile(name, &short, data, 1<<20)
		_, sha := (&Source{}).specFile(name, &other, data, 1<<20)
		bad := make([]error, 2)
		gone := other
		gone.Checksum = strings.Repeat("1", 64)
		_, err := (&Source{store: Dir(dir)}).specBlobs([]string{e.BlobPath(), gone.BlobPath()}, []int{0, 1}, e.ContentLength, []string{name, name}, []*Entry{e, &gone}, bad)
		_, batch := (&Source{store: batchGone{Dir(dir)}}).specBlobs([]string{e.BlobPath()}, []int{0}, e.ContentLength, []string{name}, []*Entry{e}, make([]error, 1))
		for what, err := range map[string]error{"not gzip": notGzip, "shorter": shorter, "sha256": sha, "longer": cmp.Or(err, bad[0]), "gone": bad[1]} {
			msg := fmt.Sprint(err)
			if err == nil || strings.Contains(msg, "manifests/spec/") || !strings.Contains(msg, "its manifest") && what != "gone" {
				t.Errorf("%s, folder %+q: %v; want the manifest not named (the loader names it, as the error's File)", what, folder, err)
			}
		}
		if msg := fmt.Sprint(batch); batch == nil || !strings.Contains(msg, want) || strings.ContainsFunc(msg, func(r rune) bool { return r < ' ' || r > '~' }) {
			t.Errorf("gone from a batch, folder %+q: %v; want the manifest named %s, in ASCII", folder, batch, want)
		}
	}
}
