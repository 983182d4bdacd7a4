package catalog

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoFrontMatterSaysWhy (adversarial pass 78): a page with no front
// matter for a plain cause said "no front matter" (or "byte 0x8B, which
// is not UTF-8"), whatever the cause; it names the cause: a Git LFS
// pointer (a checkout without LFS, or REV:PATH), an empty file (standard
// input with nothing on it), a gzip'd page, lines that end in CR alone.
func TestNoFrontMatterSaysWhy(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "..", "testdata", "seeds", "py-safetensors-old.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, data, want string }{
		{"LFS pointer", "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n", "a Git LFS pointer, not the file's content: fetch the content with `git lfs pull`"},
		{"empty", "", "no front matter: the file is empty"},
		{"gzip", string(gzipOf(page)), "the file is gzip'd"},
		{"CR", strings.ReplaceAll(string(page), "\n", "\r"), "the lines end in CR alone"},
	} {
		_, _, _, err := parsePage("zlib/specs.md", []byte(c.data), false)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// CR LF is read.
	if _, _, _, err := parsePage("zlib/specs.md", bytes.ReplaceAll(page, []byte("\n"), []byte("\r\n")), false); err != nil {
		t.Errorf("CR LF: %v", err)
	}
}
