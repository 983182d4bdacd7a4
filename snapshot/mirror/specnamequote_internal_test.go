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
// manifest's name is its folders' names, and three errors of its blob
// named it raw in the middle of the message, where specFiles does not
// take it out for the error's File (which the loader quotes): a blob not
// gzip though the manifest says so, a blob longer than the manifest
// says, and a blob a batch store does not have. A folder "x<newline>y"
// put a line of its own in the message, one of U+202E turned it around,
// and "zlіb" (its і Cyrillic) read as the manifest of zlib. Each is
// quoted in ASCII, as verify's message quotes it.
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
		good := *e
		good.ContentLength = int64(len(data))
		_, notGzip := (&Source{}).specFile(name, &good, data, 1<<20)
		bad := make([]error, 1)
		_, err := (&Source{store: Dir(dir)}).specBlobs([]string{e.BlobPath()}, []int{0}, e.ContentLength, []string{name}, []*Entry{e}, bad)
		_, gone := (&Source{store: batchGone{Dir(dir)}}).specBlobs([]string{e.BlobPath()}, []int{0}, e.ContentLength, []string{name}, []*Entry{e}, make([]error, 1))
		for what, err := range map[string]error{"not gzip": notGzip, "longer": cmp.Or(err, bad[0]), "gone": gone} {
			msg := fmt.Sprint(err)
			if err == nil || !strings.Contains(msg, want) || strings.ContainsFunc(msg, func(r rune) bool { return r < ' ' || r > '~' }) {
				t.Errorf("%s, folder %+q: %v; want the manifest named %s, in ASCII", what, folder, err, want)
			}
		}
	}
}
