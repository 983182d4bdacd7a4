package snapshot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSpackFileNamedAsPage: a lockfile committed as a folder's specs.md
// (_cache/develop/bc/specs.md, in place of bc's page) was refused as "a
// JSON document, but not a Spack build-cache index, lockfile or spec
// file", which it is: the message says what it is, and that in a folder
// such a name is read as a page only.
func TestSpackFileNamedAsPage(t *testing.T) {
	const lock = `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},
"roots":[{"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","spec":"zlib"}],
"concrete_specs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"name":"zlib","version":"1.3","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}}
`
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "bc"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bc", "specs.md"), []byte(lock), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(dir, Options{})
	if err == nil || !strings.Contains(err.Error(), "a Spack lockfile by its content") || strings.Contains(err.Error(), "not a Spack") {
		t.Errorf("%v", err)
	}
}
