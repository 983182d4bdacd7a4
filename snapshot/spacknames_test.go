package snapshot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSpackNamesNotPages (a seventh adversarial pass, issue 35): Spack's
// files that cachediff does not read, given as a snapshot, were refused
// as pages without front matter ("a package page starts with a line
// '---'"), which sends a Spack user looking for a line no such file has.
// The message names what the file is and what to give instead.
func TestSpackNamesNotPages(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, text, want string }{
		{"spack.yaml", "spack:\n  specs: [zlib]\n", "spack.lock"},
		{"spack.yml", "spack:\n  specs: [zlib]\n", "spack.lock"},
		{"linux-ubuntu22.04-x86_64-gcc-11.4.0-zlib-1.3-abcdefghijklmnopqrstuvwxyz234567.spec.yaml", "spec:\n- zlib:\n    version: 1.3\n", ".spec.json"},
		{"index.json.hash", strings.Repeat("0", 64) + "\n", "index.json"},
	} {
		p := filepath.Join(dir, c.name)
		if err := os.WriteFile(p, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(p, Options{})
		if err == nil {
			t.Errorf("%s: read as a snapshot", c.name)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "front matter") || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %v; want a message that names %s, not a page's front matter", c.name, err, c.want)
		}
	}
}
