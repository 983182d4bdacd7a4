package patch

import (
	"bytes"
	"io"
	"regexp"
	"runtime"
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

// TestPatchColorShortLines: lines shorter than the bytes that tell a
// line's colour, and lines that begin like a header but are not one,
// are coloured as their whole line says, whatever the sizes of the
// writes; a long line is not held whole (TestPatchColorLongLine).
func TestPatchColorShortLines(t *testing.T) {
	const patch = "\n-\n+\n@\n@@\n--\n---\n--- \n---x\n+++\n+++ a\n++\n-@@\n @@\n#\n"
	const want = "\n\x1b[31m-\x1b[0m\n\x1b[32m+\x1b[0m\n@\n\x1b[36m@@\x1b[0m\n\x1b[31m--\x1b[0m\n\x1b[31m---\x1b[0m\n\x1b[1m--- \x1b[0m\n\x1b[31m---x\x1b[0m\n\x1b[32m+++\x1b[0m\n\x1b[1m+++ a\x1b[0m\n\x1b[32m++\x1b[0m\n\x1b[31m-@@\x1b[0m\n @@\n#\n"
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
}

// TestPatchColorLongLine (issue 35 class c): the colour writer held a
// line whole, grown by doubling, and copied it again to colour it: a
// line of n bytes written in writes of 4 KB allocated about 3n. It
// writes a line's bytes as they come: at most 4 KB more than a write.
func TestPatchColorLongLine(t *testing.T) {
	line := append([]byte("+"), bytes.Repeat([]byte("v"), 1<<22)...)
	line = append(line, '\n')
	c := &patchColor{w: io.Discard}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for p := line; len(p) > 0; {
		n := min(4096, len(p))
		if _, err := c.Write(p[:n]); err != nil {
			t.Fatal(err)
		}
		p = p[n:]
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 64<<10 {
		t.Errorf("a line of %d bytes in writes of 4 KB: %d bytes allocated, want at most 64 KB", len(line), got)
	}
}
