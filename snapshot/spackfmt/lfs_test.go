package spackfmt

import (
	"errors"
	"strings"
	"testing"
)

// TestLFSPointerSpackFile (adversarial pass 78): an index, lockfile or
// spec file that is a Git LFS pointer said "want a JSON object ... not
// 'v'"; it says what it is and how to fetch the content.
func TestLFSPointerSpackFile(t *testing.T) {
	pointer := "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n"
	for _, name := range []string{"index.json", "spack.lock", "x.spec.json"} {
		_, err := Decode(name, []byte(pointer))
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(e.Msg, "a Git LFS pointer") || !strings.Contains(e.Msg, "git lfs pull") {
			t.Errorf("%s, a Git LFS pointer: %v", name, err)
		}
	}
}
