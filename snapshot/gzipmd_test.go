package snapshot

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/dirsrc"
)

// TestGzippedMdLeftOutUnread: a *.md file in a folder that need not be a
// page (a README.md), gzip'd, is left out without a word, as any *.md
// that is no page is, and without its stream read: the page decoder
// reads a gzip'd page's stream, up to 64 times its size, to say what is
// wrong with its gzip, a message that only a file that must be a page
// (specs.md, a file named alone) shows. A folder of such files cost 64
// times its size in inflation to tell nothing (a folder of 1,000
// README.md of 10 KB, each inflating 640 KB, diffed with itself: 0.47 s
// of user CPU, and 0.01 s without that read).
func TestGzippedMdLeftOutUnread(t *testing.T) {
	pageDecoder(t)
	z := gzipOf(make([]byte, 1<<20))
	dir := t.TempDir()
	// 16 members of 1 MB of zeros, which inflate 64 times the file's size.
	if err := os.WriteFile(filepath.Join(dir, "README.md"), bytes.Repeat(z, 16), 0o644); err != nil {
		t.Fatal(err)
	}
	cands, _, _, results, _ := walkAndLoad(&dirSource{dirsrc.NewFolder(dir)}, Options{}, registered)
	if len(cands) != 1 {
		t.Fatalf("%d candidates, want README.md", len(cands))
	}
	nf := notInFormat(results[0].err)
	if nf == nil {
		t.Fatalf("%v, want README.md left out (not in the format)", results[0].err)
	}
	if msg := nf.Err.Msg; strings.Contains(msg, "gunzip") || strings.Contains(msg, "stream") {
		t.Errorf("README.md: %q: its stream was read to say what its gzip is, for a file left out without a word", msg)
	}
}
