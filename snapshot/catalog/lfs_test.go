package catalog

import (
	"strings"
	"testing"
)

// TestLFSPointerPage (adversarial pass 78): a page that is a Git LFS
// pointer (a checkout without LFS, or REV:PATH) said "no front matter";
// it says what it is and how to fetch the content.
func TestLFSPointerPage(t *testing.T) {
	pointer := "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n"
	_, _, _, err := parsePage("zlib/specs.md", []byte(pointer), false)
	if err == nil || !strings.Contains(err.Error(), "a Git LFS pointer") || !strings.Contains(err.Error(), "git lfs pull") {
		t.Errorf("a Git LFS pointer as a page: %v", err)
	}
}
