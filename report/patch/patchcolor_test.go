package patch

import (
	"bytes"
	"regexp"
	"testing"
)

// TestPatchColor: a unified diff is coloured line by line as git colours
// it, whatever the sizes of the writes that carry it (lines split across
// them), and without the codes it is the diff unchanged.
func TestPatchColor(t *testing.T) {
	const patch = "# cachediff: a → b\n--- old/zlib\n+++ new/zlib\n@@ -1,2 +1,2 @@\n /aaaaaaa @1.3\n-/bbbbbbb @1.2\n+/ccccccc @1.4\n"
	const want = "# cachediff: a → b\n\x1b[1m--- old/zlib\x1b[0m\n\x1b[1m+++ new/zlib\x1b[0m\n\x1b[36m@@ -1,2 +1,2 @@\x1b[0m\n /aaaaaaa @1.3\n\x1b[31m-/bbbbbbb @1.2\x1b[0m\n\x1b[32m+/ccccccc @1.4\x1b[0m\n"
	for size := 1; size <= len(patch); size++ {
		var b bytes.Buffer
		c := &patchColor{w: &b}
		for p := []byte(patch); len(p) > 0; {
			n := min(size, len(p))
			if m, err := c.Write(p[:n]); m != n || err != nil {
				t.Fatalf("Write: %d, %v", m, err)
			}
			p = p[n:]
		}
		if b.String() != want {
			t.Fatalf("writes of %d bytes:\n%q\nwant\n%q", size, b.String(), want)
		}
	}
	if got := regexp.MustCompile("\x1b\\[[0-9;]*m").ReplaceAllString(want, ""); got != patch {
		t.Errorf("without the codes:\n%q", got)
	}
}
