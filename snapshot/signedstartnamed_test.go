package snapshot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSignedStartNoDotAsDocumented (issue 35, class e): a file named
// alone whose last name holds no dot says nothing of its kind, as
// standard input's "-" does not, and its content is judged as standard
// input's is (spackfmt.SignedStart): "---" alone is the start of a
// clear-signed Spack file or of a page, cut short; with a dot in its
// name, a page's. docs/usage.md said this of standard input alone.
func TestSignedStartNoDotAsDocumented(t *testing.T) {
	dir := t.TempDir()
	for name, want := range map[string]string{
		"old-spec": "the start of a clear-signed Spack file's -----BEGIN PGP SIGNED MESSAGE-----, or of a package page's front matter",
		"old.txt":  "front matter opened on line 1 is never closed",
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("---"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(path, Options{}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s holding ---: %v; want %q", name, err, want)
		}
	}
	doc, err := os.ReadFile("../docs/usage.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(doc)), " ")
	if !strings.Contains(text, "Standard input's name says nothing of its kind, nor does that of a snapshot file whose last name holds no dot") {
		t.Errorf("docs/usage.md does not say a snapshot file whose name holds no dot is judged by content as standard input is")
	}
}
