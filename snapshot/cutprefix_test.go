package snapshot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadCutPrefixNamedAlone (issue 35 class e: a message that names
// the wrong kind of file): a signed spec file cut to "---" and named on
// the command line was read as a package page whose front matter is
// never closed, its .sig name notwithstanding; an index.json.gz cut to
// gzip's first byte was told it has no front matter. Each is refused as
// what its name says, cut short, whatever prefix of 1 to 5 bytes.
func TestLoadCutPrefixNamedAlone(t *testing.T) {
	dir := t.TempDir()
	for n := 1; n <= 5; n++ {
		sig := filepath.Join(dir, "x.spec.json.sig")
		if err := os.WriteFile(sig, []byte("-----BEGIN PGP SIGNED MESSAGE-----"[:n]), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(sig, Options{})
		if err == nil || !strings.Contains(err.Error(), "clear-signed spec file") || !strings.Contains(err.Error(), "cut short") || strings.Contains(err.Error(), "front matter") {
			t.Errorf("a signed spec file cut to %d bytes: %v; want a clear-signed spec file cut short", n, err)
		}
	}
	gz := filepath.Join(dir, "index.json.gz")
	if err := os.WriteFile(gz, []byte{0x1f}, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(gz, Options{})
	if err == nil || !strings.Contains(err.Error(), "gzip stream that is cut short") || strings.Contains(err.Error(), "front matter") {
		t.Errorf("index.json.gz cut to one byte: %v; want a gzip stream cut short", err)
	}
}
