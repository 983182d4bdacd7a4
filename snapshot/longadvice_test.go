package snapshot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/pagetest"
)

// TestLongFolderAdviceFits (class e): a message that names several
// paths of a folder, each as it is, ran past the command's line cap of
// 8 KB under a folder of ~1,700 Cyrillic characters (each \u0456 six
// bytes quoted), which cut what to do at its end: "this folder holds a
// build-cache index, … name the index or its folder, …, or the
// lockfile", "mixes catalogue pages and Spack files … name a folder of
// pages alone, or the Spack files" and Jekyll's "the page belongs at …".
// Each path is cut as loadingPath cuts it (CutShown), so that the whole
// line fits and ends with its advice.
func TestLongFolderAdviceFits(t *testing.T) {
	index, err := os.ReadFile(filepath.Join(spackFixtures, "index.v8-layout2-unsigned-mixed.json"))
	if err != nil {
		t.Fatal(err)
	}
	lock := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","spec":"zlib"}],"concrete_specs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"name":"zlib","version":"1","hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}}`
	deep := pagetest.DeepFolder(14)
	for _, c := range []struct {
		name  string
		files map[string]string
		end   string
	}{
		{"index and lockfiles", map[string]string{"build_cache/index.json": string(index), "a.lock": lock, "b.lock": lock, "c.lock": lock, "d.lock": lock, "e.lock": lock}, "or the lockfile"},
		{"pages and Spack files", map[string]string{"build_cache/index.json": string(index), "p0/specs.md": simplePage("p0", "develop", 100, 1)}, "name a folder of pages alone, or the Spack files"},
		{"index at the top and a lockfile", map[string]string{"index.json": string(index), "a.lock": lock}, "or the lockfile"},
		{"two indexes", map[string]string{"a/index.json": string(index), "b/index.json": string(index)}, "or the index itself"},
		{"unpublished page", map[string]string{"xz/_specs.md": simplePage("xz", "develop", 3, 1)}, `xz/specs.md"`},
	} {
		files := map[string]string{}
		for name, text := range c.files {
			files[filepath.Join(deep, name)] = text
		}
		dir := filepath.Join(writeTree(t, files), deep)
		_, err := Load(dir, Options{})
		if err == nil {
			t.Errorf("%s: loaded; want an error", c.name)
			continue
		}
		// The line of the error: a "did you mean" hint below it is a
		// line of its own, a word to paste, not cut.
		msg, _, _ := strings.Cut(err.Error(), "\n")
		if len(msg) > 8<<10 || !strings.HasSuffix(msg, c.end) {
			t.Errorf("%s: %d bytes, ending %q; want at most %d, ending %q", c.name, len(msg), msg[max(0, len(msg)-120):], 8<<10, c.end)
		}
	}
}
