package spackfmt

import (
	"strings"
	"testing"
)

// TestTopMetaReadOfLockfilesAlone: Spack reads a spec file's "spec" and
// an index's "database" alone, never a top-level _meta beside them; a
// lockfile's _meta is its lockfile-version. A spec file or an index with
// a _meta whose lockfile-version was a string, out of range or given
// twice (or a _meta given twice) was refused as a lockfile would be
// ("Spack refuses a lockfile whose version is a string"), wherever the
// _meta stood; a lockfile with one still is, wherever it stands.
func TestTopMetaReadOfLockfilesAlone(t *testing.T) {
	const a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	spec := `"spec":{"_meta":{"version":4},"nodes":[{"name":"curl","version":"1","hash":"` + a + `"}]}`
	index := `"database":{"version":"7","installs":{}}`
	lockBody := `"roots":[{"hash":"` + a + `","spec":"curl"}],"concrete_specs":{"` + a + `":{"name":"curl","version":"1","hash":"` + a + `"}}`
	metas := []string{
		`"_meta":{"lockfile-version":"5"}`,
		`"_meta":{"lockfile-version":99}`,
		`"_meta":{"lockfile-version":5,"lockfile-version":6}`,
		`"_meta":{"lockfile-version":5},"_meta":{"lockfile-version":5}`,
	}
	for _, m := range metas {
		for _, body := range []string{spec, index} {
			for _, doc := range []string{"{" + m + "," + body + "}", "{" + body + "," + m + "}"} {
				if _, err := Decode("f.json", []byte(doc)); err != nil {
					t.Errorf("%s: %v; want it read, as Spack reads it (never its _meta)", doc, err)
				}
			}
		}
		for _, doc := range []string{"{" + m + "," + lockBody + "}", "{" + lockBody + "," + m + "}"} {
			_, err := Decode("spack.lock", []byte(doc))
			if err == nil || !strings.Contains(err.Error(), "_meta") {
				t.Errorf("lockfile %s: %v; want it refused for its _meta", doc, err)
			}
		}
	}
}

// TestTopMetaTwiceNamesTheDuplicate: a lockfile whose first _meta is of
// a version cachediff does not read and whose second is one it reads is
// refused for its _meta given twice: Spack reads the last _meta alone,
// so "lockfile version 9 is not supported" named a cause Spack never
// meets.
func TestTopMetaTwiceNamesTheDuplicate(t *testing.T) {
	const a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	lockBody := `"roots":[{"hash":"` + a + `","spec":"curl"}],"concrete_specs":{"` + a + `":{"name":"curl","version":"1","hash":"` + a + `"}}`
	for _, doc := range []string{
		`{"_meta":{"lockfile-version":9},"_meta":{"lockfile-version":6},` + lockBody + `}`,
		`{"_meta":{"lockfile-version":9},"_meta":{"lockfile-version":6}}`,
	} {
		_, err := Decode("spack.lock", []byte(doc))
		if err == nil || !strings.Contains(err.Error(), "given twice") || strings.Contains(err.Error(), "version 9") {
			t.Errorf("%s: %v; want it refused for its _meta given twice", doc, err)
		}
	}
}
